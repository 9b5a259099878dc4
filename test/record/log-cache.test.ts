/**
 * The log's bodies read once (src/record/log-cache.ts): a second read of the same records fetches no
 * body from the table and gives the same records; what a row says beside its body (a correction
 * naming it) is read fresh every time; the bodies given are frozen; the kept text is bounded, the
 * least recently read going first. On both engines where the engine matters.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { LogBodies, readLog } from "../../src/record/log-cache.ts";
import { sqliteDriver } from "../../src/record/sqlite.ts";
import { createStore } from "../../src/record/store.ts";
import { countedStore, sheetOf } from "../helpers/log-reads.ts";
import { useStoreEngines } from "../helpers/store-engines.ts";

const clock = { now: () => new Date("2026-11-24T08:00:00Z") };
const engines = useStoreEngines(clock);

const sheet = (name: string) => sheetOf("2026-11-24", name);

describe.each(engines)("the log's bodies read once ($name)", (engine) => {
  it.skipIf(engine.skip)(
    "a correction made after a read is seen by the next read, beside the body kept",
    async () => {
      const store = await engine.open();
      const { entry: first } = await store.append({
        kind: "sheet",
        date: "2026-11-24",
        body: sheet("Biscuit"),
      });
      const before = await store.log({ kind: "sheet", date: "2026-11-24" });
      expect(before.map((e) => [e.id, e.supersededBy, e.body.pets[0]?.name])).toEqual([
        [first.id, undefined, "Biscuit"],
      ]);
      const { entry: second } = await store.append({
        kind: "sheet",
        date: "2026-11-24",
        body: sheet("Juniper"),
        supersedes: first.id,
      });
      const after = await store.log({ kind: "sheet", date: "2026-11-24" });
      expect(after.map((e) => [e.id, e.supersededBy, e.supersedes, e.body.pets[0]?.name])).toEqual([
        [first.id, second.id, undefined, "Biscuit"],
        [second.id, undefined, first.id, "Juniper"],
      ]);
      // The same records as read without anything kept (a new store on the same record would read them so).
      expect(after[0]?.body).toEqual(before[0]?.body);
      await store.close();
    },
  );

  it.skipIf(engine.skip)(
    "the bodies given are frozen: a reader cannot change what the next reader sees",
    async () => {
      const store = await engine.open();
      await store.append({ kind: "sheet", date: "2026-11-24", body: sheet("Biscuit") });
      const [read] = await store.log({ kind: "sheet", date: "2026-11-24" });
      if (!read) throw new Error("the sheet was not read back");
      const pets = read.body.pets as unknown as { name: string }[];
      expect(pets.map((p) => p.name)).toEqual(["Biscuit"]);
      expect(() => pets.push({ name: "Someone else" })).toThrow(TypeError);
      expect(() => Object.assign(pets[0] as object, { name: "Someone else" })).toThrow(TypeError);
      const [again] = await store.log({ kind: "sheet", date: "2026-11-24" });
      expect(again?.body.pets.map((p) => p.name)).toEqual(["Biscuit"]);
      await store.close();
    },
  );
});

describe("the log's bodies read once (what the table is asked)", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it("a second read of the day's sheets asks the table for no body; a new sheet's body is asked for alone", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kennel-desk-log-cache-"));
    dirs.push(dir);
    const { store, bodyReads } = countedStore(dir, clock);
    await store.append({ kind: "sheet", date: "2026-11-24", body: sheet("Biscuit") });
    await store.append({ kind: "sheet", date: "2026-11-24", body: sheet("Juniper") });
    bodyReads();
    const first = await store.log({ kind: "sheet", date: "2026-11-24" });
    expect(bodyReads()).toBe(1);
    const second = await store.log({ kind: "sheet", date: "2026-11-24" });
    expect(bodyReads()).toBe(0);
    expect(second).toEqual(first);
    await store.append({ kind: "sheet", date: "2026-11-24", body: sheet("Bear") });
    bodyReads();
    const third = await store.log({ kind: "sheet", date: "2026-11-24" });
    expect(bodyReads()).toBe(1);
    expect(third.map((e) => e.body.pets[0]?.name)).toEqual(["Biscuit", "Juniper", "Bear"]);
    await store.close();
  });
});

describe("a store that keeps no body (the terminal's record commands)", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it("reads each row with its body at once and gives the same records as a store that keeps them", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kennel-desk-log-cache-"));
    dirs.push(dir);
    const { store, bodyReads, rowsWithBodies } = countedStore(dir, clock, { keptLogChars: 0 });
    const { entry: first } = await store.append({
      kind: "sheet",
      date: "2026-11-24",
      body: sheet("Biscuit"),
    });
    await store.append({ kind: "sheet", date: "2026-11-24", body: sheet("Juniper"), supersedes: first.id });
    await store.append({ kind: "sheet", date: "2026-11-25", body: sheet("Bear") });
    bodyReads();
    rowsWithBodies();
    const once = await store.log({ kind: "sheet", date: "2026-11-24" });
    const twice = await store.log({ kind: "sheet", date: "2026-11-24" });
    expect(bodyReads()).toBe(0);
    expect(rowsWithBodies()).toBe(2);
    expect(twice).toEqual(once);
    expect(twice[0]?.body).not.toBe(once[0]?.body);
    await store.close();
    const keeping = createStore(sqliteDriver({ dir }), clock);
    expect(await keeping.log({ kind: "sheet", date: "2026-11-24" })).toEqual(once);
    expect(once.map((e) => [e.body.pets[0]?.name, e.supersededBy !== undefined])).toEqual([
      ["Biscuit", true],
      ["Juniper", false],
    ]);
    await keeping.close();
  });

  it("keeps nothing it read (LogBodies of no room)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kennel-desk-log-cache-"));
    dirs.push(dir);
    const driver = sqliteDriver({ dir });
    const store = createStore(driver, clock);
    await store.append({ kind: "sheet", date: "2026-11-24", body: sheet("Biscuit") });
    const none = new LogBodies(0);
    const read = await readLog(driver.query, { kind: "sheet", date: "2026-11-24" }, none);
    expect(read.map((e) => e.body.pets[0]?.name)).toEqual(["Biscuit"]);
    expect(none.size).toBe(0);
    await store.close();
  });
});

describe("a body let go while a read waits on the table", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it("is read again, not left out: every record the table holds is given", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kennel-desk-log-cache-"));
    dirs.push(dir);
    const driver = sqliteDriver({ dir });
    const store = createStore(driver, clock);
    await store.append({ kind: "sheet", date: "2026-11-24", body: sheet("Biscuit") });
    await store.append({ kind: "sheet", date: "2026-11-24", body: sheet("Juniper") });
    // Room for about one sheet: the first read keeps Biscuit's; the second read finds it kept and
    // asks only for Juniper's, and while it waits another read keeps a big body and trims.
    const bodies = new LogBodies(400);
    await readLog(driver.query, { kind: "sheet", date: "2026-11-24", id: 1 }, bodies);
    let meddled = false;
    const query: typeof driver.query = async (sql, params) => {
      const rows = await driver.query(sql, params);
      if (!meddled && /SELECT id, hash, body FROM care_log/.test(sql)) {
        meddled = true;
        bodies.keep(99, "another", JSON.stringify({ pad: "x".repeat(500) }));
        bodies.trim();
      }
      return rows;
    };
    const read = await readLog(query, { kind: "sheet", date: "2026-11-24" }, bodies);
    expect(meddled).toBe(true);
    expect(read.map((e) => e.body.pets[0]?.name)).toEqual(["Biscuit", "Juniper"]);
    await store.close();
  });
});

describe("the kept bodies (LogBodies)", () => {
  it("are bounded by their text: past the limit, the least recently read go at the next trim, never during a read", () => {
    const bodies = new LogBodies(30);
    const text = (n: number) => JSON.stringify({ n, pad: "x".repeat(4) }); // 20 characters
    bodies.keep(1, "h1", text(1));
    bodies.keep(2, "h2", text(2));
    // Over the limit, yet both are kept until the next trim: the read in progress has them.
    expect(
      bodies.missing([
        { id: 1, hash: "h1" },
        { id: 2, hash: "h2" },
      ]),
    ).toEqual([]);
    bodies.readAs(1, "h1", "any", (b) => b); // 1 read after 2
    bodies.trim();
    expect(
      bodies.missing([
        { id: 1, hash: "h1" },
        { id: 2, hash: "h2" },
      ]),
    ).toEqual([2]);
    expect(bodies.size).toBe(text(1).length);
  });

  it("a row kept under another hash is read again (a row never changes: that one is a stranger)", () => {
    const bodies = new LogBodies();
    bodies.keep(1, "h1", JSON.stringify({ a: 1 }));
    expect(bodies.missing([{ id: 1, hash: "other" }])).toEqual([1]);
  });

  it("a body is read as its kind once; a body that does not read as the kind gives undefined, kept too", () => {
    const bodies = new LogBodies();
    bodies.keep(1, "h1", JSON.stringify({ a: 1 }));
    let reads = 0;
    const read = (b: unknown) => {
      reads++;
      return (b as { a: number }).a === 1 ? undefined : b;
    };
    expect(bodies.readAs(1, "h1", "k", read)).toBeUndefined();
    expect(bodies.readAs(1, "h1", "k", read)).toBeUndefined();
    expect(reads).toBe(1);
  });
});
