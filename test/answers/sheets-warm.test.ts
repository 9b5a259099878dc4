/**
 * Today's sheets read before the bot listens (src/answers/sheets.ts `warmTodaysRecord`): after a
 * restart, the first tap's read of today's sheets and what they asked finds them read already (the
 * table is asked for no body); another day's sheets are left to be read when asked for.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { planNow } from "../../src/answers/plans.ts";
import { warmTodaysRecord } from "../../src/answers/sheets.ts";
import { loadConfig } from "../../src/config.ts";
import { sqliteDriver } from "../../src/record/sqlite.ts";
import { createStore } from "../../src/record/store.ts";
import { countedStore, sheetOf } from "../helpers/log-reads.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

// 08:00 in London on 24 November: today is the 24th.
const clock = { now: () => new Date("2026-11-24T08:00:00Z") };
const config = loadConfig({ KENNEL_TIMEZONE: "Europe/London" });
const sheet = sheetOf;
const restarted = (dir: string) => countedStore(dir, clock);

describe("today's sheets read before the bot listens", () => {
  it("the first tap's read of today's sheets asks the table for no body; tomorrow's are read when asked", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kennel-desk-warm-"));
    dirs.push(dir);
    const before = createStore(sqliteDriver({ dir }), clock);
    await before.append({ kind: "sheet", date: "2026-11-24", body: sheet("2026-11-24", "Biscuit") });
    await before.append({ kind: "sheet", date: "2026-11-25", body: sheet("2026-11-25", "Juniper") });
    await before.close();

    const { store, bodyReads } = restarted(dir);
    await warmTodaysRecord({ record: store, clock, config: { timezone: "Europe/London" } as never });
    expect(bodyReads()).toBeGreaterThan(0);
    const today = await store.log({ kind: "sheet", date: "2026-11-24" });
    expect(today.map((e) => e.body.pets[0]?.name)).toEqual(["Biscuit"]);
    expect(bodyReads()).toBe(0);
    const tomorrow = await store.log({ kind: "sheet", date: "2026-11-25" });
    expect(tomorrow.map((e) => e.body.pets[0]?.name)).toEqual(["Juniper"]);
    expect(bodyReads()).toBe(1);
    await store.close();
  });

  it("the care plans of the pets on today's sheets are read too; another stay's plan is read when asked", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kennel-desk-warm-"));
    dirs.push(dir);
    const before = createStore(sqliteDriver({ dir }), clock);
    await before.append({ kind: "sheet", date: "2026-11-24", body: sheet("2026-11-24", "Biscuit") });
    for (const bookingId of [501, 999]) {
      const booking = {
        bookingId,
        checkInDate: "2026-11-23T09:00:00Z",
        checkOutDate: "2026-11-27T09:00:00Z",
      };
      const words = { petId: 77, name: "Biscuit", medication: "Rimadyl 50 mg with food" };
      const { plan } = await planNow({ record: undefined, config, clock }, booking, words);
      await before.append({
        kind: "plan",
        date: "2026-11-23",
        bookingId,
        petId: 77,
        body: { plan, petName: "Biscuit" },
      });
    }
    await before.close();

    const { store, bodyReads } = restarted(dir);
    await warmTodaysRecord({ record: store, clock, config });
    bodyReads();
    expect(await store.log({ kind: "plan", bookingId: 501, petId: 77 })).toHaveLength(1);
    expect(bodyReads()).toBe(0);
    expect(await store.log({ kind: "plan", bookingId: 999, petId: 77 })).toHaveLength(1);
    expect(bodyReads()).toBe(1);
    await store.close();
  });

  it("without a record it does nothing and does not throw", async () => {
    await expect(
      warmTodaysRecord({ record: undefined, clock, config: { timezone: "Europe/London" } as never }),
    ).resolves.toBeUndefined();
  });
});
