/**
 * The embedded engine's errors (src/record/sqlite.ts): SQLite's result codes, and what the store
 * says when the file cannot be used (read-only, full, locked, gone) or when a commit's sync failed.
 */
import { StoreError } from "./errors.ts";

// SQLite's result codes (the low byte of an extended code).
export const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;
const SQLITE_READONLY = 8;
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
 * An error of SQLite's or of the file system as a StoreError when it means the record's `file` (in
 * the folder `dir`) cannot be used: read-only, full, or unavailable; undefined for any other error.
 */
export function sqliteStoreError(error: unknown, file: string, dir: string): StoreError | undefined {
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
