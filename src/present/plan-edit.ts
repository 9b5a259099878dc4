/**
 * The words of the care plan's edit form (issue 34) beside its fields: what the reader left to a
 * person, said above the item's words, so the person chooses knowing why (src/blocks/plan-edit.ts).
 */
import { careFieldWords } from "../domain/care.ts";
import type { PlanItem } from "../domain/plan/types.ts";
import { checkWords } from "../words/plan.ts";

/** "Check: …" (what the reader left to a person) and what is asked of them; nothing for an item read by the reader or a person. */
export function leftToPersonLines(i: PlanItem): string[] {
  if (i.readBy !== "nobody") return [];
  return [checkWords(i), "The words leave it to you: choose its rounds, days and kind below."];
}

/** The item's words as the kennel system holds them, each named as staff know the field ('evening diet: "150 g"'). */
export const sourceWords = (i: PlanItem): string[] =>
  i.source.fields.map((f) => `${careFieldWords(f.field)}: "${f.words}"`);
