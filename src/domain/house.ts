/**
 * Who is in house on a local date: a stay whose check-in day ≤ date ≤ check-out day, both read
 * in the kennel's time zone, that counts (not called off, not waitlisted). A stay with no
 * check-out date is in house from its check-in on (marked "no check-out date" where shown), unless
 * its status says the pet has left. A stay still checked in past its check-out (`now`) is in house
 * from its check-in on too, until it is checked out (marked "past check-out: still here?"). Rooms in
 * natural order (Kennel 2 before Kennel 10); pets with no room last.
 */
import type { Booking } from "../kennel/schemas.ts";
import { localDate } from "../time.ts";
import { counts, pastCheckOut, saysLeft } from "./bookings.ts";
import type { EntryCare } from "./day.ts";

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
    const open = !b.checkOutDate || (now !== undefined && pastCheckOut(b, now));
    const to = !open ? localDate(b.checkOutDate as string, timeZone) : saysLeft(b) ? from : OPEN_END;
    return from <= date && date <= to;
  });
}

const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

/** Natural room order; no room last. */
export function compareRooms(a: string | undefined, b: string | undefined): number {
  if (a === b) return 0;
  if (!a) return 1;
  if (!b) return -1;
  return collator.compare(a, b);
}

/** Bookings in room order, then owner's name, then booking id. */
export function sortByRoom(bookings: Booking[]): Booking[] {
  return [...bookings].sort(
    (a, b) =>
      compareRooms(a.roomName, b.roomName) ||
      (a.customerName ?? "").localeCompare(b.customerName ?? "") ||
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
}

/**
 * The in-house board's counts, over every stay of the day (never one page of it): pets are each
 * booking's number of pets (1 when not given); care problems are counted per booking.
 */
export function houseTotalsOf(stays: HouseStay[]): HouseTotals {
  const pets = (s: HouseStay) => s.booking.numberOfPets ?? 1;
  const sum = (list: HouseStay[]) => list.reduce((n, s) => n + pets(s), 0);
  return {
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
