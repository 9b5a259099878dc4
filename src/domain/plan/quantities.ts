/**
 * Amounts and strengths in an instruction, each exactly as written: a number is never rewritten or
 * shortened ("2,5 mg" stays "2,5 mg", "1/2 tab" stays "1/2 tab", "0.625mg" stays "0.625mg"): every
 * value here is a slice of the text.
 */
import { atFirstUse } from "../../first-use.ts";

/** A number as kennels write one: 2, 2.5, 2,5, 1/2, ½, 1½, 1 1/2, "half", "one and a half". */
const NUMBER =
  "(?:\\d+\\s*[½¼¾⅓⅔]|\\d+\\s+\\d+\\s*/\\s*\\d+|\\d+\\s*/\\s*\\d+|\\d+(?:[.,]\\d+)?|\\.\\d+|[½¼¾⅓⅔]|" +
  "(?:one|two|three|four|five|six)(?:\\s+and\\s+a\\s+(?:half|quarter))?|a\\s+half|half(?:\\s+an?)?|a\\s+quarter(?:\\s+of\\s+an?)?|quarter(?:\\s+of\\s+an?)?|an?)";

/** What is counted out at a time: tablets, ml, drops, units, sachets, cups, grams… */
const UNIT =
  "(?:tablets?|tabs?|tab\\.|capsules?|caps?|pills?|ml|mls|millilit(?:re|er)s?|cc|drops?|gtts?|units?|iu|i\\.u\\.|u|" +
  "sachets?|scoops?|cups?|cans?|tins?|pouch(?:es)?|trays?|g|gr|grams?|grammes?|oz|pumps?|puffs?|pipettes?|chews?|" +
  "pieces?|dots?|tsps?|teaspoons?|tbsps?|tablespoons?|handfuls?|syringes?|spoons?|sticks?|biscuits?|portions?|cm)";

/** A strength: mg, mcg, µg, %, and concentrations (mg/ml, iu/ml). */
const STRENGTH_UNIT = "(?:mg|mcg|µg|ug|micrograms?|milligrams?|%|g/ml|mg/ml|iu/ml|u/ml|units/ml)";

const END = "(?![\\p{L}\\p{N}/])";
/**
 * Where each of a pair is given, just after its amount: "1 drop both eyes", "2 drops in each ear",
 * "1 drop OU": part of the amount (a drop in each eye is two drops), never a word dropped.
 */
const EACH_SIDE =
  "(?:\\s+(?:(?:in|into|to)\\s+)?(?:(?:each|both)\\s+(?:eyes?|ears?|nostrils?)|ou|au|o\\/u|a\\/u)(?![\\p{L}\\p{N}/]))?";
const START = "(?<![\\p{L}\\p{N}.,/])";

/** The patterns, built when a first instruction is read rather than at the bot's start (first-use.ts). */
const patterns = atFirstUse(() => ({
  amount: new RegExp(
    `${START}${NUMBER}\\s*(?:x\\s*\\d+(?:[.,]\\d+)?\\s*${STRENGTH_UNIT}\\s*)?(?:of\\s+(?:an?\\s+)?)?${UNIT}${END}${EACH_SIDE}\\.?`,
    "giu",
  ),
  /** "1 Yumove tablet": a number, the product's capitalised name, its unit (in that case, as typed). */
  amountNamed: new RegExp(`${START}\\d+\\s+\\p{Lu}[\\p{L}-]+\\s+${UNIT}${END}`, "gu"),
  rangePattern: new RegExp(
    `${START}${NUMBER}\\s*(?:-|–|—|to|or)\\s*${NUMBER}\\s*(?:${UNIT}|${STRENGTH_UNIT}|x|times|meals|feeds)${END}`,
    "iu",
  ),
  strength: new RegExp(`${START}\\d+(?:[.,]\\d+)?\\s*${STRENGTH_UNIT}(?![\\p{L}/])`, "giu"),
  /** A product's weight band ("Bravecto 20-40kg", "for dogs 10-25 kg"): part of its name, never a dose. */
  weightBand: /(?<![\p{L}\p{N}.,])(?:\d+(?:[.,]\d+)?\s*(?:-|–|to)\s*)?\d+(?:[.,]\d+)?\s*kgs?(?![\p{L}/])/giu,
}));
const BY_WEIGHT = /(?<![a-z])(?:mg|mcg|µg|ml|units?|iu)\s*(?:\/|per)\s*kg\b/i;

/** Is this text, cleaned, only a unit word ("tab", "ml")? (Used by the dates: "1/2 tab" is no date.) */
export const unitAhead = atFirstUse(() => new RegExp(`^\\s*(?:${UNIT}|${STRENGTH_UNIT})${END}`, "iu"));

/** "a tablet" alone reads as an amount only after a verb ("give a tablet"), not in "a tablet of Rimadyl". */
const bareArticle = (m: string) => /^an?\s/i.test(m);

export interface Quantities {
  /** Each amount, as written, in order (a bare "a tablet" is one only when no other is written). */
  amounts: string[];
  /** The first strength, as written. */
  strength: string | undefined;
  /** Every strength, as written ("0.4mg" and "0.2mg": two doses, not one drug's strength). */
  strengths: string[];
  /** A range ("1-2 tabs", "1 or 2 tablets", "2-3 times a day"): how much or how often is for a person. */
  range: string | undefined;
  /** A dose by weight ("2 mg/kg"): for a person (the weight changes, the sum is theirs). */
  byWeight: boolean;
  /** Every word read as an amount, a strength, a range or a dose by weight, as written. */
  words: string[];
}

export function quantitiesIn(text: string): Quantities {
  const { amount, amountNamed, rangePattern, strength, weightBand } = patterns();
  const found = [...text.matchAll(amount), ...text.matchAll(amountNamed)].map((m) =>
    m[0].trim().replace(/\.$/, ""),
  );
  const counted = found.filter((a) => !bareArticle(a));
  const strengths = [...text.matchAll(strength)].map((m) => m[0].trim());
  const range = rangePattern.exec(text)?.[0];
  const byWeight = BY_WEIGHT.exec(text)?.[0];
  const bands = [...text.matchAll(weightBand)].map((m) => m[0]);
  return {
    amounts: counted.length > 0 ? counted : found,
    strength: strengths[0],
    strengths,
    range,
    byWeight: byWeight !== undefined,
    words: [...found, ...strengths, ...(range ? [range] : []), ...(byWeight ? [byWeight] : []), ...bands],
  };
}

/** Two amounts are one when they are written the same but for case and spaces ("1 cup", "1 Cup"). */
const sameAmount = (a: string, b: string) =>
  a.toLowerCase().replace(/\s+/g, "") === b.toLowerCase().replace(/\s+/g, "");

/** The one amount of a list, or undefined when there is none or they differ. */
export function oneAmount(amounts: string[]): string | undefined {
  const [first] = amounts;
  return first !== undefined && amounts.every((a) => sameAmount(a, first)) ? first : undefined;
}
