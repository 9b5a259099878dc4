/**
 * `kennel-desk record backup FILE`: an online copy of the SQLite store, made while the bot runs
 * (SQLite's `VACUUM INTO`: one consistent snapshot, WAL included, in a new file), then opened and
 * checked. PostgreSQL is backed up with pg_dump (docs/care-record.md).
 */
import { chmodSync, existsSync } from "node:fs";
import { resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";

export interface BackupResult {
  file: string;
  entries: number;
  bytes: number;
}

/** Copies the store at `source` to `target` (which must not exist); throws an Error saying why not. */
export function backupSqlite(source: string, target: string): BackupResult {
  const file = resolve(target);
  if (existsSync(file)) {
    throw new Error(`${file} already exists: a backup never overwrites a file. Give a new file name.`);
  }
  const db = new DatabaseSync(source, { timeout: 5000 });
  try {
    db.prepare("VACUUM INTO ?").run(file);
  } finally {
    db.close();
  }
  // The copy holds the record: readable by its owner only, as the data folder is.
  chmodSync(file, 0o600);
  const copy = new DatabaseSync(file, { readOnly: true });
  try {
    const check = copy.prepare("PRAGMA integrity_check").get() as { integrity_check?: string } | undefined;
    if (check?.integrity_check !== "ok")
      throw new Error(`The copy at ${file} did not pass SQLite's integrity check.`);
    const row = copy.prepare("SELECT count(*) AS n FROM care_entries").get() as { n?: number } | undefined;
    const size = copy
      .prepare("SELECT page_count * page_size AS bytes FROM pragma_page_count(), pragma_page_size()")
      .get() as { bytes?: number } | undefined;
    return { file, entries: Number(row?.n ?? 0), bytes: Number(size?.bytes ?? 0) };
  } finally {
    copy.close();
  }
}
