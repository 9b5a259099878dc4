/**
 * Calendar dates (YYYY-MM-DD) and instants in the business's time zone. Pure functions of their
 * inputs: "now" is always passed in (from the injected clock), never read here.
 *
 * Everything here comes from one question, the zone's offset from UTC at an instant
 * (offsetMinutesAt). In the zone the process has adopted (adoptProcessZone: the bot's own process,
 * its kennel's zone) the answer is the Date's own getTimezoneOffset, which reads only ICU's time
 * zone rules (about 1.6 MB and under a millisecond the first time). Any other zone asks an
 * Intl.DateTimeFormat, whose first use in a process loads ICU's locale data as well (8–9 MB and
 * 25–44 ms): tests that run many zones in one process, a command before it has read its settings.
 */

let adopted: string | undefined;

/**
 * The process's own zone from now on (process.env.TZ), so that the kennel's offsets come from the
 * Date's time zone rules and no Intl formatter is built for them. Only for a process that is the
 * bot's (or a long-running command's) alone, with a zone already checked (isValidTimeZone): an
 * unknown TZ silently reads as UTC. Nothing in the bot reads a Date's local getters, so the process
 * zone changes nothing else (the terminal log's times read in it).
 */
export function adoptProcessZone(timeZone: string): void {
  process.env.TZ = timeZone;
  adopted = timeZone;
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** The offset by Intl, for a zone the process has not adopted: one formatter per zone. */
function intlOffsetMinutes(ms: number, timeZone: string): number {
  let f = offsetFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    offsetFormatters.set(timeZone, f);
  }
  const parts = f.formatToParts(ms);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return (wall - (ms - (((ms % 1000) + 1000) % 1000))) / 60_000;
}

/** Minutes the zone's wall clock is ahead of UTC at an instant (ms): 60 for London in summer. */
export function offsetMinutesAt(ms: number, timeZone: string): number {
  if (timeZone === adopted && process.env.TZ === adopted) {
    return -new Date(ms).getTimezoneOffset() || 0;
  }
  return intlOffsetMinutes(ms, timeZone);
}

/** The wall clock (a UTC ISO string's fields) of an instant in a zone. */
const wallIso = (ms: number, timeZone: string): string =>
  new Date(ms + offsetMinutesAt(ms, timeZone) * 60_000).toISOString();

/** The calendar date (YYYY-MM-DD) of an instant in a zone. */
export function localDate(instant: Date | string | number, timeZone: string): string {
  const ms = instant instanceof Date ? instant.getTime() : new Date(instant).getTime();
  return wallIso(ms, timeZone).slice(0, 10);
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
 * answer. At most INSTANTS_MAX, then begun again.
 */
const instants = new Map<string, number>();
const INSTANTS_MAX = 4096;

/**
 * The instant of a wall-clock time read in a zone, as date-fns-tz's fromZonedTime worked it out
 * (the bot's answer before it had this): the offset at the time read as UTC, checked once at the
 * instant it gives and once more. In the hour repeated when the clocks go back that is one of the
 * two (London's second, New York's first); in the hour skipped when they go forward, the time read
 * in the offset after the change (London 01:30 on 29 Mar: 00:30 UTC, as if BST).
 */
function fromWall(naive: number, timeZone: string): number {
  const at = (ms: number) => offsetMinutesAt(ms, timeZone) * 60_000;
  const first = at(naive);
  const o2 = at(naive - first);
  if (o2 === first) return naive - first;
  const o3 = at(naive - first - (o2 - first));
  return naive - (o2 === o3 ? o2 : Math.max(o2, o3));
}

/** The instant of a local wall-clock time (HH:MM) on a date in a zone (a Date of its own, every time). */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const key = `${date}T${time}|${timeZone}`;
  let ms = instants.get(key);
  if (ms === undefined) {
    ms = fromWall(Date.parse(`${date}T${time}:00Z`), timeZone);
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

/** The local date and time (YYYY-MM-DDTHH:MM) of an instant (ms) in a zone. */
export function wallOf(ms: number, timeZone: string): string {
  return wallIso(ms, timeZone).slice(0, 16);
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
    [-36, -12, 0, 12, 36].map((h) => offsetMinutesAt(naive + h * 3_600_000, timeZone) * 60_000),
  );
  const found = [...offsets].map((o) => naive - o).filter((ms) => wallOf(ms, timeZone) === wall);
  return [...new Set(found)].sort((a, b) => a - b).map((ms) => new Date(ms));
}

/**
 * The minute the care record began (its first write, to the minute), as every surface counts its
 * rounds: a round timed in that minute (the evening round at 18:00, the record begun at 18:00:00.857)
 * is the record's, kept or not, never "before the record began".
 */
export function recordMinute(began: Date | string): number {
  const at = new Date(began).getTime();
  return at - (((at % 60_000) + 60_000) % 60_000);
}
