/**
 * Who is in house on a local date: a stay whose check-in day ≤ date ≤ check-out day, both read
 * in the kennel's time zone, that counts (not called off, not waitlisted). A stay with no
 * check-out date is in house from its check-in on (marked "no check-out date" where shown), unless
 * its status says the pet has left. A stay still checked in past its check-out (`now`) is in house
 * from its check-in up to today too, until it is checked out (marked "past check-out: still here?"),
 * never on a later day (its dates ended before it). Rooms in
 * natural order (Kennel 2 before Kennel 10); pets with no room last.
 */
import type { Booking } from "../kennel/schemas.ts";
import { localDate } from "../time.ts";
import { nameOrder, naturalOrderBase } from "../words/order.ts";
import { counts, pastCheckOut, saysLeft } from "./bookings.ts";
import type { EntryCare } from "./day.ts";
import { stayPets } from "./pet-match.ts";

/** The check-out day of a stay with none recorded: it does not end. */
const OPEN_END = "9999-12-31";

export function inHouseOn(bookings: Booking[], date: string, timeZone: string, now?: number): Booking[] {
  const seen = new Set<number>();
  return bookings.filter((b) => {
    if (!counts(b) || !b.checkInDate) return false;
    if (b.bookingId !== undefined) {
      // Pages may overlap when records change while paging: one booking is one stay.
      if (seen.has(b.bookingId)) return false;
      seen.add(b.bookingId);
    }
    const from = localDate(b.checkInDate, timeZone);
    // Still checked in past its check-out: here up to today (it is here now); a later day is past
    // its dates, and whether it stays till then nobody knows.
    const to = !b.checkOutDate
      ? saysLeft(b)
        ? from
        : OPEN_END
      : now !== undefined && pastCheckOut(b, now)
        ? localDate(now, timeZone)
        : localDate(b.checkOutDate, timeZone);
    return from <= date && date <= to;
  });
}

/**
 * The stays the kennel API answered for a date whose check-in date is not known (absent, or a value
 * that could not be read): in house as far as anyone here can tell, unless a check-out date read says
 * it ended before the date. Shown, and said, never dropped: a pet whose stay cannot be placed keeps
 * its place on the day's sheets (`inHouseOn` cannot place it).
 */
export function undatedOn(bookings: Booking[], date: string, timeZone: string): Booking[] {
  const seen = new Set<number>();
  return bookings.filter((b) => {
    if (!counts(b) || b.checkInDate) return false;
    if (b.bookingId !== undefined) {
      if (seen.has(b.bookingId)) return false;
      seen.add(b.bookingId);
    }
    return !b.checkOutDate || localDate(b.checkOutDate, timeZone) >= date;
  });
}

/** Natural room order; no room last. */
export function compareRooms(a: string | undefined, b: string | undefined): number {
  if (a === b) return 0;
  if (!a) return 1;
  if (!b) return -1;
  return naturalOrderBase(a, b);
}

/** Bookings in room order, then owner's name, then booking id. */
export function sortByRoom(bookings: Booking[]): Booking[] {
  return [...bookings].sort(
    (a, b) =>
      compareRooms(a.roomName, b.roomName) ||
      nameOrder(a.customerName ?? "", b.customerName ?? "") ||
      (a.bookingId ?? 0) - (b.bookingId ?? 0),
  );
}

export function goesHomeOn(b: Booking, date: string, timeZone: string): boolean {
  return b.checkOutDate !== undefined && localDate(b.checkOutDate, timeZone) === date;
}

export function arrivesOn(b: Booking, date: string, timeZone: string): boolean {
  return b.checkInDate !== undefined && localDate(b.checkInDate, timeZone) === date;
}

/** One stay on the in-house board, as far as the counts go. */
interface HouseStay {
  booking: Booking;
  care: EntryCare | undefined;
  goingHome: boolean;
  arriving: boolean;
  /** Still checked in past its check-out. */
  pastCheckOut?: string | undefined;
}

export interface HouseTotals {
  bookings: number;
  pets: number;
  rooms: number;
  goingHome: number;
  arriving: number;
  careNotMatched: number;
  careNotLoaded: number;
  /** Stays still checked in past their check-out ("still here?"). */
  pastCheckOut?: number;
  /**
   * Pets of stays whose check-in date is not known (not given, or not read): in `pets` (shown with
   * the day's stays), never in `arriving` (whether they arrive that day nobody can tell): said beside it.
   */
  checkInNotRead?: number;
  /** What the pets' count counts: that day, and today, here now and on the last round's sheet. */
  count?: HouseCount;
}

/**
 * The in-house board's counts, over every stay of the day (never one page of it): pets are each
 * booking's number of pets (when not given or not read: its pets as its care and names say,
 * `stayPets`); care problems are counted per booking.
 */
export function houseTotalsOf(stays: HouseStay[]): HouseTotals {
  const pets = (s: HouseStay) => stayPets(s.booking, s.care);
  const sum = (list: HouseStay[]) => list.reduce((n, s) => n + pets(s), 0);
  const undated = sum(stays.filter((s) => !s.booking.checkInDate));
  return {
    ...(undated ? { checkInNotRead: undated } : {}),
    bookings: stays.length,
    pets: sum(stays),
    rooms: new Set(stays.map((s) => s.booking.roomName ?? "")).size,
    goingHome: sum(stays.filter((s) => s.goingHome)),
    arriving: sum(stays.filter((s) => s.arriving)),
    careNotMatched: stays.filter((s) => s.care?.status === "not_matched").length,
    careNotLoaded: stays.filter((s) => s.care?.status === "not_loaded").length,
    pastCheckOut: stays.filter((s) => s.pastCheckOut).length,
  };
}

/** A stay of the day as a count of the house reads it (issue 45): its pets, and where they are now. */
export interface StayCount {
  bookingId?: number | undefined;
  pets: number;
  /** Here at the instant asked: checked in by then, not gone home (or still here past check-out). */
  here: boolean;
  /** Not here yet at that instant: its check-in is later. */
  later: boolean;
  /** Its check-in date not known (not given, or not read): neither here nor later, said apart. */
  undated?: true | undefined;
  /** Its check-out (ms), when known: a sheet kept ahead of its round leaves off a stay going home first. */
  out?: number | undefined;
}

/**
 * Each stay of the day with its pets and where they are at `now`; its pets counted as the board's
 * totals count them (`careOf`: with its care, when the booking's number of pets was not read).
 */
export function stayCountsAt(
  bookings: Booking[],
  now: number,
  careOf?: (b: Booking) => EntryCare | undefined,
): StayCount[] {
  return bookings.map((b) => {
    const pets = stayPets(b, careOf?.(b));
    const inAt = b.checkInDate ? Date.parse(b.checkInDate) : Number.NaN;
    const out = b.checkOutDate ? Date.parse(b.checkOutDate) : Number.NaN;
    const later = inAt > now;
    const gone = saysLeft(b) || (out < now && !pastCheckOut(b, now));
    const when = Number.isNaN(out) ? {} : { out };
    if (Number.isNaN(inAt))
      return { bookingId: b.bookingId, pets, here: false, later, undated: true, ...when };
    return { bookingId: b.bookingId, pets, here: !later && !gone, later, ...when };
  });
}

/** The last round kept that day, as its count of the house reads it. */
export interface SheetKept {
  /** The round's time ("07:30"). */
  time: string;
  /** Pets on its sheet when it was kept (in house at the round's time, or arriving later that day). */
  pets: number;
  /** The bookings on its sheet when it was kept. */
  bookings: readonly number[];
  /** The round's instant (ms): a stay going home before it is not on its sheet, nor "arrived since". */
  at?: number | undefined;
}

/**
 * What a count of the house counts (issue 45): the pets in house that day, those here now (today
 * only), and the last round's sheet as kept, with the pets arrived (a booking not on it), gone home
 * and still to arrive since, by the stays at now. Each figure is pets (each booking's number of pets).
 */
export interface HouseCount {
  day: number;
  now?: number | undefined;
  /** Pets of stays whose check-in date is not known: in the day's count, not in `now` (said apart). */
  undated?: number | undefined;
  sheet?:
    | {
        time: string;
        pets: number;
        arrived: number;
        gone: number;
        toArrive: number;
        /**
         * Here now, left off the sheet as going home before its round (a sheet kept ahead of it, the
         * 18:00 sheet posted at 13:00): `ahead`, the round still to come.
         */
        leaving?: { pets: number; ahead: boolean } | undefined;
      }
    | undefined;
}

export function houseCountOf(
  stays: readonly StayCount[],
  o: { today: boolean; sheet?: SheetKept | undefined; now?: number | undefined },
): HouseCount {
  const sum = (list: readonly StayCount[]) => list.reduce((n, s) => n + s.pets, 0);
  const count: HouseCount = { day: sum(stays) };
  if (!o.today) return count;
  count.now = sum(stays.filter((s) => s.here));
  const undated = sum(stays.filter((s) => s.undated));
  if (undated > 0) count.undated = undated;
  if (o.sheet) {
    const on = new Set(o.sheet.bookings);
    const kept = (s: StayCount) => s.bookingId !== undefined && on.has(s.bookingId);
    const at = o.sheet.at;
    // Not on the sheet because it goes home before the round: never "arrived since".
    const leavingFirst = (s: StayCount) => at !== undefined && s.out !== undefined && s.out < at;
    const leaving = sum(stays.filter((s) => !kept(s) && s.here && leavingFirst(s)));
    count.sheet = {
      time: o.sheet.time,
      pets: o.sheet.pets,
      arrived: sum(stays.filter((s) => !kept(s) && s.here && !leavingFirst(s))),
      // A stay whose check-in is not known is neither here nor to come: never "gone home since".
      gone: sum(stays.filter((s) => kept(s) && !s.here && !s.later && !s.undated)),
      toArrive: sum(stays.filter((s) => kept(s) && s.later)),
      ...(leaving > 0 && at !== undefined
        ? { leaving: { pets: leaving, ahead: o.now === undefined || at > o.now } }
        : {}),
    };
  }
  return count;
}
