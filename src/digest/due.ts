/**
 * When a scheduled post is due: a daily local time in the kennel's zone, by the rules croner (the
 * scheduler's library before) followed for one, DST days included, and worked out from the zone's
 * offsets (src/time.ts) so that no Intl formatter is built for it. Shared by the scheduler and the
 * job (which marks a post late from it).
 */
import { addDays, localDate, offsetMinutesAt, wallClockInstants } from "../time.ts";

/**
 * The change of offset that skipped a wall time (naive: the time read as UTC, ms): the first instant
 * whose wall clock reads at or after it. Between the time read in the zone's largest offset nearby
 * (before the change) and its smallest (after it), the wall clock only moves forward.
 */
function skippedTo(naive: number, timeZone: string): number {
  const offsets = [-36, -12, 0, 12, 36].map((h) => offsetMinutesAt(naive + h * 3_600_000, timeZone) * 60_000);
  let before = naive - Math.max(...offsets);
  let after = naive - Math.min(...offsets);
  while (after - before > 1_000) {
    const mid = before + Math.floor((after - before) / 2_000) * 1_000;
    if (mid + offsetMinutesAt(mid, timeZone) * 60_000 >= naive) after = mid;
    else before = mid;
  }
  return after;
}

const dueCache = new Map<string, Date | null>();

/**
 * When a post at local `time` is due on a local `date`, as croner fired a daily time: at the time;
 * in the hour repeated when the clocks go back, at its first instant only; in the hour skipped when
 * they go forward, at the first instant after it (London 01:30 on 29 Mar: 02:00 BST). Null for a
 * date on which it never fires (a zone that skipped the whole day).
 */
export function dueInstant(time: string, timezone: string, date: string): Date | null {
  const key = `${time}|${timezone}|${date}`;
  const cached = dueCache.get(key);
  if (cached !== undefined) return cached;
  const [first] = wallClockInstants(date, time, timezone);
  let due = first ?? null;
  if (!first) {
    const after = skippedTo(Date.parse(`${date}T${time}:00Z`), timezone);
    if (localDate(after, timezone) === date) due = new Date(after);
  }
  if (dueCache.size > 1000) dueCache.clear();
  dueCache.set(key, due);
  return due;
}

/** The first firing of a daily local `time` after `from` (a Date of its own). */
export function nextDigestRun(time: string, timezone: string, from: Date): Date | null {
  let date = addDays(localDate(from, timezone), -1);
  for (let i = 0; i < 4; i++, date = addDays(date, 1)) {
    const due = dueInstant(time, timezone, date);
    if (due && due.getTime() > from.getTime()) return new Date(due.getTime());
  }
  return null;
}
