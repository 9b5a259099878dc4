/**
 * The care day in words: the in-house board, a round's sheet and tomorrow's check (titles, summary
 * parts). Plain text, shared by Slack's blocks and the terminal; each renderer escapes its own way.
 */
import type { Round } from "../domain/care.ts";
import type { HouseCount, HouseTotals } from "../domain/house.ts";
import { roundWord } from "../domain/rounds.ts";
import { plural } from "../domain/text.ts";
import { dayHeading } from "./dates.ts";
import { bookingNamed, type SummaryPart } from "./day.ts";

/** Beside a count that leaves out the stays whose check-in date is not known: "(+2 check-in date not read)". */
const CHECK_IN_NOT_READ = "check-in date not read";

/** "In house — Mon 24 Nov (38 pets)" */
export function houseTitle(date: string, pets: number): string {
  return `In house — ${dayHeading(date)} (${plural(pets, "pet")})`;
}

/**
 * A count of the house, saying what it counts and when (issue 45): "86 pets in house now · 84 on the
 * 07:30 sheet (2 arrived since) · 90 in house today"; a day not today, "38 pets in house that day".
 */
export function houseCountWords(c: HouseCount, o: { saidBefore?: boolean } = {}): string {
  // Beside a label that says it ("🐾 In house: 86 pets now · …"), not said again.
  const where = o.saidBefore ? "" : " in house";
  if (c.now === undefined) return `${plural(c.day, "pet")}${where} that day`;
  // Stays whose check-in could not be read: whether they are here yet nobody can tell from it, so
  // not in the count here now, and said beside it.
  const undated = c.undated ? ` (+${c.undated} ${CHECK_IN_NOT_READ}: here or not, check)` : "";
  const parts = [`${plural(c.now, "pet")}${where} now${undated}`];
  const s = c.sheet;
  if (s) {
    const since = [
      s.arrived && `${s.arrived} arrived since`,
      s.gone && `${s.gone} gone home since`,
      s.toArrive && `${s.toArrive} still to arrive`,
      s.leaving &&
        (s.leaving.ahead
          ? `${s.leaving.pets} here now going home before it`
          : `${s.leaving.pets} due home before it, still here`),
    ].filter(Boolean);
    parts.push(`${s.pets} on the ${s.time} sheet${since.length ? ` (${since.join(", ")})` : ""}`);
  }
  if (c.day !== c.now) parts.push(`${c.day} in house today`);
  return parts.join(" · ");
}

/** Is the house's count today's: it counts the pets here now (today only: src/domain/house.ts). */
export const isToday = (t: Pick<HouseTotals, "count">): boolean => t.count?.now !== undefined;

/** "today" for today's house, else "that day". */
export const houseDayWord = (today: boolean): string => (today ? "today" : "that day");

export function houseSummaryParts(t: HouseTotals): SummaryPart[] {
  const day = houseDayWord(isToday(t));
  const parts: SummaryPart[] = [
    { text: houseCountWords(t.count ?? { day: t.pets }) },
    { text: plural(t.rooms, "room") },
    { text: `🏠 ${t.goingHome} going home ${day}` },
    // A stay whose check-in could not be read may arrive that day or not: left out, and said beside it.
    {
      text: `🛬 ${t.arriving} arriving ${day}${t.checkInNotRead ? ` (+${t.checkInNotRead} ${CHECK_IN_NOT_READ})` : ""}`,
    },
  ];
  if (t.careNotMatched) parts.push({ text: `❔ ${t.careNotMatched} with care details not matched` });
  if (t.careNotLoaded) parts.push({ text: `❔ ${t.careNotLoaded} with care details not loaded` });
  if (t.pastCheckOut)
    parts.push({
      text: `⚠️ ${t.pastCheckOut} past ${t.pastCheckOut === 1 ? "its" : "their"} check-out: still here?`,
    });
  return parts;
}

export const NO_ONE_IN_HOUSE = "No pets in house on this day.";

/** "Evening round — Mon 24 Nov (38 pets)"; with the kennel's own name, "Evening round (Dinner) — …". */
export function roundTitle(round: Round, date: string, pets: number, kennelName?: string): string {
  return `${roundWord(round)} round${kennelName ? ` (${kennelName})` : ""} — ${dayHeading(date)} (${plural(pets, "pet")})`;
}

export interface RoundTotals {
  withMedication: number;
  /** Of those, the pets with a dose to check ("📋 plan: check: …"). */
  toCheck?: number | undefined;
  away: number;
  fed: number;
  noDiet: number;
  nothing: number;
  careMissing: number;
}

export function roundSummaryParts(t: RoundTotals): SummaryPart[] {
  const parts: SummaryPart[] = [
    {
      text: `💊 ${t.withMedication} with medication this round${t.toCheck ? ` (${t.toCheck} to check)` : ""}`,
    },
    { text: `🍽 ${t.fed} with a diet` },
  ];
  if (t.noDiet) parts.push({ text: `${t.noDiet} with no diet on record (house routine)` });
  if (t.nothing) parts.push({ text: `${t.nothing} with nothing this round` });
  if (t.away) parts.push({ text: `${t.away} gone home before it (not listed)` });
  if (t.careMissing) parts.push({ text: `❔ ${t.careMissing} with care details not matched or not loaded` });
  return parts;
}

/**
 * What a round's sheet says of a stay beside the pet's name: "🛬 arrives 19:00", "no check-out date",
 * "⚠️ past check-out (Sat 21 Nov 10:00): still here?", "🏠 checked out 08:30".
 */
export function stayMarkWords(p: {
  arrives?: string | undefined;
  noCheckOut?: boolean | undefined;
  pastCheckOut?: string | undefined;
  checkedOutAt?: string | undefined;
}): string[] {
  return [
    p.arrives ? `🛬 arrives ${p.arrives}` : "",
    p.noCheckOut ? NO_CHECK_OUT : "",
    p.pastCheckOut ? pastCheckOutWords(p.pastCheckOut) : "",
    p.checkedOutAt ? checkedOutWords(p.checkedOutAt) : "",
  ].filter(Boolean);
}

/** A stay still checked in past its check-out: "⚠️ past check-out (Sat 21 Nov 10:00): still here?" */
export const pastCheckOutWords = (when: string) => `⚠️ past check-out (${when}): still here?`;

/** A stay checked out that day at a time the API states: "🏠 checked out 08:30". */
export const checkedOutWords = (time: string) => `🏠 checked out ${time}`;

/**
 * A stay whose status says it has left (whatever the API's word: "Checked Out", "Departed"…) at no
 * time the API states (its check-out still to come): said as "🏠 checked out 08:30" is, with no time.
 */
export const CHECKED_OUT_NO_TIME = "🏠 checked out (no time stated)";

export const NO_CHECK_OUT = "❔ no check-out date";

/** "Care details missing — arrivals Tue 25 Nov (3 of 12)" */
export function tomorrowTitle(date: string, missing: number, arrivals: number): string {
  return `Care details missing — arrivals ${dayHeading(date)} (${missing} of ${arrivals})`;
}

export const TOMORROW_ALL_KNOWN = "Every arrival's pets have a diet and an evaluation recorded.";

/** How many stays of unreadable dates are named by reference; the rest are counted ("and 9 more"). */
const UNDATED_NAMED = 5;

/**
 * Stays the kennel API answered for the day whose check-in date could not be read: shown with the
 * day's stays (never dropped), the first few named (`bookingNamed`) and the rest counted, and what
 * to do.
 */
export function undatedWords(
  stays: { reference?: string | undefined; bookingId?: number | undefined; petNames?: string | undefined }[],
): string {
  const named = stays.slice(0, UNDATED_NAMED).map(bookingNamed);
  const rest = stays.length - named.length;
  const list = rest > 0 ? `${named.join(", ")} and ${rest} more` : named.join(", ");
  const one = stays.length === 1;
  return `${one ? "1 stay's check-in date" : `${stays.length} stays' check-in dates`} could not be read (${list}): ${one ? "it is" : "they are"} shown here with the day's stays, here or still to arrive (the kennel system says which), and not in the arriving count; check ${one ? "its" : "their"} dates there`;
}
