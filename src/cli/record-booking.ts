/**
 * The booking a record command names (`record --booking`, `record export --booking`), found one way
 * for both: an id the care record knows at once; else asked of the kennel API as `booking REF` asks
 * it (src/answers/booking-find.ts: an id, then a reference; a reference in small letters, then in
 * capitals), else as the record's kept rounds named it. An id or a reference that neither the kennel
 * API nor the record knows is not found (exit 1), said with what to check, never read as an empty
 * record; the kennel API not answering for one the record does not know is the API's failure (exit 3).
 */
import { findBooking } from "../answers/booking-find.ts";
import { describeFailure } from "../answers/failure.ts";
import { bookingIdInRecord, bookingKeptInRecord } from "../answers/obligations.ts";
import { askPet } from "../answers/records.ts";
import { NAMING_KINDS } from "../answers/stay-dates.ts";
import { looksLikeId } from "../domain/ids.ts";
import { type ErrorContext, isKennelError, NotFoundError } from "../kennel/errors.ts";
import type { CliContext } from "./context.ts";
import { kennelDeps } from "./context.ts";
import { requireStore } from "./record-store.ts";

/** A stay neither the kennel API nor the care record knows: not found (exit 1), with what to check. */
class StayNotFoundError extends NotFoundError {
  readonly #whatToDo: string;
  constructor(ref: string, message: string, whatToDo: string, ctx: ErrorContext = {}) {
    super(`booking with id or reference ${ref}`, ctx);
    this.message = message;
    this.#whatToDo = whatToDo;
  }
  override hint(): string {
    return this.#whatToDo;
  }
}

const CHECK_ID =
  "Check it: kennel-desk booking REF shows a booking with its id, kennel-desk bookings FROM TO lists them.";

/** The stay the record knows by `ref`: an id it holds anything of, or a reference its kept rounds named. */
async function inRecord(ctx: CliContext, ref: string): Promise<number | undefined> {
  const { store } = await requireStore(ctx);
  const deps = { record: store, config: ctx.config, clock: ctx.clock };
  try {
    if (!looksLikeId(ref)) return await bookingIdInRecord(deps, ref);
    const bookingId = Number(ref);
    const named = await Promise.all([
      store.stays({ bookingId }),
      store.stays({ bookingId, kinds: NAMING_KINDS }),
    ]);
    if (named.some((ids) => ids.length > 0)) return bookingId;
    return (await bookingKeptInRecord(deps, bookingId)) ? bookingId : undefined;
  } finally {
    await store.close();
  }
}

/** What the record does not hold of `ref`, in words. */
function notInRecordWords(ref: string): string {
  return looksLikeId(ref)
    ? `the care record has nothing of booking ${ref}`
    : `no kept round of the care record names the stay ${ref}`;
}

/**
 * The booking asked for, by id or reference (see the file's head); what is said on standard error
 * when the record answers for a kennel API that could not say.
 */
export async function bookingIdOf(ctx: CliContext, raw: string): Promise<number> {
  return (await stayNamed(ctx, raw)).bookingId;
}

/** The booking asked for, with its reference as the kennel API gave it when it was asked (`hp-dk4q7m`: HP-DK4Q7M). */
export async function stayNamed(
  ctx: CliContext,
  raw: string,
): Promise<{ bookingId: number; reference?: string }> {
  const ref = raw.trim().slice(0, 80);
  // An id the record holds needs no kennel API (an inspector's copy, the API down).
  const held = looksLikeId(ref) ? await inRecord(ctx, ref) : undefined;
  if (held !== undefined) return { bookingId: held };
  if (!ctx.config.kennel) {
    const id = looksLikeId(ref) ? undefined : await inRecord(ctx, ref);
    if (id !== undefined) return { bookingId: id };
    throw new StayNotFoundError(
      ref,
      `No booking ${ref.slice(0, 40)} was found: ${notInRecordWords(ref.slice(0, 40))}, and no kennel API is set to ask.`,
      looksLikeId(ref)
        ? "Check the booking's id, or give its reference as the kept rounds named it (HP-DK4Q7M)."
        : "Check the reference, or give the booking's id (a number).",
    );
  }
  try {
    const found = await findBooking(kennelDeps(ctx), ref);
    const booking = found.full ?? found.reduced;
    if (booking?.bookingId !== undefined)
      return { bookingId: booking.bookingId, ...(booking.reference ? { reference: booking.reference } : {}) };
  } catch (error) {
    if (!isKennelError(error)) throw error;
    return { bookingId: await recordInstead(ctx, ref, error) };
  }
  throw new StayNotFoundError(
    ref,
    `The booking ${ref.slice(0, 40)} has no id in the kennel system.`,
    CHECK_ID,
  );
}

/**
 * The kennel API found no such booking, or could not be read: the stay as the record's kept rounds
 * named it, said on standard error; else not found (exit 1), or the API's own failure (exit 3) said
 * beside what the record lacks.
 */
async function recordInstead(ctx: CliContext, ref: string, error: Error): Promise<number> {
  const shown = ref.slice(0, 40);
  const id = looksLikeId(ref) ? undefined : await inRecord(ctx, ref);
  const notFound = error instanceof NotFoundError;
  if (id === undefined) {
    if (notFound) {
      throw new StayNotFoundError(
        ref,
        `No booking ${looksLikeId(ref) ? "with id or reference" : "with reference"} "${shown}" was found: the kennel system has none, and ${notInRecordWords(shown)}.`,
        CHECK_ID,
        { requestId: error.requestId },
      );
    }
    ctx.io.stderr.write(
      `The stay ${shown} cannot be found without the kennel API: ${notInRecordWords(shown)}.\n`,
    );
    throw error;
  }
  const f = describeFailure(error, "command");
  const rid = f.requestId ? ` (request id ${f.requestId})` : "";
  const why = notFound
    ? "The kennel system has no such booking"
    : `The kennel API could not be read for the booking's details: ${f.what.replace(/\.\s*$/, "")}`;
  ctx.io.stderr.write(`${why}${rid}. The stay ${shown} is booking ${id} in the care record's kept rounds.\n`);
  return id;
}

/**
 * A pet's export with no range that found nothing of it: a pet the kennel API knows has an empty
 * record (exit 0, said by the caller); one neither it nor the record knows is not found (exit 1).
 */
export async function petKnownElsewhere(ctx: CliContext, petId: number): Promise<void> {
  const none = `the care record has nothing of pet ${petId}`;
  const check = "Check its id: kennel-desk pet NAME shows each pet of that name with its id.";
  if (!ctx.config.kennel) {
    throw new StayNotFoundError(
      String(petId),
      `No pet ${petId} was found: ${none}, and no kennel API is set to ask.`,
      check,
    );
  }
  try {
    await askPet(kennelDeps(ctx), petId);
  } catch (error) {
    if (!(error instanceof NotFoundError)) {
      if (isKennelError(error))
        ctx.io.stderr.write(`Pet ${petId} cannot be checked without the kennel API: ${none}.\n`);
      throw error;
    }
    throw new StayNotFoundError(
      String(petId),
      `No pet with id ${petId} was found: the kennel system has none, and ${none}.`,
      check,
      { requestId: error.requestId },
    );
  }
}
