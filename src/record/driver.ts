/**
 * What an engine gives the care record's store (src/record/store.ts): plain SQL with `?`
 * placeholders, transactions, reads streamed in one snapshot, and its errors in the store's words
 * (src/record/sqlite.ts, src/record/postgres.ts).
 */
import type { Row } from "./chain.ts";
import type { StoreError } from "./errors.ts";
import type { Engine } from "./schema.ts";

export type { Row };

/** Runs one statement: its rows (RETURNING included), none for the others. */
export type Query = (sql: string, params?: readonly unknown[]) => Promise<Row[]>;

/** The record's two chained tables. */
export type ChainTable = "care_entries" | "care_log";

/**
 * One SELECT's rows in order, each its columns' values in the SELECT's order (no object a row, for a
 * walk of millions), read one at a time: `row` is the row at hand (undefined once all are read).
 */
export interface RowCursor {
  readonly row: unknown[] | undefined;
  /**
   * On to the next row: a promise only when it must be waited for (a PostgreSQL cursor's next page;
   * SQLite letting the event loop through every page of rows), so a walk awaits a page, not a row.
   */
  next(): Promise<void> | undefined;
  /** Stops reading early (a PostgreSQL cursor closed); nothing when every row was read. */
  close(): Promise<void>;
}

/** A read of its own, in one snapshot of the record: rows a few at a time, so memory stays flat. */
export interface Snapshot {
  query: Query;
  /** The rows of one SELECT, read a page at a time (node:sqlite's iterate(), a PostgreSQL cursor). */
  cursor(sql: string, params?: readonly unknown[]): Promise<RowCursor>;
}

/** What an engine gives the store. */
export interface Driver {
  readonly engine: Engine;
  /** Where the record is, for people (never a password). */
  readonly where: string;
  /** Outside a transaction. */
  query: Query;
  /**
   * Runs `work` in one transaction (serialised with the driver's other transactions), commits when
   * it returns, rolls back when it throws. `lock`: the migrations' lock (one bot migrates at a
   * time); `chain`: the chain's (one writer of the chain at a time, across replicas).
   */
  transaction<T>(
    work: (query: Query) => Promise<T>,
    options?: { lock?: boolean; chain?: boolean },
  ): Promise<T>;
  /**
   * Runs `work` in a read-only snapshot on a connection of its own (SQLite: a second connection, so
   * the bot's writes never wait for it; PostgreSQL: REPEATABLE READ READ ONLY), ended when it returns.
   */
  snapshot<T>(work: (read: Snapshot) => Promise<T>): Promise<T>;
  /** The id the next row of `table` gets (inside a chain transaction: no other writer takes it). */
  nextId(query: Query, table: ChainTable): Promise<number>;
  /** A unique index refused a row (the race the checks could not see). */
  isUniqueViolation(error: unknown): boolean;
  /** A CHECK constraint refused a row (a field too long, an outcome that does not fit its item). */
  isCheckViolation(error: unknown): boolean;
  /** The engine's error as a StoreError when it means the store cannot be used (down, full, read-only). */
  storeError(error: unknown): StoreError | undefined;
  /** A problem seen without a query (the SQLite file or folder not writable), in one sentence. */
  problem?(): string | undefined;
  close(): Promise<void>;
}
