/** Small shared wording for bookings. */
import type { Booking, ReducedBooking } from "../kennel/schemas.ts";
import { esc } from "./mrkdwn.ts";

/** "checked_in" → "checked in"; escaped. */
export function statusWords(status: string | undefined): string {
  return status ? esc(status.replace(/[_-]+/g, " ")) : "status not recorded";
}

/** "✅ paid", "unpaid", "⚠️ *UNPAID* (a payment is recorded)", "payment not recorded". */
export function paidWords(booking: Booking | ReducedBooking, loud = false): string {
  if (booking.bookingPaid === true) return "✅ paid";
  if (booking.bookingPaid === false) {
    const unpaid = loud ? "⚠️ *UNPAID*" : "unpaid";
    return booking.hasPayment ? `${unpaid} (a payment is recorded)` : unpaid;
  }
  return "payment not recorded";
}

export function isUnpaid(booking: Booking | ReducedBooking): boolean {
  return booking.bookingPaid === false;
}

/**
 * Bookings that are not happening (cancelled, no-show, declined): left out of a day's list. The
 * spec does not list every status, so this reads the words rather than an exact list.
 */
export function isCalledOff(booking: Booking | ReducedBooking): boolean {
  return /cancel|no[\s_-]?show|declin|reject|void/i.test(booking.status ?? "");
}
