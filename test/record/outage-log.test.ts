/**
 * The store going out of use is told once, and its coming back once (docs/care-record.md: the log
 * line "The care record cannot be used now: …"), never once a request: a store over a real SQLite
 * file whose engine is made to fail (a fault injected in its driver) while taps, reads and /readyz's
 * health check go on.
 */
import { describe, expect, it } from "vitest";
import type { Driver } from "../../src/record/driver.ts";
import { StoreError } from "../../src/record/errors.ts";
import { sqliteDriver } from "../../src/record/sqlite.ts";
import { createStore } from "../../src/record/store.ts";
import { useTempFolders } from "../helpers/record-fixtures.ts";

const folder = useTempFolders("outage");
const clock = { now: () => new Date("2026-11-24T08:00:00Z") };

/** A real driver that fails every statement while `down.now` is set, as PostgreSQL stopped does. */
function faulty(real: Driver, down: { now: boolean }): Driver {
  const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
  const gone = () => Promise.reject(refused);
  return {
    ...real,
    engine: real.engine,
    where: real.where,
    query: (sql, params) => (down.now ? gone() : real.query(sql, params)),
    transaction: (work, options) => (down.now ? gone() : real.transaction(work, options)),
    storeError: (error) =>
      error === refused
        ? new StoreError(
            "unavailable",
            "The database of the care record cannot be reached.",
            "Try again.",
            "here",
          )
        : real.storeError(error),
  };
}

const entry = (i: number) => ({
  date: "2026-11-24",
  round: "morning" as const,
  bookingId: 1,
  petId: i,
  petName: `Pet ${i}`,
  item: "meal" as const,
  itemText: "kibble",
  outcome: "ate_all" as const,
  userId: "U1",
  userName: "Jane",
  requestKey: `k${i}`,
});

describe("the store out of use, then back: told once each", () => {
  it("many failed taps and health checks say it once; back (its health whole, or a tap recorded) once", async () => {
    const down = { now: false };
    const told: Array<string | undefined> = [];
    const store = createStore(faulty(sqliteDriver({ dir: folder() }), down), clock, undefined, {
      onState: (problem) => told.push(problem?.problem),
    });
    try {
      await store.record([entry(1)]);
      expect((await store.health()).ok).toBe(true);
      expect(told).toEqual([]);

      // Down while only /readyz asks (no tap): once; back: once.
      down.now = true;
      for (let i = 0; i < 3; i++) expect((await store.health()).ok).toBe(false);
      expect(told).toEqual(["unavailable"]);
      down.now = false;
      for (let i = 0; i < 3; i++) expect((await store.health()).ok).toBe(true);
      expect(told).toEqual(["unavailable", undefined]);

      // Down while taps fail, reads fail and /readyz asks: once; back at the first tap recorded, once.
      down.now = true;
      for (let i = 2; i < 6; i++) await expect(store.record([entry(i)])).rejects.toBeInstanceOf(StoreError);
      for (let i = 0; i < 3; i++) expect((await store.health()).ok).toBe(false);
      await expect(store.entries({ date: "2026-11-24" })).rejects.toBeInstanceOf(StoreError);
      expect(told).toEqual(["unavailable", undefined, "unavailable"]);
      down.now = false;
      await store.record([entry(7)]);
      for (let i = 0; i < 3; i++) expect((await store.health()).ok).toBe(true);
      expect(told).toEqual(["unavailable", undefined, "unavailable", undefined]);
    } finally {
      down.now = false;
      await store.close();
    }
  });
});
