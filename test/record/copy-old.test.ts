/**
 * A record made before schema 4 (test/helpers/old-record.ts: schemas 1 to 3, rows hashed in the old
 * form) copied elsewhere and verified there: `record backup` into another SQLite file (put in place
 * as a data folder's record, the bot's restore: brought up to date, intact, on the old head, and it
 * records on), and `record copy --to postgres://…` (intact there, on the old head, and it records
 * on). Real SQLite files in temporary folders, a real throwaway PostgreSQL.
 */
import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openCareRecord } from "../../src/record/open.ts";
import { SQLITE_FILE } from "../../src/record/sqlite.ts";
import { runCommand } from "../cli/helpers.ts";
import { OLD_KENNEL, schema3Record } from "../helpers/old-record.ts";
import { usePostgres } from "../helpers/postgres.ts";
import { doseEntry, useTempFolders } from "../helpers/record-fixtures.ts";

const postgres = usePostgres();
const folder = useTempFolders("copy-old");
const clock = { now: () => new Date("2026-11-24T08:00:00Z") };

async function cli(args: string[], env: Record<string, string>) {
  return runCommand(args, { KENNEL_TIMEZONE: "Europe/London", LOG_LEVEL: "silent", ...env }, { clock });
}

const fullHead = (out: string) => /full head: (#\d+ sha256 [0-9a-f]{64})/.exec(out)?.[1];

describe("a record of schema 3, copied elsewhere", () => {
  it("backed up into another SQLite file, restored as a record: intact on its head, and it records on", async () => {
    const dir = folder();
    const old = schema3Record(dir);
    const file = join(folder(), "backup.sqlite");
    const backup = await cli(["record", "backup", file], { KENNEL_DATA_DIR: dir });
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain("Backed up the care record");

    const restored = join(folder(), "restored");
    mkdirSync(restored);
    copyFileSync(file, join(restored, SQLITE_FILE));
    const there = await cli(["record", "verify"], { KENNEL_DATA_DIR: restored });
    expect(there.code, there.stderr).toBe(0);
    expect(fullHead(there.stdout)).toBe(`#${old.seq} sha256 ${old.hash}`);
    const { store } = await openCareRecord({ engine: "sqlite", dataDir: restored }, clock, OLD_KENNEL);
    expect((await store.entries({})).length).toBe(old.entries);
    expect((await store.record([doseEntry({ requestKey: "after-restore" })])).status).toBe("recorded");
    expect(await store.verify()).toMatchObject({ ok: true, rows: old.seq + 1 });
    await store.close();
  }, 60_000);

  it.skipIf(!postgres.available)(
    "copied into PostgreSQL: intact there on the SQLite record's head, and the bot records on",
    async () => {
      const dir = folder();
      const old = schema3Record(dir);
      const url = await postgres.freshDatabase();
      const copied = await cli(["record", "copy", "--to", url.href], { KENNEL_DATA_DIR: dir });
      expect(copied.code, `${copied.stdout}${copied.stderr}`).toBe(0);
      expect(copied.stdout).toContain(`${old.entries} entries, 1 log records`);

      const there = await cli(["record", "verify"], { DATABASE_URL: url.href });
      expect(there.code, there.stderr).toBe(0);
      expect(fullHead(there.stdout)).toBe(`#${old.seq} sha256 ${old.hash}`);
      const { store } = await openCareRecord({ engine: "postgres", url }, clock, OLD_KENNEL);
      expect((await store.entries({})).length).toBe(old.entries);
      const next = await store.record([doseEntry({ requestKey: "after-copy" })]);
      expect(next.status === "recorded" && next.entries[0]?.id).toBe(old.entries + 1);
      expect(await store.verify()).toMatchObject({ ok: true, rows: old.seq + 1 });
      await store.close();
    },
    60_000,
  );
});
