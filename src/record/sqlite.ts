/**
 * The embedded engine: SQLite through Node's built-in `node:sqlite` (nothing to install, no native
 * build). One file, `care-record.sqlite`, in the data folder (created with mode 700 when missing).
 * WAL, so reads never wait for a write; a transaction is reported committed only once the WAL is
 * synced to disk, so a committed entry survives a power cut (SQLite's `synchronous=NORMAL` and the
 * sync done by src/record/wal-sync.ts, off the event loop: the sync `synchronous=FULL` makes,
 * without holding the bot while the disk syncs); a short busy timeout, so a process waits a moment
 * for another's write instead of failing. Each transaction takes the write lock at its start (BEGIN
 * IMMEDIATE) and the transactions of this process run one after the other.
 */
import { accessSync, constants, existsSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import type { Driver, Query, Row, RowCursor, Snapshot } from "./driver.ts";
import { StoreError } from "./errors.ts";
import { WalSync } from "./wal-sync.ts";

export const SQLITE_FILE = "care-record.sqlite";

export interface SqliteOptions {
  /** The data folder (KENNEL_DATA_DIR). */
  dir: string;
  /**
   * How long a write waits for another process's write (node:sqlite waits synchronously, so the bot
   * does nothing else meanwhile: kept short). Default 1000 ms; then the tap is told to try again.
   */
  busyTimeoutMs?: number;
  /**
   * A file read as it is, in place of the data folder's (a copy: a backup, a file handed to an
   * inspector): opened read-only, nothing written to it, nothing made beside it; a write is refused.
   */
  copy?: string;
}

// SQLite's result codes (the low byte of an extended code).
const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;
const SQLITE_READONLY = 8;
const SQLITE_IOERR = 10;
const SQLITE_CORRUPT = 11;
const SQLITE_FULL = 13;
const SQLITE_CANTOPEN = 14;
const SQLITE_NOTADB = 26;
const SQLITE_CONSTRAINT_CHECK = 275;
const SQLITE_CONSTRAINT_PRIMARYKEY = 1555;
const SQLITE_CONSTRAINT_UNIQUE = 2067;

function sqliteCode(error: unknown): number | undefined {
  const e = error as { code?: unknown; errcode?: unknown };
  return e?.code === "ERR_SQLITE_ERROR" && typeof e.errcode === "number" ? e.errcode : undefined;
}

function bind(params: readonly unknown[]): SQLInputValue[] {
  return params.map((p) => {
    if (p === undefined || p === null) return null;
    if (typeof p === "boolean") return p ? 1 : 0;
    return p as SQLInputValue;
  });
}

/** A pause of the whole process (node:sqlite waits synchronously too): only while a new file is set up. */
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * WAL, set on a file opened: on a new file that another process is setting up at the same moment
 * (two replicas starting together), SQLite answers busy at once, without its busy timeout: tried
 * again, within that timeout, it finds the mode the other set.
 */
function walMode(db: DatabaseSync, busyTimeoutMs: number): void {
  for (let waited = 0; ; waited += 20) {
    try {
      db.exec("PRAGMA journal_mode = WAL");
      return;
    } catch (error) {
      const code = sqliteCode(error);
      if (code === undefined || (code & 0xff) !== SQLITE_BUSY || waited >= busyTimeoutMs) throw error;
      pause(20);
    }
  }
}

/** Rows read between two passes of the event loop in a snapshot's reads. */
const READ_PAGE = 1000;

/** A snapshot's rows as their values (setReturnArrays), read one at a time from iterate(). */
class SqliteRows implements RowCursor {
  row: unknown[] | undefined;
  readonly #rows: Iterator<unknown>;
  #read = 0;

  constructor(statement: StatementSync, params: readonly unknown[]) {
    statement.setReturnArrays(true);
    this.#rows = statement.iterate(...bind(params));
    this.next();
  }

  next(): Promise<void> | undefined {
    const r = this.#rows.next();
    this.row = r.done ? undefined : (r.value as unknown[]);
    return ++this.#read % READ_PAGE === 0 ? new Promise((resolve) => setImmediate(resolve)) : undefined;
  }

  async close(): Promise<void> {
    this.#rows.return?.();
  }
}

/**
 * A read-only snapshot on a second connection: its reads never hold up the bot's writes (WAL), and
 * its rows are read one at a time (iterate()), the event loop let through every page of them.
 */
async function snapshotOf<T>(
  file: string,
  timeout: number,
  work: (read: Snapshot) => Promise<T>,
): Promise<T> {
  const reader = new DatabaseSync(file, { timeout, readOnly: true });
  try {
    reader.exec("BEGIN");
    const query: Query = async (sql, params = []) => reader.prepare(sql).all(...bind(params)) as Row[];
    const cursor = async (sql: string, params: readonly unknown[] = []) =>
      new SqliteRows(reader.prepare(sql), params);
    return await work({ query, cursor });
  } finally {
    if (reader.isTransaction) reader.exec("COMMIT");
    reader.close();
  }
}

/**
 * A read-only snapshot of any SQLite file (a backup, a copy handed to an inspector): nothing is
 * written to it, nothing is made beside it but what SQLite itself needs to read it.
 */
export function fileSnapshot<T>(file: string, work: (read: Snapshot) => Promise<T>): Promise<T> {
  return snapshotOf(file, 5000, work);
}

export function sqliteDriver(options: SqliteOptions): Driver {
  const dir = resolve(options.dir);
  const copy = options.copy === undefined ? undefined : resolve(options.copy);
  const file = copy ?? join(dir, SQLITE_FILE);
  const busyTimeoutMs = options.busyTimeoutMs ?? 1000;
  let db: DatabaseSync | undefined;
  const statements = new Map<string, StatementSync>();
  /** The end of the queue of this process's transactions. */
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;
  const wal = new WalSync(file);
  /**
   * Set when the disk failed to sync a commit: that entry may not be on disk, and what the disk
   * holds after such a failure is not known (the system may have dropped the pages it could not
   * write), so nothing more is written until the process restarts and SQLite reads the file afresh.
   * The tap whose sync failed is told its entry may not be kept (`uncertain`); each later write is
   * refused before anything is written, and told so (`unavailable`).
   */
  let lost: StoreError | undefined;

  const fail = (error: unknown): StoreError | undefined => {
    const errno = (error as NodeJS.ErrnoException)?.code;
    const code = sqliteCode(error);
    const primary = code === undefined ? undefined : code & 0xff;
    const reason = String((error as Error)?.message ?? error).slice(0, 200);
    if (primary === SQLITE_READONLY || errno === "EACCES" || errno === "EPERM" || errno === "EROFS") {
      return new StoreError(
        "read_only",
        `The care record's file ${file} cannot be written (${reason}).`,
        `Make the folder ${dir} and its files writable by the user Kennel Desk runs as (KENNEL_DATA_DIR), on a disk that is not read-only, then try again.`,
        file,
        error,
      );
    }
    if (primary === SQLITE_FULL || errno === "ENOSPC" || errno === "EDQUOT") {
      return new StoreError(
        "full",
        `The disk holding the care record (${dir}) is full: nothing was recorded.`,
        "Free some space on that disk (or move KENNEL_DATA_DIR to a larger one), then try again.",
        file,
        error,
      );
    }
    if (
      primary === SQLITE_BUSY ||
      primary === SQLITE_LOCKED ||
      primary === SQLITE_IOERR ||
      primary === SQLITE_CANTOPEN ||
      primary === SQLITE_CORRUPT ||
      primary === SQLITE_NOTADB ||
      errno === "ENOENT" ||
      errno === "ENOTDIR" ||
      errno === "EIO" ||
      (error as Error)?.message === "database is not open"
    ) {
      return new StoreError(
        "unavailable",
        `The care record's file ${file} could not be used (${reason}).`,
        primary === SQLITE_BUSY || primary === SQLITE_LOCKED
          ? "Another program holds it locked: try again in a moment."
          : "Try again in a moment; if it keeps happening, check the disk and KENNEL_DATA_DIR, and tell whoever installed Kennel Desk.",
        file,
        error,
      );
    }
    return undefined;
  };

  const open = (): DatabaseSync => {
    if (closed) throw new Error("database is not open");
    if (db) return db;
    if (copy) {
      db = new DatabaseSync(copy, { timeout: busyTimeoutMs, readOnly: true });
      return db;
    }
    if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: 0o700 });
    const opened = new DatabaseSync(file, { timeout: busyTimeoutMs, enableForeignKeyConstraints: true });
    try {
      walMode(opened, busyTimeoutMs);
      opened.exec("PRAGMA synchronous = NORMAL");
      opened.exec("PRAGMA foreign_keys = ON");
    } catch (error) {
      opened.close();
      throw error;
    }
    wal.prepare(opened);
    db = opened;
    return opened;
  };

  const notKept = (error: unknown) =>
    new StoreError(
      "uncertain",
      `The disk holding the care record (${dir}) reported an error as an entry was saved (${String((error as Error)?.message ?? error).slice(0, 200)}): that entry may not have been kept, and nothing more is recorded until Kennel Desk restarts.`,
      "Check that disk, then restart Kennel Desk: the round posts and record verify then show what was kept.",
      file,
      error,
    );

  const stopped = () =>
    new StoreError(
      "unavailable",
      `The disk holding the care record (${dir}) reported an error as an earlier entry was saved: nothing more is recorded until Kennel Desk restarts.`,
      "Check that disk, then restart Kennel Desk: the round posts and record verify then show what was kept.",
      file,
      lost,
    );

  const run: Query = async (sql, params = []) => {
    const database = open();
    let statement = statements.get(sql);
    if (!statement) {
      statement = database.prepare(sql);
      statements.set(sql, statement);
    }
    return statement.all(...bind(params)) as Row[];
  };

  const serialised = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  return {
    engine: "sqlite",
    where: file,
    query: (sql, params) => serialised(() => run(sql, params)),
    transaction: (work) =>
      serialised(async () => {
        if (copy)
          throw new StoreError(
            "read_only",
            `${copy} is a copy of the care record, opened read-only: nothing is written to it.`,
            "Read it (record verify, record audit with --file); to record, use the bot's own record.",
            copy,
          );
        if (lost) throw stopped();
        const database = open();
        database.exec("BEGIN IMMEDIATE");
        let result: Awaited<ReturnType<typeof work>>;
        try {
          result = await work(run);
          database.exec("COMMIT");
        } catch (error) {
          try {
            if (database.isTransaction) database.exec("ROLLBACK");
          } catch {
            // The transaction ended with the error (SQLite rolled it back itself).
          }
          throw error;
        }
        await wal.synced(database).catch(async (error: unknown) => {
          await wal.close();
          lost = notKept(error);
          throw lost;
        });
        return result;
      }),
    snapshot: (work) => {
      if (closed) throw new Error("database is not open");
      return snapshotOf(file, busyTimeoutMs, work);
    },
    // AUTOINCREMENT's own counter: an id is never given twice, even after retention removed its row.
    async nextId(q, table) {
      const [row] = await q(
        "SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = ?), 0), coalesce((SELECT max(id) FROM " +
          table +
          "), 0)) + 1 AS id",
        [table],
      );
      return Number(row?.id);
    },
    isUniqueViolation: (error) => {
      const code = sqliteCode(error);
      return code === SQLITE_CONSTRAINT_UNIQUE || code === SQLITE_CONSTRAINT_PRIMARYKEY;
    },
    isCheckViolation: (error) => sqliteCode(error) === SQLITE_CONSTRAINT_CHECK,
    storeError: fail,
    problem: () => {
      if (copy) return undefined;
      if (lost) return lost.message;
      try {
        accessSync(dir, constants.W_OK);
        if (existsSync(file)) accessSync(file, constants.W_OK);
        return undefined;
      } catch (error) {
        return fail(error)?.message;
      }
    },
    close: () =>
      serialised(async () => {
        closed = true;
        statements.clear();
        db?.close();
        db = undefined;
        await wal.close();
      }),
  };
}
