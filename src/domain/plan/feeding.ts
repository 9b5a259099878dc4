/**
 * The plan's feeding item (`meal`): from the diet fields when the pet has any, else from the house
 * routine (issue 39: KENNEL_HOUSE_MEALS, the rounds a pet with no diet on record is fed at, per
 * species; default morning and evening). A round's own diet field is certain for that round; its
 * "Nil" is no food that round. The general diet's words name its rounds ("1 cup AM 1 cup PM":
 * morning and evening, no midday); a general diet that names none is fed at the house routine's
 * rounds. A fasting pet's feeding is left to a person.
 */
import { isNoFood, ROUNDS, type Round } from "../care.ts";
import type { HouseMeals } from "../house-routine.ts";
import { roundsByName, timesADay, timesDisagree } from "../round-words.ts";
import { leftOver } from "./closed.ts";
import type { FastReading } from "./fast.ts";
import { oneAmount } from "./quantities.ts";
import { type DateContext, readText, type TextReading, whenOf } from "./read-text.ts";
import { itemSource } from "./source.ts";
import type { Doubt, PlanItem, RoundDose, SourceField } from "./types.ts";

export type { HouseMeals } from "../house-routine.ts";

/** The house routine's rounds for a species (its own when set, else the kennel's), in the day's order. */
export function houseMealsFor(routine: HouseMeals, species: string | undefined): Round[] {
  const key = species?.trim().toLowerCase();
  const own =
    key && routine.bySpecies && Object.hasOwn(routine.bySpecies, key) ? routine.bySpecies[key] : undefined;
  const rounds = own ?? routine.rounds;
  return ROUNDS.filter((r) => rounds.includes(r));
}

export interface DietFields {
  general: SourceField | undefined;
  morning: SourceField | undefined;
  midday: SourceField | undefined;
  evening: SourceField | undefined;
}

const COUNT_ROUNDS: Record<number, Round[]> = {
  2: ["morning", "evening"],
  3: ["morning", "midday", "evening"],
};

/** A day's total: "300g a day", "3 pouches daily", "2 cups per day". */
const DAILY_TOTAL =
  /(?<![\p{L}\p{N}.,/])(?:\d+(?:[.,]\d+)?|one|two|three|four|five|six|half\s+a|a)\s*(?:g|gr|grams?|kg|cups?|cans?|tins?|pouch(?:es)?|trays?|sachets?|scoops?|mugs?|portions?)\s+(?:a\s+day|per\s+day|daily|each\s+day|every\s+day|\/\s*day|in\s+total|total)(?![\p{L}])/iu;
/** How a day's total is split: "split into 2 meals", "over two feeds", "half AM half PM". */
const SPLIT =
  /\b(?:(?:split|divided|spread)\s+(?:(?:into|between|over|across)\s+)?(2|3|two|three)\s+(?:meals|feeds|portions)|(?:over|in|into|across)\s+(2|3|two|three)\s+(?:meals|feeds)|half\s+(?:am|morning|breakfast)\s*(?:,|and|&|\/)?\s*half\s+(?:pm|evening|dinner|tea)|(?:split|divided)\s+(?:between\s+)?(?:am\s*(?:&|and|\/)\s*pm|breakfast\s+(?:and|&)\s+(?:dinner|tea)|morning\s+(?:and|&)\s+evening))\b/i;
/** Food left down all day: fed at the house routine's rounds, topped up. */
const AD_LIB =
  /\b(?:ad[\s-]?lib(?:itum)?|free[\s-]?fed|free[\s-]?feed(?:ing)?|always\s+(?:available|down)|topped\s+up)\b/i;
/** "6 little meals", "4 small feeds": how many times a day, said without "a day". */
const MEALS = /\b(\d|two|three|four|five|six)\s+(?:small\s+|little\s+|smaller\s+|tiny\s+)?(?:meals|feeds)\b/i;
const NUMBER_WORDS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6 };
const FRACTION: Record<number, string> = { 2: "half of", 3: "a third of" };

/** The feeding item with a fast read from the care fields: its meals not due then, or a person reads it. */
function withFast(item: PlanItem, fast: FastReading): PlanItem {
  if (!fast) return item;
  if ("fast" in fast) return { ...item, fast: fast.fast };
  const doubts = [...new Set([...item.doubts, "fasting" as const])];
  return { ...item, doubts, readBy: "nobody" };
}

/** The diet's words left over once its own feeding words are placed too. */
const leftOverOf = (reading: TextReading, own: Array<string | undefined>) =>
  reading.unplaced.length === 0 ? [] : leftOver(reading.text, [...reading.placed, ...own]);

export function readFeeding(
  diet: DietFields,
  house: Round[],
  dates: DateContext,
  fast?: FastReading,
): PlanItem {
  return withFast(readDiet(diet, house, dates), fast);
}

/** Each round's own diet field: its food for that round, or no food ("Nil"); the words it cannot read. */
function roundFields(diet: DietFields, dates: DateContext, unplaced: string[]) {
  const byRound = new Map<Round, RoundDose>();
  const nil: Round[] = [];
  for (const round of ROUNDS) {
    const field = diet[round];
    if (!field) continue;
    if (isNoFood(field.words)) nil.push(round);
    else {
      byRound.set(round, { round, why: field.field, amount: field.words });
      // A round's own diet is certain for it only when its words are food and amounts too.
      unplaced.push(...readText(field.words, dates, "food").unplaced);
    }
  }
  return { byRound, nil };
}

/** What the general diet's words read into: its rounds, doubts and words it cannot read. */
interface GeneralInto {
  byRound: Map<Round, RoundDose>;
  nil: Round[];
  doubts: Doubt[];
  unplacedWords: string[];
}

const countOf = (words: string | undefined) =>
  words === undefined ? undefined : Number(words) || NUMBER_WORDS[words.toLowerCase()];

/**
 * The general diet's rounds (by name, how often, "split into 2 meals", "6 small meals"), added to
 * the rounds' own fields; the amount at each round when a day's total is divided as its words say.
 */
function readGeneral(general: string, reading: TextReading, into: GeneralInto): string | undefined {
  const { byRound, nil, doubts } = into;
  const total = DAILY_TOTAL.exec(general);
  const split = SPLIT.exec(general);
  const meals = MEALS.exec(general);
  const named = roundsByName(reading.text);
  const splitInto = split ? (countOf(split[1] ?? split[2]) ?? 2) : undefined;
  const mealCount = countOf(meals?.[1]);
  const count =
    timesADay(reading.text) ??
    (split && splitInto
      ? { perDay: splitInto, words: split[0] }
      : meals && mealCount
        ? { perDay: mealCount, words: meals[0] }
        : undefined);
  // Placed by the feeding's own words: the day's total, how it is split, "ad lib", "6 small meals".
  into.unplacedWords.push(
    ...leftOverOf(reading, [total?.[0], split?.[0], AD_LIB.exec(general)?.[0], meals?.[0]]),
  );
  let perRound: string | undefined;
  if (total) {
    // A day's total is divided only where the words say how; else a person, with the total shown.
    const otherAmounts = reading.quantities.amounts.filter((a) => !total[0].includes(a));
    if (splitInto && FRACTION[splitInto]) perRound = `${FRACTION[splitInto]} ${total[0]}`;
    else if (otherAmounts.length === 0) doubts.push("daily_total");
  }
  const fromWords: Array<[Round, string]> = Object.keys(named).length
    ? ROUNDS.flatMap((r): Array<[Round, string]> => (named[r] ? [[r, named[r]]] : []))
    : count
      ? (COUNT_ROUNDS[count.perDay] ?? []).map((r): [Round, string] => [r, count.words])
      : [];
  if (count && (count.perDay > 3 || (count.perDay === 1 && Object.keys(named).length === 0))) {
    doubts.push(count.perDay > 3 ? "more_than_rounds" : "once_no_round");
  }
  if (
    timesDisagree(general) ||
    (count && Object.keys(named).length > 0 && Object.keys(named).length !== count.perDay)
  ) {
    doubts.push("rounds_disagree");
  }
  for (const [round, why] of fromWords) {
    if (nil.includes(round)) doubts.push("field_conflict");
    else if (!byRound.has(round)) byRound.set(round, { round, why });
  }
  return perRound;
}

/**
 * The rounds a diet feeds the pet at, by the reader's rules and no more: each round's own field
 * (not "Nil"); the rounds the general diet's words name, or that its "how often" makes ("twice
 * daily", "split into 2 meals", "Two small meals a day"; more than three: every round); and, when
 * neither names a round, the house routine's rounds but a "Nil" one. A general diet that states no
 * meal and no time ("Treats allowed in moderation") beside a round's own food feeds at no round of
 * its own; and a fast's words ("Fasting from 8pm") are a fast, never a meal at the time they name.
 */
export function dietRounds(
  diet: { general?: string | undefined } & Partial<Record<Round, string | undefined>>,
  house: Round[],
  fasting: (text: string) => boolean,
): Round[] {
  const own = ROUNDS.filter((r) => diet[r] !== undefined && !isNoFood(diet[r]));
  const nil = ROUNDS.filter((r) => isNoFood(diet[r]));
  const general = diet.general && !fasting(diet.general) ? diet.general : undefined;
  const said = general ? generalRounds(general) : [];
  if (own.length === 0 && said.length === 0) return house.filter((r) => !nil.includes(r));
  return ROUNDS.filter((r) => own.includes(r) || (said.includes(r) && !nil.includes(r)));
}

/** The rounds a general diet's words name or count ("1 cup AM 1 cup PM", "twice daily"); none said: []. */
function generalRounds(general: string): Round[] {
  const named = roundsByName(general);
  if (Object.keys(named).length > 0) return ROUNDS.filter((r) => named[r]);
  const split = SPLIT.exec(general);
  const meals = MEALS.exec(general);
  const perDay =
    timesADay(general)?.perDay ??
    (split ? (countOf(split[1] ?? split[2]) ?? 2) : meals ? countOf(meals[1]) : undefined);
  if (perDay === undefined) return [];
  return perDay > 3 ? [...ROUNDS] : (COUNT_ROUNDS[perDay] ?? []);
}

/** No diet on record: fed at the house routine's rounds, and the item says so. */
function houseRoutineMeal(house: Round[]): PlanItem {
  return {
    key: "meal",
    kind: { kind: "routine" },
    sameDrugAs: [],
    what: { text: "no diet on record: fed as usual" },
    when: {
      rounds: house.map((round) => ({ round, why: "house routine" })),
      days: { every: "day" },
      steps: [],
    },
    source: itemSource([]),
    readBy: "reader",
    doubts: [],
    feeding: "house_routine",
  };
}

function readDiet(diet: DietFields, house: Round[], dates: DateContext): PlanItem {
  const fields = [diet.general, diet.morning, diet.midday, diet.evening].filter(
    (f): f is SourceField => f !== undefined,
  );
  const base = { key: "meal" as const, kind: { kind: "routine" as const }, sameDrugAs: [] };
  if (fields.length === 0) return houseRoutineMeal(house);
  const doubts: Doubt[] = [];
  const unplacedWords: string[] = [];
  const all = fields.map((f) => f.words).join(" · ");
  const { byRound, nil } = roundFields(diet, dates, unplacedWords);
  const general = diet.general?.words;
  const reading = general ? readText(general, dates, "food") : undefined;
  const total = general ? DAILY_TOTAL.exec(general) : null;
  const adLib = general ? AD_LIB.exec(general) : null;
  const perRound =
    general && reading ? readGeneral(general, reading, { byRound, nil, doubts, unplacedWords }) : undefined;
  // Diet words that name no round nor how often ("Owner's kibble", a round's "Nil" only): fed at the
  // house routine's other rounds.
  const said = reading && (Object.keys(roundsByName(reading.text)).length > 0 || timesADay(reading.text));
  if (byRound.size === 0 && !said) {
    for (const round of house) if (!nil.includes(round)) byRound.set(round, { round, why: "house routine" });
  }
  if (perRound)
    for (const [round, d] of byRound) if (!d.amount) byRound.set(round, { ...d, amount: perRound });
  const when = reading ? whenOf(reading, dates) : { days: { every: "day" as const }, steps: [], doubts: [] };
  doubts.push(...when.doubts);
  if (reading?.kind.judgement) doubts.push("left_to_judgement");
  if (reading?.quantities.range) doubts.push("amount_range");
  if (byRound.size === 0 && !doubts.includes("fasting")) doubts.push("no_round");
  const amounts = reading?.quantities.amounts.filter((a) => !total?.[0].includes(a)) ?? [];
  const amount = adLib ? adLib[0] : perRound ? undefined : oneAmount(amounts);
  if (unplacedWords.length > 0) doubts.push("unplaced_words");
  const unique = [...new Set(doubts)];
  return {
    ...base,
    what: { text: all, ...(general ? { name: general } : {}), ...(amount ? { amount } : {}) },
    when: {
      rounds: ROUNDS.flatMap((r) => byRound.get(r) ?? []),
      days: when.days,
      ...(when.start ? { start: when.start } : {}),
      ...(when.stop ? { stop: when.stop } : {}),
      steps: [],
    },
    source: itemSource(fields),
    readBy: unique.length > 0 ? "nobody" : "reader",
    doubts: unique,
    feeding: "diet",
    ...(unplacedWords.length > 0 ? { unplaced: unplacedWords } : {}),
  };
}
