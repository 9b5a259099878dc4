/**
 * The care day in words: the in-house board, a round's sheet and tomorrow's check (titles, summary
 * parts). Plain text, shared by Slack's blocks and the terminal; each renderer escapes its own way.
 */
import type { Round } from "../domain/care.ts";
import { roundWord } from "../domain/rounds.ts";
import { plural } from "../domain/text.ts";
import { dayHeading } from "./dates.ts";
import type { SummaryPart } from "./day.ts";

/** "In house — Mon 24 Nov (38 pets)" */
export function houseTitle(date: string, pets: number): string {
  return `In house — ${dayHeading(date)} (${plural(pets, "pet")})`;
}

export interface HouseTotals {
  pets: number;
  rooms: number;
  goingHome: number;
  arriving: number;
  careNotMatched: number;
  careNotLoaded: number;
}

export function houseSummaryParts(t: HouseTotals): SummaryPart[] {
  const parts: SummaryPart[] = [
    { text: plural(t.pets, "pet") },
    { text: plural(t.rooms, "room") },
    { text: `🏠 ${t.goingHome} going home that day` },
    { text: `🛬 ${t.arriving} arriving that day` },
  ];
  if (t.careNotMatched) parts.push({ text: `❔ ${t.careNotMatched} with care details not matched` });
  if (t.careNotLoaded) parts.push({ text: `❔ ${t.careNotLoaded} with care details not loaded` });
  return parts;
}

export const NO_ONE_IN_HOUSE = "No pets in house on this day.";

/** "Evening round — Mon 24 Nov (38 pets)"; with the kennel's own name, "Evening round (Dinner) — …". */
export function roundTitle(round: Round, date: string, pets: number, kennelName?: string): string {
  return `${roundWord(round)} round${kennelName ? ` (${kennelName})` : ""} — ${dayHeading(date)} (${plural(pets, "pet")})`;
}

export interface RoundTotals {
  withMedication: number;
  away: number;
  fed: number;
  noDiet: number;
  nothing: number;
  careMissing: number;
}

export function roundSummaryParts(t: RoundTotals): SummaryPart[] {
  const parts: SummaryPart[] = [
    { text: `💊 ${t.withMedication} with medication this round` },
    { text: `🍽 ${t.fed} with a diet` },
  ];
  if (t.noDiet) parts.push({ text: `${t.noDiet} with no diet on record (feed as usual)` });
  if (t.nothing) parts.push({ text: `${t.nothing} with nothing this round` });
  if (t.away) parts.push({ text: `${t.away} gone home before it (not listed)` });
  if (t.careMissing) parts.push({ text: `❔ ${t.careMissing} with care details not matched or not loaded` });
  return parts;
}

/** What a round's sheet says of a stay beside the pet's name: "🛬 arrives 19:00", "no check-out date". */
export function stayMarkWords(p: {
  arrives?: string | undefined;
  noCheckOut?: boolean | undefined;
}): string[] {
  return [p.arrives ? `🛬 arrives ${p.arrives}` : "", p.noCheckOut ? NO_CHECK_OUT : ""].filter(Boolean);
}

export const NO_CHECK_OUT = "❔ no check-out date";

/** "Care details missing — arrivals Tue 25 Nov (3 of 12)" */
export function tomorrowTitle(date: string, missing: number, arrivals: number): string {
  return `Care details missing — arrivals ${dayHeading(date)} (${missing} of ${arrivals})`;
}

export const TOMORROW_ALL_KNOWN = "Every arrival's pets have a diet and an evaluation recorded.";
