/**
 * `kennel-desk record …` with DATABASE_URL naming a database that holds no care record (an empty or
 * a wrong database) does as it does where KENNEL_DATA_DIR has none: said, exit 3, nothing made there
 * (it used to create the record's tables, claim the database for a kennel and print "intact: 0 chain
 * links", exit 0). A database restored from a partial dump (a table missing) is said to be
 * incomplete, the table named, exit 3, never "an unexpected problem". A real throwaway PostgreSQL.
 */
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openCareRecord } from "../../src/record/open.ts";
import { usePostgres } from "../helpers/postgres.ts";
import { runCommand } from "./helpers.ts";

const postgres = usePostgres();
const NOW = new Date("2026-11-24T10:00:00Z");
const clock = { now: () => NOW };

async function cli(args: string[], env: Record<string, string>) {
  return runCommand(args, { KENNEL_TIMEZONE: "Europe/London", LOG_LEVEL: "silent", ...env }, { clock });
}

async function tablesIn(url: URL): Promise<string[]> {
  const client = new pg.Client({ connectionString: url.href });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1",
    );
    return rows.map((r) => r.name);
  } finally {
    await client.end();
  }
}

const READS = [
  ["record", "verify"],
  ["record", "verify", "--head", "#12 · 9f3a5c1e0b7d24aa"],
  ["record", "audit"],
  ["record"],
  ["record", "export", "--from", "2026-11-01", "--to", "2026-11-30"],
];

describe.skipIf(!postgres.available)("PostgreSQL: a database with no care record", () => {
  it("every record read says so (exit 3, never intact), and makes nothing there", async () => {
    const url = await postgres.freshDatabase();
    const where = `PostgreSQL ${url.hostname}:${url.port}${url.pathname}`;
    for (const args of READS) {
      const r = await cli(args, { DATABASE_URL: url.href });
      expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(3);
      expect(r.stdout).toBe("");
      expect(r.stderr).toContain(`There is no care record in ${where} yet`);
      expect(r.stderr).not.toMatch(/intact/i);
    }
    const json = await cli(["record", "verify", "--json"], { DATABASE_URL: url.href });
    expect(json.code).toBe(3);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, problem: "no_record", where });
    expect(await tablesIn(url)).toEqual([]);
  }, 60_000);

  it.each(["care_kennel", "care_log", "schema_version"])(
    "a record without %s (a partial restore): incomplete, the table named, exit 3",
    async (table) => {
      const url = await postgres.freshDatabase();
      const opened = await openCareRecord({ engine: "postgres", url }, clock, {
        origin: "https://api.kennel.example",
      });
      await opened.store.close();
      const client = new pg.Client({ connectionString: url.href });
      await client.connect();
      await client.query(`DROP TABLE ${table}`);
      await client.end();
      for (const args of [["record", "verify"], ["record"], ["record", "audit"]]) {
        const r = await cli(args, { DATABASE_URL: url.href });
        expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(3);
        expect(r.stderr).toContain(
          `is incomplete: table ${table} is missing (restored from a partial dump?)`,
        );
        expect(r.stderr).toContain("Restore a whole backup");
        expect(r.stderr).not.toContain("unexpected problem");
      }
    },
    60_000,
  );
});
