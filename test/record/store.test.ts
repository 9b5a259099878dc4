/**
 * The care record's store, the same suite on both engines: a real SQLite file in a temporary folder,
 * and a throwaway PostgreSQL (test/helpers/postgres.ts). Concurrency is real: several store
 * connections at once, and child processes (writer.child.ts) racing on one item.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { describe, expect, it } from "vitest";
import type { Clock } from "../../src/deps.ts";
import { InvalidEntryError, StoreError } from "../../src/record/errors.ts";
import { openCareRecord } from "../../src/record/open.ts";
import { postgresDriver } from "../../src/record/postgres.ts";
import { SCHEMA_VERSION } from "../../src/record/schema.ts";
import { SQLITE_FILE, sqliteDriver } from "../../src/record/sqlite.ts";
import { createStore, type Driver, type SqlCareRecordStore } from "../../src/record/store.ts";
import type { EntryInput, RecordResult } from "../../src/record/types.ts";
import { usePostgres } from "../helpers/postgres.ts";
import { doseEntry as entry, useTempFolders } from "../helpers/record-fixtures.ts";

const postgres = usePostgres();
const folder = useTempFolders("store");

const clock: Clock = { now: () => new Date("2026-11-24T08:12:00.000Z") };

interface Opened {
  store: SqlCareRecordStore;
  driver: Driver;
  /** The settings a child process needs to open the same record. */
  env: Record<string, string>;
  /** Another connection (another store) to the same record. */
  again(): SqlCareRecordStore;
  /** Another connection to the same record, as a driver. */
  otherDriver(): Driver;
}

type Engine = { name: "sqlite" | "postgres"; skip: boolean; open(): Promise<Opened> };

/** A store on `driver`, ready; `again` opens another connection to the same record. */
async function opened(driver: () => Driver, env: Record<string, string>): Promise<Opened> {
  const first = driver();
  const store = createStore(first, clock);
  await store.ready();
  return { store, driver: first, env, again: () => createStore(driver(), clock), otherDriver: driver };
}

const ENGINES: Engine[] = [
  {
    name: "sqlite",
    skip: false,
    async open() {
      const dir = folder();
      return opened(() => sqliteDriver({ dir }), { KENNEL_DATA_DIR: dir });
    },
  },
  {
    name: "postgres",
    skip: !postgres.available,
    async open() {
      const url = await postgres.freshDatabase();
      return opened(() => postgresDriver({ url }), { DATABASE_URL: url.href });
    },
  },
];

/**
 * A child writer (writer.child.ts) on the same record. `bound`: run it without root's power to write
 * through file modes (setpriv drops every capability), so a read-only file is read-only to it too,
 * wherever the checkout is (another user could not reach a checkout in a private folder).
 */
function writer(env: Record<string, string>, args: string[], bound = false): ChildProcess {
  const script = join(import.meta.dirname, "writer.child.ts");
  const [cmd, argv] = bound
    ? ["setpriv", ["--inh-caps=-all", "--bounding-set=-all", "--", process.execPath, script, ...args]]
    : [process.execPath, [script, ...args]];
  return spawn(cmd, argv, {
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["pipe", "pipe", "pipe"],
    cwd: tmpdir(),
  });
}

function lines(child: ChildProcess): AsyncIterable<string> {
  return createInterface({ input: child.stdout as NodeJS.ReadableStream });
}

async function firstLine(child: ChildProcess): Promise<string> {
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => {
    stderr += d.toString();
  });
  for await (const line of lines(child)) return line;
  throw new Error(`the writer printed nothing: ${stderr.slice(0, 1000)}`);
}

describe.each(ENGINES)("the care record on $name", (engine) => {
  describe.skipIf(engine.skip)("", () => {
    it("records an entry, with who and when by the server's clock, and reads it back by day, round and pet", async () => {
      const { store } = await engine.open();
      const result = await store.record([entry({ note: "Took it in cheese" })]);
      expect(result.status).toBe("recorded");
      const [written] = (result as Extract<RecordResult, { status: "recorded" }>).entries;
      expect(written).toMatchObject({
        ...entry({ note: "Took it in cheese" }),
        recordedAt: "2026-11-24T08:12:00.000Z",
      });
      expect(written?.id).toBeGreaterThan(0);
      expect(await store.entries({ date: "2026-11-24" })).toEqual([written]);
      expect(await store.entries({ date: "2026-11-24", round: "morning", petId: 77 })).toHaveLength(1);
      expect(await store.entries({ date: "2026-11-24", round: "evening" })).toEqual([]);
      expect(await store.entries({ date: "2026-11-25" })).toEqual([]);
      expect(await store.entries({ from: "2026-11-01", to: "2026-11-30" })).toHaveLength(1);
      expect(await store.entries({ bookingId: 502 })).toEqual([]);
      expect(await store.health()).toEqual({ ok: true, engine: engine.name, where: expect.any(String) });
      await store.close();
    });

    it("a rehearsal of a record reads as a tap on its item would and writes nothing; the tap after it is recorded", async () => {
      const { store, driver } = await engine.open();
      // Every row of every table the record writes, in order: a write anywhere (a request key too,
      // which the chain's head does not show) changes it.
      const rows = async () => {
        const all: Record<string, unknown[]> = {};
        for (const table of ["care_requests", "care_entries", "care_log", "care_staff", "care_kennel"])
          all[table] = await driver.query(`SELECT * FROM ${table} ORDER BY 1`);
        return all;
      };
      const first = await store.record([entry({ requestKey: "r-1" })]);
      expect(first.status).toBe("recorded");
      const head = await store.head();
      const before = await rows();
      const { date, round, bookingId, petId, item } = entry();
      // The engine's store has the rehearsal (it is optional on the interface, so a call through
      // `?.` alone would pass with none).
      expect(store.rehearseRecord).toBeTypeOf("function");
      await store.rehearseRecord?.({ date, round, bookingId, petId, item });
      await store.rehearseRecord?.({ date, round, bookingId, petId: petId + 1, item });
      expect(await rows()).toEqual(before);
      expect(await store.head()).toEqual(head);
      expect(await store.entries({ date })).toHaveLength(1);
      expect(await store.verify()).toMatchObject({ ok: true });
      // The same item again is "already"; another pet's is recorded as ever.
      expect((await store.record([entry({ requestKey: "r-2" })])).status).toBe("already");
      expect((await store.record([entry({ requestKey: "r-3", petId: petId + 1 })])).status).toBe("recorded");
      await store.close();
    });

    it("a rehearsal asks for no write lock: it reads while another connection holds the chain's", async () => {
      const opened = await engine.open();
      const other = opened.otherDriver();
      const { date, round, bookingId, petId, item } = entry();
      // SQLite: a rehearsal in a write transaction waited out the busy timeout, then failed ("database
      // is locked"); PostgreSQL: it waited for the chain's lock, held here until the rehearsal ends.
      const done = await other.transaction(
        async () => {
          await opened.store.rehearseRecord?.({ date, round, bookingId, petId, item });
          return "rehearsed";
        },
        { chain: true },
      );
      expect(done).toBe("rehearsed");
      expect((await opened.store.record([entry({ requestKey: "r-after" })])).status).toBe("recorded");
      await other.close();
      await opened.store.close();
    }, 20_000);

    it("keeps who Slack said each user was, over what it said before, across a reopen (the staff seen before)", async () => {
      const opened = await engine.open();
      expect(await opened.store.staff()).toEqual([]);
      const jane = {
        userId: "U0JANE",
        name: "Jane",
        verdict: "member" as const,
        team: "T1",
        checkedAt: "2026-11-24T08:00:00.000Z",
      };
      await opened.store.saveStaff(jane);
      await opened.store.saveStaff({
        userId: "U0GUEST",
        verdict: "guest",
        team: "T1",
        checkedAt: "2026-11-24T08:01:00.000Z",
      });
      // Made a guest since: the new word replaces the old one.
      await opened.store.saveStaff({ ...jane, verdict: "guest", checkedAt: "2026-11-24T09:00:00.000Z" });
      await opened.store.close();
      const again = { store: opened.again() };
      const staff = (await again.store.staff()).sort((a, b) => a.userId.localeCompare(b.userId));
      expect(staff).toEqual([
        { userId: "U0GUEST", verdict: "guest", team: "T1", checkedAt: "2026-11-24T08:01:00.000Z" },
        { ...jane, verdict: "guest", checkedAt: "2026-11-24T09:00:00.000Z" },
      ]);
      await again.store.close();
    });

    it("records a pet's whole round in one request (each medication and the meal)", async () => {
      const { store } = await engine.open();
      const all = [
        entry({ item: "med:1", requestKey: "tap-all" }),
        entry({ item: "med:2", itemText: "Eye drops, both eyes", requestKey: "tap-all" }),
        entry({ item: "meal", itemText: "Dry food, 200 g", outcome: "ate_all", requestKey: "tap-all" }),
      ];
      const result = await store.record(all);
      expect(result.status).toBe("recorded");
      expect((await store.entries({ date: "2026-11-24" })).map((e) => e.item)).toEqual([
        "med:1",
        "med:2",
        "meal",
      ]);
      await store.close();
    });

    it("a second tap on a recorded item records nothing and names who recorded it and when", async () => {
      const { store } = await engine.open();
      await store.record([entry()]);
      const second = await store.record([
        entry({ userId: "U0TOM", userName: "Tom", requestKey: "action-2" }),
      ]);
      expect(second.status).toBe("already");
      const existing = (second as Extract<RecordResult, { status: "already" }>).existing;
      expect(existing).toHaveLength(1);
      expect(existing[0]).toMatchObject({ userName: "Jane", recordedAt: "2026-11-24T08:12:00.000Z" });
      expect(await store.entries({ date: "2026-11-24" })).toHaveLength(1);
      await store.close();
    });

    it("two staff at once, on connections of their own: one entry, the other told it was already recorded", async () => {
      const first = await engine.open();
      // SQLite: one connection per process (a second one in this process would wait on the first);
      // the racing connections are the child processes of the next test.
      const stores =
        engine.name === "postgres"
          ? [first.store, ...Array.from({ length: 5 }, () => first.again())]
          : [first.store];
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          (stores[i % stores.length] as SqlCareRecordStore).record([
            entry({ userId: `U0STAFF${i}`, userName: `Staff ${i}`, requestKey: `race-${i}` }),
          ]),
        ),
      );
      expect(results.filter((r) => r.status === "recorded")).toHaveLength(1);
      expect(results.filter((r) => r.status === "already")).toHaveLength(11);
      const [only] = await first.store.entries({ date: "2026-11-24" });
      for (const r of results) {
        if (r.status === "already") expect(r.existing.map((e) => e.id)).toEqual([only?.id]);
      }
      for (const s of stores) await s.close();
    });

    it("two processes tapping the same item at the same moment record it once", async () => {
      const { store, env } = await engine.open();
      const children = Array.from({ length: 4 }, (_, i) =>
        writer(env, [
          "once",
          JSON.stringify([
            entry({ userId: `U0P${i}`, userName: `Process ${i}`, requestKey: `process-${i}` }),
          ]),
        ]),
      );
      const outputs = children.map((c) => lines(c)[Symbol.asyncIterator]());
      for (const out of outputs) expect((await out.next()).value).toBe("ready");
      for (const c of children) c.stdin?.write("go\n");
      const results = await Promise.all(
        outputs.map(async (out) => JSON.parse(String((await out.next()).value)) as RecordResult),
      );
      expect(results.map((r) => r.status).sort()).toEqual(["already", "already", "already", "recorded"]);
      expect(await store.entries({ date: "2026-11-24" })).toHaveLength(1);
      await store.close();
    }, 60_000);

    it("the same request delivered again (even at once) records nothing twice and answers with its first entries", async () => {
      const opened = await engine.open();
      const { store } = opened;
      const first = await store.record([entry()]);
      const again = await store.record([entry({ outcome: "refused" })]);
      expect(again.status).toBe("duplicate");
      expect((again as Extract<RecordResult, { status: "duplicate" }>).entries).toEqual(
        (first as Extract<RecordResult, { status: "recorded" }>).entries,
      );
      // At once, from two connections (PostgreSQL) or one after the other (SQLite's one connection).
      const other = engine.name === "postgres" ? opened.again() : store;
      const request = [
        entry({ item: "meal", outcome: "ate_some", itemText: "Wet food", requestKey: "view-9" }),
      ];
      const both = await Promise.all([store.record(request), other.record(request)]);
      expect(both.map((r) => r.status).sort()).toEqual(["duplicate", "recorded"]);
      expect(await store.entries({ date: "2026-11-24" })).toHaveLength(2);
      // Again and again: the second delivery may commit between the first's two looks (read
      // committed); it is still this request's duplicate, never someone's "already recorded".
      for (let i = 0; i < 40; i++) {
        const twice = [entry({ petId: 9000 + i, item: "meal", outcome: "ate_all", requestKey: `race-${i}` })];
        const results = await Promise.all([store.record(twice), other.record(twice)]);
        expect(results.map((r) => r.status).sort()).toEqual(["duplicate", "recorded"]);
      }
      expect(await store.entries({ date: "2026-11-24" })).toHaveLength(42);
      if (other !== store) await other.close();
      await store.close();
    });

    it("a correction supersedes: both are kept, the chain has one current end, and a stale correction is refused", async () => {
      const { store } = await engine.open();
      const a = await store.record([entry({ outcome: "given" })]);
      const aId = (a as Extract<RecordResult, { status: "recorded" }>).entries[0]?.id as number;
      const b = await store.record([
        entry({ outcome: "refused", note: "spat it out", supersedes: aId, requestKey: "fix-1" }),
      ]);
      expect(b.status).toBe("recorded");
      const bId = (b as Extract<RecordResult, { status: "recorded" }>).entries[0]?.id as number;
      const c = await store.record([entry({ outcome: "given", supersedes: bId, requestKey: "fix-2" })]);
      const cId = (c as Extract<RecordResult, { status: "recorded" }>).entries[0]?.id as number;
      const all = await store.entries({ date: "2026-11-24" });
      expect(all.map((e) => [e.id, e.supersedes, e.supersededBy, e.outcome])).toEqual([
        [aId, undefined, bId, "given"],
        [bId, aId, cId, "refused"],
        [cId, bId, undefined, "given"],
      ]);
      // Correcting an entry that was corrected already (a stale sheet): told which is current.
      const stale = await store.record([
        entry({ outcome: "refused", supersedes: aId, requestKey: "fix-stale" }),
      ]);
      expect(stale).toEqual({ status: "already", existing: [all[2]] });
      // A new first entry for an item that has one: the same.
      const fresh = await store.record([entry({ requestKey: "fresh" })]);
      expect(fresh).toEqual({ status: "already", existing: [all[2]] });
      // An entry of another item cannot be "corrected" from here (a tampered button): nothing written.
      await expect(
        store.record([entry({ item: "med:2", supersedes: aId, requestKey: "tampered" })]),
      ).rejects.toBeInstanceOf(InvalidEntryError);
      await expect(
        store.record([entry({ supersedes: 999_999, requestKey: "nowhere" })]),
      ).rejects.toBeInstanceOf(InvalidEntryError);
      expect(await store.entries({ date: "2026-11-24" })).toHaveLength(3);
      await store.close();
    });

    it("the database itself keeps the rules: no second first entry, no second correction, no change to an entry", async () => {
      const { store, driver } = await engine.open();
      await store.record([entry()]);
      const [first] = await store.entries({});
      const insert = `INSERT INTO care_entries (round_date, round, booking_id, pet_id, pet_name, item, item_text, outcome,
        user_id, user_name, request_key, supersedes, recorded_at, chain_format) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 4)`;
      const row = (supersedes: number | null) => [
        "2026-11-24",
        "morning",
        501,
        77,
        "Biscuit",
        "med:1",
        "Rimadyl",
        "given",
        "U0X",
        "X",
        "action-1",
        supersedes,
        "2026-11-24T09:00:00Z",
      ];
      await expect(driver.transaction((q) => q(insert, row(null)))).rejects.toSatisfy(
        driver.isUniqueViolation,
      );
      await driver.transaction((q) => q(insert, row(first?.id ?? 0)));
      await expect(driver.transaction((q) => q(insert, row(first?.id ?? 0)))).rejects.toSatisfy(
        driver.isUniqueViolation,
      );
      await expect(
        driver.transaction((q) => q("UPDATE care_entries SET outcome = 'refused' WHERE id = ?", [first?.id])),
      ).rejects.toThrow(/never changed/);
      await expect(
        driver.transaction((q) => q(insert, [...row(null).slice(0, 7), "ate_all", ...row(null).slice(8)])),
      ).rejects.toThrow();
      await store.close();
    });

    it("all or nothing: when one entry of a request cannot be written, none is, and the request can be made again", async () => {
      const { store } = await engine.open();
      await store.record([entry({ item: "med:2", requestKey: "earlier" })]);
      // One item already recorded: nothing of the request is written.
      const partly = await store.record([
        entry({ item: "med:1", requestKey: "tap-all" }),
        entry({ item: "med:2", requestKey: "tap-all" }),
      ]);
      expect(partly.status).toBe("already");
      expect((await store.entries({})).map((e) => e.item)).toEqual(["med:2"]);
      // The database refuses the second entry half-way (who recorded it: a name over its limit, which
      // only the database checks): the first is rolled back.
      const request = [
        entry({ item: "meal", outcome: "ate_all", itemText: "Dry food", requestKey: "tap-2" }),
        entry({ item: "med:3", userName: "x".repeat(201), requestKey: "tap-2" }),
      ];
      await expect(store.record(request)).rejects.toBeInstanceOf(InvalidEntryError);
      expect((await store.entries({})).map((e) => e.item)).toEqual(["med:2"]);
      // Nothing of it was kept, not even its request key: the same request, fixed, records.
      const fixed = await store.record([
        request[0] as EntryInput,
        { ...(request[1] as EntryInput), userName: "Jane" },
      ]);
      expect(fixed.status).toBe("recorded");
      expect(await store.entries({})).toHaveLength(3);
      await store.close();
    });

    it("refuses entries that do not fit, writing nothing", async () => {
      const { store } = await engine.open();
      const refused = [
        entry({ outcome: "ate_all" }),
        entry({ item: "meal", outcome: "given" }),
        entry({ outcome: "not_given" }),
        entry({ note: "n".repeat(501) }),
        entry({ date: "24/11/2026" }),
        entry({ petId: 0 }),
        entry({ requestKey: "" }),
      ];
      for (const bad of refused) await expect(store.record([bad])).rejects.toBeInstanceOf(InvalidEntryError);
      await expect(store.record([])).rejects.toBeInstanceOf(InvalidEntryError);
      await expect(store.record([entry(), entry()])).rejects.toBeInstanceOf(InvalidEntryError);
      await expect(
        store.record([entry(), entry({ item: "meal", outcome: "ate_all", requestKey: "other" })]),
      ).rejects.toBeInstanceOf(InvalidEntryError);
      expect(await store.entries({})).toEqual([]);
      expect(
        (
          await store.record([
            entry({ outcome: "not_given", reason: "Vet said skip today", note: "n".repeat(500) }),
          ])
        ).status,
      ).toBe("recorded");
      await store.close();
    });

    it("refuses to start on a schema newer than it knows, in one line", async () => {
      const { store, driver, env } = await engine.open();
      await driver.transaction((q) =>
        q("INSERT INTO schema_version (version, what, applied_at) VALUES (?, ?, ?)", [
          SCHEMA_VERSION + 1,
          "from the future",
          "2027-01-01T00:00:00Z",
        ]),
      );
      await store.close();
      const settings =
        engine.name === "sqlite"
          ? ({ engine: "sqlite", dataDir: env.KENNEL_DATA_DIR as string } as const)
          : ({ engine: "postgres", url: new URL(env.DATABASE_URL as string) } as const);
      const refused = await openCareRecord(settings, clock, undefined).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(StoreError);
      expect((refused as StoreError).problem).toBe("newer_schema");
      const line = (refused as StoreError).describe();
      expect(line).not.toContain("\n");
      expect(line).toContain(
        `schema version ${SCHEMA_VERSION + 1}, newer than this Kennel Desk knows (${SCHEMA_VERSION})`,
      );
    });

    it("a SIGKILL during a burst of writes loses no entry that was acknowledged, and doubles none", async () => {
      const { store, env } = await engine.open();
      const child = writer(env, ["burst", "burst"]);
      const acknowledged: { id: number; key: string }[] = [];
      for await (const line of lines(child)) {
        const [id, key] = line.split(" ");
        acknowledged.push({ id: Number(id), key: String(key) });
        if (acknowledged.length === 150) child.kill("SIGKILL");
      }
      await new Promise((resolve) =>
        child.exitCode !== null || child.signalCode ? resolve(null) : child.once("exit", resolve),
      );
      expect(child.signalCode).toBe("SIGKILL");
      expect(acknowledged.length).toBeGreaterThanOrEqual(150);
      // Reopened as after a restart (SQLite: the WAL is replayed).
      await store.close();
      const reopened = await openCareRecord(
        engine.name === "sqlite"
          ? { engine: "sqlite", dataDir: env.KENNEL_DATA_DIR as string }
          : { engine: "postgres", url: new URL(env.DATABASE_URL as string) },
        clock,
        undefined,
      );
      const all = await reopened.store.entries({ date: "2026-11-24" });
      const byId = new Map(all.map((e) => [e.id, e]));
      for (const { id, key } of acknowledged) expect(byId.get(id)?.requestKey).toBe(key);
      const keys = all.map((e) => e.requestKey);
      expect(new Set(keys).size).toBe(keys.length);
      await reopened.store.close();
    }, 60_000);
  });
});

describe("the care record unavailable gives a StoreError, and nothing half-written", () => {
  it.skipIf(!postgres.available)(
    "PostgreSQL stopped: record, read and health say so; the process does not crash",
    async () => {
      const server = await postgres.ownServer();
      const url = new URL(server.url);
      const store = createStore(postgresDriver({ url, connectTimeoutMs: 5000 }), clock);
      await store.ready();
      expect((await store.record([entry()])).status).toBe("recorded");
      server.stop();
      const failed = await store
        .record([entry({ item: "meal", outcome: "ate_all", requestKey: "after" })])
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(failed).toBeInstanceOf(StoreError);
      expect((failed as StoreError).problem).toBe("unavailable");
      expect((failed as StoreError).describe()).toMatch(/cannot be reached.*Try again/);
      await expect(store.entries({})).rejects.toBeInstanceOf(StoreError);
      const health = await store.health();
      expect(health).toMatchObject({ ok: false, engine: "postgres" });
      expect(health.problem).toMatch(/cannot be reached/);
      expect(health.where).not.toContain("@");
      await store.close();
    },
    60_000,
  );

  it("a full disk (SQLite's page limit reached): a StoreError, nothing of the tap written, health says so until a write succeeds", async () => {
    const dir = folder();
    const driver = sqliteDriver({ dir });
    const store = createStore(driver, clock);
    await store.record([entry()]);
    // The same connection as the store's: no page more than it has now (SQLite's "database or disk is full").
    const [pages] = await driver.query("PRAGMA page_count");
    await driver.query(`PRAGMA max_page_count = ${Number(pages?.page_count)}`);
    const big = "x".repeat(2900);
    let failure: unknown;
    for (let i = 0; i < 50 && !failure; i++) {
      const tap = [
        entry({ petId: 1000 + i, item: "med:1", itemText: big, requestKey: `full-${i}` }),
        entry({ petId: 1000 + i, item: "meal", outcome: "ate_all", itemText: big, requestKey: `full-${i}` }),
      ];
      failure = await store.record(tap).then(
        () => undefined,
        (error: unknown) => error,
      );
    }
    expect(failure).toBeInstanceOf(StoreError);
    expect((failure as StoreError).problem).toBe("full");
    expect((failure as StoreError).describe()).toMatch(/is full: nothing was recorded\. Free some space/);
    const all = await store.entries({});
    // Every tap is whole: each pet has both its entries, or none.
    const perPet = new Map<number, number>();
    for (const e of all) perPet.set(e.petId, (perPet.get(e.petId) ?? 0) + 1);
    for (const [petId, n] of perPet) if (petId >= 1000) expect(n).toBe(2);
    expect(await store.health()).toMatchObject({ ok: false, problem: expect.stringMatching(/is full/) });
    await driver.query("PRAGMA max_page_count = 1073741823");
    expect(
      (await store.record([entry({ item: "meal", outcome: "ate_all", requestKey: "after" })])).status,
    ).toBe("recorded");
    expect(await store.health()).toMatchObject({ ok: true });
    await store.close();
  });

  it("a SQLite file this user cannot write: the write fails with a StoreError naming the file, and nothing is written", async () => {
    const dir = folder();
    const store = createStore(sqliteDriver({ dir }), clock);
    await store.record([entry()]);
    await store.close();
    // Read-only for everyone; as root (who may write anyway) the writer runs without root's powers.
    for (const file of readdirSync(dir)) chmodSync(join(dir, file), 0o444);
    chmodSync(dir, 0o555);
    const asRoot = process.getuid?.() === 0;
    const child = writer(
      { KENNEL_DATA_DIR: dir },
      ["once", JSON.stringify([entry({ item: "meal", outcome: "ate_all", requestKey: "readonly" })])],
      asRoot,
    );
    expect(await firstLine(child)).toBe("ready");
    child.stdin?.write("go\n");
    let answer = "";
    for await (const line of lines(child)) answer ||= line;
    const { error } = JSON.parse(String(answer)) as {
      error?: { kind: string; problem: string; message: string };
    };
    expect(error?.kind).toBe("store");
    expect(["read_only", "unavailable"]).toContain(error?.problem);
    expect(error?.message).toContain(join(dir, SQLITE_FILE));
    chmodSync(dir, 0o700);
    const check = createStore(sqliteDriver({ dir }), clock);
    expect((await check.entries({})).map((e) => e.requestKey)).toEqual(["action-1"]);
    await check.close();
  }, 60_000);
});
