/**
 * Medicine custody's units (issue 49): what a medicine is counted in (tablets, capsules, ml, units of
 * insulin, drops, sachets, pens, vials), and a plan's amount ("½ tab", "1.5 ml", "6 iu") in the unit
 * a medicine was counted in. An amount is matched only when its number and its unit are both read
 * whole and the unit is the counted one: otherwise there is no number (the balance says "count by
 * hand"), never a guess. Pure.
 */
import { SMALL_NUMBER_WORDS } from "./number-words.ts";

/** What a medicine is counted in. A pen or a vial may say what each holds (300 iu, 10 ml). */
export type CountUnit = "tablet" | "capsule" | "ml" | "iu" | "drop" | "sachet" | "pen" | "vial";
export const COUNT_UNITS: readonly CountUnit[] = [
  "tablet",
  "capsule",
  "ml",
  "iu",
  "drop",
  "sachet",
  "pen",
  "vial",
];

/** What one pen or vial holds, when it is counted in pens or vials. */
export interface PackContent {
  amount: number;
  unit: "iu" | "ml";
}

/** The unit words staff and instructions use, for each unit. */
const UNIT_WORDS: Record<CountUnit, readonly string[]> = {
  tablet: ["tablet", "tablets", "tab", "tabs", "tab.", "tbl"],
  capsule: ["capsule", "capsules", "cap", "caps"],
  ml: ["ml", "mls", "millilitre", "millilitres", "milliliter", "milliliters", "cc"],
  iu: ["iu", "i.u.", "i.u", "unit", "units", "u"],
  drop: ["drop", "drops", "gtt", "gtts"],
  sachet: ["sachet", "sachets"],
  pen: ["pen", "pens"],
  vial: ["vial", "vials"],
};

/** A unit word ("tabs", "IU") as its unit; undefined when it is none of them. */
function unitOf(word: string): CountUnit | undefined {
  const w = word.trim().toLowerCase();
  return COUNT_UNITS.find((u) => UNIT_WORDS[u].includes(w));
}

/** "tablet" / "tablets", "ml", "iu": the unit's name for a quantity. */
export function unitWords(unit: CountUnit, n: number): string {
  if (unit === "ml" || unit === "iu") return unit;
  return n === 1 ? unit : `${unit}s`;
}

const WORD_NUMBERS: Record<string, number> = {
  a: 1,
  an: 1,
  ...SMALL_NUMBER_WORDS,
  half: 0.5,
  "a half": 0.5,
  "half a": 0.5,
  "half an": 0.5,
  quarter: 0.25,
  "a quarter": 0.25,
  "a quarter of a": 0.25,
  "quarter of a": 0.25,
};
const VULGAR: Record<string, number> = { "½": 0.5, "¼": 0.25, "¾": 0.75, "⅓": 1 / 3, "⅔": 2 / 3 };

/** A number as written: 2, 2.5, 2,5, 1/2, ½, 1½, 1 1/2, "one and a half"; undefined when it is not one. */
function numberOf(text: string): number | undefined {
  const t = text.trim().toLowerCase().replace(/\s+/g, " ");
  if (/^\d+(?:[.,]\d+)?$/.test(t)) return Number(t.replace(",", "."));
  if (/^\.\d+$/.test(t)) return Number(t);
  const fraction = /^(?:(\d+) )?(\d+) ?\/ ?(\d+)$/.exec(t);
  if (fraction) {
    const den = Number(fraction[3]);
    return den === 0 ? undefined : Number(fraction[1] ?? 0) + Number(fraction[2]) / den;
  }
  const mixed = /^(\d*) ?([½¼¾⅓⅔])$/.exec(t);
  if (mixed) return Number(mixed[1] || 0) + (VULGAR[mixed[2] as string] as number);
  const andA = /^(one|two|three|four|five|six) and a (half|quarter)$/.exec(t);
  if (andA) return (WORD_NUMBERS[andA[1] as string] as number) + (andA[2] === "half" ? 0.5 : 0.25);
  return WORD_NUMBERS[t];
}

/** An amount: a number, an optional strength of each ("2 x 50mg"), an optional "of a", a unit word. */
const AMOUNT =
  /^(.+?)\s*(?:x\s*\d+(?:[.,]\d+)?\s*(?:mg|mcg|µg|g|iu|%)\s*)?(?:of\s+(?:an?\s+)?)?([a-zµ.]+?)\.?$/i;

/** A plan's amount, read whole: its number and unit; undefined when either cannot be read. */
export function readAmount(amount: string | undefined): { n: number; unit: CountUnit } | undefined {
  if (!amount) return undefined;
  const t = amount.trim().replace(/(\d)([a-zµ])/gi, "$1 $2");
  const m = AMOUNT.exec(t);
  if (!m) return undefined;
  const n = numberOf(m[1] as string);
  const unit = unitOf(m[2] as string);
  return n !== undefined && n > 0 && unit ? { n, unit } : undefined;
}

/** The unit a balance is kept in: a pen's or a vial's content when counted in them with it, else the counted unit. */
export const balanceUnit = (unit: CountUnit, per: PackContent | undefined): CountUnit =>
  (unit === "pen" || unit === "vial") && per ? per.unit : unit;

/** A counted quantity in the balance's unit (3 pens of 300 iu: 900). */
export const inBalanceUnit = (quantity: number, unit: CountUnit, per: PackContent | undefined): number =>
  (unit === "pen" || unit === "vial") && per ? quantity * per.amount : quantity;

/**
 * What a dose in mg is read against: the strength of the medicine counted in (its strength as
 * written, else its label's), and the plan's words for the dose (when the round names no amount).
 */
export interface DoseReading {
  strength?: string | undefined;
  words?: string | undefined;
}

const MASS = /(?<![\p{L}\p{N}.,])(\d+(?:[.,]\d+)?)\s*(mg|mcg|µg|g)(?![\p{L}\p{N}/])/giu;
const MG: Record<string, number> = { mg: 1, mcg: 0.001, µg: 0.001, g: 1000 };

/** The masses words say, in mg ("Phenobarbital 60 mg": [60]); a concentration ("50 mg/ml") is none. */
function massesIn(words: string | undefined): number[] {
  return [...(words ?? "").matchAll(MASS)].map(
    (m) => Number((m[1] as string).replace(",", ".")) * (MG[(m[2] as string).toLowerCase()] as number),
  );
}

/** The one mass words say, when they say exactly one (or the same one again); else undefined. */
const oneMass = (words: string | undefined): number | undefined => {
  const all = [...new Set(massesIn(words))];
  return all.length === 1 ? all[0] : undefined;
};

/**
 * A dose in mg read against the strength of each tablet or capsule counted in: the dose's mass (its
 * round's amount, else the plan's words, saying one mass only) over the strength's (saying one
 * only); a whole number of capsules, of tablets a whole or quarters of one. Otherwise `why`:
 * no mass in the dose, no strength known, or not a whole (or a part) of one.
 */
export function doseByStrength(
  amount: string | undefined,
  unit: CountUnit,
  reading: DoseReading,
): { n: number } | { why: "no_mass" | "no_strength" | "not_a_part"; mass?: number; strength?: number } {
  const mass = oneMass(amount ?? reading.words);
  if (mass === undefined || (unit !== "tablet" && unit !== "capsule")) return { why: "no_mass" };
  const strength = oneMass(reading.strength);
  if (strength === undefined || strength <= 0) return { why: "no_strength", mass };
  const n = mass / strength;
  const parts = unit === "tablet" ? 4 : 1;
  const sure = Math.abs(n * parts - Math.round(n * parts)) < 1e-9 && n > 0;
  return sure ? { n: Math.round(n * parts) / parts } : { why: "not_a_part", mass, strength };
}

/**
 * A plan's amount in a balance's unit ("½ tab" of tablets: 0.5; "6iu" of a 300 iu pen: 6; "60 mg"
 * of 60 mg tablets, by `reading`: 1); undefined when the amount is not read whole and in the
 * balance's unit, or as a mass the strength counted in accounts for (count by hand).
 */
export function amountIn(
  amount: string | undefined,
  unit: CountUnit,
  reading?: DoseReading,
): number | undefined {
  const read = readAmount(amount);
  if (read) return read.unit === unit ? read.n : undefined;
  const byStrength = reading ? doseByStrength(amount, unit, reading) : undefined;
  return byStrength && "n" in byStrength ? byStrength.n : undefined;
}

/** A quantity as staff read it: whole numbers plain, halves and quarters as written, else one decimal at most two. */
export function quantityWords(n: number): string {
  const whole = Math.trunc(n);
  const rest = Math.round((n - whole) * 100) / 100;
  if (rest === 0) return String(whole);
  if (rest === 0.5) return whole ? `${whole}½` : "½";
  if (rest === 0.25) return whole ? `${whole}¼` : "¼";
  if (rest === 0.75) return whole ? `${whole}¾` : "¾";
  return String(Math.round(n * 100) / 100);
}

/** "9 tablets", "120 iu", "½ tablet". */
export const amountWords = (n: number, unit: CountUnit): string =>
  `${quantityWords(n)} ${unitWords(unit, n)}`;

/**
 * The longest name or strength a medicine is counted in with: what a form's text field holds (Slack's
 * 3,000 characters), so the plan's words are offered whole and what is typed is kept whole.
 */
export const MEDICINE_WORDS_MAX = 3000;
