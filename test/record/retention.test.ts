/**
 * Retention and backup, on a fake clock and real stores (both engines): the daily job deletes only
 * the entries older than KENNEL_RECORD_RETENTION_DAYS (a correction with what it corrects), logs how
 * many, never runs at start-up, and keeps everything with 0; `kennel-desk record backup FILE` makes a
 * checked online copy of the SQLite store while it is open, and points PostgreSQL to pg_dump.
 */
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { keptFrom, startRetention } from "../../src/digest/retention.ts";
import { openCareRecord } from "../../src/record/open.ts";
import type { EntryInput, RecordResult } from "../../src/record/types.ts";
import { addDays } from "../../src/time.ts";
import { runCommand } from "../cli/helpers.ts";
import { captureLogger } from "../helpers/log.ts";
import { juniperEntries } from "../helpers/record.ts";
import { useTempFolders } from "../helpers/record-fixtures.ts";
import { useStoreEngines } from "../helpers/store-engines.ts";

const folder = useTempFolders("retention");

let now = Date.parse("2026-11-24T03:31:00Z"); // just after the daily time: the first run is tomorrow's
const clock = { now: () => new Date(now) };
const TODAY = "2026-11-24";

const engines = useStoreEngines(clock);

const entry = juniperEntries("k");

describe.each(engines)("retention ($name)", ({ open, skip }) => {
  it.skipIf(skip)(
    "deletes only entries older than the setting, daily, never at start-up, and logs how many",
    async () => {
      now = Date.parse("2026-11-24T03:31:00Z");
      const store = await open();
      const days = 1095;
      const oldest = keptFrom(TODAY, days); // 2023-11-25: kept
      const record = async (e: EntryInput) =>
        ((await store.record([e])) as Extract<RecordResult, { status: "recorded" }>).entries[0];
      const old = await record(entry(addDays(oldest, -1)));
      // A correction of an old entry, and an old entry of another pet: both go with it.
      await record(entry(addDays(oldest, -1), { outcome: "ate_some", supersedes: old?.id }));
      await record(entry(addDays(oldest, -400), { petId: 4 }));
      await record(entry(oldest));
      await record(entry(TODAY));
      const timers: Array<() => void> = [];
      const { log, lines } = captureLogger();
      const job = startRetention({
        store,
        days,
        timezone: "Europe/London",
        clock,
        log,
        timers: { set: (fn) => timers.push(fn), clear: () => undefined },
      });
      // Started at 03:31: nothing deleted now; the first run is tomorrow at 03:30.
      expect(job.nextRun()?.toISOString()).toBe("2026-11-25T03:30:00.000Z");
      expect(await store.entries({ from: "2000-01-01", to: TODAY })).toHaveLength(5);
      // A timer firing before the time (a tick) deletes nothing.
      now = Date.parse("2026-11-25T02:00:00Z");
      timers.shift()?.();
      // The tick is done when it has armed the next timer: a condition, not a sleep.
      await expect.poll(() => timers.length).toBe(1);
      expect(await store.entries({ from: "2000-01-01", to: TODAY })).toHaveLength(5);
      // At the time: the entries of rounds before 2023-11-26 (three years before the 25th) go.
      now = Date.parse("2026-11-25T03:30:00Z");
      timers.shift()?.();
      await expect.poll(() => timers.length).toBe(1);
      const left = await store.entries({ from: "2000-01-01", to: "2030-01-01" });
      // 2023-11-25 was the oldest day kept on the 24th; on the 25th it is past the three years too.
      expect(left.map((e) => e.date)).toEqual([TODAY]);
      expect(lines.join("\n")).toContain(
        "care record retention: 4 entries of rounds before 2023-11-26 deleted",
      );
      expect(job.nextRun()?.toISOString()).toBe("2026-11-26T03:30:00.000Z");
      // The same request key again after its entries went: recorded anew, nothing left dangling.
      expect((await store.record([entry(TODAY, { requestKey: "k1", petId: 9 })])).status).toBe("recorded");
      job.stop();
      await store.close();
    },
  );

  it.skipIf(skip)("0 keeps everything: no run is scheduled", async () => {
    const store = await open();
    await store.record([entry("2001-01-01")]);
    const { log, lines } = captureLogger();
    const timers: Array<() => void> = [];
    const job = startRetention({
      store,
      days: 0,
      timezone: "Europe/London",
      clock,
      log,
      timers: { set: (fn) => timers.push(fn), clear: () => undefined },
    });
    expect(job.nextRun()).toBeNull();
    expect(timers).toHaveLength(0);
    expect(lines.join("\n")).toContain("every entry is kept");
    expect(await store.entries({ date: "2001-01-01" })).toHaveLength(1);
    await store.close();
  });
});

describe("kennel-desk record backup", () => {
  async function cli(args: string[], env: Record<string, string>) {
    return runCommand(args, { KENNEL_TIMEZONE: "Europe/London", LOG_LEVEL: "silent", ...env }, { clock });
  }

  it("copies the SQLite store while the bot has it open and writes to it; the copy is checked and private", async () => {
    const dir = folder();
    const { store } = await openCareRecord({ engine: "sqlite", dataDir: dir }, clock, undefined);
    for (let i = 0; i < 20; i++) await store.record([entry(addDays(TODAY, -i))]);
    const target = join(folder(), "copy.sqlite");
    // A write in flight while the copy is made: the copy is one consistent snapshot.
    const writing = store.record([entry(addDays(TODAY, -30))]);
    const r = await cli(["record", "backup", target], { KENNEL_DATA_DIR: dir });
    await writing;
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Backed up the care record \((2[01]) chain links: \1 entries, \d+ KB\)/);
    expect(statSync(target).mode & 0o777).toBe(0o600);
    const copy = new DatabaseSync(target, { readOnly: true });
    const n = (copy.prepare("SELECT count(*) AS n FROM care_entries").get() as { n: number }).n;
    copy.close();
    expect([20, 21]).toContain(n);
    // Never over an existing file.
    const again = await cli(["record", "backup", target], { KENNEL_DATA_DIR: dir });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain("already exists");
    await store.close();
  });

  it("says what to do instead: no record yet, no file name, PostgreSQL (pg_dump)", async () => {
    const none = await cli(["record", "backup", join(folder(), "x.sqlite")], { KENNEL_DATA_DIR: folder() });
    // No record is a record that cannot be read: exit 3, as for every record command (docs/cli.md).
    expect(none.code).toBe(3);
    expect(none.stderr).toContain("There is no care record at");
    expect((await cli(["record", "backup"], { KENNEL_DATA_DIR: folder() })).stderr).toContain(
      "one file name",
    );
    const pgRecord = await cli(["record", "backup", "x.dump"], {
      DATABASE_URL: "postgres://kd@127.0.0.1:1/kennel",
    });
    expect(pgRecord.code).toBe(2);
    expect(pgRecord.stderr).toContain("pg_dump");
    // The whole database, never some tables: a partial dump loses the log, the kennel and the guards.
    expect(pgRecord.stderr).toContain('pg_dump --format=custom --file=care-record.dump "$DATABASE_URL"');
    expect(pgRecord.stderr).not.toContain("--table");
    expect(existsSync("x.dump")).toBe(false);
  });
});
