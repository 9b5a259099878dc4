/**
 * The booking `/booking`, its buttons and the connector's get_booking ask for: by id, by reference,
 * or (all digits) an id first, then a reference. A reference already seen in a list is its full
 * booking by its id at once (issue 48: one round trip, not two). A reference typed in small letters
 * that is not found as typed is asked once more in capitals.
 */
import type { Deps } from "../deps.ts";
import { looksLikeId } from "../domain/ids.ts";
import { NotFoundError } from "../kennel/errors.ts";
import type { Booking, Pet, ReducedBooking } from "../kennel/schemas.ts";
import { careNotLoadedWords } from "../words/care.ts";
import { completeCare } from "./care-lookup.ts";
import { describeFailure } from "./failure.ts";

type Found = { full?: Booking; reduced?: ReducedBooking; requestId: string; raw: unknown };

/** The booking asked for: by id (all digits is an id first, then a reference), or by reference. */
export async function findBooking(deps: Deps, input: string | { id: number }): Promise<Found> {
  // An id given as an id (the connector's get_booking): that booking, never a reference like it.
  if (typeof input !== "string") {
    const { data, requestId, raw } = await deps.kennel.getBooking(input.id);
    return { full: data, requestId, raw };
  }
  if (looksLikeId(input)) {
    try {
      const { data, requestId, raw } = await deps.kennel.getBooking(Number(input));
      return { full: data, requestId, raw };
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      try {
        const { data, requestId, raw } = await deps.kennel.getBookingByReference(input);
        return { reduced: data, requestId, raw };
      } catch (second) {
        if (second instanceof NotFoundError)
          throw new NotFoundError(`booking with id or reference ${input}`, { requestId: second.requestId });
        throw second;
      }
    }
  }
  // A reference typed in another case ("hp-dk4q7m"): as typed first, then in capitals, as the
  // kennel system prints them (one more call, only when the first finds nothing).
  const upper = input.toUpperCase();
  try {
    return await byReference(deps, input);
  } catch (error) {
    if (!(error instanceof NotFoundError) || upper === input) throw error;
    try {
      return await byReference(deps, upper);
    } catch (second) {
      throw second instanceof NotFoundError ? error : second;
    }
  }
}

/**
 * A reference seen in a list read before: its full booking by id at once (read now, never kept),
 * when it still carries that reference; otherwise by reference, as for one never seen.
 */
async function byReference(deps: Deps, reference: string): Promise<Found> {
  const known = deps.kennel.bookingIdOf(reference);
  if (known !== undefined) {
    try {
      const { data, requestId, raw } = await deps.kennel.getBooking(known);
      if (data.reference === reference) return { full: data, requestId, raw };
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
    }
  }
  const { data, requestId, raw } = await deps.kennel.getBookingByReference(reference);
  return { reduced: data, requestId, raw };
}

/**
 * The full booking of one found (GET /bookings/{id} when only the reduced one was had); when it
 * cannot be read, the reduced one, and that logged. Never throws.
 */
export async function fullBooking(
  deps: Pick<Deps, "kennel" | "log">,
  found: Found,
): Promise<{ booking: Booking; isFull: boolean }> {
  const { full, reduced } = found;
  if (full !== undefined || reduced?.bookingId === undefined)
    return { booking: (full ?? reduced) as Booking, isFull: full !== undefined };
  try {
    return { booking: (await deps.kennel.getBooking(reduced.bookingId)).data, isFull: true };
  } catch (error) {
    deps.log.warn({ err: String(error) }, "full booking not loaded; showing the reduced one");
    return { booking: reduced as Booking, isFull: false };
  }
}

/**
 * A booking's customer's pets with their care (completed from their own records when the list
 * leaves it out): null when there is no customer; when they cannot be loaded, null and why in
 * words with the request id. Never throws.
 */
export async function bookingPets(
  deps: Pick<Deps, "kennel" | "log">,
  customerId: number | undefined,
): Promise<{ pets: Pet[] | null; careProblem: string | undefined }> {
  if (customerId === undefined) return { pets: null, careProblem: undefined };
  let listed: Pet[];
  try {
    listed = (await deps.kennel.petsOfCustomer(customerId)).data;
  } catch (error) {
    const f = describeFailure(error);
    deps.log.warn({ customerId, err: String(error) }, "pets of a booking not loaded");
    return { pets: null, careProblem: careNotLoadedWords(f.what, f.requestId, false) };
  }
  return { pets: listed ? await completeCare(deps, listed) : null, careProblem: undefined };
}
