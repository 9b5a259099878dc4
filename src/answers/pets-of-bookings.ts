/**
 * The care records of the pets on a set of bookings: one GET /customers/{id}/pets per distinct
 * customer (the client shares identical requests and limits how many are in flight). A customer
 * whose pets cannot be loaded gives null for that booking; it never sinks the list.
 */
import { petsOnBooking } from "../blocks/care.ts";
import type { Deps } from "../deps.ts";
import { isKennelError } from "../kennel/errors.ts";
import type { Booking, Pet } from "../kennel/schemas.ts";

export interface PetsLookup {
  petsOf(booking: Booking): Pet[] | null;
  /** The first failure, in words with its request id, when some could not be loaded. */
  problem: string | undefined;
  /** API calls made. */
  calls: number;
}

export async function loadPetsOfBookings(
  deps: Pick<Deps, "kennel" | "log">,
  bookings: Booking[],
): Promise<PetsLookup> {
  const ids = [...new Set(bookings.map((b) => b.customerId).filter((id): id is number => id !== undefined))];
  const results = await Promise.allSettled(ids.map((id) => deps.kennel.listCustomerPets(id)));
  const byCustomer = new Map<number, Pet[] | null>();
  let problem: string | undefined;
  results.forEach((r, i) => {
    const id = ids[i] as number;
    if (r.status === "fulfilled") {
      byCustomer.set(id, r.value.data);
    } else {
      byCustomer.set(id, null);
      const e = r.reason;
      deps.log.warn(
        { customerId: id, err: isKennelError(e) ? e.toJSON() : String(e) },
        "could not load a customer's pets",
      );
      problem ??= isKennelError(e)
        ? `Some care details could not be loaded: ${e.message}${e.requestId ? ` (request id ${e.requestId})` : ""}`
        : "Some care details could not be loaded.";
    }
  });
  return {
    petsOf(booking) {
      if (booking.customerId === undefined) return null;
      const pets = byCustomer.get(booking.customerId);
      return pets === undefined || pets === null ? null : petsOnBooking(booking, pets);
    },
    problem,
    calls: ids.length,
  };
}
