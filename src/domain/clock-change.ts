/**
 * A time of day said in the kennel's zone on a day its clocks change (issue 46, item 10): on the
 * day they go forward an hour never happens ("01:30 did not happen on Sun 29 Mar"), and on the day
 * they go back an hour happens twice ("01:30 happened twice on Sun 25 Oct: which one?"). A form
 * that takes a day and a time reads it here, and refuses (or asks) at its field rather than record
 * a time that is not the one meant.
 */
import { addDays, wallClockInstants } from "../time.ts";

/** Which of an hour that happened twice: the first (before the clocks went back) or the second. */
export type Which = "first" | "second";

export type WallTime =
  | { kind: "one"; at: string }
  /** The clocks went forward over it: no such time that day. */
  | { kind: "skipped" }
  /** The clocks went back over it: it happened twice (the first, then the second, an hour later). */
  | { kind: "twice"; first: string; second: string };

/** A day and a time (HH:MM) in the zone, as instants; `which`: the one meant of an hour that happened twice. */
export function wallTime(date: string, time: string, timeZone: string, which?: Which): WallTime {
  const found = wallClockInstants(date, time, timeZone).map((d) => d.toISOString());
  const [first, second] = found;
  if (!first) return { kind: "skipped" };
  if (!second) return { kind: "one", at: first };
  if (which) return { kind: "one", at: which === "first" ? first : second };
  return { kind: "twice", first, second };
}

/**
 * The hour that happens twice on `date` in the zone, when its clocks go back that day: its first
 * minute and its last (HH:MM, local), e.g. { from: "01:00", to: "01:59" }; undefined on other days.
 */
function repeatedHour(date: string, timeZone: string): { from: string; to: string } | undefined {
  let from: string | undefined;
  let to: string | undefined;
  for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
    const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
    if (wallClockInstants(date, hhmm, timeZone).length < 2) continue;
    from ??= hhmm;
    to = hhmm;
  }
  if (!from || !to) return undefined;
  const [h, m] = to.split(":").map(Number) as [number, number];
  const last = h * 60 + m + 14;
  return {
    from,
    to: `${String(Math.floor(last / 60)).padStart(2, "0")}:${String(last % 60).padStart(2, "0")}`,
  };
}

/** The first of `dates` (YYYY-MM-DD) whose clocks go back, with its repeated hour. */
export function clocksGoBack(
  dates: string[],
  timeZone: string,
): { date: string; from: string; to: string } | undefined {
  for (const date of [...new Set(dates)].sort()) {
    const hour = repeatedHour(date, timeZone);
    if (hour) return { date, ...hour };
  }
  return undefined;
}

/** The days a time given may fall on: from `first` to `last` (YYYY-MM-DD), each. */
export function daysFrom(first: string, last: string): string[] {
  const out: string[] = [];
  for (let d = first; d <= last && out.length < 8; d = addDays(d, 1)) out.push(d);
  return out;
}
