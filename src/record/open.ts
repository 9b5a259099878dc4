/**
 * Opening the care record at start: SQLite in KENNEL_DATA_DIR by default, PostgreSQL when
 * DATABASE_URL is set (loaded only then). The schema is brought up to date here. An engine that is
 * down does not stop the bot (every command keeps answering; a tap is told "Could not record… try
 * again", and the store tries again on its next use); a schema newer than this Kennel Desk knows does.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RecordSettings } from "../config.ts";
import type { Clock } from "../deps.ts";
import type { Driver } from "./driver.ts";
import { StoreError } from "./errors.ts";
import { dataFolderProblem, prepareDataFolder } from "./folder.ts";
import type { StoreOptions } from "./log-cache.ts";
import { sqliteDriver } from "./sqlite.ts";
import { createStore } from "./store.ts";
import type { CareRecordStore, KennelIdentity } from "./types.ts";

export interface OpenedRecord {
  store: CareRecordStore;
  /** Where the record is, for people (the SQLite file, or PostgreSQL's host and database). */
  where: string;
  /** What stops it from being used now (the engine down, the folder unwritable), if anything. */
  problem?: StoreError;
  /** The data folder's problem (a throwaway filesystem, not writable), in one line, if any. */
  folderWarning?: string;
  /** What was done to the record's file at start (made private), in one line, if anything. */
  folderNotice?: string;
}

async function driverFor(settings: RecordSettings): Promise<Driver> {
  if (settings.engine === "sqlite") return sqliteDriver({ dir: settings.dataDir });
  const { postgresDriver } = await import("./postgres.ts");
  return postgresDriver({ url: settings.url });
}

/** What makes a record unusable for good, whatever is retried: the caller refuses to start. */
const REFUSED = new Set(["newer_schema", "other_kennel", "incomplete", "damaged"]);

/**
 * Opens the store for a kennel (src/record/kennel.ts: the API's origin) and brings its schema up to
 * date. Throws the StoreError `newer_schema`, `other_kennel`, `incomplete` (a table missing) or
 * `damaged` (no database SQLite can read), and a DataFolderError when the SQLite
 * data folder cannot be made (the caller refuses to start, in one line); any other StoreError comes
 * back as `problem`, with a store that tries again on its next use.
 */
export async function openCareRecord(
  settings: RecordSettings,
  clock: Clock,
  kennel: KennelIdentity | undefined,
  options: StoreOptions = {},
): Promise<OpenedRecord> {
  const folderNotice = settings.engine === "sqlite" ? prepareDataFolder(settings.dataDir) : undefined;
  const folderWarning = settings.engine === "sqlite" ? dataFolderProblem(settings.dataDir) : undefined;
  const driver = await driverFor(settings);
  const store = createStore(driver, clock, kennel, options);
  const where = driver.where;
  const notes = { ...(folderWarning ? { folderWarning } : {}), ...(folderNotice ? { folderNotice } : {}) };
  try {
    await store.ready();
  } catch (error) {
    if (!(error instanceof StoreError)) throw error;
    if (REFUSED.has(error.problem)) {
      await store.close();
      throw error;
    }
    return { store, where, problem: error, ...notes };
  }
  return { store, where, ...notes };
}

/**
 * Whether there is a care record in the PostgreSQL database (its schema_version table), asked without
 * making one: a read never creates the record. A StoreError when the database cannot be reached.
 */
export async function postgresRecordThere(
  settings: RecordSettings & { engine: "postgres" },
): Promise<{ there: boolean; where: string }> {
  const driver = await driverFor(settings);
  try {
    // The record's tables without its schema's history (a partial restore) are a record: opened, it
    // is said to be incomplete.
    const [row] = await driver.query(
      "SELECT to_regclass('schema_version') IS NOT NULL OR to_regclass('care_entries') IS NOT NULL AS there",
    );
    return { there: row?.there === true, where: driver.where };
  } catch (error) {
    throw driver.storeError(error) ?? error;
  } finally {
    await driver.close();
  }
}

export interface TemporaryRecord {
  store: CareRecordStore;
  /** The temporary folder holding the SQLite file. */
  dir: string;
  /** Closes the store and removes the folder. */
  close(): Promise<void>;
}

/**
 * An embedded store in a new temporary folder, for the preview (a newcomer's taps, kept until it
 * stops) and the tests. Its schema is made on first use.
 */
export function temporaryRecord(
  clock: Clock,
  prefix = "kennel-desk-record-",
  kennel?: KennelIdentity,
): TemporaryRecord {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const store = createStore(sqliteDriver({ dir }), clock, kennel);
  return {
    store,
    dir,
    async close() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
