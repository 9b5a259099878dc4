/**
 * The feeding and medication rounds: which round it is by the kennel's clock, and one pet's sheet
 * for a round.
 *
 * The round now: each round begins an hour before its configured time (ROUNDS_TIMES, default
 * 07:30, 12:00, 18:00), so at 11:15 the midday round is the one to prepare; before the morning
 * round begins it is still the morning round.
 */
import { DEFAULT_ROUND_TIMES } from "../config/parsers.ts";
import { type CareFacts, dietFor, medicationsFor, type Round, type RoundMedication } from "./care.ts";

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
  /** This round's diet, and the general diet (shown in every round). */
  diet: { round: string | undefined; general: string | undefined };
  medications: RoundMedication[];
  allergies: string | undefined;
  /** Nothing to feed or give this round (the pet is still listed, on one line). */
  nothing: boolean;
}

export function roundSheet(care: CareFacts, round: Round): RoundSheet {
  const diet = dietFor(care.diet, round);
  const medications = medicationsFor(care.medications, round);
  const nothing =
    !diet.round && !diet.general && !medications.some((m) => m.state === "given" || m.state === "no_time");
  return { diet, medications, allergies: care.allergies, nothing };
}

export function roundWord(round: Round): string {
  return round === "morning" ? "Morning" : round === "midday" ? "Midday" : "Evening";
}
