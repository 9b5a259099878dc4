/**
 * An entry recorded in error (the wrong pet, the wrong dose), as the store keeps it: a correction of
 * the struck entry, stored as a dose not given for "other" reasons, its reason "recorded in error:
 * <why>" (the columns and checks every schema since 3 has, so the chain and `record verify` are as
 * they were, and a Kennel Desk before this reads what it always read of the same fact), marked by an
 * `in_error` record beside it in the same transaction (src/record/kinds/in-error.ts). Read back, an
 * entry so marked has the outcome `in_error` and its reason is the why alone: no outcome, its slot
 * open again. A new entry for the slot supersedes it (the store finds it), so it is never "already
 * recorded".
 */
import { InvalidEntryError } from "./errors.ts";
import { appendIn, type NextId, type Query } from "./ledger.ts";
import { type Entry, type EntryInput, IN_ERROR } from "./types.ts";

/** How the stored reason begins: what an older reader shows. */
const IN_ERROR_PREFIX = "recorded in error: ";
/** The longest why (the stored reason, its prefix with it, is at most 500 characters). */
export const IN_ERROR_WHY_MAX = 480;

/** The mark's column and its join, beside the entry's own (src/record/entries.ts COLUMNS, FROM). */
export const IN_ERROR_COLUMN = "x.id AS in_error";
export const IN_ERROR_JOIN =
  "LEFT JOIN care_log x ON x.request_key = ('in_error:' || e.id) AND x.kind = 'in_error'";

/** The store's own guard on an entry put right as recorded in error. Throws InvalidEntryError. */
export function checkInError(e: EntryInput, which: string): void {
  if (e.outcome !== IN_ERROR) return;
  if (e.item === "meal")
    throw new InvalidEntryError(`Only a dose is put right as recorded in error (${which}).`);
  if (e.supersedes === undefined)
    throw new InvalidEntryError(`Only an entry recorded is put right as recorded in error (${which}).`);
  const why = typeof e.reason === "string" ? e.reason.trim() : "";
  if (!why) throw new InvalidEntryError(`Recorded in error needs its why (${which}).`);
  if ([...why].length > IN_ERROR_WHY_MAX)
    throw new InvalidEntryError(`The why is longer than ${IN_ERROR_WHY_MAX} characters.`);
  if (e.reasonCode !== undefined || e.givenAt !== undefined)
    throw new InvalidEntryError(
      `Recorded in error has no reason from the list and no time given (${which}).`,
    );
}

/** The input as its row holds it: a dose not given, "other", its reason the prefix and the why. */
export function storedInput(input: EntryInput): EntryInput {
  if (input.outcome !== IN_ERROR) return input;
  return {
    ...input,
    outcome: "not_given",
    reasonCode: "other",
    reason: `${IN_ERROR_PREFIX}${(input.reason ?? "").trim()}`,
  };
}

/** An entry read with its mark: `in_error`, its reason the why alone. */
export function readInError(entry: Entry, mark: unknown): Entry {
  if (mark === null || mark === undefined) return entry;
  const { reasonCode: _code, ...rest } = entry;
  const reason = entry.reason?.startsWith(IN_ERROR_PREFIX)
    ? entry.reason.slice(IN_ERROR_PREFIX.length)
    : entry.reason;
  return { ...rest, outcome: IN_ERROR, ...(reason !== undefined ? { reason } : {}) };
}

/** Each entry written as recorded in error, marked so, in the same transaction. */
export async function markInError(
  q: Query,
  entries: Entry[],
  kennel: string,
  at: string,
  nextId: NextId,
): Promise<void> {
  for (const e of entries) {
    if (e.outcome !== IN_ERROR || e.supersedes === undefined) continue;
    const body = { v: 1, entryId: e.id, corrects: e.supersedes, why: (e.reason ?? "").trim() };
    const input = {
      kind: "in_error",
      date: e.date,
      bookingId: e.bookingId,
      petId: e.petId,
      userId: e.userId,
      requestKey: `in_error:${e.id}`,
      body,
    };
    await appendIn(q, input, kennel, at, { nextId });
  }
}

/**
 * A write that found its items standing only as recorded in error: each input of such an item that
 * corrects nothing supersedes it (the slot is open), or undefined when another entry stands.
 */
export function reopened(inputs: EntryInput[], existing: Entry[]): EntryInput[] | undefined {
  if (existing.length === 0 || existing.some((e) => e.outcome !== IN_ERROR)) return undefined;
  const of = (i: EntryInput) =>
    existing.find(
      (e) =>
        e.date === i.date &&
        e.round === i.round &&
        e.bookingId === i.bookingId &&
        e.petId === i.petId &&
        e.item === i.item,
    );
  if (existing.some((e) => !inputs.some((i) => i.supersedes === undefined && of(i)?.id === e.id)))
    return undefined;
  return inputs.map((i) => {
    const open = i.supersedes === undefined ? of(i) : undefined;
    return open ? { ...i, supersedes: open.id } : i;
  });
}
