/**
 * The words of the care plan's edit form (issue 34) beside its fields: what the reader left to a
 * person, said above the item's words, so the person chooses knowing why (src/blocks/plan-edit.ts).
 */
import { careFieldWords, ROUNDS } from "../domain/care.ts";
import { writtenTwice } from "../domain/plan/questions.ts";
import type { Days, PlanItem } from "../domain/plan/types.ts";
import { checkWords } from "../words/plan.ts";

/** The rules the plan's edit form (src/blocks/plan-edit.ts) draws and reads its inputs back by. */
export { ROUNDS } from "../domain/care.ts";
export { isIsoDate } from "../time.ts";
export { PLAN_WORDS_ELSEWHERE } from "../words/plan.ts";

/** "Check: …" (what the reader left to a person) and what is asked of them; nothing for an item read by the reader or a person. */
export function leftToPersonLines(i: PlanItem): string[] {
  if (i.readBy !== "nobody") return [];
  return [checkWords(i), "The words leave it to you: choose when it is given and its days below."];
}

/** The item's words as the kennel system holds them, each named as staff know the field ('evening diet: "150 g"'). */
export const sourceWords = (i: PlanItem): string[] =>
  i.source.fields.map((f) => `${careFieldWords(f.field)}: "${f.words}"`);

/**
 * May the item be kept with no rounds? Only a slot a person settled as the same dose written in
 * another (issue 44): never due, given as the other says.
 */
export const keptWithoutRounds = (i: PlanItem): boolean => writtenTwice(i);

/** A choice of the edit form: its words and its value. */
export interface Choice {
  text: string;
  value: string;
}

/** "When": each round, or as needed (no round). */
export const AS_NEEDED = "as_needed";
export const WHEN_CHOICES: Choice[] = [
  ...ROUNDS.map((r) => ({ text: r, value: r })),
  { text: "as needed (no round)", value: AS_NEEDED },
];
const DAY_CHOICES: Choice[] = [
  { text: "every day", value: "day" },
  { text: "every other day", value: "n2" },
  { text: "every 3 days", value: "n3" },
  { text: "on the weekdays below", value: "weekdays" },
];
export const WEEKDAY_CHOICES: Choice[] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].map((d, i) => ({
  text: d,
  value: String(i),
}));

/** The days' choice an item's days are. */
export function daysValue(days: Days): string {
  if (days.every === "n_days") return `n${days.n}`;
  if (days.every === "weekdays") return "weekdays";
  if (days.every === "dates") return "dates";
  return "day";
}

/**
 * The day choices for an item: the usual ones, and the item's own when it is none of them (every 7
 * days, listed dates), so saving the form never turns what was read into something else.
 */
export function dayChoices(days: Days): Choice[] {
  if (days.every === "n_days" && days.n !== 2 && days.n !== 3)
    return [...DAY_CHOICES, { text: `every ${days.n} days`, value: `n${days.n}` }];
  if (days.every === "dates")
    return [...DAY_CHOICES, { text: `on the dates read: ${days.dates.join(", ")}`, value: "dates" }];
  return DAY_CHOICES;
}
