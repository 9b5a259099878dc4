/**
 * The care plans of a kept round sheet's pets now (issue 44): a sheet keeps, for each pet whose plan
 * was not confirmed when it was posted, the version it showed; when a person has saved or confirmed
 * the plan since, the message is drawn with the plan as it stands (its state, its doubts left, its
 * buttons), from the record, whichever button the form was opened from. What was due stays as kept.
 */
import type { Deps } from "../deps.ts";
import { planState } from "../domain/plan/state.ts";
import type { PlanNowOnSheet } from "../present/plan-sheet.ts";
import { sheetPetKey } from "../present/rounds.ts";
import { currentPlan } from "./plans.ts";
import type { Sheet, SheetBody } from "./sheets.ts";

/**
 * The plans changed since the sheet was kept of the pets on its message `index` (every message's
 * when none is given: the terminal's sheet), by pet key.
 */
export async function sheetPlansNow(
  deps: Pick<Deps, "record">,
  sheet: Sheet | SheetBody,
  index?: number,
): Promise<Map<string, PlanNowOnSheet>> {
  const out = new Map<string, PlanNowOnSheet>();
  const pets = sheet.pets.filter(
    (p) => (index === undefined || p.message === index) && p.planToConfirm !== undefined,
  );
  const versions = await Promise.all(pets.map((p) => currentPlan(deps, p.bookingId, p.petId)));
  pets.forEach((p, i) => {
    const v = versions[i];
    if (!v || v.id === p.planToConfirm) return;
    const state = v.changed?.length ? "changed_in_source" : planState(v.plan);
    out.set(sheetPetKey(p.bookingId, p.petId), {
      versionId: v.id,
      state,
      items: v.plan.items,
      changed: v.changed,
      confirmedBy: v.plan.confirmations.map((c) => c.userName),
      asNeeded: state === "confirmed" && v.plan.items.some((it) => it.kind.kind === "as_needed"),
    });
  });
  return out;
}
