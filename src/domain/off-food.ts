/**
 * A pet off its food: at its last two recorded meals or more in a row it ate "none" or "some". The
 * flag ("🍽 off food: 2 meals") stands on /inhouse, on the next round's sheet and on the Home tab,
 * and clears at the first meal eaten in full. Pure: the entries are passed in.
 *
 * Rules: only current entries count (a correction replaces what it corrects); a meal "not offered"
 * neither counts nor breaks the run (the pet was not fed: it says nothing of its appetite); a meal not
 * recorded is not counted either way (the late and missed replies name it).
 */
import type { Entry } from "../record/types.ts";
import { codeOrder } from "../words/order.ts";
import { ROUNDS, type Round } from "./care.ts";
import { currentEntries } from "./record.ts";

/** Meals in a row not eaten in full that make the flag. */
const OFF_FOOD_MEALS = 2;

export interface OffFoodPet {
  bookingId: number;
  petId: number;
  petName: string;
  /** Meals in a row, the latest last, eaten in part or not at all. */
  meals: number;
  /** The latest of them (its date and round). */
  last: { date: string; round: Round };
}

const order = (e: { date: string; round: Round }) => `${e.date}|${ROUNDS.indexOf(e.round)}`;

/** The key of a pet's stay, as the flags are looked up. */
export const offFoodKey = (bookingId: number, petId: number) => `${bookingId}|${petId}`;

/**
 * The pets off their food, by offFoodKey, from their meal entries. `before`: only meals of earlier
 * rounds count (the sheet of a round shows what the rounds before it recorded).
 */
export function offFoodPets(
  entries: Entry[],
  before?: { date: string; round: Round },
): Map<string, OffFoodPet> {
  const limit = before ? order(before) : undefined;
  const meals = [...currentEntries(entries.filter((e) => e.item === "meal")).values()].filter(
    (e) => limit === undefined || order(e) < limit,
  );
  const byPet = new Map<string, Entry[]>();
  for (const e of meals) {
    const key = offFoodKey(e.bookingId, e.petId);
    byPet.set(key, [...(byPet.get(key) ?? []), e]);
  }
  const out = new Map<string, OffFoodPet>();
  for (const [key, list] of byPet) {
    list.sort((a, b) => codeOrder(order(a), order(b)) || a.id - b.id);
    let run = 0;
    let last: Entry | undefined;
    for (let i = list.length - 1; i >= 0; i--) {
      const e = list[i] as Entry;
      if (e.outcome === "not_offered") continue;
      if (e.outcome !== "ate_none" && e.outcome !== "ate_some") break;
      last ??= e;
      run++;
    }
    if (run >= OFF_FOOD_MEALS && last) {
      out.set(key, {
        bookingId: last.bookingId,
        petId: last.petId,
        petName: last.petName,
        meals: run,
        last: { date: last.date, round: last.round },
      });
    }
  }
  return out;
}
