/**
 * Calendar dates (YYYY-MM-DD) and instants in the business's time zone. Pure functions of their
 * inputs: "now" is always passed in (from the injected clock), never read here.
 */
// The per-function entry point: the package index pulls in all of date-fns (about 1 s and 200 MB).
import { fromZonedTime } from "date-fns-tz/fromZonedTime";

const ymdFormatters = new Map<string, Intl.DateTimeFormat>();

function ymdFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = ymdFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    ymdFormatters.set(timeZone, f);
  }
  return f;
}

/** The calendar date (YYYY-MM-DD) of an instant in a zone. */
export function localDate(instant: Date | string | number, timeZone: string): string {
  const date = instant instanceof Date ? instant : new Date(instant);
  const parts = ymdFormatter(timeZone).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

/** A calendar date plus n days (n may be negative). */
export function addDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Day of the week of a calendar date: 0 Sunday … 6 Saturday. */
export function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/**
 * Instants already worked out, by date, time and zone: a stay's days ask the same few for each
 * answer, and working one out parses the zone anew (date-fns-tz; a departures list's stays made it a
 * twentieth of what the bot allocated in the sustained mix). At most INSTANTS_MAX, then begun again.
 */
const instants = new Map<string, number>();
const INSTANTS_MAX = 4096;

/** The instant of a local wall-clock time (HH:MM) on a date in a zone (a Date of its own, every time). */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const key = `${date}T${time}|${timeZone}`;
  let ms = instants.get(key);
  if (ms === undefined) {
    ms = fromZonedTime(`${date}T${time}:00`, timeZone).getTime();
    if (instants.size >= INSTANTS_MAX) instants.clear();
    instants.set(key, ms);
  }
  return new Date(ms);
}

/** Is this a real calendar date written YYYY-MM-DD? */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** The first instant of a calendar date in a zone, as ISO 8601 UTC. */
export function dayStartIso(date: string, timeZone: string): string {
  return zonedInstant(date, "00:00", timeZone).toISOString();
}

/** The last millisecond of a calendar date in a zone, as ISO 8601 UTC (a whole day, DST days included). */
export function dayEndIso(date: string, timeZone: string): string {
  return new Date(zonedInstant(addDays(date, 1), "00:00", timeZone).getTime() - 1).toISOString();
}

const wallFormatters = new Map<string, Intl.DateTimeFormat>();

/** The local date and time (YYYY-MM-DDTHH:MM) of an instant (ms) in a zone; its formatter made once per zone. */
export function wallOf(ms: number, timeZone: string): string {
  let f = wallFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    wallFormatters.set(timeZone, f);
  }
  const parts = f.formatToParts(ms);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}T${get("hour")}:${get("minute")}`;
}

/**
 * Every instant a local wall-clock time (HH:MM) on a date names in a zone, earliest first: none in
 * the hour skipped when the clocks go forward, two in the hour repeated when they go back, else
 * one. (zonedInstant gives one instant in every case: right only for the last.)
 */
export function wallClockInstants(date: string, time: string, timeZone: string): Date[] {
  const naive = Date.parse(`${date}T${time}:00Z`);
  const wall = `${date}T${time}`;
  // The zone's offsets within a day and a half either side: every one the time could be read in.
  const offsets = new Set(
    [-36, -12, 0, 12, 36].map((h) => {
      const at = naive + h * 3_600_000;
      return Date.parse(`${wallOf(at, timeZone)}:00Z`) - Math.floor(at / 60_000) * 60_000;
    }),
  );
  const found = [...offsets].map((o) => naive - o).filter((ms) => wallOf(ms, timeZone) === wall);
  return [...new Set(found)].sort((a, b) => a - b).map((ms) => new Date(ms));
}
