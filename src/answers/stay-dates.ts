/**
 * The days a stay's record is read over (src/answers/stay.ts): its entries' round dates with a
 * month's margin, the days its rounds asked anything of it, and the span of some days.
 */
import type { Deps } from "../deps.ts";
import { pastCheckOut } from "../domain/bookings.ts";
import { ROUNDS, type Round } from "../domain/care.ts";
import type { Booking } from "../kennel/schemas.ts";
import { addDays, localDate, zonedInstant } from "../time.ts";

/** A stay as its record is read: its dates, and its status when the kennel API gave it. */
export type StayBooking = Pick<Booking, "bookingId" | "checkInDate" | "checkOutDate"> &
  Partial<Pick<Booking, "status">>;

/**
 * When a stay's record runs to (ms): its check-out; but a stay still checked in past its check-out
 * (the owner did not come) runs to now, as every round's sheet keeps it (src/domain/bookings.ts
 * pastCheckOut); without a check-out, now. Never before its check-in (`start`).
 */
function stayEnd(deps: Pick<Deps, "clock">, b: StayBooking, start: number): number {
  const now = deps.clock.now().getTime();
  const out = b.checkOutDate ? Date.parse(b.checkOutDate) : Number.NaN;
  if (Number.isNaN(out) || pastCheckOut(b, now)) return Math.max(now, start);
  return Math.max(out, start);
}

/** Entries are read by booking within its dates, with this many days' margin either side. */
const MARGIN_DAYS = 31;

/**
 * The round dates to read a stay's entries in: its check-in to its check-out (or today), with a
 * month's margin either side, so the read uses the record's date index instead of every entry ever
 * made. ASSUMPTION: an entry's round date is a day the pet was in house (staff record from that
 * day's sheet); the margin covers a stay whose dates were changed after. Without dates: every date.
 */
export function stayDates(
  deps: Pick<Deps, "config" | "clock">,
  b: StayBooking,
): { from?: string; to?: string } {
  const days = daysFrom(deps, b, (start) => stayEnd(deps, b, start));
  return days ? { from: addDays(days.from, -MARGIN_DAYS), to: addDays(days.to, MARGIN_DAYS) } : {};
}

/** Check-in's day to the day of `end(check-in)`, in the kennel's time zone; none without a check-in. */
function daysFrom(
  deps: Pick<Deps, "config">,
  b: StayBooking,
  end: (start: number) => number,
): { from: string; to: string } | undefined {
  const start = b.checkInDate ? Date.parse(b.checkInDate) : Number.NaN;
  if (Number.isNaN(start)) return undefined;
  const tz = deps.config.timezone;
  return { from: localDate(start, tz), to: localDate(end(start), tz) };
}

/**
 * The days a stay's rounds asked anything of it: check-in's to check-out's (or today, when it has
 * not come or the stay is still checked in past it), no margin (what a round asked is read by its
 * day; a stay's entries by its booking).
 */
export function roundDates(
  deps: Pick<Deps, "config" | "clock">,
  b: StayBooking,
): { from?: string; to?: string } {
  const today = deps.clock.now().getTime();
  return daysFrom(deps, b, (start) => Math.max(Math.min(stayEnd(deps, b, start), today), start)) ?? {};
}

/** The first and last of some days (YYYY-MM-DD), any missing left out. */
export function spanOf(...days: Array<string | undefined>): { from?: string; to?: string } {
  const known = days.filter((d): d is string => d !== undefined).sort();
  return known.length ? { from: known[0] as string, to: known.at(-1) as string } : {};
}

/**
 * The stay's rounds the record kept nothing of, by its dates: each round from check-in to its end
 * (check-out, or now when still checked in past it: stayEnd) whose time has passed, since the record
 * began, with no obligation kept. Nothing was asked of them, so nothing is counted; the record says so.
 */
export function unkeptRounds(
  deps: Pick<Deps, "config" | "clock">,
  b: StayBooking,
  f: { kept: Array<{ date: string; round: Round }>; recordSince?: Date | undefined },
): Array<{ date: string; round: Round }> {
  const start = b.checkInDate ? Date.parse(b.checkInDate) : Number.NaN;
  if (Number.isNaN(start)) return [];
  const end = Math.min(stayEnd(deps, b, start), deps.clock.now().getTime());
  const since = Math.max(start, f.recordSince?.getTime() ?? start);
  const tz = deps.config.timezone;
  const kept = new Set(f.kept.map((k) => `${k.date}|${k.round}`));
  const out: Array<{ date: string; round: Round }> = [];
  for (
    let date = localDate(since, tz);
    date <= localDate(end, tz) && out.length < 1200;
    date = addDays(date, 1)
  )
    for (const round of ROUNDS) {
      const at = zonedInstant(date, deps.config.rounds.times[round], tz).getTime();
      if (at >= since && at <= end && !kept.has(`${date}|${round}`)) out.push({ date, round });
    }
  return out;
}
