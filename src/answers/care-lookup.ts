/**
 * The care records of the pets on a set of bookings: one GET /customers/{id} (with its pets) per distinct
 * customer, all at once (the client limits how many are in flight, shares identical requests and
 * caches care records). A customer whose pets cannot be loaded gives "not loaded" for that
 * booking and a problem in words; it never sinks the list.
 *
 * `shown`: how many of the bookings (the first, in the answer's order) the answer shows (default
 * all). Their care is read as the answer's own calls; the rest (a day list's later pages, read for
 * the whole day's counts) past its budget, as bulk: after every other answer's calls (issue 48).
 */
import type { Deps } from "../deps.ts";
import { careOfBooking, type EntryCare } from "../domain/day.ts";
import { allowCalls } from "../kennel/limiter.ts";
import { type Booking, careLeftOut, type Pet } from "../kennel/schemas.ts";
import { careNotLoadedWords } from "../words/care.ts";
import { describeFailure } from "./failure.ts";

export interface CareLookup {
  /** The booking's care, matched once per booking (a day list asks it to size its pages, then to list). */
  careOf(booking: Booking): EntryCare;
  /** The first failure, in words with its request id, when some could not be loaded. */
  problem: string | undefined;
  /** Customers looked up. */
  customers: number;
}

export async function lookUpCare(
  deps: Pick<Deps, "kennel" | "log">,
  bookings: Booking[],
  o: { shown?: number } = {},
): Promise<CareLookup> {
  const ids = [...new Set(bookings.map((b) => b.customerId).filter((id): id is number => id !== undefined))];
  // The shown bookings' customers come first in `ids` (the bookings are in the answer's order).
  const shown = new Set(bookings.slice(0, o.shown ?? bookings.length).map((b) => b.customerId));
  const isShown = (id: number) => shown.has(id);
  allowCalls(ids.filter(isShown).length);
  const results = await Promise.allSettled(ids.map((id) => deps.kennel.petsOfCustomer(id)));
  const byCustomer = new Map<number, Pet[] | null>();
  let problem: string | undefined;
  const completed = await Promise.all(
    results.map((r, i) =>
      r.status === "fulfilled"
        ? completeCare(deps, r.value.data, { shown: isShown(ids[i] as number) })
        : undefined,
    ),
  );
  results.forEach((r, i) => {
    const id = ids[i] as number;
    if (r.status === "fulfilled") {
      byCustomer.set(id, completed[i] ?? r.value.data);
      return;
    }
    byCustomer.set(id, null);
    const f = describeFailure(r.reason);
    deps.log.warn({ customerId: id, err: f }, "could not load a customer's pets");
    problem ??= careNotLoadedWords(f.what, f.requestId, true);
  });
  const matched = new Map<Booking, EntryCare>();
  return {
    careOf: (booking) => {
      let care = matched.get(booking);
      if (!care) {
        const pets = booking.customerId === undefined ? undefined : byCustomer.get(booking.customerId);
        care = careOfBooking(booking, pets);
        matched.set(booking, care);
      }
      return care;
    },
    problem,
    customers: ids.length,
  };
}

/**
 * A customer's pet list that leaves the care fields out (the spec does not show that endpoint's
 * shape) is completed from GET /pets/{id} (cached) before anything says "no care". A pet whose
 * record cannot be fetched keeps its mark, and its card says its care could not be read. `shown`
 * (the default): the answer shows these pets, so their reads are its own (interactive); otherwise
 * they are read past its budget, as bulk.
 */
export async function completeCare(
  deps: Pick<Deps, "kennel" | "log">,
  pets: Pet[],
  o: { shown?: boolean } = {},
): Promise<Pet[]> {
  const toComplete = pets.filter((p) => careLeftOut(p) && p.petId !== undefined).length;
  if (toComplete === 0) return pets;
  if (o.shown !== false) allowCalls(toComplete);
  return Promise.all(
    pets.map(async (p) => {
      if (!careLeftOut(p) || p.petId === undefined) return p;
      try {
        const full = (await deps.kennel.getPet(p.petId)).data;
        return careLeftOut(full) ? p : full;
      } catch (error) {
        deps.log.warn({ petId: p.petId, err: describeFailure(error) }, "could not complete a pet's care");
        return p;
      }
    }),
  );
}
