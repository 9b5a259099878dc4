/**
 * A pet's care plan on its round sheet (issues 34, 44): the plan's state when it is not confirmed
 * ("📋 plan not confirmed", the second person a high-alert plan waits for, "changed in the kennel
 * system: confirm again" with the old and new words), and a drug in two slots until a person settles
 * it ("💊 Metacam is in two slots: one dose or two? 📋 Plan…"). Each span is the plan's (`of:
 * "plan"`): a kept sheet drawn again after the plan was saved or confirmed puts the plan's words now
 * in their place (`withPlanNow`), so a settled doubt leaves the post at once. What was due stays as
 * the sheet kept it.
 */
import type { PlanItem, PlanState } from "../domain/plan/types.ts";
import { changedWords, planStateByWords, planStateWords } from "../words/plan.ts";
import type { Line, Span } from "./doc.ts";
import { toned, whole } from "./doc.ts";

/** What a sheet says of a pet's plan: its state, its items, what changed in the kennel system. */
export interface PlanOnSheet {
  state: PlanState;
  items: PlanItem[];
  changed?: Array<Parameters<typeof changedWords>[0]> | undefined;
  /** Who confirmed it (a plan confirmed since the sheet was kept says so). */
  confirmedBy?: string[] | undefined;
  /** When it was last confirmed (ISO 8601): said beside a kept round's open dose the plan puts elsewhere. */
  confirmedAt?: string | undefined;
}

/** A pet's plan now, beside a kept sheet made before it changed: its state, version and buttons. */
export interface PlanNowOnSheet extends PlanOnSheet {
  versionId: number;
  /** Confirmed, with something to give if needed (its "💊 Give if needed…"). */
  asNeeded: boolean;
}

const planSpan = (tone: Parameters<typeof toned>[0], text: string): Span => ({
  ...toned(tone, text),
  of: "plan",
});

/** The drug two or more slots share, as written ("Metacam"), else the first slot's name. */
function sharedName(items: PlanItem[]): string {
  const names = items.map((i) => (i.what.name ?? i.what.text).toLowerCase().split(/\s+/));
  const first = (items[0]?.what.name ?? items[0]?.what.text ?? "").split(/\s+/);
  return (
    first.find((w) => /\p{L}{3,}/u.test(w) && names.every((n) => n.includes(w.toLowerCase()))) ??
    items[0]?.what.name ??
    "A drug"
  );
}

/**
 * "💊 Metacam is in two slots: one dose or two? 📋 Plan…": each drug the plan holds in two or more
 * slots that no person has settled yet (an item left to a person with that doubt); the button's name
 * is Slack's alone (the terminal has no button).
 */
export function sameDrugLines(items: PlanItem[]): Line[] {
  const seen = new Set<string>();
  const out: Line[] = [];
  for (const i of items) {
    if (i.readBy !== "nobody" || !i.doubts.includes("same_drug") || seen.has(i.key)) continue;
    const group = items.filter((o) => o.key === i.key || i.sameDrugAs.includes(o.key));
    for (const o of group) seen.add(o.key);
    const slots = group.length === 2 ? "two slots" : `${group.length} slots`;
    out.push([
      planSpan("warn", `💊 ${whole(sharedName(group))} is in ${slots}: one dose or two?`),
      { ...planSpan("warn", " 📋 Plan…"), button: true },
    ]);
  }
  return out;
}

/** The plan's state on the sheet (nothing when confirmed), with the old and new words of a change. */
export function planStateLines(p: PlanOnSheet): Line[] {
  if (p.state === "confirmed")
    return p.confirmedBy?.length ? [[planSpan(undefined, planStateByWords("confirmed", p.confirmedBy))]] : [];
  const changed = p.changed ?? [];
  const state = changed.length ? `⚠️ ${planStateWords("changed_in_source")}` : planStateWords(p.state);
  return [[planSpan("warn", state)], ...changed.map((c): Line => [planSpan("warn", whole(changedWords(c)))])];
}

const itemName = (i: PlanItem) => (i.key === "meal" ? "meal" : (i.what.name ?? i.key));

/** Does a line say anything but the plan's words? */
const keeps = (l: Line) => l.some((s) => s.of !== "plan" && s.text.trim() !== "");

/**
 * A kept pet's lines drawn with its plan now: every span the plan said when the sheet was kept is
 * taken out (a line left with nothing else goes), and the plan's lines now added at the end (its
 * state, a drug in two slots still unsettled). Undefined `now`: the lines as kept.
 */
export function withPlanNow(lines: Line[], now: PlanOnSheet | undefined): Line[] {
  if (!now) return lines;
  const kept = lines.map((l) => l.filter((s) => s.of !== "plan")).filter(keeps);
  const unread = now.items.filter((i) => i.readBy === "nobody" && !i.doubts.every((d) => d === "same_drug"));
  const toCheck = unread.length
    ? [[planSpan("warn", `📋 still to check: ${whole(unread.map(itemName).join(", "))}`)]]
    : [];
  return [...kept, ...sameDrugLines(now.items), ...toCheck, ...planStateLines(now)];
}
