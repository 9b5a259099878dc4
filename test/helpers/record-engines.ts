/**
 * The care record on both engines for the chain's tests: a real SQLite file in a temporary folder
 * and a new database on a throwaway PostgreSQL (test/helpers/postgres.ts), with SQL run behind Kennel
 * Desk's back, its triggers off (`raw`: what a person with the file or a superuser could do) or on
 * (`plain`: what the database itself refuses). Call at the top of a test file.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { afterAll } from "vitest";
import type { RecordSettings } from "../../src/config.ts";
import { SQLITE_FILE } from "../../src/record/sqlite.ts";
import { usePostgres } from "./postgres.ts";

/** Runs SQL on the record behind Kennel Desk's back; `rows` reads. */
type Raw = (sql: string, params?: unknown[]) => Promise<void>;

export interface RecordEngine {
  name: "SQLite" | "PostgreSQL";
  skip: boolean;
  settings(): Promise<RecordSettings>;
  /** With the triggers off. */
  raw(settings: RecordSettings): Raw;
  /** Plain SQL with the triggers on: what the database itself refuses. */
  plain(settings: RecordSettings): (sql: string, params?: unknown[]) => Promise<void>;
  /** Reads rows (the triggers play no part). */
  rows(settings: RecordSettings, sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
}

const sqliteFile = (s: RecordSettings) => join((s as { dataDir: string }).dataDir, SQLITE_FILE);
const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

async function onPostgres<T>(s: RecordSettings, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: (s as { url: URL }).url.href });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function useRecordEngines(prefix = "kennel-desk-chain-"): RecordEngine[] {
  const postgres = usePostgres();
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  return [
    {
      name: "SQLite",
      skip: false,
      async settings() {
        const dir = mkdtempSync(join(tmpdir(), prefix));
        dirs.push(dir);
        return { engine: "sqlite", dataDir: dir };
      },
      raw:
        (s) =>
        async (sql, params = []) => {
          const db = new DatabaseSync(sqliteFile(s));
          try {
            const triggers = db
              .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'")
              .all() as Array<{ name: string; sql: string }>;
            for (const t of triggers) db.exec(`DROP TRIGGER ${t.name}`);
            db.prepare(sql).run(...(params as never[]));
            for (const t of triggers) db.exec(t.sql);
          } finally {
            db.close();
          }
        },
      plain:
        (s) =>
        async (sql, params = []) => {
          const db = new DatabaseSync(sqliteFile(s));
          try {
            db.prepare(sql).run(...(params as never[]));
          } finally {
            db.close();
          }
        },
      async rows(s, sql, params = []) {
        const db = new DatabaseSync(sqliteFile(s));
        try {
          return db.prepare(sql).all(...(params as never[])) as Record<string, unknown>[];
        } finally {
          db.close();
        }
      },
    },
    {
      name: "PostgreSQL",
      skip: !postgres.available,
      async settings() {
        return { engine: "postgres", url: await postgres.freshDatabase() };
      },
      raw:
        (s) =>
        (sql, params = []) =>
          onPostgres(s, async (client) => {
            // Triggers off for this session only (what a superuser could do).
            await client.query("SET session_replication_role = replica");
            await client.query(numbered(sql), params);
          }),
      plain:
        (s) =>
        (sql, params = []) =>
          onPostgres(s, async (client) => {
            await client.query(numbered(sql), params);
          }),
      rows: (s, sql, params = []) =>
        onPostgres(s, async (client) => (await client.query(numbered(sql), params)).rows),
    },
  ];
}
