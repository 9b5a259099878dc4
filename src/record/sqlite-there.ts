/**
 * Whether the SQLite data folder holds a care record, asked as a read asks it: nothing made, nothing
 * written (a command that reads never creates a record, nor a record's tables in a file that holds
 * none: an empty file, a SQLite database of something else). What is there that is no record it can
 * read (a folder in the file's place, a damaged file, a folder this user may not write, which SQLite
 * needs to read a record in WAL mode) is a StoreError in words; a table missing is said when the
 * record is opened (src/record/migrate.ts), and a backup still copies such a record as it is.
 */
import { accessSync, constants, type Stats, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { StoreError } from "./errors.ts";
import { RECORD_TABLES } from "./schema.ts";
import { copyConnection, SQLITE_FILE } from "./sqlite.ts";
import { folderInPlaceError, SQLITE_READONLY, sqliteCode, sqliteStoreError } from "./sqlite-errors.ts";

/** Why there is no record to read (the sentence after "There is no care record at FILE"), and what to do. */
export interface NoSqliteRecord {
  why?: string;
  hint?: string;
}

export interface SqliteThere {
  /** The record's file (KENNEL_DATA_DIR/care-record.sqlite). */
  file: string;
  /** Set when there is no record there: why, and what to do (none: the file is not there). */
  none?: NoSqliteRecord;
}

/** What to do about a file that holds no record: the bot's first start makes it; a record lost, a backup. */
const NOT_THERE =
  "The bot makes the record in this file at its first start. If the file held the kennel's record before, restore a backup (docs/care-record.md, Backing it up); if the bot keeps its record elsewhere, set KENNEL_DATA_DIR as the bot has it.";

/** A folder this user may not write, holding a record in WAL mode: SQLite cannot read it there. */
function readOnlyFolder(file: string, dir: string, error: unknown): StoreError {
  return new StoreError(
    "read_only",
    `The care record at ${file} cannot be read here: its folder ${dir} cannot be written by this user, and SQLite must make its -shm file beside the record to read it (${String((error as Error)?.message ?? error).slice(0, 200)}).`,
    `Run the command as the user Kennel Desk runs as; or copy ${file} (with its -wal file, if there is one) into a folder you can write, and read the copy: kennel-desk record verify --file COPY (record audit --file too).`,
    file,
    error,
  );
}

/** The record's tables the file holds (a copy: read as copyConnection reads it); a StoreError when it cannot be read. */
function tablesIn(file: string, dir: string, copy: boolean): Set<string> {
  let db: DatabaseSync | undefined;
  try {
    db = copy ? copyConnection(file, 5000) : new DatabaseSync(file, { readOnly: true, timeout: 5000 });
    const rows = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all();
    return new Set(rows.map((r) => String(r.name)));
  } catch (error) {
    const code = sqliteCode(error);
    if (code !== undefined && (code & 0xff) === SQLITE_READONLY) throw readOnlyFolder(file, dir, error);
    throw sqliteStoreError(error, file, dir) ?? error;
  } finally {
    db?.close();
  }
}

/** The record (its folder, or its file) that this user may not read: the bot's user's alone. */
function notReadable(path: string, error: unknown): StoreError {
  const errno = (error as NodeJS.ErrnoException)?.code ?? String(error);
  return new StoreError(
    "read_only",
    `The care record at ${path} cannot be read by this user (${errno}).`,
    `Run the command as the user Kennel Desk runs as (the record is that user's alone), or set KENNEL_DATA_DIR to the folder that holds the bot's ${SQLITE_FILE}.`,
    path,
    error,
  );
}

/** What is at a path (none: nothing there); a StoreError when this user may not look. */
function statOf(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch (error) {
    const errno = (error as NodeJS.ErrnoException)?.code;
    if (errno === "ENOENT" || errno === "ENOTDIR") return undefined;
    throw notReadable(path, error);
  }
}

/**
 * The data folder `dir`'s record, looked at without writing: its file and, when it holds none, why.
 * Throws a StoreError when what is there is no record it can read (see this file's comment).
 */
export function sqliteRecordThere(dir: string): SqliteThere {
  const folder = resolve(dir);
  const file = join(folder, SQLITE_FILE);
  const at = statOf(folder);
  if (at && !at.isDirectory())
    return {
      file,
      none: {
        why: `KENNEL_DATA_DIR (${folder}) is a file, not a folder, so there is nothing to read or verify.`,
        hint: `Set KENNEL_DATA_DIR to the folder that holds the bot's ${SQLITE_FILE} (./data by default), not to a file.`,
      },
    };
  const stat = at && statOf(file);
  if (!stat) return { file, none: {} };
  if (stat.isDirectory()) throw folderInPlaceError(file);
  const none = recordFileThere(file, stat, { dir: folder });
  return none ? { file, none } : { file };
}

/**
 * Whether a file (not a folder) holds a care record, read the one way for every way in (the data
 * folder's file, a copy given with --file): undefined when it does; why not (empty, a database of
 * something else) when it holds none; a StoreError when it is no record it can read (damaged, not
 * readable by this user). `copy`: read as a copy is (copyConnection: nothing made beside it).
 */
export function recordFileThere(
  file: string,
  stat: Stats,
  o: { dir: string; copy?: boolean },
): NoSqliteRecord | undefined {
  if (stat.size === 0)
    return {
      why: "the file is empty (0 bytes), so there is nothing to read or verify (nothing was written to it).",
      hint: NOT_THERE,
    };
  try {
    accessSync(file, constants.R_OK);
  } catch (error) {
    throw notReadable(file, error);
  }
  const tables = tablesIn(file, o.dir, o.copy === true);
  if (!RECORD_TABLES.some((t) => tables.has(t)))
    return {
      why: "the file is a SQLite database without the care record's tables, so there is nothing to read or verify (nothing was written to it).",
      hint: NOT_THERE,
    };
  return undefined;
}
