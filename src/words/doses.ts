/**
 * Dose times' words (issue 35), for every surface: why a dose was not given, a late entry ("late
 * entry: given 08:05, recorded 11:00"), a high-alert dose's witness ("witnessed by Tom 07:44",
 * "💉 unwitnessed") and the figure a manager reads ("given on time: 46 of 48 due"). Times in the
 * kennel's zone. Kept by theme, so each part of issue 35 adds its own words beside the others'.
 */
import type { NotGivenReason, Outcome } from "../record/types.ts";
import { localDate } from "../time.ts";
import { dayHeading, timeOf } from "./dates.ts";
import { outcomeWords } from "./record.ts";

// --- reasons a dose was not given ---------------------------------------------------------------

const REASON_WORDS: Record<NotGivenReason, string> = {
  refused: "refused",
  vomited: "vomited within 30 min",
  vet_withheld: "withheld on the vet's advice",
  not_in_kennel: "not in the kennel",
  none_left: "none left",
  asleep: "asleep as instructed",
  other: "other",
};

/** "vomited within 30 min": a reason from the list, as staff say it. */
export function reasonWords(code: NotGivenReason): string {
  return REASON_WORDS[code] ?? String(code);
}

// --- late entries -------------------------------------------------------------------------------

/** "08:05", or "Tue 24 Nov 21:15" when the two instants fall on different days. */
function timeBeside(iso: string, other: string, timezone: string): string {
  const day = (x: string) => dayHeading(localDate(x, timezone));
  return day(iso) === day(other) ? timeOf(iso, timezone) : `${day(iso)} ${timeOf(iso, timezone)}`;
}

/**
 * "late entry: given 08:05, recorded 11:00" (a refusal: "late entry: refused 08:05, recorded
 * 11:00"); each time with its day when the two fall on different days.
 */
export function lateEntryWords(
  e: { outcome: Outcome; givenAt?: string | undefined; recordedAt: string },
  timezone: string,
): string {
  const recorded = e.givenAt ? timeBeside(e.recordedAt, e.givenAt, timezone) : timeOf(e.recordedAt, timezone);
  if (!e.givenAt) return `late entry: recorded ${recorded}`;
  return `late entry: ${outcomeWords(e.outcome)} ${timeBeside(e.givenAt, e.recordedAt, timezone)}, recorded ${recorded}`;
}

// --- the witness of a high-alert dose -----------------------------------------------------------

/** "witnessed by Tom 07:44" */
export const witnessedWords = (name: string, at: string, timezone: string) =>
  `witnessed by ${name} ${timeOf(at, timezone)}`;

/** "awaiting a witness until 07:59" */
export const awaitingWitnessWords = (until: string, timezone: string) =>
  `awaiting a witness until ${timeOf(until, timezone)}`;

export const UNWITNESSED = "unwitnessed";

// --- figures ------------------------------------------------------------------------------------

/** "given on time: 46 of 48 due" */
export const onTimeWords = (f: { onTime: number; due: number }) =>
  `given on time: ${f.onTime} of ${f.due} due`;
