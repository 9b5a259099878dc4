/**
 * The days a stay's record is read over (src/answers/stay.ts): its entries' round dates with a
 * month's margin, the days its rounds asked anything of it, and the span of some days; and, from the
 * record alone (a stay's record and its export with no kennel API: `keptStayDays`), the days the
 * stay was kept, with its booking as its kept rounds said it.
 */
import type { Deps } from "../deps.ts";
import { pastCheckOut } from "../domain/bookings.ts";
import { ROUNDS, type Round } from "../domain/care.ts";
import type { OwedRound } from "../domain/obligations.ts";
import type { Booking } from "../kennel/schemas.ts";
import { addDays, localDate, zonedInstant } from "../time.ts";
import { owedRounds } from "./obligations.ts";
import { WELFARE_KINDS } from "./welfare-record.ts";

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
function spanOf(...days: Array<string | undefined>): { from?: string; to?: string } {
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

/** The booking as its kept rounds said it: its reference, check-in and check-out. */
export interface SaidBooking {
  reference?: string | undefined;
  checkIn?: string | undefined;
  checkOut?: string | undefined;
}

/**
 * The booking as its kept rounds said it: each of its reference, check-in and check-out the latest
 * said (a pet added to a round as it arrived, by an older record, said none); the check-in, when
 * none said it, the first arrival the rounds kept. None when no round asked the stay.
 */
export function saidOf(asked: OwedRound["pets"]): SaidBooking | undefined {
  if (asked.length === 0) return undefined;
  const latest = (f: (p: OwedRound["pets"][number]) => string | undefined) =>
    asked.map(f).findLast((v) => v !== undefined);
  return {
    reference: latest((p) => p.reference),
    checkIn: latest((p) => p.checkIn) ?? asked.find((p) => p.arrived)?.arrived,
    checkOut: latest((p) => p.checkOut),
  };
}

/** How long past its check-out a stay's record looks for rounds that still kept it (the owner did not come). */
const STILL_HERE_DAYS = 42;

/**
 * Today, for a stay whose record may run to now: one with no check-out date, or whose check-out was
 * at most STILL_HERE_DAYS ago (a pet still checked in past it is on every round's sheet since, as
 * the rounds kept it); otherwise none (the stay's own dates bound its record).
 */
function stillKeptTo(
  deps: Pick<Deps, "config" | "clock">,
  said: SaidBooking | undefined,
): string | undefined {
  if (!said?.checkIn) return undefined;
  const tz = deps.config.timezone;
  const today = localDate(deps.clock.now(), tz);
  const out = said.checkOut && localDate(said.checkOut, tz);
  return !out || (out < today && addDays(out, STILL_HERE_DAYS) >= today) ? today : undefined;
}

/**
 * What names a stay by its booking on its own days besides its entries: a change to a kept round,
 * its welfare checks and doses given if needed. Its care plans name it too, but are dated when kept,
 * which may be long before it came: they say which stays a pet had, not when.
 */
const DATED_KINDS = ["obligation_change", "prn", ...WELFARE_KINDS] as const;
export const NAMING_KINDS = [...DATED_KINDS, "plan"] as const;

/** Days with no round kept at all (the bot not running) that the walk out of a stay's days looks past. */
const UNKEPT_DAYS = 7;

/**
 * The days a stay was kept, from the record alone (its record, `record --booking`, and its export,
 * `record export --booking`): the days its entries and the records naming its booking on its days
 * are of (up to today: DATED_KINDS) and `range`'s; widened to its check-in and check-out as the rounds of those days kept them
 * (to today while it may still be here: stillKeptTo); then on out a day at a time while that day's
 * kept rounds still ask it (a first or last day with nothing recorded, a booking its rounds kept no
 * dates of). `said`: the booking as the rounds of the first days said it. None when nothing names
 * the booking on its days (a stay only its kept rounds or its plans name is looked for over every
 * day by the caller).
 */
export async function keptStayDays(
  deps: Required<Pick<Deps, "record">> & Pick<Deps, "config" | "clock">,
  bookingId: number,
  range: { from?: string | undefined; to?: string | undefined } = {},
): Promise<{ from: string; to: string; said: SaidBooking | undefined } | undefined> {
  const store = deps.record;
  const tz = deps.config.timezone;
  const today = localDate(deps.clock.now(), tz);
  const named = await Promise.all([
    store.entries({ bookingId }),
    ...DATED_KINDS.map((kind) => store.log({ kind, bookingId })),
  ]);
  const first = spanOf(
    ...named.flat().map((r) => (r.date <= today ? r.date : undefined)),
    range.from,
    range.to,
  );
  if (first.from === undefined || first.to === undefined) return undefined;
  const rounds = await owedRounds(deps, { from: first.from, to: first.to });
  const said = saidOf(rounds.flatMap((r) => r.pets.filter((p) => p.bookingId === bookingId)));
  const whole = spanOf(
    first.from,
    first.to,
    said?.checkIn && localDate(said.checkIn, tz),
    said?.checkOut && localDate(said.checkOut, tz),
    stillKeptTo(deps, said),
  ) as { from: string; to: string };
  return {
    from: await stayEdge(deps, bookingId, whole.from, -1),
    to: await stayEdge(deps, bookingId, whole.to, 1, today),
    said,
  };
}

/**
 * The last day, from `day` on in the direction of `step` (up to `bound`), whose kept rounds ask the
 * stay, each day read on its own: it stops at a day whose kept rounds do not ask it, and looks past
 * days with no kept rounds at all (the bot not running) for a week of them at most.
 */
async function stayEdge(
  deps: Required<Pick<Deps, "record">> & Pick<Deps, "config">,
  bookingId: number,
  day: string,
  step: 1 | -1,
  bound?: string,
): Promise<string> {
  let edge = day;
  let unkept = 0;
  for (let d = addDays(day, step); bound === undefined || d <= bound; d = addDays(d, step)) {
    const rounds = await owedRounds(deps, { date: d });
    if (rounds.some((r) => r.pets.some((p) => p.bookingId === bookingId))) {
      edge = d;
      unkept = 0;
    } else if (rounds.length > 0 || ++unkept > UNKEPT_DAYS) break;
  }
  return edge;
}
