/**
 * Which bookings count as a stay, and what is owed: one rule each, used by every surface.
 *
 * The spec (docs/kennel-api.md, "States and transitions") shows only the statuses new and
 * confirmed; the full list is not shown. So the rule reads the status by its whole words
 * ("checked_out" and "Checked Out" alike; "cancel" inside another word is not a cancellation):
 * - asking: a status that only asks for a change ("Cancellation Requested", "pending
 *   cancellation", "awaiting cancellation") is a stay until it is done: shown with its status, as
 *   the API wrote it, and counted;
 * - called off: cancelled, no-show, declined, rejected, void, abandoned: not happening;
 * - waitlisted: waitlist, enquiry, quote, draft: not (yet) a stay;
 * - known stay: new, confirmed, booked, checked in/out, arrived, departed, completed, in progress;
 * - anything else is an unknown status: shown as the API wrote it, and counted (a stay we do not
 *   recognise must not vanish from the front desk's list).
 * Called-off and waitlisted bookings are left out of arrivals, departures, the 07:00 post, rounds
 * and the in-house board; the summaries say how many.
 */
import { type Booking, type ReducedBooking, unreadableFieldsOf } from "../kennel/schemas.ts";

export type Standing = "stay" | "unknown_status" | "called_off" | "waitlisted";

const ASKING = /\b(request|requests|requested|pending|awaiting|asked|asks|proposed|to\s+be)\b/i;
const CALLED_OFF =
  /\b(cancel|cancels|cancell?ed|cancellation|no\s?show|declined?|rejected?|void|voided|abandoned?)\b/i;
const WAITLISTED = /\b(wait\s?list|wait\s?listed|enquiry|enquiries|inquiry|quote|quoted|draft)\b/i;
const KNOWN_STAY =
  /^(new|confirmed|booked|pending|checked\s?in|checked\s?out|arrived|departed|completed?|in\s?progress|active|paid)$/i;

export function standingOf(booking: Booking | ReducedBooking): Standing {
  const status = statusText(booking.status);
  if ((CALLED_OFF.test(status) || WAITLISTED.test(status)) && ASKING.test(status)) return "unknown_status";
  if (CALLED_OFF.test(status)) return "called_off";
  if (WAITLISTED.test(status)) return "waitlisted";
  if (status === "" || KNOWN_STAY.test(status)) return "stay";
  return "unknown_status";
}

/** Does this booking count as a real stay (listed and counted)? */
export function counts(booking: Booking | ReducedBooking): boolean {
  const s = standingOf(booking);
  return s === "stay" || s === "unknown_status";
}

/** A status that says the pet has left: checked out, departed, gone home, completed. */
const LEFT = /\b(checked[\s_-]?out|departed|left|gone[\s_-]?home|completed?)\b/i;

/** Does the booking's status say the pet has left (so it is on no sheet from today on)? */
export function saysLeft(booking: Booking | ReducedBooking): boolean {
  return LEFT.test(statusText(booking.status));
}

/** A status that says the pet is on the premises: checked in, arrived, in house, on site, in progress. */
const CHECKED_IN = /\b(checked[\s_-]?in|arrived|in[\s_-]?house|on[\s_-]?site|in[\s_-]?progress)\b/i;

/** Does the booking's status say the pet is here (checked in)? */
export function saysCheckedIn(booking: Booking | ReducedBooking): boolean {
  return !saysLeft(booking) && CHECKED_IN.test(statusText(booking.status));
}

/**
 * Still checked in, its check-out passed (`now`, ms): the owner did not come, or the desk has not
 * checked it out. The pet is still here until its status says otherwise: on the in-house board and
 * every round's sheet, marked "⚠️ past check-out (…): still here?".
 */
export function pastCheckOut(booking: Pick<Booking, "status" | "checkOutDate">, now: number): boolean {
  const out = booking.checkOutDate === undefined ? Number.NaN : Date.parse(booking.checkOutDate);
  return out < now && saysCheckedIn(booking);
}

/** How many bookings of a list were left out, by reason. */
export interface LeftOut {
  calledOff: number;
  waitlisted: number;
}

/**
 * Each booking once: a list that names the same bookingId twice (a page read twice while the list
 * moved, or an API's own repeat) keeps its first copy. Bookings without an id are all kept.
 */
export function uniqueBookings<B extends Booking | ReducedBooking>(all: B[]): B[] {
  const seen = new Set<number>();
  return all.filter((b) => {
    if (b.bookingId === undefined) return true;
    if (seen.has(b.bookingId)) return false;
    seen.add(b.bookingId);
    return true;
  });
}

/** The bookings that count (each booking id once), and how many were left out and why. */
export function bookingsThatCount<B extends Booking | ReducedBooking>(
  all: B[],
): { kept: B[]; leftOut: LeftOut } {
  const kept: B[] = [];
  const leftOut: LeftOut = { calledOff: 0, waitlisted: 0 };
  for (const b of uniqueBookings(all)) {
    const s = standingOf(b);
    if (s === "called_off") leftOut.calledOff++;
    else if (s === "waitlisted") leftOut.waitlisted++;
    else kept.push(b);
  }
  return { kept, leftOut };
}

/** "checked_in" → "checked in"; "" when absent. */
export function statusText(status: string | undefined): string {
  return status ? status.replace(/[_-]+/g, " ").trim() : "";
}

/**
 * A status as typed, as the API's value: the words a booking's status is shown in ("checked in",
 * "Checked In", "checked-in") are its value ("checked_in") when that is a status Kennel Desk knows;
 * any other is sent as typed. A kennel system may store the words themselves, so a search asks the
 * value only when the status as typed finds none (src/answers/lists.ts byStatus).
 */
export function statusValue(typed: string): string {
  const value = typed
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "_");
  return LIKELY_STATUSES.includes(value) ? value : typed.trim();
}

export type Payment = "paid" | "unpaid" | "part_paid" | "unknown" | "not_read";

/**
 * Did the kennel API send this field with a value Kennel Desk could not read (dropped by the reader,
 * src/kennel/schemas.ts)? Such a value was recorded: it is said as "could not be read", never "not recorded".
 */
export function notRead(booking: object, field: string): boolean {
  return unreadableFieldsOf(booking).includes(field);
}

/**
 * paid: bookingPaid true. part_paid: not marked paid, but a payment is recorded (a deposit or
 * part payment: still money to take). unpaid: not paid and no payment recorded. unknown: the API
 * did not say. not_read: the API sent bookingPaid with a value Kennel Desk could not read.
 */
export function paymentOf(booking: Booking | ReducedBooking): Payment {
  if (booking.bookingPaid === true) return "paid";
  if (booking.bookingPaid === false) return booking.hasPayment === true ? "part_paid" : "unpaid";
  return notRead(booking, "bookingPaid") ? "not_read" : "unknown";
}

/** Money still to take at the desk: unpaid or part-paid. */
export function owes(booking: Booking | ReducedBooking): boolean {
  const p = paymentOf(booking);
  return p === "unpaid" || p === "part_paid";
}

/**
 * A departures list narrowed to what a Home figure counts (its button opens only those): `money`,
 * the bookings with money to take (unpaid or part-paid); `payment_check`, those whose payment was
 * not recorded or could not be read.
 */
export type DayOnly = "money" | "payment_check";

export const DAY_ONLY: Record<DayOnly, (b: Booking | ReducedBooking) => boolean> = {
  money: owes,
  payment_check: (b) => {
    const p = paymentOf(b);
    return p === "unknown" || p === "not_read";
  },
};

/** "boarding", "daycare"…: the type as the API wrote it, lower-cased words; "" when absent. */
export function bookingTypeText(booking: Booking | ReducedBooking): string {
  return booking.bookingType ? booking.bookingType.replace(/[_-]+/g, " ").trim() : "";
}

/**
 * " (2)" after the booking's pet names when it has `from` pets or more (2 on a day's card, 1 on a
 * booking's record), unless the kennel's own words already give a count ("chloe and biscuit (2 dogs)").
 */
export function petCountText(booking: Pick<Booking, "petNames" | "numberOfPets">, from = 2): string {
  const n = booking.numberOfPets;
  if (!n || n < from || /\(\s*\d/.test(booking.petNames ?? "")) return "";
  return ` (${n})`;
}

/**
 * Statuses a kennel's API is likely to use, for a hint only: the spec shows "new" and "confirmed" and
 * says the full list is not shown, so a status outside this list is still sent as typed.
 */
export const LIKELY_STATUSES = [
  "new",
  "confirmed",
  "checked_in",
  "checked_out",
  "cancelled",
  "no_show",
  "waitlisted",
];
