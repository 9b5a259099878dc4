/**
 * Brings the care record's schema up to date (src/record/schema.ts), in one transaction under the
 * driver's lock, so that two bots starting at once migrate once. Throws a StoreError `newer_schema`
 * when the record was written by a newer Kennel Desk, and `incomplete` when one of its tables is
 * missing (a partial restore, a table dropped): found as the record is opened (the bot's start).
 */
import type { Clock } from "../deps.ts";
import type { Driver } from "./driver.ts";
import { StoreError } from "./errors.ts";
import { migrationsAfter, RECORD_TABLES, SCHEMA_VERSION, SCHEMA_VERSION_TABLE } from "./schema.ts";

function newerSchema(driver: Driver, version: number): StoreError {
  return new StoreError(
    "newer_schema",
    `The care record at ${driver.where} has schema version ${version}, newer than this Kennel Desk knows (${SCHEMA_VERSION}): it was written by a newer version, so this one will not start on it.`,
    "Run the newer Kennel Desk again (or restore a backup made by this version).",
    driver.where,
  );
}

/**
 * Every table of the record is there, read without reading a row: the engine's "no such table"
 * names the first missing, which the driver says as `incomplete`.
 */
async function everyTable(driver: Driver): Promise<void> {
  await driver
    .query(`SELECT 1 AS one FROM ${RECORD_TABLES.join(", ")} WHERE 1 = 0`)
    .catch((error: unknown) => {
      throw driver.storeError(error) ?? error;
    });
}

/** The record's own tables without its schema's history (schema_version gone): never made over. */
const tablesWithoutHistory = (driver: Driver): Promise<boolean> =>
  driver.query("SELECT 1 AS one FROM care_entries WHERE 1 = 0").then(
    () => true,
    () => false,
  );

export async function migrate(driver: Driver, clock: Clock): Promise<{ from: number; to: number }> {
  // A read first: a record already up to date (every start but the first) is opened without a write
  // or a lock, so replicas start side by side and a read-only copy can be read.
  const known = await driver.query("SELECT max(version) AS version FROM schema_version").then(
    (rows) => Number(rows[0]?.version ?? 0),
    () => undefined,
  );
  if (known !== undefined && known > SCHEMA_VERSION) throw newerSchema(driver, known);
  if (known === undefined && (await tablesWithoutHistory(driver))) await everyTable(driver);
  const done = known === SCHEMA_VERSION ? { from: known, to: known } : await upgrade(driver, clock);
  await everyTable(driver);
  return done;
}

/** The migrations after the record's schema, in one transaction under the migrations' lock. */
function upgrade(driver: Driver, clock: Clock): Promise<{ from: number; to: number }> {
  return driver.transaction(
    async (q) => {
      await q(SCHEMA_VERSION_TABLE);
      const rows = await q("SELECT max(version) AS version FROM schema_version");
      const from = Number(rows[0]?.version ?? 0);
      if (from > SCHEMA_VERSION) throw newerSchema(driver, from);
      for (const m of migrationsAfter(from, driver.engine)) {
        for (const statement of m.statements) await q(statement);
        await m.after?.(q, driver.engine);
        await q("INSERT INTO schema_version (version, what, applied_at) VALUES (?, ?, ?)", [
          m.version,
          m.what,
          clock.now().toISOString(),
        ]);
      }
      return { from, to: Math.max(from, SCHEMA_VERSION) };
    },
    { lock: true },
  );
}
