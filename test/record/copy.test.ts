/**
 * `kennel-desk record copy --to postgres://…` (docs/care-record.md, "Moving from SQLite to
 * PostgreSQL"): every table of the SQLite record (entries and their corrections, the log's sheets,
 * the kennel, the staff, the requests, the schema's history) copied into an empty PostgreSQL
 * database; `record verify` there is intact and ends on the SQLite record's head, and the bot records
 * on into it. A database that is not empty is refused, nothing written. A real throwaway PostgreSQL.
 * (Copying care_requests and care_entries alone, as the docs once said, left "places #1 to #N are gone".)
 */
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openCareRecord } from "../../src/record/open.ts";
import { runCommand } from "../cli/helpers.ts";
import { usePostgres } from "../helpers/postgres.ts";
import { useTempFolders } from "../helpers/record-fixtures.ts";

const postgres = usePostgres();
const folder = useTempFolders("copy");
const clock = { now: () => new Date("2026-11-24T08:00:00Z") };
const KENNEL = { origin: "https://api.kennel.example" };

async function cli(args: string[], env: Record<string, string>) {
  return runCommand(args, { KENNEL_TIMEZONE: "Europe/London", LOG_LEVEL: "silent", ...env }, { clock });
}

const entry = (petId: number, key: string, outcome: "ate_all" | "ate_some", supersedes?: number) => ({
  date: "2026-11-24",
  round: "morning" as const,
  bookingId: 501,
  petId,
  petName: `Pet ${petId}`,
  item: "meal" as const,
  itemText: "kibble",
  outcome,
  userId: "U1",
  userName: "Jane",
  requestKey: key,
  ...(supersedes ? { supersedes } : {}),
});

const SHEET = {
  v: 1 as const,
  date: "2026-11-24",
  round: "morning" as const,
  fallback: "Morning round",
  pets: [{ bookingId: 501, petId: 77, name: "Biscuit", due: [], oneTap: true, message: 0 }],
  messages: [{ parts: [{ kind: "title" as const, text: "Morning round" }] }],
};

/** A SQLite record holding a row of every table: entries, a correction, a sheet, the kennel, staff. */
async function sqliteRecord(): Promise<string> {
  const dir = folder();
  const { store } = await openCareRecord({ engine: "sqlite", dataDir: dir }, clock, KENNEL);
  const first = await store.record([entry(77, "k1", "ate_all")]);
  await store.append({ kind: "sheet", date: SHEET.date, body: SHEET });
  await store.record([entry(78, "k2", "ate_all")]);
  const id = first.status === "recorded" ? first.entries[0]?.id : undefined;
  await store.record([entry(77, "k3", "ate_some", id)]);
  await store.saveStaff({
    userId: "U1",
    name: "Jane",
    verdict: "member",
    team: "T1",
    checkedAt: clock.now().toISOString(),
  });
  await store.close();
  return dir;
}

async function count(url: URL, table: string): Promise<number> {
  const client = new pg.Client({ connectionString: url.href });
  await client.connect();
  try {
    return Number((await client.query(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.n);
  } finally {
    await client.end();
  }
}

describe.skipIf(!postgres.available)("record copy: SQLite into PostgreSQL, whole", () => {
  it("every table copied; verify there intact on the SQLite head; the bot records on; a second copy refused", async () => {
    const dir = await sqliteRecord();
    const before = await cli(["record", "verify"], { KENNEL_DATA_DIR: dir });
    expect(before.code, before.stderr).toBe(0);
    const head = /full head: (#\d+ sha256 [0-9a-f]{64})/.exec(before.stdout)?.[1];
    expect(head).toMatch(/^#4 /);

    const url = await postgres.freshDatabase();
    const copied = await cli(["record", "copy", "--to", url.href], { KENNEL_DATA_DIR: dir });
    expect(copied.code, copied.stderr).toBe(0);
    expect(copied.stdout).toContain("3 entries, 1 log records");
    expect(copied.stdout).toContain("Its chain is intact there (4 chain links");

    const there = await cli(["record", "verify"], { DATABASE_URL: url.href });
    expect(there.code, there.stderr).toBe(0);
    expect(there.stdout).toContain(`full head: ${head}`);
    for (const [table, n] of [
      ["care_entries", 3],
      ["care_log", 1],
      ["care_kennel", 1],
      ["care_staff", 1],
      ["care_requests", 3],
      ["schema_version", 4],
    ] as const)
      expect(await count(url, table), table).toBe(n);
    const exported = await cli(["record", "export", "--from", "2026-11-24", "--to", "2026-11-24"], {
      DATABASE_URL: url.href,
    });
    const local = await cli(["record", "export", "--from", "2026-11-24", "--to", "2026-11-24"], {
      KENNEL_DATA_DIR: dir,
    });
    expect(exported.stdout).toBe(local.stdout);

    // The bot records on into it: the ids and places after the copied ones.
    const { store } = await openCareRecord({ engine: "postgres", url }, clock, KENNEL);
    const next = await store.record([entry(79, "k4", "ate_all")]);
    expect(next.status === "recorded" && next.entries[0]?.id).toBe(4);
    expect((await store.verify()).ok).toBe(true);
    await store.close();

    const again = await cli(["record", "copy", "--to", url.href], { KENNEL_DATA_DIR: dir });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain("is not empty");
    expect(await count(url, "care_entries")).toBe(4);
  }, 60_000);
});
