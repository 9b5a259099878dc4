/**
 * The embedded engine's errors (src/record/sqlite.ts): SQLite's result codes, and what the store
 * says when the file cannot be used (read-only, full, locked, gone; a table missing; no database
 * SQLite can read, or a folder in its place) or when a commit's sync failed.
 */
import { statSync } from "node:fs";
import { basename } from "node:path";
import { StoreError } from "./errors.ts";

// SQLite's result codes (the low byte of an extended code).
const SQLITE_ERROR = 1;
export const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;
export const SQLITE_READONLY = 8;
const SQLITE_IOERR = 10;
const SQLITE_CORRUPT = 11;
const SQLITE_FULL = 13;
const SQLITE_CANTOPEN = 14;
const SQLITE_NOTADB = 26;
export const SQLITE_CONSTRAINT_CHECK = 275;
export const SQLITE_CONSTRAINT_PRIMARYKEY = 1555;
export const SQLITE_CONSTRAINT_UNIQUE = 2067;

/** node:sqlite's extended result code of an error it threw; undefined for any other error. */
export function sqliteCode(error: unknown): number | undefined {
  const e = error as { code?: unknown; errcode?: unknown };
  return e?.code === "ERR_SQLITE_ERROR" && typeof e.errcode === "number" ? e.errcode : undefined;
}

/**
 * The whole backup, put in place of the record's `file`, that gives back a record with every table
 * and every page (docs/care-record.md, Backing it up).
 */
const restoreSteps = (file: string): string =>
  `with the bot stopped, put a backup (kennel-desk record backup makes one) in place as ${file}, the -wal and -shm files beside it removed, then run kennel-desk record verify and start the bot (docs/care-record.md, Backing it up).`;

/** A table of the record missing from its file (a partial restore, a table dropped): `incomplete`. */
function missingTableError(file: string, table: string, error?: unknown): StoreError {
  return new StoreError(
    "incomplete",
    `The care record in ${file} is incomplete: table ${table} is missing (restored from a partial copy, or a table dropped by hand?).`,
    `Restore a whole backup: ${restoreSteps(file)}`,
    file,
    error,
  );
}

function missingTable(code: number | undefined, reason: string, file: string, error: unknown) {
  const table = code === SQLITE_ERROR ? /^no such table: (?:main\.)?(\w+)/.exec(reason)?.[1] : undefined;
  return table === undefined ? undefined : missingTableError(file, table, error);
}

const isFolder = (path: string): boolean => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

/** A folder where the record's file should be: no record, and nothing to retry. */
export function folderInPlaceError(file: string, error?: unknown): StoreError {
  return new StoreError(
    "damaged",
    `${file} is a folder, not the care record's file: the record is one file, ${basename(file)}, in KENNEL_DATA_DIR.`,
    `Move that folder out of the way (the bot then starts a new record there, or put a backup there: docs/care-record.md, Backing it up), or set KENNEL_DATA_DIR to the folder that holds the bot's ${basename(file)}.`,
    file,
    error,
  );
}

/** No database SQLite can read at `file` (damaged, another file, a folder): `damaged`, never "try again". */
function damagedFile(primary: number | undefined, reason: string, file: string, error: unknown) {
  if (primary === SQLITE_CANTOPEN && isFolder(file)) return folderInPlaceError(file, error);
  if (primary !== SQLITE_NOTADB && primary !== SQLITE_CORRUPT) return undefined;
  return new StoreError(
    "damaged",
    `The care record's file ${file} is not a database SQLite can read (${reason}): it is damaged, or another file was put in its place.`,
    `Move it aside (keep it: it may hold entries) and restore a whole backup: ${restoreSteps(file)}`,
    file,
    error,
  );
}

/**
 * An error of SQLite's or of the file system as a StoreError when it means the record's `file` (in
 * the folder `dir`) cannot be used: a table missing, not a database, read-only, full, or
 * unavailable; undefined for any other error.
 */
export function sqliteStoreError(error: unknown, file: string, dir: string): StoreError | undefined {
  const errno = (error as NodeJS.ErrnoException)?.code;
  const code = sqliteCode(error);
  const primary = code === undefined ? undefined : code & 0xff;
  const reason = String((error as Error)?.message ?? error).slice(0, 200);
  const broken = missingTable(code, reason, file, error) ?? damagedFile(primary, reason, file, error);
  if (broken) return broken;
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
}

/** What the tap whose commit the disk failed to sync is told: its entry may not be kept. */
export function notKeptError(error: unknown, file: string, dir: string): StoreError {
  return new StoreError(
    "uncertain",
    `The disk holding the care record (${dir}) reported an error as an entry was saved (${String((error as Error)?.message ?? error).slice(0, 200)}): that entry may not have been kept, and nothing more is recorded until Kennel Desk restarts.`,
    "Check that disk, then restart Kennel Desk: the round posts and record verify then show what was kept.",
    file,
    error,
  );
}

/** What each write after such a failure (`lost`) is told, before anything is written. */
export function stoppedError(lost: StoreError | undefined, file: string, dir: string): StoreError {
  return new StoreError(
    "unavailable",
    `The disk holding the care record (${dir}) reported an error as an earlier entry was saved: nothing more is recorded until Kennel Desk restarts.`,
    "Check that disk, then restart Kennel Desk: the round posts and record verify then show what was kept.",
    file,
    lost,
  );
}

/** What a write to a copy of the record (`copy`, opened read-only) is told. */
export function copyReadOnlyError(copy: string): StoreError {
  return new StoreError(
    "read_only",
    `${copy} is a copy of the care record, opened read-only: nothing is written to it.`,
    "Read it (record verify, record audit with --file); to record, use the bot's own record.",
    copy,
  );
}
