/**
 * The care records of the pets on a set of bookings: one GET /customers/{id}/pets per distinct
 * customer, all at once (the client limits how many are in flight, shares identical requests and
 * caches care records). A customer whose pets cannot be loaded gives "not loaded" for that
 * booking and a problem in words; it never sinks the list.
 */
import type { Deps } from "../deps.ts";
import { careOfBooking, type EntryCare } from "../domain/day.ts";
import type { Booking, Pet } from "../kennel/schemas.ts";
import { describeFailure } from "./failure.ts";

export interface CareLookup {
  careOf(booking: Booking): EntryCare;
  /** The first failure, in words with its request id, when some could not be loaded. */
  problem: string | undefined;
  /** Customers looked up. */
  customers: number;
}

export async function lookUpCare(
  deps: Pick<Deps, "kennel" | "log">,
  bookings: Booking[],
): Promise<CareLookup> {
  const ids = [...new Set(bookings.map((b) => b.customerId).filter((id): id is number => id !== undefined))];
  const results = await Promise.allSettled(ids.map((id) => deps.kennel.listCustomerPets(id)));
  const byCustomer = new Map<number, Pet[] | null>();
  let problem: string | undefined;
  results.forEach((r, i) => {
    const id = ids[i] as number;
    if (r.status === "fulfilled") {
      byCustomer.set(id, r.value.data);
      return;
    }
    byCustomer.set(id, null);
    const f = describeFailure(r.reason);
    deps.log.warn({ customerId: id, err: f }, "could not load a customer's pets");
    problem ??= `Some pets' care details could not be loaded: ${f.what}${f.requestId ? ` (request id ${f.requestId})` : ""}`;
  });
  return {
    careOf: (booking) =>
      careOfBooking(
        booking,
        booking.customerId === undefined ? undefined : byCustomer.get(booking.customerId),
      ),
    problem,
    customers: ids.length,
  };
}
