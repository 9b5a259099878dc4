/**
 * A kept round's open doses beside what its pet's plan, confirmed since, says now: each due dose
 * nobody recorded (late or missed on the post; any not recorded on the form) that the confirmed plan
 * says is not due at that round gets the plan's words beside it ("📋 Apoquel 16 mg: by its plan
 * confirmed since (Jane 12:10): given at the evening round, not this one — do not give a catch-up
 * dose without checking"). What the round asked stays as kept: the dose is still said missed.
 */
import type { Round } from "../domain/care.ts";
import { planSaysNotHere } from "../domain/plan/plan-now.ts";
import { type DueItem, isMedicationItem } from "../domain/record.ts";
import type { ItemKey } from "../record/types.ts";
import { planNowWords } from "../words/plan-now.ts";
import { type Line, toned, whole } from "./doc.ts";
import type { OpenDose } from "./dose-states.ts";
import type { PlanOnSheet } from "./plan-sheet.ts";

/** The round a dose was asked at, and how its times are said. */
interface RoundAt {
  date: string;
  round: Round;
  timezone: string;
}

/**
 * The plan's words now for each due medication of `due` that `open` allows (not recorded), when the
 * pet's plan is confirmed now and says it is not due at the round; by item. `named`: the dose named
 * in the words (a post's line; a form's item names it already).
 */
export function planNowOnOpen(
  due: readonly DueItem[],
  plan: PlanOnSheet | undefined,
  at: RoundAt,
  open: (item: ItemKey) => boolean,
  named = true,
): Map<ItemKey, string> {
  const out = new Map<ItemKey, string>();
  if (plan?.state !== "confirmed") return out;
  const since = { by: plan.confirmedBy ?? [], at: plan.confirmedAt };
  for (const d of due) {
    const item = plan.items.find((i) => i.key === d.item);
    if (!item || !isMedicationItem(d.item) || !open(d.item)) continue;
    const says = planSaysNotHere(item, at.date, at.round);
    if (!says) continue;
    const name = named ? whole(d.label) : undefined;
    out.set(d.item, planNowWords(says, since, { ...at, name }));
  }
  return out;
}

/** A round post's lines: one per late or missed dose the plan now puts elsewhere, under the pet's record. */
export function planNowLines(
  due: readonly DueItem[],
  plan: PlanOnSheet | undefined,
  at: RoundAt,
  current: ReadonlyMap<ItemKey, unknown>,
  open: ReadonlyMap<ItemKey, OpenDose> | undefined,
): Line[] {
  const overdue = (item: ItemKey) => {
    const s = open?.get(item)?.state;
    return !current.has(item) && (s === "late" || s === "missed");
  };
  return [...planNowOnOpen(due, plan, at, overdue).values()].map((w): Line => [toned("warn", w)]);
}
