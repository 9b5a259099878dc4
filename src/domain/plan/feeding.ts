/**
 * The plan's feeding item (`meal`): from the diet fields when the pet has any, else from the house
 * routine (issue 39: KENNEL_HOUSE_MEALS, the rounds a pet with no diet on record is fed at, per
 * species; default morning and evening). A round's own diet field is certain for that round; its
 * "Nil" is no food that round. The general diet's words name its rounds ("1 cup AM 1 cup PM":
 * morning and evening, no midday); a general diet that names none is fed at the house routine's
 * rounds. A fasting pet's feeding is left to a person.
 */
import { fastingIn, isNoFood, ROUNDS, type Round } from "../care.ts";
import type { HouseMeals } from "../house-routine.ts";
import { roundsByName, timesADay, timesDisagree } from "../round-words.ts";
import { oneAmount } from "./quantities.ts";
import { type DateContext, readText, whenOf } from "./read-text.ts";
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

export function readFeeding(diet: DietFields, house: Round[], dates: DateContext): PlanItem {
  const fields = [diet.general, diet.morning, diet.midday, diet.evening].filter(
    (f): f is SourceField => f !== undefined,
  );
  const base = { key: "meal" as const, kind: { kind: "routine" as const }, sameDrugAs: [] };
  if (fields.length === 0) {
    return {
      ...base,
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
  const doubts: Doubt[] = [];
  const all = fields.map((f) => f.words).join(" · ");
  if (fastingIn(fields.map((f) => f.words))) doubts.push("fasting");
  const byRound = new Map<Round, RoundDose>();
  const nil: Round[] = [];
  for (const round of ROUNDS) {
    const field = diet[round];
    if (!field) continue;
    if (isNoFood(field.words)) nil.push(round);
    else byRound.set(round, { round, why: field.field, amount: field.words });
  }
  const general = diet.general?.words;
  const reading = general ? readText(general, dates) : undefined;
  if (general && reading) {
    const named = roundsByName(general);
    const count = timesADay(general);
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
  }
  // Diet words that name no round nor how often ("Owner's kibble", a round's "Nil" only): fed at the
  // house routine's other rounds.
  const said = reading && (Object.keys(roundsByName(reading.text)).length > 0 || timesADay(reading.text));
  if (byRound.size === 0 && !said) {
    for (const round of house) if (!nil.includes(round)) byRound.set(round, { round, why: "house routine" });
  }
  const when = reading ? whenOf(reading, dates) : { days: { every: "day" as const }, steps: [], doubts: [] };
  doubts.push(...when.doubts);
  if (reading?.kind.judgement) doubts.push("left_to_judgement");
  if (reading?.quantities.range) doubts.push("amount_range");
  if (byRound.size === 0 && !doubts.includes("fasting")) doubts.push("no_round");
  const amount = reading && oneAmount(reading.quantities.amounts);
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
  };
}
