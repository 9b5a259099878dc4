/**
 * `kennel-desk record backup FILE`: an online copy of the SQLite store, made while the bot runs
 * (SQLite's `VACUUM INTO`: one consistent snapshot, WAL included), then opened and checked: SQLite's
 * integrity check, and its chain walked a row at a time (src/record/verify.ts), so a copy of any
 * size is checked in constant memory and says the head it holds. PostgreSQL is backed up with
 * pg_dump (docs/care-record.md).
 *
 * The copy holds the record, so it is its owner's alone from its first byte: it is made in a new
 * private folder (mode 700) beside the target, in a file created there exclusively with mode 600,
 * checked, and only then linked at the target, which must not exist: a file or a symbolic link
 * there (even one pointing nowhere) is refused, never followed nor overwritten. A copy that fails
 * leaves nothing behind.
 */
import {
  closeSync,
  constants,
  copyFileSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  statSync,
} from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Clock } from "../deps.ts";
import type { VerifyResult } from "./chain.ts";
import type { Snapshot } from "./driver.ts";
import { StoreError } from "./errors.ts";
import { recordedKennel } from "./kennel.ts";
import { verifyIn } from "./ledger.ts";
import { RECORD_TABLES, SCHEMA_VERSION } from "./schema.ts";
import { fileSnapshot, SQLITE_FILE, sqliteDriver } from "./sqlite.ts";
import { SQLITE_READONLY, sqliteCode } from "./sqlite-errors.ts";
import { createStore } from "./store.ts";
import type { CareRecordStore, KennelIdentity } from "./types.ts";

export interface BackupResult {
  file: string;
  entries: number;
  bytes: number;
  /** The copy's chain walked (undefined: a record of an older schema, checked by SQLite alone). */
  chain: VerifyResult | undefined;
}

/** What is at a path without following a link: a link, something else, or nothing. */
function whatIsAt(path: string): "link" | "other" | undefined {
  try {
    return lstatSync(path).isSymbolicLink() ? "link" : "other";
  } catch {
    return undefined;
  }
}

function refuseExisting(file: string): void {
  const at = whatIsAt(file);
  if (at === "link") {
    throw new Error(
      `${file} is a symbolic link: a backup is never written through one. Give a new file name.`,
    );
  }
  if (at) throw new Error(`${file} already exists: a backup never overwrites a file. Give a new file name.`);
}

/** The copy's checks: SQLite's integrity check, and what it holds. */
function checkCopy(
  copyFile: string,
  file: string,
): Omit<BackupResult, "file" | "chain"> & { schema: number } {
  const copy = new DatabaseSync(copyFile, { readOnly: true });
  try {
    const check = copy.prepare("PRAGMA integrity_check").get() as { integrity_check?: string } | undefined;
    if (check?.integrity_check !== "ok")
      throw new Error(`The copy for ${file} did not pass SQLite's integrity check.`);
    const row = copy.prepare("SELECT count(*) AS n FROM care_entries").get() as { n?: number } | undefined;
    const size = copy
      .prepare("SELECT page_count * page_size AS bytes FROM pragma_page_count(), pragma_page_size()")
      .get() as { bytes?: number } | undefined;
    const version = copy.prepare("SELECT max(version) AS v FROM schema_version").get() as
      | { v?: number }
      | undefined;
    return { entries: Number(row?.n ?? 0), bytes: Number(size?.bytes ?? 0), schema: Number(version?.v ?? 0) };
  } finally {
    copy.close();
  }
}

/** Puts the finished copy at the target, which must still be free (a link: atomic, never follows one). */
function place(copyFile: string, file: string): void {
  try {
    linkSync(copyFile, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException)?.code;
    if (code === "EEXIST") refuseExisting(file);
    // A file system without hard links: an exclusive copy (it never follows a link at the target either).
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EOPNOTSUPP" && code !== "EXDEV") throw error;
    copyFileSync(copyFile, file, constants.COPYFILE_EXCL);
  }
}

/** The copy's chain, walked on a read-only connection (nothing written to the copy). */
async function walkCopy(folder: string, now: Date): Promise<VerifyResult> {
  const driver = sqliteDriver({ dir: folder, busyTimeoutMs: 5000 });
  try {
    return await driver.snapshot((read) => verifyIn(read, { now }));
  } finally {
    await driver.close();
  }
}

/**
 * Copies the store at `source` to `target` (which must not exist), checks it, and walks its chain;
 * throws an Error saying why not. A copy whose chain does not verify is still put in place (it is
 * the record as it is, evidence included): `chain` says so.
 */
export async function backupSqlite(source: string, target: string, now: Date): Promise<BackupResult> {
  const file = resolve(target);
  refuseExisting(file);
  // A folder named in the target that is not there yet (backups/…) is made, its owner's alone.
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const folder = mkdtempSync(join(dirname(file), `.${basename(file)}.kennel-desk-`));
  try {
    const copyFile = join(folder, SQLITE_FILE);
    closeSync(openSync(copyFile, "wx", 0o600));
    const db = new DatabaseSync(source, { timeout: 5000 });
    try {
      wholeRecord(db, source);
      db.prepare("VACUUM INTO ?").run(copyFile);
    } finally {
      db.close();
    }
    const { schema, ...checked } = checkCopy(copyFile, file);
    const chain = schema === SCHEMA_VERSION ? await walkCopy(folder, now) : undefined;
    place(copyFile, file);
    return { file, ...checked, chain };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** A copy of the record verified on its own (`record verify --file`): its chain, and the kennel it names. */
export interface CopyVerified {
  result: VerifyResult;
  /** The kennel the copy says it was made for (none: it never learnt one). */
  kennel: KennelIdentity | undefined;
}

/**
 * The schema a SQLite file's record is at; undefined when the file holds no care record (no
 * schema_version, or no database at all). Any other failure to read it (a folder that cannot be
 * written) is thrown.
 */
async function schemaOf(read: Snapshot["query"]): Promise<number | undefined> {
  try {
    const [row] = await read("SELECT max(version) AS v FROM schema_version");
    return row?.v === null || row?.v === undefined ? undefined : Number(row.v);
  } catch (error) {
    if (/no such table|file is not a database/.test(String((error as Error)?.message))) return undefined;
    throw error;
  }
}

/**
 * Every table of the record is in the file to back up (a record of this schema; one missing
 * schema_version is missing a table too): a copy of a record missing one would verify "intact" on
 * what it has and be kept as a backup of the whole (a fresh try saw it). Not backed up.
 */
function wholeRecord(db: DatabaseSync, source: string): void {
  try {
    // A record of an older schema has the tables of its own (the bot brings it up to date at start).
    const version = db.prepare("SELECT max(version) AS v FROM schema_version").get() as
      | { v?: number }
      | undefined;
    if (Number(version?.v ?? 0) < SCHEMA_VERSION) return;
    db.prepare(`SELECT 1 AS one FROM ${RECORD_TABLES.join(", ")} WHERE 1 = 0`).all();
  } catch (error) {
    const table = /no such table: (\w+)/.exec(String((error as Error)?.message ?? error))?.[1];
    if (!table) throw error;
    throw new StoreError(
      "incomplete",
      `The care record in ${source} is incomplete: table ${table} is missing (restored from a partial copy, or a table dropped by hand?). The backup was not made: a copy of it would not be the whole record.`,
      'Restore the record from a whole backup (docs/care-record.md, "Backing it up"), then back it up again.',
      source,
      error,
    );
  }
}

/** A copy that could not be read, in words: a read-only folder, a table missing, or no record SQLite reads. */
function unreadableCopy(error: unknown, path: string): StoreError {
  const reason = String((error as Error)?.message ?? error).slice(0, 200);
  const code = sqliteCode(error);
  if (code !== undefined && (code & 0xff) === SQLITE_READONLY)
    return new StoreError(
      "read_only",
      `${path} cannot be read where it is: its folder cannot be written by this user, and SQLite must make its -shm file beside it to read it (${reason}).`,
      "Copy it (with its -wal file, if there is one) into a folder you can write, and give that copy.",
      path,
      error,
    );
  const table = /^no such table: (\w+)/.exec(reason)?.[1];
  if (table)
    return new StoreError(
      "incomplete",
      `${path} is incomplete: table ${table} is missing (a partial copy?).`,
      "Ask for a whole copy of the record: kennel-desk record backup makes one.",
      path,
      error,
    );
  return new StoreError(
    "no_record",
    `${path} could not be read as a care record (${reason}).`,
    COPY_HINT,
    path,
    error,
  );
}

/**
 * Walks the chain of a copy of the care record (a backup, a file handed to an inspector) on a
 * read-only connection: no kennel settings, nothing written to it, nothing migrated. `at`: a place
 * printed before, `hash`: its hash's first digits, as `verify({ at, hash })`. Throws a StoreError when it cannot be walked: no such file,
 * not a care record (`no_record`), a record of another schema (`newer_schema`, or `unavailable` for
 * an older one, which the bot brings up to date at its start).
 */
export async function verifyCopy(
  file: string,
  o: { at?: number | undefined; hash?: string | undefined; now: Date },
): Promise<CopyVerified> {
  const path = copyPath(file, "verify");
  return readCopy(path, "verify", async (read) => {
    const kennel = await recordedKennel(read.query);
    return { result: await verifyIn(read, o), kennel };
  });
}

const COPY_HINT =
  "Give the path of a care record's file: a backup (kennel-desk record backup) or the bot's care-record.sqlite.";

/** The copy's path, resolved: a file that is there, or a StoreError saying what is there instead. */
function copyPath(file: string, what: string): string {
  const path = resolve(file);
  let isFile = false;
  try {
    isFile = statSync(path).isFile();
  } catch {
    throw new StoreError("no_record", `There is no file at ${path}: nothing to ${what}.`, COPY_HINT, path);
  }
  if (!isFile)
    throw new StoreError("no_record", `${path} is not a file: nothing to ${what}.`, COPY_HINT, path);
  return path;
}

/** Reads a copy in one read-only snapshot, once its schema is one this Kennel Desk reads as it is. */
async function readCopy<T>(path: string, what: string, work: (read: Snapshot) => Promise<T>): Promise<T> {
  try {
    return await fileSnapshot(path, async (read) => {
      const schema = await schemaOf(read.query);
      if (schema === undefined)
        throw new StoreError(
          "no_record",
          `${path} holds no care record: nothing to ${what}.`,
          COPY_HINT,
          path,
        );
      if (schema > SCHEMA_VERSION)
        throw new StoreError(
          "newer_schema",
          `${path} was written by a newer Kennel Desk (its record's schema ${schema}; this one reads up to ${SCHEMA_VERSION}).`,
          `Read it with that version of Kennel Desk or a later one.`,
          path,
        );
      if (schema < SCHEMA_VERSION)
        throw new StoreError(
          "unavailable",
          `${path} was written by an earlier Kennel Desk (its record's schema ${schema}; this one's is ${SCHEMA_VERSION}): it is read once the record is brought up to date.`,
          `Copy it into a folder of its own as care-record.sqlite and run kennel-desk record ${what} with KENNEL_DATA_DIR set to that folder: the copy is brought up to date, the file you were given is left as it is.`,
          path,
        );
      return work(read);
    });
  } catch (error) {
    if (error instanceof StoreError) throw error;
    throw unreadableCopy(error, path);
  }
}

/**
 * A copy of the care record opened as a store, read-only (a backup, a file handed to an inspector,
 * for `record audit --file`): its schema checked first, no kennel claimed, nothing migrated or
 * written; a write is refused. The caller closes it.
 */
export async function openCopy(file: string, clock: Clock, what: string): Promise<CareRecordStore> {
  const path = copyPath(file, what);
  await readCopy(path, what, async () => undefined);
  const store = createStore(sqliteDriver({ dir: dirname(path), copy: path }), clock);
  try {
    await store.ready();
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}
