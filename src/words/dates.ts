/** Dates and times as the front desk reads them, in the kennel's time zone: plain text for every surface. */
import { addDays, localDate } from "../time.ts";

const cache = new Map<string, Intl.DateTimeFormat>();

function fmt(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", { timeZone, ...options });
    cache.set(key, f);
  }
  return f;
}

/**
 * "09:30" in the zone; "" when absent or unreadable. `today` (YYYY-MM-DD, the day the words are read
 * on: a sheet's date, the kennel's today): a time of another day says its day, "yesterday 23:20",
 * "tomorrow 07:30", "Sat 28 Nov 23:20", never a bare "23:20" read the next morning as this morning's.
 */
export function timeOf(iso: string | undefined, timeZone: string, today?: string): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const time = fmt(timeZone, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(d);
  if (today === undefined) return time;
  const day = localDate(d, timeZone);
  if (day === today) return time;
  if (day === addDays(today, -1)) return `yesterday ${time}`;
  if (day === addDays(today, 1)) return `tomorrow ${time}`;
  return `${dayHeading(day)} ${time}`;
}

/**
 * A recorded time said against the day it belongs to (a round's date, the day a dose was given):
 * "23:20" on that day, "Mon 30 Nov 00:30" on another, so a record read later never passes one day's
 * time off as another's.
 */
export function timeOnDay(iso: string | undefined, timeZone: string, day: string): string {
  const time = timeOf(iso, timeZone);
  if (!time || localDate(iso as string, timeZone) === day) return time;
  return `${dayHeading(localDate(iso as string, timeZone))} ${time}`;
}

/** "Mon 24 Nov" for a calendar date (YYYY-MM-DD). */
export function dayHeading(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  const parts = fmt("UTC", { weekday: "short", day: "numeric", month: "short" }).formatToParts(d);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
  return `${get("weekday")} ${get("day")} ${get("month")}`;
}

/** The local date (and time) of an instant, as parts; undefined when absent or unreadable. */
function localParts(iso: string | undefined, timeZone: string, withTime: boolean) {
  if (!iso) return undefined;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return undefined;
  const time = withTime ? ({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" } as const) : {};
  const parts = fmt(timeZone, {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    ...time,
  }).formatToParts(d);
  return (t: string) => parts.find((p) => p.type === t)?.value ?? "";
}

/** "Mon 24 Nov" (with the year when not `thisYear`), and ", 09:30" with the time. */
function localWords(
  iso: string | undefined,
  timeZone: string,
  thisYear: string | undefined,
  withTime: boolean,
): string {
  const get = localParts(iso, timeZone, withTime);
  if (!get) return "not recorded";
  const day = `${get("weekday")} ${get("day")} ${get("month")}${get("year") === thisYear ? "" : ` ${get("year")}`}`;
  return withTime ? `${day}, ${get("hour")}:${get("minute")}` : day;
}

/** "Mon 24 Nov" (with the year when not `thisYear`) for the local date of an instant. */
export const dayOf = (iso: string | undefined, timeZone: string, thisYear?: string) =>
  localWords(iso, timeZone, thisYear, false);

/** "Mon 24 Nov, 09:30" for an instant in the zone (with the year when not `thisYear`). */
export const dateTimeOf = (iso: string | undefined, timeZone: string, thisYear?: string) =>
  localWords(iso, timeZone, thisYear, true);

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
