/**
 * A booking's values the kennel API sent but Kennel Desk could not read (src/kennel/schemas.ts
 * `unreadableFieldsOf`): said where the value would be ("❔ owner not read"), never as "not recorded",
 * and named once in the document's foot with what to do. Absent values keep their own words.
 */
import { notRead } from "../domain/bookings.ts";
import { ENTRY_CAPS } from "../domain/day.ts";
import { unreadableFieldsOf } from "../kennel/schemas.ts";
import { notReadFootWords, notReadWords } from "../words/day.ts";
import { type Line, line, toned, value, whole } from "./doc.ts";

/** The words for a value not given: "❔ owner not read" when it was sent but not read, else `absent`. */
export function notGiven(booking: object, field: string, what: string, absent: string): string {
  return notRead(booking, field) ? notReadWords(what) : absent;
}

interface BookingNamed {
  reference?: string | undefined;
  bookingId?: number | undefined;
  petNames?: string | undefined;
}

/** The foot's line naming the bookings with values not read (first five, the rest counted), or none. */
export function notReadFoot(bookings: BookingNamed[]): Line[] {
  const words = notReadFootWords(
    bookings.map((b) => ({
      reference: b.reference ? value(b.reference, ENTRY_CAPS.reference) : undefined,
      bookingId: b.bookingId,
      petNames: b.petNames ? whole(b.petNames) : undefined,
      fields: unreadableFieldsOf(b),
    })),
  );
  return words ? [line(toned("alert", words))] : [];
}
