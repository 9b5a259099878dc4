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
  mkdtempSync,
  openSync,
  rmSync,
} from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { VerifyResult } from "./chain.ts";
import { StoreError } from "./errors.ts";
import { makeFolder } from "./folder.ts";
import { verifyIn } from "./ledger.ts";
import { RECORD_TABLES, SCHEMA_VERSION } from "./schema.ts";
import { SQLITE_FILE, sqliteDriver } from "./sqlite.ts";

export interface BackupResult {
  file: string;
  entries: number;
  bytes: number;
  /** The copy's chain walked (undefined: a record of an older schema, checked by SQLite alone). */
  chain: VerifyResult | undefined;
}

/** The backup's folder could not be made (said in words: why not). */
export class BackupFolderError extends Error {
  override readonly name = "BackupFolderError";
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
  // A folder named in the target that is not there yet (backups/…) is made, its owner's alone (in
  // bounded tries: Node's recursive mkdir loops for ever under /proc).
  const why = makeFolder(dirname(file));
  if (why) throw new BackupFolderError(`the folder ${dirname(file)} could not be made: ${why}.`);
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
