/**
 * A dose its confirmed plan gives at one round a day, given today at another round (a carer's fresh
 * try: Biscuit's "Apoquel 16 mg, one tablet" was asked at the morning round from the words; at midday
 * the plan was confirmed "evening only"; the morning dose was then recorded given 08:00; at the
 * evening round the plan makes it due, and nothing said it was given at 08:00: a second dose). The
 * round still asks it (never hidden, never rewritten): its post's line and the pet's ✏️ Record each…
 * say it first ("☑️ Apoquel 16 mg given today at the morning round by Jane 08:00 — its plan gives it
 * once a day: check before giving it again"), and the pet has no one tap while it stands. A drug its
 * plan gives at two rounds, given at both, says nothing.
 *
 * A dose owed once a day by its words (no time given, plan not confirmed: src/domain/day-dose.ts
 * onceADay), given at another round, is guarded the same way on ✏️ Record each… and the one tap
 * (`byWords`: src/answers/given-again.ts): Scout's Apoquel, given at the morning round 08:00, was
 * recorded given again at the evening round with no tick. Its post's line and form already say it
 * is settled ("☑️ given at the morning round by Jane 08:00"), so they are left as they are.
 */
import type { Deps } from "../deps.ts";
import { onceADay } from "../domain/day-dose.ts";
import { type OwedRound, owedPetOf } from "../domain/obligations.ts";
import { type GivenThere, givenElsewhere, onceGivenKey, onlyAt } from "../domain/once-given.ts";
import { isMedicationItem } from "../domain/record.ts";
import type { Entry, ItemKey } from "../record/types.ts";
import { owedRounds } from "./obligations.ts";
import { markedEntries } from "./paper-marks.ts";
import { type PlanVersion, planVersion } from "./plans.ts";

/**
 * Each medication the kept round `owed` asked because the pet's confirmed plan makes it due there,
 * at that round alone, that the day's `entries` have given at another round; `pet`: one pet's only;
 * `only`: those doses only (by `onceGivenKey`: a reply's, so its plans are the only ones read). A plan
 * that cannot be read says nothing. `byWords`: each owed once a day by its words too (no plan read).
 */
export async function onceGivenToday(
  deps: Pick<Deps, "record">,
  owed: OwedRound | undefined,
  entries: readonly Entry[],
  pet?: { bookingId: number; petId: number },
  only?: ReadonlySet<string>,
  byWords?: boolean,
): Promise<Map<string, GivenThere>> {
  const out = new Map<string, GivenThere>();
  if (!owed || !deps.record) return out;
  const plans = new Map<number, Promise<PlanVersion | undefined>>();
  const pets = owed.pets.filter((p) => !pet || (p.bookingId === pet.bookingId && p.petId === pet.petId));
  for (const p of pets) {
    for (const it of p.items) {
      const words = byWords === true && onceADay(it);
      if ((!words && (!it.confirmed || it.plan === undefined)) || !isMedicationItem(it.item)) continue;
      const key = onceGivenKey(p.bookingId, p.petId, it.item);
      if (only && !only.has(key)) continue;
      const given = givenElsewhere(entries, p, it.item, owed.round);
      if (!given) continue;
      if (words || it.plan === undefined) {
        out.set(key, { ...given, byWords: true });
        continue;
      }
      if (!plans.has(it.plan))
        plans.set(
          it.plan,
          planVersion(deps, it.plan).catch(() => undefined),
        );
      const planItem = (await plans.get(it.plan))?.plan.items.find((i) => i.key === it.item);
      if (planItem && onlyAt(planItem, owed.round)) out.set(key, given);
    }
  }
  return out;
}

/** `onceGivenToday`, the day's entries read now (paper marks read), or none when they cannot be. */
export async function readOnceGiven(
  deps: Pick<Deps, "record">,
  date: string,
  owed: OwedRound | undefined,
): Promise<Map<string, GivenThere> | undefined> {
  if (!owed || !deps.record) return undefined;
  const entries = await markedEntries(deps, { date }).catch(() => undefined);
  return entries && onceGivenToday(deps, owed, entries).catch(() => undefined);
}

/**
 * Each of the pet's `items` (what a one tap or a form would record), due by its confirmed plan at
 * this round alone or owed once a day by its words, given today at another round: where, by item.
 * The day's entries are read only for a pet the round asked such a dose of, and only the pet's own
 * (a tap on the biggest day reads a pet's, not the house's).
 */
export async function onceGivenOfPet(
  deps: Pick<Deps, "record" | "config">,
  sheet: { date: string; round: OwedRound["round"] },
  pet: { bookingId: number; petId: number },
  items: readonly ItemKey[],
): Promise<Map<ItemKey, GivenThere>> {
  const out = new Map<ItemKey, GivenThere>();
  if (!deps.record) return out;
  const kept = (await owedRounds(deps, { date: sheet.date })).find((r) => r.round === sheet.round);
  const asked = (kept && owedPetOf(kept, pet.bookingId, pet.petId)?.items) ?? [];
  const once = asked.filter(
    (i) => ((i.confirmed && i.plan !== undefined) || onceADay(i)) && items.includes(i.item),
  );
  if (!once.some((i) => isMedicationItem(i.item))) return out;
  const theirs = await markedEntries(deps, { date: sheet.date, bookingId: pet.bookingId, petId: pet.petId });
  const given = await onceGivenToday(deps, kept, theirs, pet, undefined, true);
  for (const item of items) {
    const g = given.get(onceGivenKey(pet.bookingId, pet.petId, item));
    if (g) out.set(item, g);
  }
  return out;
}

/**
 * Is one of the pet's `items` (a one tap's: what it would record), due by its confirmed plan at this
 * round alone or owed once a day by its words, given today at another round? A one tap from a post drawn before that entry is refused
 * (Record each… only), and so is its confirmation submitted after it.
 */
export const givenHereAlone = async (
  deps: Pick<Deps, "record" | "config">,
  sheet: { date: string; round: OwedRound["round"] },
  pet: { bookingId: number; petId: number },
  items: readonly ItemKey[],
): Promise<boolean> => (await onceGivenOfPet(deps, sheet, pet, items)).size > 0;

/**
 * The pet's medications of the kept round `owed`, due by its confirmed plan at that round alone or
 * owed once a day by its words, that another kept round of the day asked too (`rounds`: the day's;
 * its entry there may come while a form is open) or that `given` has given at another round already:
 * the ✏️ Record each… form offers each its "Given again: I have checked" (src/answers/given-again.ts).
 * A plan that cannot be read offers none.
 */
export async function againOffered(
  deps: Pick<Deps, "record">,
  rounds: readonly OwedRound[],
  owed: OwedRound | undefined,
  pet: { bookingId: number; petId: number },
  given: ReadonlyMap<string, GivenThere> | undefined,
): Promise<ItemKey[]> {
  const mine = owed && owedPetOf(owed, pet.bookingId, pet.petId);
  if (!owed || !mine || !deps.record) return [];
  const elsewhere = (item: ItemKey) =>
    rounds.some(
      (r) =>
        r.round !== owed.round && owedPetOf(r, pet.bookingId, pet.petId)?.items.some((i) => i.item === item),
    );
  const out: ItemKey[] = [];
  const plans = new Map<number, Promise<PlanVersion | undefined>>();
  for (const it of mine.items) {
    const words = onceADay(it);
    if ((!words && (!it.confirmed || it.plan === undefined)) || !isMedicationItem(it.item)) continue;
    if (given?.has(onceGivenKey(pet.bookingId, pet.petId, it.item))) out.push(it.item);
    else if (words || it.plan === undefined) {
      if (elsewhere(it.item)) out.push(it.item);
    } else if (elsewhere(it.item)) {
      if (!plans.has(it.plan))
        plans.set(
          it.plan,
          planVersion(deps, it.plan).catch(() => undefined),
        );
      const v = await plans.get(it.plan);
      const planItem = v?.plan.items.find((i) => i.key === it.item);
      if (planItem && onlyAt(planItem, owed.round)) out.push(it.item);
    }
  }
  return out;
}
