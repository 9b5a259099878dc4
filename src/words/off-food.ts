/** A pet off its food, in words, for every surface. */
import type { OffFoodPet } from "../domain/off-food.ts";
import { plural } from "../domain/text.ts";

/** "🍽 off food: 2 meals" */
export const offFoodWords = (p: Pick<OffFoodPet, "meals">) => `🍽 off food: ${plural(p.meals, "meal")}`;

/** "3 pets off their food" */
export const offFoodCountWords = (n: number) =>
  `${n} ${n === 1 ? "pet" : "pets"} off ${n === 1 ? "its" : "their"} food`;
