/**
 * The record an inspector can stand behind, on both engines (a real SQLite file, a throwaway
 * PostgreSQL): the database refuses UPDATE and DELETE of entries (and TRUNCATE), retention is the
 * one path that removes and leaves its entry; `verify` walks the chain and finds a changed, a removed
 * and a re-ordered row (each tampered with behind Kennel Desk's back, triggers switched off, as
 * someone with the file would), and passes after a correction and after retention; a record made
 * for one kennel refuses another; a record of schema 1 is sealed into the chain on upgrade.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import type { RecordSettings } from "../../src/config.ts";
import { GENESIS, headWords } from "../../src/record/chain.ts";
import { StoreError } from "../../src/record/errors.ts";
import { kennelOrigin } from "../../src/record/kennel.ts";
import { openCareRecord } from "../../src/record/open.ts";
import { SQLITE_FILE } from "../../src/record/sqlite.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { runCommand } from "../cli/helpers.ts";
import { juniperEntries, recorded } from "../helpers/record.ts";
import { useRecordEngines } from "../helpers/record-engines.ts";

const engines = useRecordEngines();
const sqlite = engines[0] as (typeof engines)[0];

const now = Date.parse("2026-11-24T08:00:00Z");
const clock = { now: () => new Date(now) };
const KENNEL = { origin: "https://api.kennel.example" };

const entry = juniperEntries("k");

/** Ten entries over ten days, pet 3's meal each morning, and a witness in between (a record of the log). */
async function tenDays(store: CareRecordStore) {
  for (let d = 1; d <= 10; d++) {
    const date = `2026-11-${String(d).padStart(2, "0")}`;
    await recorded(store, entry(date));
    if (d === 5) await store.append({ kind: "witness", date, body: { entryId: 4, userName: "Juniper" } });
  }
}

describe.each(engines)("the chain ($name)", (engine) => {
  const open = async (settings: RecordSettings, kennel = KENNEL) =>
    (await openCareRecord(settings, clock, kennel)).store;
  /** A new record on this engine: its settings and its store. */
  const fresh = async () => {
    const settings = await engine.settings();
    return { settings, store: await open(settings) };
  };
  /** A new record with ten days in it, closed: its settings, and what `read` saw of it before it closed. */
  const closedTenDays = async <T>(read: (store: CareRecordStore) => Promise<T>) => {
    const { settings, store } = await fresh();
    await tenDays(store);
    const seen = await read(store);
    await store.close();
    return { settings, seen };
  };

  it.skipIf(engine.skip)("an empty record is intact; every entry extends the head", async () => {
    const { store } = await fresh();
    expect(await store.verify()).toEqual({
      ok: true,
      rows: 0,
      head: { seq: 0, hash: GENESIS },
      removedThrough: 0,
      links: { entries: 0, log: {} },
    });
    const first = await recorded(store, entry("2026-11-24"));
    const head1 = await store.head();
    expect(head1.seq).toBe(first.seq);
    expect(first.kennel).toBe("https://api.kennel.example");
    await store.append({ kind: "witness", date: "2026-11-24", body: { entryId: first.id, userName: "Tom" } });
    const head2 = await store.head();
    expect(head2.seq).toBe(head1.seq + 1);
    expect(head2.hash).not.toBe(head1.hash);
    expect(await store.verify()).toMatchObject({ ok: true, rows: 2, head: head2 });
    expect(headWords(head2)).toMatch(/^#2 · [0-9a-f]{16}…$/);
    await store.close();
  });

  it.skipIf(engine.skip)(
    "the database refuses UPDATE, DELETE (and TRUNCATE) of entries and of the log",
    async () => {
      const { settings } = await closedTenDays(async () => undefined);
      const sql = engine.plain(settings);
      await expect(sql("UPDATE care_entries SET outcome = 'ate_none'")).rejects.toThrow(/never changed/);
      await expect(sql("DELETE FROM care_entries")).rejects.toThrow(/never deleted/);
      await expect(sql("DELETE FROM care_log")).rejects.toThrow(/never deleted/);
      await expect(sql("UPDATE care_log SET body = '{}'")).rejects.toThrow(/never changed/);
      await expect(sql("DELETE FROM care_kennel")).rejects.toThrow(/never changed/);
      if (engine.name === "PostgreSQL")
        await expect(sql("TRUNCATE care_entries CASCADE")).rejects.toThrow(/never deleted/);
      const again = await open(settings);
      expect(await again.entries({})).toHaveLength(10);
      expect((await again.verify()).ok).toBe(true);
      await again.close();
    },
  );

  it.skipIf(engine.skip)("verify finds a changed row, a removed row and a re-ordered row", async () => {
    for (const tamper of ["changed", "removed", "reordered"] as const) {
      const { settings, seen: entries } = await closedTenDays((store) => store.entries({}));
      const fourth = entries[3] as (typeof entries)[0];
      const fifth = entries[4] as (typeof entries)[0];
      const raw = engine.raw(settings);
      if (tamper === "changed")
        await raw("UPDATE care_entries SET outcome = 'ate_none' WHERE id = ?", [fourth.id]);
      if (tamper === "removed") await raw("DELETE FROM care_entries WHERE id = ?", [fourth.id]);
      if (tamper === "reordered") {
        // Two rows swap places (their seq), each keeping its own hashes.
        await raw("UPDATE care_entries SET seq = -1 WHERE id = ?", [fourth.id]);
        await raw("UPDATE care_entries SET seq = ? WHERE id = ?", [fourth.seq, fifth.id]);
        await raw("UPDATE care_entries SET seq = ? WHERE id = ?", [fifth.seq, fourth.id]);
      }
      const again = await open(settings);
      const result = await again.verify();
      expect(result.ok, tamper).toBe(false);
      if (!result.ok) {
        expect(result.at).toBe(fourth.seq);
        expect(result.problem).toBe({ changed: "changed", removed: "missing", reordered: "changed" }[tamper]);
        expect(result.rows).toBe(fourth.seq - 1);
      }
      await again.close();
    }
  });

  it.skipIf(engine.skip)(
    "a row written outside Kennel Desk (no hash) is named before a changed row ahead of it in the chain",
    async () => {
      const { settings, seen: entries } = await closedTenDays((store) => store.entries({}));
      const fourth = entries[3] as (typeof entries)[0];
      const last = entries.at(-1) as (typeof entries)[0];
      const raw = engine.raw(settings);
      await raw("UPDATE care_entries SET outcome = 'ate_none' WHERE id = ?", [fourth.id]);
      await raw("UPDATE care_entries SET hash = NULL WHERE id = ?", [last.id]);
      const again = await open(settings);
      expect(await again.verify()).toEqual({
        ok: false,
        rows: 0,
        at: 0,
        problem: "unsealed",
        what: `Entry ${last.id} has no place in the chain: it was written outside Kennel Desk.`,
      });
      await again.close();
    },
  );

  it.skipIf(engine.skip)(
    "a relinked forgery (hashes recomputed) still differs from the head published before",
    async () => {
      const { settings, seen } = await closedTenDays(async (store) => ({
        published: await store.head(),
        last: (await store.entries({})).at(-1) as { id: number },
      }));
      const { published, last } = seen;
      // Removing the newest entry leaves a sound chain, but not the head the morning post named.
      await engine.raw(settings)("DELETE FROM care_entries WHERE id = ?", [last.id]);
      const again = await open(settings);
      const result = await again.verify();
      expect(result.ok).toBe(true);
      expect(result.ok && result.head).not.toEqual(published);
      await again.close();
    },
  );

  it.skipIf(engine.skip)(
    "passes after a correction, and after retention, whose entry says what went",
    async () => {
      const { store } = await fresh();
      await tenDays(store);
      const first = (await store.entries({ date: "2026-11-02" }))[0] as { id: number };
      // A late correction of an early day: committed after the later days.
      await recorded(store, entry("2026-11-02", { outcome: "ate_some", supersedes: first.id }));
      expect((await store.verify()).ok).toBe(true);
      const pass = await store.purge("2026-11-04", { days: 20, today: "2026-11-24" });
      // Days 1 to 3 go; day 2's correction is committed after the later days, so day 2 stays with it.
      expect(pass).toMatchObject({
        entries: 1,
        records: 0,
        from: "2026-11-01",
        to: "2026-11-01",
        throughSeq: 1,
      });
      const after = await store.verify();
      expect(after).toMatchObject({ ok: true, removedThrough: 1 });
      const [retention] = await store.log({ kind: "retention" });
      expect(retention?.body).toMatchObject({
        before: "2026-11-04",
        retentionDays: 20,
        entries: 1,
        throughSeq: 1,
        lastRemovedHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      // Later, with the correction's place past the line too: everything goes, the older retention
      // entry folded into the new one, and the chain still verifies.
      const second = await store.purge("2026-11-11", { days: 13, today: "2026-11-24" });
      expect(second).toMatchObject({ entries: 10, records: 1, from: "2026-11-02", to: "2026-11-10" });
      expect(await store.entries({})).toEqual([]);
      expect(await store.verify()).toMatchObject({ ok: true, rows: 1 });
      const passes = await store.log({ kind: "retention" });
      expect(passes).toHaveLength(1);
      expect((passes[0]?.body as { earlier?: unknown[] } | undefined)?.earlier).toEqual([
        expect.objectContaining({ before: "2026-11-04", entries: 1 }),
      ]);
      // Nothing left to remove: no entry written.
      expect((await store.purge("2026-11-11", { days: 13, today: "2026-11-24" })).entries).toBe(0);
      expect(await store.log({ kind: "retention" })).toHaveLength(1);
      await store.close();
    },
  );

  it.skipIf(engine.skip)(
    "a record made for the sandbox refuses another kennel, in one line naming both",
    async () => {
      const settings = await engine.settings();
      const sandbox = await open(settings, { origin: kennelOrigin("http://127.0.0.1:4010/api/v1") });
      await recorded(sandbox, entry("2026-11-24"));
      await sandbox.bindKennelId(1);
      await sandbox.close();
      // The sandbox again, on another port: the same kennel.
      const again = await open(settings, { origin: kennelOrigin("http://127.0.0.1:5123/api/v1") });
      expect(await again.kennel()).toEqual({ origin: "loopback", kennelId: 1 });
      // Another business behind the same API: refused.
      await expect(again.bindKennelId(2)).rejects.toThrow(/business 1.*business 2/);
      await again.close();
      const refused = await openCareRecord(settings, clock, KENNEL).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(refused).toBeInstanceOf(StoreError);
      const words = (refused as StoreError).describe();
      expect(words).toContain("the kennel API on this computer (the sandbox) (business 1)");
      expect(words).toContain("https://api.kennel.example");
      expect(words).toContain("KENNEL_DATA_DIR");
      expect(words).not.toContain("\n");
    },
  );
});

describe("kennel-desk record verify", () => {
  async function cli(args: string[], env: Record<string, string>) {
    return runCommand(args, { KENNEL_TIMEZONE: "Europe/London", LOG_LEVEL: "silent", ...env }, { clock });
  }

  it("prints intact with the head, or the first entry that does not match (exit 1)", async () => {
    const { dataDir: dir } = (await sqlite.settings()) as { dataDir: string };
    const store = (await openCareRecord({ engine: "sqlite", dataDir: dir }, clock, KENNEL)).store;
    await tenDays(store);
    const head = await store.head();
    const third = (await store.entries({}))[2] as { id: number; seq: number };
    await store.close();
    const env = { KENNEL_DATA_DIR: dir };
    const ok = await cli(["record", "verify"], env);
    expect(ok.code).toBe(0);
    // Every link counted, and what each is: the round entries, then the log's records by kind.
    expect(ok.stdout).toMatch(
      new RegExp(
        `^intact: 11 chain links: 10 entries, 1 witness, head #${head.seq} · ${head.hash.slice(0, 16)}…`,
      ),
    );
    expect(ok.stdout).toContain(`full head: #${head.seq} sha256 ${head.hash}`);
    expect(ok.stdout).toContain("for the kennel API at https://api.kennel.example");
    await sqlite.raw({ engine: "sqlite", dataDir: dir })(
      "UPDATE care_entries SET note = 'added later' WHERE id = ?",
      [third.id],
    );
    const bad = await cli(["record", "verify"], env);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain(`NOT intact: entry ${third.id} (#${third.seq}) does not match its hash`);
    const json = await cli(["record", "verify", "--json"], env);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, problem: "changed", at: third.seq });
  });

  it("--file verifies a copy on its own: read-only, no kennel settings, the same links as its backup counts", async () => {
    const { dataDir: dir } = (await sqlite.settings()) as { dataDir: string };
    const store = (await openCareRecord({ engine: "sqlite", dataDir: dir }, clock, KENNEL)).store;
    await tenDays(store);
    const head = await store.head();
    await store.close();
    // The copy named as a record's file, so it can be tampered with as the bot's own is (below).
    const copyDir = ((await sqlite.settings()) as { dataDir: string }).dataDir;
    const copy = join(copyDir, SQLITE_FILE);
    const backup = await cli(["record", "backup", copy], { KENNEL_DATA_DIR: dir });
    expect(backup.stdout).toContain("Backed up the care record (11 chain links: 10 entries, 1 witness, ");
    // Settings naming another kennel, and a data folder with no record: neither stands in the way.
    const elsewhere = {
      KENNEL_DATA_DIR: join(dir, "none"),
      KENNEL_API_BASE_URL: "https://api.other-kennel.example/api/v1",
      KENNEL_API_KEY: "k".repeat(32),
    };
    const bytes = readFileSync(copy);
    const ok = await cli(["record", "verify", "--file", copy], elsewhere);
    expect(ok.stderr).toBe("");
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(
      new RegExp(
        `^intact: 11 chain links: 10 entries, 1 witness, head #${head.seq} · ${head.hash.slice(0, 16)}…`,
      ),
    );
    expect(ok.stdout).toContain(`the record at ${copy}, for the kennel API at https://api.kennel.example`);
    expect((await cli(["record", "verify", "--file", copy, "--head", headWords(head)], elsewhere)).code).toBe(
      0,
    );
    // Nothing written to the copy, nothing made beside it.
    expect(readFileSync(copy).equals(bytes)).toBe(true);
    expect(existsSync(join(dir, "none"))).toBe(false);

    await sqlite.raw({ engine: "sqlite", dataDir: copyDir })(
      "UPDATE care_entries SET note = 'added later' WHERE id = 3",
    );
    const bad = await cli(["record", "verify", "--file", copy], elsewhere);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/^NOT intact: entry 3 \(#\d+\) does not match its hash/);
    // No such file, or not a care record: it cannot be read (3), never intact nor tampered.
    const missing = await cli(["record", "verify", "--file", join(dir, "nothing.sqlite")], elsewhere);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain("There is no file at");
    const text = join(dir, "notes.txt");
    writeFileSync(text, "not a record");
    const notRecord = await cli(["record", "verify", "--file", text], elsewhere);
    expect(notRecord.code).toBe(3);
    // A text file is no database SQLite can read: damaged, as through KENNEL_DATA_DIR.
    expect(notRecord.stderr).toContain("is not a database SQLite can read");
  });
});

describe("a record of schema 1 (SQLite)", () => {
  it("is sealed into the chain when this version first opens it, in commit order", async () => {
    const { dataDir: dir } = (await sqlite.settings()) as { dataDir: string };
    const { migrationsAfter } = await import("../../src/record/schema.ts");
    const db = new DatabaseSync(join(dir, SQLITE_FILE));
    db.exec(
      "CREATE TABLE schema_version (version INTEGER PRIMARY KEY, what TEXT NOT NULL, applied_at TEXT NOT NULL)",
    );
    for (const s of migrationsAfter(0, "sqlite")[0]?.statements ?? []) db.exec(s);
    db.exec("INSERT INTO schema_version VALUES (1, 'v1', '2026-11-01T00:00:00Z')");
    for (const [i, d] of ["2026-11-03", "2026-11-01", "2026-11-02"].entries()) {
      db.exec(`INSERT INTO care_requests VALUES ('r${i}', '2026-11-0${i + 1}T08:00:00Z')`);
      db.exec(
        `INSERT INTO care_entries (round_date, round, booking_id, pet_id, pet_name, item, item_text, outcome, user_id, user_name, request_key, recorded_at)
         VALUES ('${d}', 'morning', 7, 3, 'Juniper', 'meal', 'dry food', 'ate_all', 'U1', 'Jane', 'r${i}', '2026-11-0${i + 1}T08:00:00Z')`,
      );
    }
    db.close();
    const store = (await openCareRecord({ engine: "sqlite", dataDir: dir }, clock, KENNEL)).store;
    const entries = await store.entries({});
    expect(entries.map((e) => [e.id, e.seq])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    expect(entries.every((e) => e.kennel === "before the kennel was recorded")).toBe(true);
    // The record began with its first entry, before this version knew its kennel.
    expect(await store.began()).toBe("2026-11-01T08:00:00Z");
    expect(await store.verify()).toMatchObject({ ok: true, rows: 3 });
    const next = await recorded(store, entry("2026-11-24"));
    expect(next).toMatchObject({ seq: 4, kennel: "https://api.kennel.example" });
    expect(await store.verify()).toMatchObject({ ok: true, rows: 4 });
    await store.close();
  });
});

void now;
