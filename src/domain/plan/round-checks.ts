/**
 * What the reader leaves to a person about an instruction's rounds even when every word is placed:
 * a clock time written far from its round ("at 3am" for a 07:30 round: never silently moved to it),
 * a number before "am"/"pm" that is an amount ("0.4mg am 0.2 pm"), and a food word that differs
 * between rounds ("AM with food, PM without food": a condition of one round only). And the midday
 * and evening fields read as their rounds' own (`ownFields`), or no dose ("Nil", "no lunchtime dose"). Pure.
 */
import { isNoFood, type Round } from "../care.ts";
import { roundsByName } from "../round-words.ts";
import type { TextReading } from "./read-text.ts";
import type { Doubt, RoundClock, RoundDose, SourceField } from "./types.ts";

const minutesOf = (hhmm: string): number => {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  return h * 60 + m;
};

/** "0.2 pm": a decimal before "am"/"pm" is an amount of its own (never the clock time 2 pm). */
const AMOUNT_BEFORE_HALF = /\d[.,]\d+\s*(?:a\.?m|p\.?m)(?![\p{L}])/iu;

/** With food, and its opposite: both in one instruction say each round's own way of giving it. */
const WITH_FOOD = /\b(?:with|after|in)\s+(?:(?:his|her|its|some)\s+)?(?:food|a\s+meal|meals?)\b/i;
const WITHOUT_FOOD =
  /\b(?:without\s+food|on\s+an?\s+empty\s+stomach|empty\s+stomach|away\s+from\s+food|before\s+(?:food|meals?))\b/i;

/** The doubts of an instruction's rounds (see above), given the kennel's round times and dose window. */
export function roundDoubts(r: TextReading, rounds: RoundClock): Doubt[] {
  const doubts: Doubt[] = [];
  const off = r.clocks.some((c) => {
    const at = minutesOf(rounds.times[c.round]);
    return c.minutes < at - rounds.beforeMinutes || c.minutes > at + rounds.afterMinutes;
  });
  if (off) doubts.push("time_off_round");
  if (AMOUNT_BEFORE_HALF.test(r.text)) doubts.push("amounts_differ");
  if (WITH_FOOD.test(r.text) && WITHOUT_FOOD.test(r.text)) doubts.push("food_differs");
  return doubts;
}

/** A round's field that says no dose: "Nil", "none", "no lunchtime dose", "not given", "stopped". */
const NO_DOSE =
  /^\s*(?:n\/a|not\s+given|do\s+not\s+give|don'?t\s+give|stopped|nothing\s+(?:at\s+)?(?:lunch|lunchtime|midday|night|bedtime|tea|dinner)|no\s+(?:lunchtime\s+|lunch\s+|midday\s+|noon\s+|evening\s+|night\s+|pm\s+|bedtime\s+|tea\s*time\s+)?(?:dose|doses|tablet|tab|tabs|meds|medication|jab|injection|insulin))\s*[.!]*\s*$/i;
export const noDose = (words: string) => isNoFood(words) || NO_DOSE.test(words);

/** The midday and evening fields: that round's own instruction, or no dose that round ("Nil"). */
export function ownFields(
  slot: { noon: SourceField | undefined; pm: SourceField | undefined },
  doubts: Doubt[],
): { fieldDoses: RoundDose[]; nil: Round[] } {
  const fieldDoses: RoundDose[] = [];
  const nil: Round[] = [];
  for (const [round, field] of [
    ["midday", slot.noon],
    ["evening", slot.pm],
  ] as const) {
    if (!field) continue;
    if (noDose(field.words)) {
      nil.push(round);
      continue;
    }
    const names = Object.keys(roundsByName(field.words));
    if (names.some((n) => n !== round)) doubts.push("field_conflict");
    fieldDoses.push({ round, why: field.field, amount: field.words });
  }
  return { fieldDoses, nil };
}
