/**
 * The booking a record command names (`record --booking`, `record export --booking`): an id, or a
 * reference found by the kennel API, else as the record's kept rounds named it.
 */
import { describeFailure, UsageError } from "../answers/failure.ts";
import { bookingIdInRecord } from "../answers/obligations.ts";
import { bookingIdByReference } from "../answers/records.ts";
import { looksLikeId } from "../domain/ids.ts";
import { isKennelError } from "../kennel/errors.ts";
import { type CliContext, HELP_HINT, kennelDeps } from "./context.ts";
import { requireStore } from "./record-store.ts";

/**
 * The booking asked for: an id (digits), or a reference looked up in the kennel API when it is set,
 * else as the record's kept rounds named it (a copy of the record: no kennel settings needed).
 */
export async function bookingIdOf(ctx: CliContext, raw: string): Promise<number> {
  const ref = raw.trim();
  if (looksLikeId(ref)) return Number(ref);
  if (!ctx.config.kennel) {
    const { store } = await requireStore(ctx);
    try {
      const id = await bookingIdInRecord({ record: store, config: ctx.config, clock: ctx.clock }, ref);
      if (id !== undefined) return id;
    } finally {
      await store.close();
    }
    throw new UsageError(
      `No stay with the reference ${ref.slice(0, 40)} is in the care record's kept rounds.`,
      "Check the reference, or give the booking's id (a number).",
    );
  }
  const id = await bookingIdByReference(kennelDeps(ctx), ref).catch((error: unknown) =>
    inRecordInstead(ctx, ref, error),
  );
  if (id === undefined) throw new UsageError(`The booking ${ref.slice(0, 40)} has no id.`, HELP_HINT);
  return id;
}

/**
 * The kennel API could not be read for the reference (down, failing, a wrong address…): the stay as
 * the record's kept rounds named it, said on standard error; the API's own failure when the record
 * knows no such reference, or the API said there is no such booking.
 */
async function inRecordInstead(ctx: CliContext, ref: string, error: unknown): Promise<number> {
  if (!isKennelError(error) || error.kind === "not_found") throw error;
  const { store } = await requireStore(ctx);
  try {
    const id = await bookingIdInRecord({ record: store, config: ctx.config, clock: ctx.clock }, ref);
    if (id === undefined) throw error;
    const f = describeFailure(error, "command");
    const rid = f.requestId ? ` (request id ${f.requestId})` : "";
    ctx.io.stderr.write(
      `The kennel API could not be read for the booking's details: ${f.what.replace(/\.\s*$/, "")}${rid}. The stay ${ref.slice(0, 40)} is booking ${id} in the care record's kept rounds.\n`,
    );
    return id;
  } finally {
    await store.close();
  }
}
