/**
 * A plan's life: drafted by the reader, items set by a person, confirmed (a plan with a high-alert
 * item by two different people), and drafted again when the kennel system's words change. Each
 * function returns a new plan (the store appends it as a new version); none changes its argument.
 */
import { sourcesHash } from "./source.ts";
import type { Person, Plan, PlanItem, PlanState, SourceField } from "./types.ts";

/** Does the plan need a second person's confirmation (a high-alert item)? */
const needsSecond = (plan: Plan) => plan.items.some((i) => i.highAlert !== undefined);

/**
 * The plan's state. `currentSourceHash` is `planSourceHash` of the pet's care fields now: when it
 * differs, the words changed in the kennel system since the plan was read.
 */
export function planState(plan: Plan, currentSourceHash?: string): PlanState {
  if (currentSourceHash !== undefined && currentSourceHash !== plan.sourceHash) return "changed_in_source";
  const people = new Set(plan.confirmations.map((c) => c.userId));
  if (people.size === 0) return "draft";
  return needsSecond(plan) && people.size < 2 ? "awaiting_second" : "confirmed";
}

export type ConfirmResult =
  | { ok: true; plan: Plan; state: PlanState }
  /** Items still read by nobody: a person sets each first (Edit). */
  | { ok: false; why: "items_unread"; keys: PlanItem["key"][] }
  /** A high-alert plan's second confirmation by the person who gave the first. */
  | { ok: false; why: "same_person" }
  | { ok: false; why: "already_confirmed" }
  /** The words changed in the kennel system: draft again (`redraft`) and confirm that. */
  | { ok: false; why: "changed_in_source" };

/** A person confirms the plan as it stands. */
export function confirmPlan(plan: Plan, who: Person, currentSourceHash?: string): ConfirmResult {
  const state = planState(plan, currentSourceHash);
  if (state === "changed_in_source") return { ok: false, why: "changed_in_source" };
  if (state === "confirmed") return { ok: false, why: "already_confirmed" };
  const unread = plan.items.filter((i) => i.readBy === "nobody").map((i) => i.key);
  if (unread.length > 0) return { ok: false, why: "items_unread", keys: unread };
  if (plan.confirmations.some((c) => c.userId === who.userId)) return { ok: false, why: "same_person" };
  const next = { ...plan, confirmations: [...plan.confirmations, who] };
  return { ok: true, plan: next, state: planState(next) };
}

/**
 * A person sets an item (the Edit modal: rounds, days, dates, kind, condition, window). The item is
 * theirs from then on (`readBy: "person"`); the reader's doubts are kept to show why it was left to
 * them. Every confirmation is cleared: a changed plan is confirmed again.
 */
export function setItem(plan: Plan, item: PlanItem, who: Person): Plan {
  // A person's setting is the slot's whole: the reader's drugs read apart no longer decide.
  const { parts: _, ...rest } = item;
  const set: PlanItem = { ...rest, readBy: "person", setBy: who };
  const found = plan.items.some((i) => i.key === item.key);
  const items = found ? plan.items.map((i) => (i.key === item.key ? set : i)) : [...plan.items, set];
  return { ...plan, items, confirmations: [] };
}

/** An item whose words differ between two plans: its fields before and after (none when added or removed). */
export interface ChangedItem {
  key: PlanItem["key"];
  before: SourceField[];
  after: SourceField[];
}

/** The items whose words differ between a stored plan and a fresh draft, in the fresh draft's order. */
export function changedItems(stored: Plan, fresh: Plan): ChangedItem[] {
  const old = new Map(stored.items.map((i) => [i.key, i]));
  const keys = [...new Set([...fresh.items.map((i) => i.key), ...stored.items.map((i) => i.key)])];
  return keys.flatMap((key) => {
    const before = old.get(key);
    const after = fresh.items.find((i) => i.key === key);
    if (before && after && before.source.hash === after.source.hash) return [];
    return [{ key, before: before?.source.fields ?? [], after: after?.source.fields ?? [] }];
  });
}

/**
 * The plan to confirm again once the kennel system's words changed: the fresh draft, keeping each
 * item a person set whose words did not change (what they set stays set), with no confirmation.
 */
export function redraft(stored: Plan, fresh: Plan): Plan {
  const old = new Map(stored.items.map((i) => [i.key, i]));
  const items = fresh.items.map((i) => {
    const before = old.get(i.key);
    return before?.readBy === "person" && before.source.hash === i.source.hash ? before : i;
  });
  return { ...fresh, items, sourceHash: sourcesHash(items.map((i) => i.source)), confirmations: [] };
}
