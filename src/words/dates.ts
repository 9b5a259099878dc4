/**
 * Dates and times as the front desk reads them, in the kennel's time zone: plain text for every surface.
 * Worked out from the zone's wall clock (time.ts's wallOf) and the names below, never with a date
 * formatter of their own: a process's first Intl.DateTimeFormat costs it 8–9 MB and 25–44 ms.
 */
import { addDays, localDate, wallOf } from "../time.ts";

// en-GB's short names exactly as this Node's Intl.DateTimeFormat("en-GB") printed them when these
// words were made with it (Node 24, ICU 78, CLDR 48): September is "Sept", not "Sep". The words'
// test compares every day of two years with Intl's, so an ICU that writes them otherwise shows there.
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"] as const;

/** The names of the day a Date's UTC fields give: "Mon", "24", "Nov", "2026". */
function names(d: Date) {
  if (Number.isNaN(d.getTime())) throw new RangeError("Invalid time value");
  return {
    weekday: WEEKDAYS[d.getUTCDay()],
    day: String(d.getUTCDate()),
    month: MONTHS[d.getUTCMonth()],
    year: String(d.getUTCFullYear()),
  };
}

/** "Mon 24 Nov" from a day's names. */
const heading = (n: ReturnType<typeof names>) => `${n.weekday} ${n.day} ${n.month}`;

/**
 * An instant on the zone's wall clock: its day's names, its date (YYYY-MM-DD, as localDate writes
 * it) and its time ("09:30"); undefined when absent or unreadable.
 */
function wall(iso: string | undefined, timeZone: string) {
  if (!iso) return undefined;
  const ms = new Date(iso).getTime();
  if (Number.isNaN(ms)) return undefined;
  const at = wallOf(ms, timeZone);
  const t = at.indexOf("T");
  const date = at.slice(0, t);
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  return { ...names(d), date, time: at.slice(t + 1) };
}

/**
 * "09:30" in the zone; "" when absent or unreadable. `today` (YYYY-MM-DD, the day the words are read
 * on: a sheet's date, the kennel's today): a time of another day says its day, "yesterday 23:20",
 * "tomorrow 07:30", "Sat 28 Nov 23:20", never a bare "23:20" read the next morning as this morning's.
 */
export function timeOf(iso: string | undefined, timeZone: string, today?: string): string {
  const w = wall(iso, timeZone);
  if (!w) return "";
  if (today === undefined || w.date === today) return w.time;
  if (w.date === addDays(today, -1)) return `yesterday ${w.time}`;
  if (w.date === addDays(today, 1)) return `tomorrow ${w.time}`;
  return `${heading(w)} ${w.time}`;
}

/**
 * A recorded time said against the day it belongs to (a round's date, the day a dose was given):
 * "23:20" on that day, "Mon 30 Nov 00:30" on another, so a record read later never passes one day's
 * time off as another's.
 */
export function timeOnDay(iso: string | undefined, timeZone: string, day: string): string {
  const w = wall(iso, timeZone);
  if (!w) return "";
  return w.date === day ? w.time : `${heading(w)} ${w.time}`;
}

/** "Mon 24 Nov" for a calendar date (YYYY-MM-DD). */
export function dayHeading(date: string): string {
  return heading(names(new Date(`${date}T12:00:00Z`)));
}

/** "Mon 24 Nov" (with the year when not `thisYear`), and ", 09:30" with the time. */
function localWords(
  iso: string | undefined,
  timeZone: string,
  thisYear: string | undefined,
  withTime: boolean,
): string {
  const w = wall(iso, timeZone);
  if (!w) return "not recorded";
  const day = `${heading(w)}${w.year === thisYear ? "" : ` ${w.year}`}`;
  return withTime ? `${day}, ${w.time}` : day;
}

/** "Mon 24 Nov" (with the year when not `thisYear`) for the local date of an instant. */
export const dayOf = (iso: string | undefined, timeZone: string, thisYear?: string) =>
  localWords(iso, timeZone, thisYear, false);

/** "Mon 24 Nov, 09:30" for an instant in the zone (with the year when not `thisYear`). */
export const dateTimeOf = (iso: string | undefined, timeZone: string, thisYear?: string) =>
  localWords(iso, timeZone, thisYear, true);

/**
 * A time said for a dose that is later than now, for its form's field: "That is later than now
 * (13:00)". A time on another day than today, or said for a round of another day, says the days,
 * so a 08:00 on tomorrow's round is never read as this morning's: "That is later than now (13:00
 * today); that round is Thu 3 Dec", "That is later than now (13:00 today); the time said is 08:00 on
 * Thu 3 Dec". `roundDate`: the round's day (YYYY-MM-DD), when the form is of one.
 */
export function laterThanNowWords(at: string, now: string, timeZone: string, roundDate?: string): string {
  const today = localDate(now, timeZone);
  const clock = timeOf(now, timeZone);
  const day = localDate(at, timeZone);
  if (day === today && (roundDate === undefined || roundDate === today))
    return `That is later than now (${clock})`;
  if (day === today) return `That is later than now (${clock} today)`;
  const which =
    day === roundDate
      ? `that round is ${dayHeading(day)}`
      : `the time said is ${timeOf(at, timeZone)} on ${dayHeading(day)}`;
  return `That is later than now (${clock} today); ${which}`;
}

/** "01:30 did not happen on Sun 29 Mar: the clocks went forward." */
export const skippedTimeWords = (date: string, time: string) =>
  `${time} did not happen on ${dayHeading(date)}: the clocks went forward.`;

/** "01:30 happened twice on Sun 25 Oct: the clocks went back." */
export const repeatedTimeWords = (date: string, time: string) =>
  `${time} happened twice on ${dayHeading(date)}: the clocks went back.`;

/** The question beside the time on a day the clocks go back: "Between 01:00 and 01:59 on Sun 25 Oct (it came twice)". */
export const whichHourWords = (r: { date: string; from: string; to: string }) =>
  `If it was between ${r.from} and ${r.to} on ${dayHeading(r.date)} (the clocks went back: that hour came twice), which time?`;

/** The two answers: the first time (before the clocks went back), the second. */
export const WHICH_WORDS = {
  first: "The first (before the clocks went back)",
  second: "The second (after the clocks went back)",
} as const;
