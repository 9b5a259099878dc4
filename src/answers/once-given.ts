/**
 * A dose its confirmed plan gives at one round a day, given today at another round (a carer's fresh
 * try: Biscuit's "Apoquel 16 mg, one tablet" was asked at the morning round from the words; at midday
 * the plan was confirmed "evening only"; the morning dose was then recorded given 08:00; at the
 * evening round the plan makes it due, and nothing said it was given at 08:00: a second dose). The
 * round still asks it (never hidden, never rewritten): its post's line and the pet's ✏️ Record each…
 * say it first ("☑️ Apoquel 16 mg given today at the morning round by Jane 08:00 — its plan gives it
 * once a day: check before giving it again"), and the pet has no one tap while it stands. A drug its
 * plan gives at two rounds, given at both, says nothing.
 */
import type { Deps } from "../deps.ts";
import { type OwedRound, owedPetOf } from "../domain/obligations.ts";
import { type GivenThere, givenElsewhere, onceGivenKey, onlyAt } from "../domain/once-given.ts";
import { isMedicationItem } from "../domain/record.ts";
import type { Entry, ItemKey } from "../record/types.ts";
import { owedRounds } from "./obligations.ts";
import { markedEntries } from "./paper-marks.ts";
import { type PlanVersion, planVersion } from "./plans.ts";

/**
 * Each medication the kept round `owed` asked because the pet's confirmed plan makes it due there,
 * at that round alone, that the day's `entries` have given at another round; `pet`: one pet's only.
 * A plan that cannot be read says nothing.
 */
export async function onceGivenToday(
  deps: Pick<Deps, "record">,
  owed: OwedRound | undefined,
  entries: readonly Entry[],
  pet?: { bookingId: number; petId: number },
): Promise<Map<string, GivenThere>> {
  const out = new Map<string, GivenThere>();
  if (!owed || !deps.record) return out;
  const plans = new Map<number, Promise<PlanVersion | undefined>>();
  const pets = owed.pets.filter((p) => !pet || (p.bookingId === pet.bookingId && p.petId === pet.petId));
  for (const p of pets) {
    for (const it of p.items) {
      if (!it.confirmed || it.plan === undefined || !isMedicationItem(it.item)) continue;
      const given = givenElsewhere(entries, p, it.item, owed.round);
      if (!given) continue;
      if (!plans.has(it.plan))
        plans.set(
          it.plan,
          planVersion(deps, it.plan).catch(() => undefined),
        );
      const planItem = (await plans.get(it.plan))?.plan.items.find((i) => i.key === it.item);
      if (planItem && onlyAt(planItem, owed.round))
        out.set(onceGivenKey(p.bookingId, p.petId, it.item), given);
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
 * Is one of the pet's `items` (a one tap's: what it would record), due by its confirmed plan at this
 * round alone, given today at another round? A one tap from a post drawn before that entry is refused
 * (Record each… only). The day's entries are read only for a pet the round asked such a dose of.
 */
export async function givenHereAlone(
  deps: Pick<Deps, "record" | "config">,
  sheet: { date: string; round: OwedRound["round"] },
  pet: { bookingId: number; petId: number },
  items: readonly ItemKey[],
): Promise<boolean> {
  if (!deps.record) return false;
  const kept = (await owedRounds(deps, { date: sheet.date })).find((r) => r.round === sheet.round);
  const asked = (kept && owedPetOf(kept, pet.bookingId, pet.petId)?.items) ?? [];
  const byPlan = asked.filter((i) => i.confirmed && i.plan !== undefined && items.includes(i.item));
  if (!byPlan.some((i) => isMedicationItem(i.item))) return false;
  // The pet's own entries of the day only: a tap on the biggest day reads a pet's, not the house's.
  const theirs = await markedEntries(deps, { date: sheet.date, bookingId: pet.bookingId, petId: pet.petId });
  const given = await onceGivenToday(deps, kept, theirs, pet);
  return items.some((item) => given.has(onceGivenKey(pet.bookingId, pet.petId, item)));
}
