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
import { addDays, localDate, recordMinute, zonedInstant } from "../time.ts";
import { codeOrder } from "../words/order.ts";
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
  const since = Math.max(start, f.recordSince ? recordMinute(f.recordSince) : start);
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

/**
 * When the care record began, when that was after the stay's check-in (ISO): the stay's rounds
 * before it are the paper's, and the stay record says so rather than leaving them unsaid.
 */
export function beganAfterCheckIn(b: StayBooking, recordSince: Date | undefined): string | undefined {
  const start = b.checkInDate ? Date.parse(b.checkInDate) : Number.NaN;
  if (recordSince === undefined || Number.isNaN(start)) return undefined;
  return recordSince.getTime() > start ? recordSince.toISOString() : undefined;
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
  const first = await namedDays(deps, bookingId, range);
  if (!first) return undefined;
  const rounds = await owedRounds(deps, first);
  const said = saidOf(rounds.flatMap((r) => r.pets.filter((p) => p.bookingId === bookingId)));
  const whole = widened(deps, first, said);
  const ids = new Set([bookingId]);
  return {
    from: await stayEdge(deps, ids, whole.from, -1),
    to: await stayEdge(deps, ids, whole.to, 1, todayOf(deps)),
    said,
  };
}

/**
 * The days of several stays (one pet's, `record export --pet` with no range), each found as
 * `keptStayDays` finds one, with fewer of their rounds read: a stay's check-in and check-out as the
 * rounds of its first and last named days said them (not every day's between: the days between are
 * the stay's anyway), and stays a week or less apart walked out as one run, from the run's ends (a
 * day inside the run is read for its items by the caller, so walking out from a stay's end inside
 * it finds nothing more). A pet in house every day had each of its days' rounds read twice or three times to
 * find them, then again for its items (docs/benchmarks.md). None when one of them has no named days
 * (the caller reads every day).
 */
export async function keptStaysDays(
  deps: Required<Pick<Deps, "record">> & Pick<Deps, "config" | "clock">,
  bookingIds: readonly number[],
): Promise<Array<{ from: string; to: string }> | undefined> {
  // Each end day's rounds read once (a stay's last day is often the next one's first), only these
  // stays' pets kept of them, so what is held stays small however many stays there are.
  const mine = new Set(bookingIds);
  const read = new Map<string, Promise<OwedRound["pets"]>>();
  const petsOn = (date: string) => {
    const pets =
      read.get(date) ??
      owedRounds(deps, { date }).then((rounds) =>
        rounds.flatMap((r) => r.pets.filter((p) => mine.has(p.bookingId))),
      );
    read.set(date, pets);
    return pets;
  };
  const stays: Array<{ from: string; to: string; id: number }> = [];
  for (const id of bookingIds) {
    const first = await namedDays(deps, id);
    if (!first) return undefined;
    const ends = [...(await petsOn(first.from)), ...(first.to === first.from ? [] : await petsOn(first.to))];
    const said = saidOf(ends.filter((p) => p.bookingId === id));
    stays.push({ ...widened(deps, first, said), id });
  }
  const runs: Array<{ from: string; to: string; ids: Set<number> }> = [];
  for (const stay of stays.sort((a, b) => codeOrder(a.from, b.from))) {
    const last = runs.at(-1);
    // Stays a week or less apart are one run: the days between are read once for their items
    // (nothing of this pet's there is dropped by the caller's filter), not walked out from both sides.
    if (last && stay.from <= addDays(last.to, UNKEPT_DAYS + 1)) {
      if (stay.to > last.to) last.to = stay.to;
      last.ids.add(stay.id);
    } else runs.push({ from: stay.from, to: stay.to, ids: new Set([stay.id]) });
  }
  const today = todayOf(deps);
  return Promise.all(
    runs.map(async (run) => ({
      from: await stayEdge(deps, run.ids, run.from, -1),
      to: await stayEdge(deps, run.ids, run.to, 1, today),
    })),
  );
}

export const todayOf = (deps: Pick<Deps, "config" | "clock">) =>
  localDate(deps.clock.now(), deps.config.timezone);

/**
 * The first and last days the record names a stay on (its entries and DATED_KINDS, up to today)
 * with `range`'s; none when nothing names it on its days.
 */
export async function namedDays(
  deps: Required<Pick<Deps, "record">> & Pick<Deps, "config" | "clock">,
  bookingId: number,
  range: { from?: string | undefined; to?: string | undefined } = {},
): Promise<{ from: string; to: string } | undefined> {
  const store = deps.record;
  const today = todayOf(deps);
  const named = await Promise.all([
    store.entries({ bookingId }),
    ...DATED_KINDS.map((kind) => store.log({ kind, bookingId })),
  ]);
  const first = spanOf(
    ...named.flat().map((r) => (r.date <= today ? r.date : undefined)),
    range.from,
    range.to,
  );
  return first.from === undefined || first.to === undefined ? undefined : { from: first.from, to: first.to };
}

/** A stay's named days widened to its check-in and check-out as its rounds said them, and to today while it may still be here. */
export function widened(
  deps: Pick<Deps, "config" | "clock">,
  first: { from: string; to: string },
  said: SaidBooking | undefined,
): { from: string; to: string } {
  const tz = deps.config.timezone;
  return spanOf(
    first.from,
    first.to,
    said?.checkIn && localDate(said.checkIn, tz),
    said?.checkOut && localDate(said.checkOut, tz),
    stillKeptTo(deps, said),
  ) as { from: string; to: string };
}

/**
 * The last day, from `day` on in the direction of `step` (up to `bound`), whose kept rounds ask the
 * stay (one of `bookingIds`), each day read on its own: it stops at a day whose kept rounds do not ask it, and looks past
 * days with no kept rounds at all (the bot not running) for a week of them at most.
 */
export async function stayEdge(
  deps: Required<Pick<Deps, "record">> & Pick<Deps, "config">,
  bookingIds: ReadonlySet<number>,
  day: string,
  step: 1 | -1,
  bound?: string,
  /** A day's kept rounds (several stays' walks share their reads). */
  roundsOn: (date: string) => Promise<OwedRound[]> = (date) => owedRounds(deps, { date }),
): Promise<string> {
  let edge = day;
  let unkept = 0;
  for (let d = addDays(day, step); bound === undefined || d <= bound; d = addDays(d, step)) {
    const rounds = await roundsOn(d);
    if (rounds.some((r) => r.pets.some((p) => bookingIds.has(p.bookingId)))) {
      edge = d;
      unkept = 0;
    } else if (rounds.length > 0 || ++unkept > UNKEPT_DAYS) break;
  }
  return edge;
}
