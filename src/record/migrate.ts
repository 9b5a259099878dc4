/**
 * Brings the care record's schema up to date (src/record/schema.ts), in one transaction under the
 * driver's lock, so that two bots starting at once migrate once. Throws a StoreError `newer_schema`
 * when the record was written by a newer Kennel Desk.
 */
import type { Clock } from "../deps.ts";
import type { Driver } from "./driver.ts";
import { StoreError } from "./errors.ts";
import { migrationsAfter, SCHEMA_VERSION, SCHEMA_VERSION_TABLE } from "./schema.ts";

function newerSchema(driver: Driver, version: number): StoreError {
  return new StoreError(
    "newer_schema",
    `The care record at ${driver.where} has schema version ${version}, newer than this Kennel Desk knows (${SCHEMA_VERSION}): it was written by a newer version, so this one will not start on it.`,
    "Run the newer Kennel Desk again (or restore a backup made by this version).",
    driver.where,
  );
}

export async function migrate(driver: Driver, clock: Clock): Promise<{ from: number; to: number }> {
  // A read first: a record already up to date (every start but the first) is opened without a write
  // or a lock, so replicas start side by side and a read-only copy can be read.
  const known = await driver.query("SELECT max(version) AS version FROM schema_version").then(
    (rows) => Number(rows[0]?.version ?? 0),
    () => undefined,
  );
  if (known !== undefined && known > SCHEMA_VERSION) throw newerSchema(driver, known);
  if (known === SCHEMA_VERSION) return { from: known, to: known };
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
