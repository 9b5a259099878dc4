/**
 * One stay's record by its booking (a reference or id), as the "Stay record" button and the
 * connector's get_care_record ask it: the booking from the kennel API when it answers (its pets'
 * names, its reference), the record read over the days its own kept rounds kept the stay
 * (src/answers/stay.ts). When the API cannot be read (down, failing, too slow, the key refused, a
 * wrong address), the care record alone answers, as `kennel-desk record --booking` does, and says
 * the API could not be read for the booking's details: the record does not need it.
 */
import type { Deps } from "../deps.ts";
import { looksLikeId } from "../domain/ids.ts";
import type { StayRecordView } from "../domain/stay.ts";
import { isKennelError } from "../kennel/errors.ts";
import { describeFailure } from "./failure.ts";
import { bookingIdInRecord } from "./obligations.ts";
import { bookingView } from "./records.ts";
import { recordedStay } from "./stay.ts";

export interface BookingStay {
  /** The booking's reference ("booking 100004" when none is known). */
  reference: string;
  bookingId: number | undefined;
  stay: StayRecordView;
  /** The kennel API's request id: of the booking's answer, or of the failure when it could not be read. */
  requestId: string | undefined;
}

/** The stay's record, its booking from the kennel API; from the care record alone when the API cannot be read. */
export async function bookingStay(
  deps: Deps,
  input: string,
  o: { doses?: boolean } = {},
): Promise<BookingStay> {
  try {
    const v = await bookingView(deps, input, o);
    const bookingId = v.booking.bookingId;
    return {
      reference: v.booking.reference ?? `booking ${bookingId ?? input}`,
      bookingId,
      stay: v.stay ?? { bookingId: bookingId ?? 0, pets: [], problem: undefined },
      requestId: v.requestId,
    };
  } catch (error) {
    const alone = await recordAlone(deps, input, error);
    if (!alone) throw error;
    return alone;
  }
}

/**
 * The stay from the care record alone, the kennel API having failed with `error`: by its id, or by
 * its reference as its kept rounds named it. None when there is no record here, the API said there
 * is no such booking (not_found), or the record knows no stay by that reference.
 */
async function recordAlone(deps: Deps, input: string, error: unknown): Promise<BookingStay | undefined> {
  const store = deps.record;
  if (!store || !isKennelError(error) || error.kind === "not_found") return undefined;
  const ref = input.trim();
  const withStore = { ...deps, record: store };
  const bookingId = looksLikeId(ref)
    ? Number(ref)
    : await bookingIdInRecord(withStore, ref).catch(() => undefined);
  if (bookingId === undefined) return undefined;
  const began = await store.began().catch(() => undefined);
  const { stay, said } = await recordedStay(withStore, bookingId, { began });
  const f = describeFailure(error);
  const id = f.requestId ? ` (request id ${f.requestId})` : "";
  const apiProblem = `The kennel API could not be read for the booking's details: ${f.what.replace(/\.\s*$/, "")}${id}. This is the care record alone: what the stay's kept rounds asked and what was recorded.`;
  return {
    reference: said?.reference ?? (looksLikeId(ref) ? `booking ${bookingId}` : ref),
    bookingId,
    stay: { ...stay, apiProblem },
    requestId: f.requestId,
  };
}
