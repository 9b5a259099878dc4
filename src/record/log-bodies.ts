/**
 * The care log's bodies as the store writes and reads them: checked against their kind before they
 * are written, read back as their kind, and an append's in-transaction check read through the kinds.
 */
import { InvalidEntryError } from "./errors.ts";
import { type KindName, kindNamed, readBody } from "./kinds/index.ts";
import type { LogCheck, LogEntry, LogQuery, StoredLog } from "./types.ts";

/**
 * A body checked against its kind before it is written, as its schema reads it (what is written):
 * an InvalidEntryError (nothing written) when it does not fit.
 */
export function checkBody(kind: string, body: unknown): unknown {
  const known = kindNamed(kind);
  if (!known) throw new InvalidEntryError(`"${String(kind).slice(0, 20)}" is not a kind of record.`);
  const checked = known.body.safeParse(body);
  if (!checked.success) {
    const first = checked.error.issues[0];
    throw new InvalidEntryError(
      `The record refused ${known.words} as given: ${first?.path.join(".") || "its body"}: ${first?.message ?? "does not fit"}.`,
    );
  }
  return checked.data;
}

/** A stored record read as kind K; undefined when it is another kind, or its body does not read as K's. */
export function readAs<K extends KindName>(kind: K, row: StoredLog): LogEntry<K> | undefined {
  if (row.kind !== kind) return undefined;
  const body = readBody(kind, row.body);
  return body === undefined ? undefined : ({ ...row, kind, body } as LogEntry<K>);
}

/**
 * An append's check as the tables take it (src/record/ledger.ts): it reads the record through the
 * kinds, as `log` does, and the body it gives is checked in turn.
 */
export function storedCheck<K extends KindName>(kind: K, check: LogCheck<K>) {
  return async (read: (query: LogQuery) => Promise<StoredLog[]>): Promise<unknown> =>
    checkBody(
      kind,
      await check(async (query) => (await read(query)).flatMap((row) => readAs(query.kind, row) ?? [])),
    );
}
