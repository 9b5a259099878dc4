/**
 * The embedded engine: SQLite through Node's built-in `node:sqlite` (nothing to install, no native
 * build). One file, `care-record.sqlite`, in the data folder (created with mode 700 when missing).
 * WAL, so reads never wait for a write; a transaction is reported committed only once the WAL is
 * synced to disk, so a committed entry survives a power cut (SQLite's `synchronous=NORMAL` and the
 * sync done by src/record/wal-sync.ts, off the event loop: the sync `synchronous=FULL` makes,
 * without holding the bot while the disk syncs); a short busy timeout, so a process waits a moment
 * for another's write instead of failing. Each transaction takes the write lock at its start (BEGIN
 * IMMEDIATE) and the transactions of this process run one after the other. SQLite's errors in the
 * store's words: src/record/sqlite-errors.ts.
 */
import { accessSync, constants, existsSync, mkdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import { pathToFileURL } from "node:url";
import type { ChainTable, Driver, Query, Row, RowCursor, Snapshot } from "./driver.ts";
import type { StoreError } from "./errors.ts";
import {
  copyReadOnlyError,
  notKeptError,
  SQLITE_BUSY,
  SQLITE_CONSTRAINT_CHECK,
  SQLITE_CONSTRAINT_PRIMARYKEY,
  SQLITE_CONSTRAINT_UNIQUE,
  sqliteCode,
  sqliteStoreError,
  stoppedError,
} from "./sqlite-errors.ts";
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
 * A copy of the record (a backup, a file handed to an inspector) opened read-only, leaving nothing
 * beside it: with no -wal file there (a backup, a record closed cleanly), as immutable (no lock, no
 * -wal nor -shm made, the file never written); with one (a copy taken with its -wal, a record not
 * closed cleanly), read with it, as SQLite must (it then makes the -shm it needs when there is none).
 */
export function copyConnection(file: string, timeout: number): DatabaseSync {
  let withWal = false;
  try {
    withWal = statSync(`${file}-wal`).size > 0;
  } catch {
    // No -wal beside it.
  }
  const uri = `${pathToFileURL(file).href}?${withWal ? "mode=ro" : "immutable=1"}`;
  return new DatabaseSync(uri, { timeout, readOnly: true });
}

/** How a snapshot's connection is opened: the record's file read-only, or a copy (copyConnection). */
type Opener = (file: string, timeout: number) => DatabaseSync;

const readOnlyConnection: Opener = (file, timeout) => new DatabaseSync(file, { timeout, readOnly: true });

/**
 * A read-only snapshot on a second connection: its reads never hold up the bot's writes (WAL), and
 * its rows are read one at a time (iterate()), the event loop let through every page of them.
 */
async function snapshotOf<T>(
  file: string,
  timeout: number,
  work: (read: Snapshot) => Promise<T>,
  open: Opener = readOnlyConnection,
): Promise<T> {
  const reader = open(file, timeout);
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
 * written to it, nothing is made beside it but what SQLite itself needs to read it (copyConnection).
 */
export function fileSnapshot<T>(file: string, work: (read: Snapshot) => Promise<T>): Promise<T> {
  return snapshotOf(file, 5000, work, copyConnection);
}

/**
 * One care record's SQLite file and this process's connection to it: what the driver's methods
 * share (the connection, opened at first use; its prepared statements; the queue of transactions;
 * whether a commit's sync failed).
 */
class SqliteRecord {
  readonly dir: string;
  /** The copy read in place of the data folder's file (SqliteOptions.copy), if any. */
  readonly copy: string | undefined;
  readonly file: string;
  readonly busyTimeoutMs: number;
  #db: DatabaseSync | undefined;
  readonly #statements = new Map<string, StatementSync>();
  /** The end of the queue of this process's transactions. */
  #queue: Promise<unknown> = Promise.resolve();
  #closed = false;
  readonly #wal: WalSync;
  /**
   * Set when the disk failed to sync a commit: that entry may not be on disk, and what the disk
   * holds after such a failure is not known (the system may have dropped the pages it could not
   * write), so nothing more is written until the process restarts and SQLite reads the file afresh.
   * The tap whose sync failed is told its entry may not be kept (`uncertain`); each later write is
   * refused before anything is written, and told so (`unavailable`).
   */
  #lost: StoreError | undefined;

  constructor(options: SqliteOptions) {
    this.dir = resolve(options.dir);
    this.copy = options.copy === undefined ? undefined : resolve(options.copy);
    this.file = this.copy ?? join(this.dir, SQLITE_FILE);
    this.busyTimeoutMs = options.busyTimeoutMs ?? 1000;
    this.#wal = new WalSync(this.file);
  }

  /** The error as a StoreError when it means the file cannot be used (sqliteStoreError). */
  fail(error: unknown): StoreError | undefined {
    return sqliteStoreError(error, this.file, this.dir);
  }

  /**
   * The connection, opened at first use: the copy read-only, else the data folder's file (the
   * folder made when missing) in WAL mode with `synchronous=NORMAL` and foreign keys, its WAL
   * opened for the syncs; a connection whose set-up fails is closed again.
   */
  #open(): DatabaseSync {
    if (this.#closed) throw new Error("database is not open");
    if (this.#db) return this.#db;
    if (this.copy) {
      this.#db = copyConnection(this.copy, this.busyTimeoutMs);
      return this.#db;
    }
    if (!existsSync(this.dir)) mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const opened = new DatabaseSync(this.file, {
      timeout: this.busyTimeoutMs,
      enableForeignKeyConstraints: true,
    });
    try {
      walMode(opened, this.busyTimeoutMs);
      opened.exec("PRAGMA synchronous = NORMAL");
      opened.exec("PRAGMA foreign_keys = ON");
    } catch (error) {
      opened.close();
      throw error;
    }
    this.#wal.prepare(opened);
    this.#db = opened;
    return opened;
  }

  /** Runs one statement on the connection, each SQL text prepared once and kept. */
  readonly run: Query = async (sql, params = []) => {
    const database = this.#open();
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = database.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement.all(...bind(params)) as Row[];
  };

  /** Runs `work` once this process's earlier work is done (whether it succeeded or failed). */
  serialised<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(work, work);
    this.#queue = next.catch(() => undefined);
    return next;
  }

  /**
   * One transaction (queued after the others): refused on a copy, and after a failed sync; BEGIN
   * IMMEDIATE, `work`, COMMIT (ROLLBACK when `work` or COMMIT throws), then the WAL synced before
   * it is reported committed: a sync that fails stops every later write (`lost`).
   */
  async transact<T>(work: (query: Query) => Promise<T>): Promise<T> {
    if (this.copy) throw copyReadOnlyError(this.copy);
    if (this.#lost) throw stoppedError(this.#lost, this.file, this.dir);
    const database = this.#open();
    database.exec("BEGIN IMMEDIATE");
    let result: T;
    try {
      result = await work(this.run);
      database.exec("COMMIT");
    } catch (error) {
      try {
        if (database.isTransaction) database.exec("ROLLBACK");
      } catch {
        // The transaction ended with the error (SQLite rolled it back itself).
      }
      throw error;
    }
    await this.#wal.synced(database).catch(async (error: unknown) => {
      await this.#wal.close();
      this.#lost = notKeptError(error, this.file, this.dir);
      throw this.#lost;
    });
    return result;
  }

  /** A read-only snapshot on a second connection (snapshotOf); throws at once once closed. */
  snapshot<T>(work: (read: Snapshot) => Promise<T>): Promise<T> {
    if (this.#closed) throw new Error("database is not open");
    return snapshotOf(this.file, this.busyTimeoutMs, work, this.copy ? copyConnection : undefined);
  }

  /** A problem seen without a query: a failed sync, or the folder or file not writable. */
  problem(): string | undefined {
    if (this.copy) return undefined;
    if (this.#lost) return this.#lost.message;
    try {
      accessSync(this.dir, constants.W_OK);
      if (existsSync(this.file)) accessSync(this.file, constants.W_OK);
      return undefined;
    } catch (error) {
      return this.fail(error)?.message;
    }
  }

  /**
   * Closes the connection and lets go of the WAL (the driver queues it after the work before it);
   * nothing opens it again.
   */
  async close(): Promise<void> {
    this.#closed = true;
    this.#statements.clear();
    this.#db?.close();
    this.#db = undefined;
    await this.#wal.close();
  }
}

/** AUTOINCREMENT's own counter: an id is never given twice, even after retention removed its row. */
async function nextId(q: Query, table: ChainTable): Promise<number> {
  const [row] = await q(
    "SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = ?), 0), coalesce((SELECT max(id) FROM " +
      table +
      "), 0)) + 1 AS id",
    [table],
  );
  return Number(row?.id);
}

/**
 * The care record on SQLite (see this file's comment): the store's Driver. A read waits in the
 * queue only while a write is queued or under way (until its WAL is synced): it then sees what the
 * writes asked before it wrote, as ever. Otherwise it runs at once (node:sqlite reads are
 * synchronous), so a tap's commit never waits behind the dozens of reads a message's redraw asked
 * before it (issue 48: the ack of a person seen before).
 */
export function sqliteDriver(options: SqliteOptions): Driver {
  const record = new SqliteRecord(options);
  let writes = 0;
  const write = <T>(work: () => Promise<T>): Promise<T> => {
    writes++;
    return record.serialised(work).finally(() => {
      writes--;
    });
  };
  return {
    engine: "sqlite",
    where: record.file,
    query: (sql, params) =>
      writes === 0 ? record.run(sql, params) : record.serialised(() => record.run(sql, params)),
    transaction: (work) => write(() => record.transact(work)),
    snapshot: (work) => record.snapshot(work),
    nextId,
    isUniqueViolation: (error) => {
      const code = sqliteCode(error);
      return code === SQLITE_CONSTRAINT_UNIQUE || code === SQLITE_CONSTRAINT_PRIMARYKEY;
    },
    isCheckViolation: (error) => sqliteCode(error) === SQLITE_CONSTRAINT_CHECK,
    storeError: (error) => record.fail(error),
    problem: () => record.problem(),
    close: () => write(() => record.close()),
  };
}
