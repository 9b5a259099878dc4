/**
 * `kennel-desk record backup FILE`: an online copy of the SQLite store, made while the bot runs
 * (SQLite's `VACUUM INTO`: one consistent snapshot, WAL included), then opened and checked.
 * PostgreSQL is backed up with pg_dump (docs/care-record.md).
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

export interface BackupResult {
  file: string;
  entries: number;
  bytes: number;
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
function checkCopy(copyFile: string, file: string): Omit<BackupResult, "file"> {
  const copy = new DatabaseSync(copyFile, { readOnly: true });
  try {
    const check = copy.prepare("PRAGMA integrity_check").get() as { integrity_check?: string } | undefined;
    if (check?.integrity_check !== "ok")
      throw new Error(`The copy for ${file} did not pass SQLite's integrity check.`);
    const row = copy.prepare("SELECT count(*) AS n FROM care_entries").get() as { n?: number } | undefined;
    const size = copy
      .prepare("SELECT page_count * page_size AS bytes FROM pragma_page_count(), pragma_page_size()")
      .get() as { bytes?: number } | undefined;
    return { entries: Number(row?.n ?? 0), bytes: Number(size?.bytes ?? 0) };
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

/** Copies the store at `source` to `target` (which must not exist); throws an Error saying why not. */
export function backupSqlite(source: string, target: string): BackupResult {
  const file = resolve(target);
  refuseExisting(file);
  const folder = mkdtempSync(join(dirname(file), `.${basename(file)}.kennel-desk-`));
  try {
    const copyFile = join(folder, "copy.sqlite");
    closeSync(openSync(copyFile, "wx", 0o600));
    const db = new DatabaseSync(source, { timeout: 5000 });
    try {
      db.prepare("VACUUM INTO ?").run(copyFile);
    } finally {
      db.close();
    }
    const checked = checkCopy(copyFile, file);
    place(copyFile, file);
    return { file, ...checked };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
