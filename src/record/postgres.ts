/**
 * The shared engine: PostgreSQL through `pg`, when DATABASE_URL=postgres://… is set, so that several
 * bot processes (HTTP mode behind a load balancer, a second replica) keep one record. A small pool;
 * each transaction on one connection; the migrations under an advisory lock, so two bots starting
 * at once migrate once. PostgreSQL down is a StoreError (the tap is told to try again), never a crash:
 * a connection that drops while idle is only forgotten by the pool.
 */
import pg from "pg";
import { pgConnectionString } from "../config/pg-url.ts";
import type { Driver, Query, Row, RowCursor, Snapshot } from "./driver.ts";
import { postgresStoreError } from "./postgres-errors.ts";

export interface PostgresOptions {
  url: URL;
  /** How long to wait for a connection. Default 3000 ms. */
  connectTimeoutMs?: number;
  /** Where the address was given, as its errors' hints name it. Default DATABASE_URL. */
  setting?: string;
}

/** The advisory lock the migrations hold ("kd22" in ASCII). */
const MIGRATION_LOCK = 0x6b643232;
/** The advisory lock every write to the chain holds, so places and links follow commit order ("kd31"). */
const CHAIN_LOCK = 0x6b643331;

/** Rows fetched from a cursor at a time, in a snapshot's reads. */
const READ_PAGE = 1000;

/** Where, for people: host, port and database, never the user's password. */
function whereOf(url: URL): string {
  const host = url.hostname || url.searchParams.get("host") || "localhost";
  return `PostgreSQL ${host}:${url.port || "5432"}/${decodeURIComponent(url.pathname.replace(/^\//, ""))}`;
}

/** `?` placeholders as PostgreSQL's `$1`, `$2`… (the queries hold no literal question mark). */
function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/** Statements on a pool or one connection, `?` placeholders numbered. */
const on =
  (client: pg.Pool | pg.PoolClient): Query =>
  async (sql, params = []) => {
    const result = await client.query(params.length ? numbered(sql) : sql, params as unknown[]);
    return result.rows as Row[];
  };

/** A cursor's rows as their values (rowMode "array"), fetched a page at a time. */
class PostgresRows implements RowCursor {
  row: unknown[] | undefined;
  #page: unknown[][] = [];
  #at = 0;
  #open = true;

  readonly #fetchPage: () => Promise<unknown[][]>;
  readonly #end: () => Promise<void>;

  private constructor(fetch: () => Promise<unknown[][]>, end: () => Promise<void>) {
    this.#fetchPage = fetch;
    this.#end = end;
  }

  static async open(fetch: () => Promise<unknown[][]>, end: () => Promise<void>): Promise<PostgresRows> {
    const rows = new PostgresRows(fetch, end);
    await rows.#fetch();
    return rows;
  }

  next(): Promise<void> | undefined {
    this.row = this.#page[++this.#at];
    return this.row === undefined && this.#open ? this.#fetch() : undefined;
  }

  async #fetch(): Promise<void> {
    this.#page = await this.#fetchPage();
    this.#at = 0;
    this.row = this.#page[0];
    if (this.#page.length < READ_PAGE) await this.close();
  }

  async close(): Promise<void> {
    if (!this.#open) return;
    this.#open = false;
    await this.#end();
  }
}

/** A read-only snapshot (REPEATABLE READ) on a connection of its own; rows read from cursors, a page at a time. */
async function snapshotOf<T>(pool: pg.Pool, work: (read: Snapshot) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  let cursors = 0;
  const query = on(client);
  async function cursor(sql: string, params: readonly unknown[] = []): Promise<RowCursor> {
    const name = `kd_read_${++cursors}`;
    await query(`DECLARE ${name} NO SCROLL CURSOR FOR ${params.length ? numbered(sql) : sql}`, params);
    return PostgresRows.open(
      async () =>
        (await client.query<unknown[]>({ text: `FETCH ${READ_PAGE} FROM ${name}`, rowMode: "array" })).rows,
      () =>
        query(`CLOSE ${name}`).then(
          () => undefined,
          () => undefined,
        ),
    );
  }
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const result = await work({ query, cursor });
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch((rollback: Error) => {
      broken = rollback;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}

export function postgresDriver(options: PostgresOptions): Driver {
  const where = whereOf(options.url);
  const pool = new pg.Pool({
    connectionString: pgConnectionString(options.url),
    max: 4,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 3000,
    idleTimeoutMillis: 30_000,
    // A statement stuck behind a lock or a dead server ends, rather than holding a tap for ever.
    query_timeout: 15_000,
    application_name: "kennel-desk",
  });
  // A connection that drops (PostgreSQL stopped or restarted) is an event, not a crash: idle in the
  // pool or checked out between two statements, its error is caught here; the statement in flight,
  // if any, fails with it (a StoreError for the caller).
  pool.on("error", () => undefined);
  pool.on("connect", (client) => client.on("error", () => undefined));

  const storeError = (error: unknown) => postgresStoreError(error, where, options.setting);

  return {
    engine: "postgres",
    where,
    query: on(pool),
    async transaction(work, opts) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query("BEGIN");
        if (opts?.lock) await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
        if (opts?.chain) await client.query("SELECT pg_advisory_xact_lock($1)", [CHAIN_LOCK]);
        const result = await work(on(client));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        try {
          await client.query("ROLLBACK");
        } catch (rollback) {
          broken = rollback as Error;
        }
        throw error;
      } finally {
        client.release(broken);
      }
    },
    snapshot: (work) => snapshotOf(pool, work),
    async nextId(q, table) {
      const [row] = await q("SELECT nextval(pg_get_serial_sequence(?, 'id')) AS id", [table]);
      return Number(row?.id);
    },
    isUniqueViolation: (error) => (error as { code?: unknown })?.code === "23505",
    isCheckViolation: (error) => (error as { code?: unknown })?.code === "23514",
    storeError,
    close: () => pool.end(),
  };
}
