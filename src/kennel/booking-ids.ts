/**
 * Which booking id each reference names, learnt from the full bookings the API lists (a reference
 * names one booking): `/booking REF` of a booking already seen asks for it by its id at once. Only
 * the id is kept, never the booking (src/kennel/bookings.ts reads it fresh).
 */
import type { Booking } from "./schemas.ts";

/** Booking ids by reference, as the API's full bookings gave them (a reference names one booking), the latest `max`. */
export class BookingIds {
  readonly #ids = new Map<string, number>();
  readonly max: number;

  constructor(max = 5000) {
    this.max = max;
  }

  learn(bookings: Iterable<Booking>): void {
    for (const b of bookings) {
      if (b.reference === undefined || b.bookingId === undefined) continue;
      this.#ids.delete(b.reference);
      this.#ids.set(b.reference, b.bookingId);
      if (this.#ids.size > this.max) this.#ids.delete(this.#ids.keys().next().value as string);
    }
  }

  /** The id of the booking with exactly this reference, when one was seen. */
  of(reference: string): number | undefined {
    return this.#ids.get(reference);
  }

  clear(): void {
    this.#ids.clear();
  }
}
