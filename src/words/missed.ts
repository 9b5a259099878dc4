/**
 * The items missed (a round's item with nothing recorded by its window's close), said the one way by
 * `record audit` and `record export`'s summary: a medication dose and a meal are both items, and
 * only the doses are medication figures, so "46 missed" always says what it counts: "46 missed (19
 * medication doses, 27 meals)".
 */
import { plural } from "../domain/text.ts";

/** "19 medication doses", "1 medication dose". */
export const missedDosesWords = (n: number): string => plural(n, "medication dose");

/** "27 meals", "1 meal". */
const missedMealsWords = (n: number): string => plural(n, "meal");

/** "46 missed (19 medication doses, 27 meals)"; "0 missed" when none. */
export function missedItemsWords(doses: number, meals: number): string {
  const all = doses + meals;
  return all ? `${all} missed (${missedDosesWords(doses)}, ${missedMealsWords(meals)})` : "0 missed";
}
