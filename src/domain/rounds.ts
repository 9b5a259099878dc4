/**
 * The feeding and medication rounds: which round it is by the kennel's clock, and one pet's sheet
 * for a round.
 *
 * The round now: each round begins an hour before its configured time (ROUNDS_TIMES, default
 * 07:30, 12:00, 18:00), so at 11:15 the midday round is the one to prepare; before the morning
 * round begins it is still the morning round.
 */
import { DEFAULT_ROUND_TIMES } from "../config/parsers.ts";
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

export interface RoundSheet {
  /**
   * This round's diet, the general diet (shown in every round), and the other rounds' diets whose
   * words name this round ("half now, the rest at lunch"): shown here too.
   */
  diet: {
    round: string | undefined;
    general: string | undefined;
    named: Array<{ round: Round; text: string; words: string }>;
  };
  /** Every medication, each with whether it is due this round (`RoundMedication.due`). */
  medications: RoundMedication[];
  allergies: string | undefined;
  /** No diet on record at all (general or any round): "feed as usual and check the booking", never "nothing". */
  noDiet: boolean;
  /** A diet to follow this round. */
  fed: boolean;
  /** Some medication is due this round. */
  medicationDue: boolean;
  /**
   * Nothing to feed or give this round, by the record: it has diets or doses for other rounds and
   * none for this one (the pet is still listed, on one line). Never for a pet with no diet on
   * record, nor in the morning for a pet with a medication instruction.
   */
  nothing: boolean;
}

export function roundSheet(care: CareFacts, round: Round): RoundSheet {
  const { round: own, general } = dietFor(care.diet, round);
  const named = ROUNDS.filter((r) => r !== round).flatMap((r) => {
    const text = care.diet[r];
    const words = roundsNamed(text)[round];
    return text && words ? [{ round: r, text, words }] : [];
  });
  const medications = medicationsFor(care.medications, round);
  const noDiet = !hasAnyDiet(care.diet);
  // A round's diet written "Nil" (or "none", "no") is no food this round, shown as written.
  const fed = feedsThisRound({ round: own, general }) || named.length > 0;
  const medicationDue = medications.some((m) => m.due);
  const instructionHere = round === "morning" && medications.some((m) => m.medication.instruction);
  const nothing = !noDiet && !fed && !own && !medicationDue && !instructionHere;
  return {
    diet: { round: own, general, named },
    medications,
    allergies: care.allergies,
    noDiet,
    fed,
    medicationDue,
    nothing,
  };
}

/** A round's counts, from its sheets: the round summary's and the Home tab's figures. */
export function roundCounts(sheets: RoundSheet[]): {
  withMedication: number;
  fed: number;
  noDiet: number;
  nothing: number;
} {
  return {
    withMedication: sheets.filter((s) => s.medicationDue).length,
    fed: sheets.filter((s) => s.fed).length,
    noDiet: sheets.filter((s) => s.noDiet).length,
    nothing: sheets.filter((s) => s.nothing).length,
  };
}

export function roundWord(round: Round): string {
  return round === "morning" ? "Morning" : round === "midday" ? "Midday" : "Evening";
}
