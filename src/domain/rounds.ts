/**
 * The feeding and medication rounds: which round it is by the kennel's clock, and one pet's sheet
 * for a round.
 *
 * The round now: each round begins an hour before its configured time (ROUNDS_TIMES, default
 * 07:30, 12:00, 18:00), so at 11:15 the midday round is the one to prepare; before the morning
 * round begins it is still the morning round.
 */

import { pastCheckOut } from "./bookings.ts";
import {
  type CareFacts,
  dietFor,
  feedsThisRound,
  hasAnyDiet,
  medicationsFor,
  ROUNDS,
  type Round,
  type RoundMedication,
} from "./care.ts";
import { type FastPassed, fastingAt, fastPassedAt, saysFasting } from "./fasting.ts";
import { DEFAULT_HOUSE_MEALS, roundsWords } from "./house-routine.ts";
import { type CareNote, dangerNotes, feedingNotes } from "./notes.ts";
import { dietRounds, type HouseMeals, houseMealsFor } from "./plan/feeding.ts";
import { DEFAULT_ROUND_TIMES } from "./round-times.ts";
import { roundsNamed } from "./round-words.ts";

/** When each round is (ROUNDS_TIMES, read and checked by the settings). */
export type RoundTimes = Record<Round, string>;
const LEAD_MINUTES = 60;

const minutes = (hhmm: string) => {
  const [h = "0", m = "0"] = hhmm.split(":");
  return Number(h) * 60 + Number(m);
};

/** The round at a local time (HH:MM). */
export function roundAt(localTime: string, times: RoundTimes = DEFAULT_ROUND_TIMES): Round {
  const now = minutes(localTime);
  if (now >= minutes(times.evening) - LEAD_MINUTES) return "evening";
  if (now >= minutes(times.midday) - LEAD_MINUTES) return "midday";
  return "morning";
}

/**
 * Who is on a round's sheet: every stay of the day's house board but those gone before the round's
 * time (the instant, in ms). A pet arriving later that day is on it (its dose and diet are given when
 * it comes); a stay with no check-out time on record stays on it: the sheet shows more rather than
 * hide a dose.
 * - Its check-out is before the round: gone, unless it is still checked in past its check-out (`now`,
 *   ms): the owner did not come, and the pet is on every sheet until it is checked out.
 * - Its status says it has left (`left`): on the sheets of the rounds before it left, when the API's
 *   check-out says when and that is past ("checked out 08:30"); off the rest of the day's sheets,
 *   whatever its booked end.
 */
export function onRoundSheet(
  stay: { checkOutDate?: string | undefined; status?: string | undefined },
  left: boolean,
  at: number,
  now?: number,
): boolean {
  const out = stay.checkOutDate === undefined ? Number.NaN : Date.parse(stay.checkOutDate);
  if (left) return now !== undefined && out <= now && at < out;
  if (!(out < at)) return true;
  return now !== undefined && pastCheckOut(stay, now);
}

/**
 * Whether a stay the kept sheet did not list, on the round's sheet now, arrived after the sheet was
 * kept (`keptAt`, ms): checked in after it, or a stay the sheet would have listed then (one the kennel
 * API did not answer then). A stay in house before it that the sheet counted gone home is not: one
 * marked checked out before its booked check-out (an early pick-up) was gone when the round was kept,
 * though its check-out, read later, looks like a time it was still here.
 */
export function arrivedSince(
  stay: { checkInDate?: string | undefined; checkOutDate?: string | undefined; status?: string | undefined },
  left: boolean,
  at: number,
  keptAt: number,
): boolean {
  const checkIn = stay.checkInDate === undefined ? Number.NaN : Date.parse(stay.checkInDate);
  return checkIn > keptAt || onRoundSheet(stay, left, at, keptAt);
}

export interface RoundSheet {
  /**
   * This round's diet, the general diet (part of the meal at the rounds the diet feeds at, else a
   * `note`), and the other rounds' diets whose words name this round ("half now, the rest at
   * lunch"): shown here too.
   */
  diet: {
    round: string | undefined;
    general: string | undefined;
    named: Array<{ round: Round; text: string; words: string }>;
    /**
     * The general diet at a round it is no meal at (its words name other rounds, or state no meal
     * and no time beside the rounds' own food): shown whole as a note, never due nor counted.
     */
    note?: string;
  };
  /** Every medication, each with whether it is due this round (`RoundMedication.due`). */
  medications: RoundMedication[];
  allergies: string | undefined;
  /** No diet on record at all (general or any round): fed at the house routine's rounds. */
  noDiet: boolean;
  /**
   * A pet with no diet on record: the house routine's rounds for its species (KENNEL_HOUSE_MEALS,
   * passed in; default morning and evening), the only rounds its meal is due at.
   */
  houseRoutine?: Round[];
  /**
   * No diet on record, and this round is one of the house routine's: its meal is due here, the
   * kennel's way ("house routine: morning and evening"). On the other rounds nothing about food.
   */
  houseMeal: boolean;
  /** A diet to follow this round. */
  fed: boolean;
  /** Some medication is due this round. */
  medicationDue: boolean;
  /**
   * Nothing to feed or give this round, by the record: it has diets or doses for other rounds and
   * none for this one (the pet is still listed, on one line). Never for a pet fed by the house
   * routine this round, nor in the morning for a pet with a medication instruction.
   */
  nothing: boolean;
  /**
   * The pet's notes on this round's sheet: those that carry danger (on every round, in full), and
   * those that bear on feeding (on a round that feeds the pet, in full).
   */
  notes?: { danger: CareNote[]; feeding: CareNote[] };
  /**
   * The fast applies at this round's time (its words state no time, or a time this round is past:
   * "from 8pm" at a 21:00 round); false before it ("🚫 fasting from 20:00" beside the usual meal).
   * Undefined when the pet is not fasting, or the round's time is not known.
   */
  fastingNow?: boolean;
  /**
   * The round is past the op's time or the end its fast's words state ("op at 10:00" at the 18:00
   * round): the sheet shows the fast's words whole with "ask before feeding", never a bare
   * "fasting" beside the meal (src/domain/fasting.ts `fastPassedAt`).
   */
  fastPassed?: FastPassed;
}

/** The notes a round's sheet shows: danger everywhere, feeding where the pet is fed (its diet or the house routine). */
function sheetNotes(
  care: Pick<CareFacts, "careNotes" | "allergyInNotes">,
  feeds: boolean,
): { danger: CareNote[]; feeding: CareNote[] } {
  const notes = care.careNotes ?? [];
  return { danger: dangerNotes(notes, care.allergyInNotes), feeding: feeds ? feedingNotes(notes) : [] };
}

/**
 * One pet's sheet for a round. `at`: the round's time (HH:MM), which says whether a fast with a time
 * ("from 8pm") applies at this round. `house`: the house routine (KENNEL_HOUSE_MEALS), the rounds a
 * pet with no diet on record is fed at, by its species: THE place that decides whether such a pet's
 * meal is due this round (the record's due items, the counts, the late and missed replies and the
 * stay's record all read it from here). `date`: the round's day, for an instruction's days ("except Sunday").
 */
export function roundSheet(
  care: CareFacts,
  round: Round,
  at?: string,
  house: HouseMeals = DEFAULT_HOUSE_MEALS,
  date?: string,
): RoundSheet {
  const { round: own, general: shown } = dietFor(care.diet, round);
  const named = ROUNDS.filter((r) => r !== round).flatMap((r) => {
    const text = care.diet[r];
    const words = roundsNamed(text)[round];
    return text && words ? [{ round: r, text, words }] : [];
  });
  const medications = medicationsFor(care.medications, round, { words: true, date });
  const noDiet = !hasAnyDiet(care.diet);
  const houseRoutine = noDiet ? houseMealsFor(house, care.species) : undefined;
  const houseMeal = houseRoutine?.includes(round) === true;
  // The general diet is this round's meal only at the rounds the diet's words feed at (the
  // reader's rule, src/domain/plan/feeding.ts `dietRounds`); elsewhere it is a note, shown whole,
  // never a meal to chase ("Treats allowed in moderation" is no midday meal).
  const mealHere =
    shown !== undefined &&
    (own !== undefined ||
      dietRounds(care.diet, houseMealsFor(house, care.species), saysFasting).includes(round));
  const general = mealHere ? shown : undefined;
  // A round's diet written "Nil" (or "none", "no") is no food this round, shown as written.
  const fed = feedsThisRound({ round: own, general }) || named.length > 0;
  const medicationDue = medications.some((m) => m.due);
  const instructionHere = round === "morning" && medications.some((m) => m.medication.instruction);
  const nothing = !houseMeal && !fed && !own && !medicationDue && !instructionHere;
  return {
    diet: { round: own, general, named, ...(shown && !mealHere ? { note: shown } : {}) },
    medications,
    allergies: care.allergies,
    noDiet,
    ...(houseRoutine ? { houseRoutine } : {}),
    houseMeal,
    fed,
    medicationDue,
    nothing,
    notes: sheetNotes(care, fed || houseMeal),
    ...(care.fasting && at ? fastAt(care.fastingTimes, at) : {}),
  };
}

/** A fasting pet's fast at a round's time: whether it applies, and an op's time or its end it is past. */
function fastAt(times: CareFacts["fastingTimes"], at: string): Pick<RoundSheet, "fastingNow" | "fastPassed"> {
  const passed = fastPassedAt(times, at);
  return { fastingNow: fastingAt(times, at), ...(passed ? { fastPassed: passed } : {}) };
}

/** "house routine: morning and evening": what a pet with no diet on record is fed, on the routine's rounds. */
export function houseRoutineWords(rounds: readonly Round[]): string {
  return `house routine: ${roundsWords(rounds)}`;
}

/**
 * A round's counts, from its sheets: the round summary's and the Home tab's figures. `noDiet`: the
 * pets with no diet on record fed this round by the house routine.
 */
export function roundCounts(sheets: RoundSheet[]): {
  withMedication: number;
  fed: number;
  noDiet: number;
  nothing: number;
} {
  return {
    withMedication: sheets.filter((s) => s.medicationDue).length,
    fed: sheets.filter((s) => s.fed).length,
    noDiet: sheets.filter((s) => s.houseMeal).length,
    nothing: sheets.filter((s) => s.nothing).length,
  };
}

/** What a pet's care plan asks of an item this round, as far as the sheet needs it (src/domain/plan/schedule.ts). */
interface OnRound {
  status: "due" | "conditional" | "as_needed" | "not_due" | "check";
  /** A taper's step: today's amount differs from the instruction's. */
  step?: number | undefined;
  /** Due on the pet's arrival after the round's time, in the dose's window (the owner asked). */
  onArrival?: true | undefined;
}

/**
 * Is an item printed as a dose to give (or a meal to feed) at this round? Due or conditional by the
 * plan; left to a person ("check: …") where the sheet's own reading of the words puts it on this
 * round (`sheetDue`); with no word of the plan on it, the sheet's own rule. What the sheet tones as a
 * dose, what its form records and what is chased are this, one rule (issue 44; src/domain/plan/round.ts).
 */
export function printedOnRound<O extends Pick<OnRound, "status">>(
  on: O | undefined,
  sheetDue: boolean,
): boolean {
  if (!on) return sheetDue;
  return on.status === "due" || on.status === "conditional" || (on.status === "check" && sheetDue);
}

/** A pet's care plan on a round, as far as the sheet reads it: each item's key and what it asks of the round. */
export interface PlanOnRound {
  items: ReadonlyArray<{ item: { key: string }; on: OnRound }>;
}

/**
 * One medication on a pet's sheet for a round, decided once for every surface (the sheet's line,
 * its count, the record's due items): printed as a dose by the care plan's word on it and the
 * sheet's own rule (`printedOnRound`). The line stays whatever the plan says:
 * never hide a dose.
 */
export interface MedicationLine<O extends OnRound = OnRound> {
  medication: RoundMedication;
  /** The plan's word on it this round, when the pet has a plan with the item. */
  on: O | undefined;
  /** To give (or follow) this round: printed as a dose (`printedOnRound`). */
  due: boolean;
  /** On the sheet this round with its plan item read by nobody yet: due from the words, "check the instruction". */
  check: boolean;
  /**
   * The plan has a word of its own for the line ("📋 plan: …"): every word but the sheet's own (due,
   * as the words make it, with no taper step).
   */
  planSays: boolean;
  /**
   * The plan decides otherwise than the sheet's reckoning from the words: the line shows the
   * instruction whole, not that reckoning ("no time given: follow the instruction").
   */
  planDecides: boolean;
}

const byDays = (m: RoundMedication) => m.state === "some_days" || m.state === "not_today";

export function medicationLines<O extends OnRound>(
  sheet: RoundSheet,
  plan: { items: ReadonlyArray<{ item: { key: string }; on: O }> } | undefined,
): MedicationLine<O>[] {
  const onPlan = new Map((plan?.items ?? []).map((i) => [i.item.key, i.on]));
  return sheet.medications.map((m) => {
    const on = onPlan.get(`med:${m.medication.n}`);
    const due = printedOnRound(on, m.due);
    // A plan that reads the days ("EOD from 5/12") says them, not the sheet's reckoning from the words
    // ("every other day: was it given yesterday?"): due on its day as any dose the words put here.
    const days = byDays(m) && on !== undefined && on.status !== "check";
    const planSays =
      on !== undefined && !(on.status === "due" && on.step === undefined && !on.onArrival && (m.due || days));
    return {
      medication: m,
      on,
      due,
      check: on?.status === "check" && m.due,
      planSays,
      planDecides: (planSays && on?.status !== "check" && due !== m.due) || days,
    };
  });
}

/**
 * The pets with a medication line to act on this round, as the sheet draws them (`medicationLines`):
 * a dose due, and a dose the sheet puts on this round whose plan item nobody has read yet ("check
 * the instruction"), counted too, never hidden: `toCheck` says how many of them have one. The round
 * summary's figure ("💊 6 with medication this round (3 to check)") and the Home tab's.
 */
export function medicationCounts(
  pets: ReadonlyArray<{ sheet?: RoundSheet | undefined; plan?: PlanOnRound | undefined }>,
): { withMedication: number; toCheck: number } {
  let withMedication = 0;
  let toCheck = 0;
  for (const p of pets) {
    if (!p.sheet) continue;
    const lines = medicationLines(p.sheet, p.plan);
    if (lines.some((l) => l.due || l.check)) withMedication++;
    if (lines.some((l) => l.check)) toCheck++;
  }
  return { withMedication, toCheck };
}

export function roundWord(round: Round): string {
  return round === "morning" ? "Morning" : round === "midday" ? "Midday" : "Evening";
}
