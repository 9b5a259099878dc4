/**
 * `kennel-desk record copy --to postgres://…`: the SQLite record moved into PostgreSQL whole. Every
 * table (the schema's history, the kennel, the staff, the requests, the entries and the log: sheets,
 * plans, witnesses, welfare, medicines and the rest), in the order their references need, in one
 * transaction on a database that holds no care record yet (refused otherwise: nothing is ever merged
 * into a record), the id counters moved past the last ids; then the copy's chain is walked and must
 * end on the SQLite record's head. A copy that fails leaves the database as it was.
 */
import type { Clock } from "../deps.ts";
import type { VerifyResult } from "./chain.ts";
import type { Driver, Query, Snapshot } from "./driver.ts";
import { migrate } from "./migrate.ts";
import { migrationsAfter, SCHEMA_VERSION_TABLE } from "./schema.ts";
import { createStore } from "./store.ts";

/** The record's tables, each before those that point at it, and the order their rows are read in. */
const TABLES = [
  ["schema_version", "version"],
  ["care_kennel", "name"],
  ["care_staff", "user_id"],
  ["care_requests", "request_key"],
  ["care_entries", "id"],
  ["care_log", "id"],
] as const;

/** The chained tables' insert guard (a row must be in schema 4's form): lifted for the copy's rows alone. */
const CHAIN_FORM_TRIGGERS = ["care_entries", "care_log"];

/** The copy refused before anything was written (the target not empty). */
export class CopyRefusedError extends Error {
  override readonly name = "CopyRefusedError";
}

/** Rows a statement inserts at once. */
const BATCH = 100;

export interface CopyResult {
  /** Each table's rows copied. */
  rows: Record<string, number>;
  /** The copy's chain walked: ok and on the source's head, or where it does not hold. */
  verified: VerifyResult;
  /** The SQLite record's own chain, walked before the copy. */
  source: VerifyResult;
}

/** The database must hold no table of the record: a copy never goes into (nor over) a record. */
async function refuseNonEmpty(target: Driver): Promise<void> {
  const names = TABLES.map(([t]) => t);
  const found = await target.query(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename IN (${names.map(() => "?").join(", ")})`,
    names,
  );
  if (found.length === 0) return;
  throw new CopyRefusedError(
    `${target.where} is not empty: it holds ${found.map((r) => String(r.name)).join(", ")}. A copy goes into a new, empty database only, never into (or over) a record: nothing was written.`,
  );
}

/** One table's rows, read in order a page at a time, inserted a batch at a time. */
async function copyTable(read: Snapshot, q: Query, table: string, order: string): Promise<number> {
  const columns = (await read.query(`SELECT name FROM pragma_table_info('${table}') ORDER BY cid`)).map((r) =>
    String(r.name),
  );
  const list = columns.join(", ");
  const rows = await read.cursor(`SELECT ${list} FROM ${table} ORDER BY ${order}`);
  let batch: unknown[][] = [];
  let n = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const one = `(${columns.map(() => "?").join(", ")})`;
    await q(`INSERT INTO ${table} (${list}) VALUES ${batch.map(() => one).join(", ")}`, batch.flat());
    n += batch.length;
    batch = [];
  };
  while (rows.row) {
    batch.push(rows.row.map((v) => (typeof v === "bigint" ? v.toString() : v)));
    if (batch.length >= BATCH) await flush();
    await rows.next();
  }
  await flush();
  return n;
}

/** The target's schema made and every row copied, in one transaction under the migrations' lock. */
async function copyInto(read: Snapshot, target: Driver): Promise<Record<string, number>> {
  return target.transaction(
    async (q) => {
      await q(SCHEMA_VERSION_TABLE);
      for (const m of migrationsAfter(0, "postgres"))
        for (const statement of m.statements) await q(statement);
      for (const t of CHAIN_FORM_TRIGGERS) await q(`ALTER TABLE ${t} DISABLE TRIGGER ${t}_chain_form`);
      const rows: Record<string, number> = {};
      for (const [table, order] of TABLES) rows[table] = await copyTable(read, q, table, order);
      for (const t of CHAIN_FORM_TRIGGERS) {
        await q(`ALTER TABLE ${t} ENABLE TRIGGER ${t}_chain_form`);
        await q(`SELECT setval(pg_get_serial_sequence('${t}', 'id'), (SELECT max(id) FROM ${t}))`);
      }
      return rows;
    },
    { lock: true },
  );
}

/**
 * Copies the record of `source` (the SQLite driver of KENNEL_DATA_DIR, brought up to date first) into
 * the empty PostgreSQL database of `target`, then walks the copy's chain. Throws a StoreError when
 * either cannot be used, or the target is not empty.
 */
export async function copyRecord(source: Driver, target: Driver, clock: Clock): Promise<CopyResult> {
  await migrate(source, clock);
  await refuseNonEmpty(target).catch((error: unknown) => {
    throw target.storeError(error) ?? error;
  });
  const sourceStore = createStore(source, clock);
  const sourceChain = await sourceStore.verify({ now: clock.now() });
  const rows = await source.snapshot((read) => copyInto(read, target));
  const copy = createStore(target, clock);
  const verified = await copy.verify({ now: clock.now() });
  return { rows, verified, source: sourceChain };
}
