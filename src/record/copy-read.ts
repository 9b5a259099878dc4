/**
 * A copy of the care record read on its own (`record verify --file`, `record audit --file`: a backup,
 * a file handed to an inspector): read-only, no kennel settings, nothing migrated, nothing written to
 * it nor made beside it (src/record/sqlite.ts copyConnection). The file is read the one way the data
 * folder's file is (src/record/sqlite-there.ts recordFileThere), so each way in says the same of it:
 * empty or a database of something else, no record (`no_record`); no database SQLite can read,
 * `damaged`; a table missing, `incomplete`; only the words of what to do differ (a copy is asked for
 * again, never put in place of the bot's record). A folder given for the file is said to be one,
 * with the file inside it to give when it holds the record.
 */
import { existsSync, type Stats, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { Clock } from "../deps.ts";
import type { VerifyResult } from "./chain.ts";
import type { Snapshot } from "./driver.ts";
import { StoreError } from "./errors.ts";
import { recordedKennel } from "./kennel.ts";
import { verifyIn } from "./ledger.ts";
import { SCHEMA_VERSION } from "./schema.ts";
import { fileSnapshot, SQLITE_FILE, sqliteDriver } from "./sqlite.ts";
import { SQLITE_READONLY, sqliteCode, sqliteStoreError } from "./sqlite-errors.ts";
import { recordFileThere } from "./sqlite-there.ts";
import { createStore } from "./store.ts";
import type { CareRecordStore, KennelIdentity } from "./types.ts";

/** A copy of the record verified on its own (`record verify --file`): its chain, and the kennel it names. */
export interface CopyVerified {
  result: VerifyResult;
  /** The kennel the copy says it was made for (none: it never learnt one). */
  kennel: KennelIdentity | undefined;
}

const COPY_HINT =
  "Give the path of a care record's file: a backup (kennel-desk record backup) or the bot's care-record.sqlite.";

/** What to do about a copy that cannot be read as it is, by its problem: never "restore it in place". */
const COPY_HINTS: Partial<Record<StoreError["problem"], string>> = {
  damaged:
    "Keep this file as it is and ask for another copy of the record: kennel-desk record backup makes one, checked.",
  incomplete: "Ask for a whole copy of the record: kennel-desk record backup makes one.",
  read_only:
    "Copy it (with its -wal file, if there is one) into a folder you can read and write, and give that copy.",
};

/** The record layer's error about the file, with a copy's own words of what to do. */
function asCopy(error: StoreError, path: string): StoreError {
  const hint = COPY_HINTS[error.problem];
  return hint ? new StoreError(error.problem, error.message, hint, path, error) : error;
}

/** A copy that could not be read, in words: a read-only folder, a table missing, damaged, or no record. */
function unreadableCopy(error: unknown, path: string): StoreError {
  const reason = String((error as Error)?.message ?? error).slice(0, 200);
  const code = sqliteCode(error);
  if (code !== undefined && (code & 0xff) === SQLITE_READONLY)
    return new StoreError(
      "read_only",
      `${path} cannot be read where it is: its folder cannot be written by this user, and SQLite must make its -shm file beside it to read it with its -wal file (${reason}).`,
      COPY_HINTS.read_only ?? COPY_HINT,
      path,
      error,
    );
  const said = sqliteStoreError(error, path, dirname(path));
  if (said) return asCopy(said, path);
  return new StoreError(
    "no_record",
    `${path} could not be read as a care record (${reason}).`,
    COPY_HINT,
    path,
    error,
  );
}

/** A folder given where the copy's file goes: said, with the record's file inside it when there is one. */
function folderGiven(path: string, what: string): StoreError {
  const inside = join(path, SQLITE_FILE);
  const hint = existsSync(inside)
    ? `Give the file: kennel-desk record ${what} --file ${inside}`
    : `Give the care record's file (a backup, or the bot's ${SQLITE_FILE}), not a folder.`;
  return new StoreError(
    "no_record",
    `${path} is a folder, not a care record file: nothing to ${what}.`,
    hint,
    path,
  );
}

/**
 * The copy's path, resolved: a file that holds a care record, or a StoreError saying what is there
 * instead (nothing, a folder, an empty file, a database of something else, a damaged file).
 */
function copyPath(file: string, what: string): string {
  const path = resolve(file);
  let stat: Stats;
  try {
    stat = statSync(path);
  } catch {
    throw new StoreError("no_record", `There is no file at ${path}: nothing to ${what}.`, COPY_HINT, path);
  }
  if (stat.isDirectory()) throw folderGiven(path, what);
  if (!stat.isFile())
    throw new StoreError("no_record", `${path} is not a file: nothing to ${what}.`, COPY_HINT, path);
  let none: ReturnType<typeof recordFileThere>;
  try {
    none = recordFileThere(path, stat, { dir: dirname(path), copy: true });
  } catch (error) {
    throw error instanceof StoreError ? asCopy(error, path) : unreadableCopy(error, path);
  }
  if (none)
    throw new StoreError(
      "no_record",
      `There is no care record at ${path}: ${none.why ?? "nothing to read."}`,
      COPY_HINT,
      path,
    );
  return path;
}

/**
 * The schema a care record's file is at (the file holds the record's tables: copyPath), undefined
 * when none was ever written; one without its schema_version table is a record with a table
 * missing (`incomplete`, thrown).
 */
async function schemaOf(read: Snapshot["query"]): Promise<number | undefined> {
  const [row] = await read("SELECT max(version) AS v FROM schema_version");
  return row?.v === null || row?.v === undefined ? undefined : Number(row.v);
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
 * Walks the chain of a copy of the care record on a read-only connection. `at`: a place printed
 * before, `hash`: its hash's first digits, as `verify({ at, hash })`. Throws a StoreError when it cannot be walked (this file's comment; a
 * record of another schema: `newer_schema`, or `unavailable` for an older one, which the bot brings
 * up to date at its start).
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

/**
 * A copy of the care record opened as a store, read-only (`record audit --file`): its schema checked
 * first, no kennel claimed, nothing migrated or written; a write is refused. The caller closes it.
 */
export async function openCopy(file: string, clock: Clock, what: string): Promise<CareRecordStore> {
  const path = copyPath(file, what);
  await readCopy(path, what, async () => undefined);
  const store = createStore(sqliteDriver({ dir: dirname(path), copy: path }), clock);
  try {
    await store.ready();
  } catch (error) {
    await store.close();
    throw error instanceof StoreError ? asCopy(error, path) : error;
  }
  return store;
}
