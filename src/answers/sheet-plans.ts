/**
 * The care plans of a kept round sheet's pets now (issue 44): a sheet keeps, for each pet whose plan
 * was not confirmed when it was posted, the version it showed; when a person has saved or confirmed
 * the plan since, the message is drawn with the plan as it stands (its state, its doubts left, its
 * buttons), from the record, whichever button the form was opened from. What was due stays as kept.
 */
import type { Deps } from "../deps.ts";
import { planState } from "../domain/plan/state.ts";
import type { Plan } from "../domain/plan/types.ts";
import type { PlanNowOnSheet, PlanOnSheet } from "../present/plan-sheet.ts";
import { sheetPetKey } from "../present/rounds.ts";
import { currentPlans } from "./plans.ts";
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
  const versions = await currentPlans(deps, pets);
  pets.forEach((p) => {
    const v = versions.get(`${p.bookingId}-${p.petId}`);
    if (!v || v.id === p.planToConfirm) return;
    const state = v.changed?.length ? "changed_in_source" : planState(v.plan);
    out.set(sheetPetKey(p.bookingId, p.petId), {
      versionId: v.id,
      state,
      items: v.plan.items,
      changed: v.changed,
      confirmedBy: v.plan.confirmations.map((c) => c.userName),
      confirmedAt: v.plan.confirmations.at(-1)?.at,
      asNeeded: state === "confirmed" && v.plan.items.some((it) => it.kind.kind === "as_needed"),
    });
  });
  return out;
}

/** A plan as read for a round's answer, or read now: its plan, and what changed in the kennel system since. */
type PlanRead = { plan: Plan; changed?: readonly unknown[] | undefined };

/** A plan read, as a dose's words beside it read it: when confirmed and not changed since in the kennel system. */
function confirmedOnSheet(v: PlanRead | undefined): PlanOnSheet | undefined {
  if (!v || v.changed?.length || planState(v.plan) !== "confirmed") return undefined;
  const { confirmations, items } = v.plan;
  return {
    state: "confirmed",
    items,
    confirmedBy: confirmations.map((c) => c.userName),
    confirmedAt: confirmations.at(-1)?.at,
  };
}

/**
 * The confirmed plans now of these pets (`${bookingId}-${petId}`, as a late or missed reply keys
 * them), for the words beside a dose a round asked that the plan now puts elsewhere; a pet whose plan
 * is not confirmed (or cannot be read) is left out. `read`: the plans read already, by the same key
 * (a round's answer's: `roundPlansRead`), not read again.
 */
export async function confirmedPlansNow(
  deps: Pick<Deps, "record">,
  pets: Iterable<{ bookingId: number; petId: number }>,
  read: ReadonlyMap<string, PlanRead> = new Map(),
): Promise<Map<string, PlanOnSheet>> {
  const out = new Map<string, PlanOnSheet>();
  const keys = new Map([...pets].map((p) => [`${p.bookingId}-${p.petId}`, p]));
  const unread = [...keys].filter(([key]) => !read.has(key)).map(([, p]) => p);
  const now = await currentPlans(deps, unread).catch(() => new Map<string, PlanRead>());
  for (const key of keys.keys()) {
    const plan = confirmedOnSheet(read.get(key) ?? now.get(key));
    if (plan) out.set(key, plan);
  }
  return out;
}

/**
 * The kept plans a round's answer read for its pets (src/answers/round-plans.ts), by pet key: the
 * current version of each, read moments ago. A pet whose plan was drafted for the answer alone (not
 * read from the record) is left out, for its plan to be read.
 */
export function roundPlansRead(
  pets: ReadonlyArray<{
    booking: { bookingId?: number | undefined };
    pet?: { pet: { petId?: number | undefined } } | undefined;
    plan?: (PlanRead & { versionId: number | undefined }) | undefined;
  }>,
): Map<string, PlanRead> {
  return new Map(
    pets.flatMap((p) => {
      const [bookingId, petId] = [p.booking.bookingId, p.pet?.pet.petId];
      const read = p.plan?.versionId !== undefined;
      return read && p.plan && bookingId !== undefined && petId !== undefined
        ? [[`${bookingId}-${petId}`, p.plan] as const]
        : [];
    }),
  );
}
