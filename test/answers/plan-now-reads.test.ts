/**
 * Home's late and missed doses beside what their pets' plans, confirmed since, say of them
 * (src/answers/home-record.ts): each plan read once a render, the round's report's plans used as
 * read, not read again for the words. Real loopback HTTP to the sandbox and a real SQLite record.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { currentPlan } from "../../src/answers/plans.ts";
import { roundReport } from "../../src/answers/rounds.ts";
import { sheetPlansNow } from "../../src/answers/sheet-plans.ts";
import { latestSheet } from "../../src/answers/sheets.ts";
import { todayOverview } from "../../src/answers/today.ts";
import { sheetPetKey } from "../../src/present/rounds.ts";
import type { CareRecordStore, LogQuery } from "../../src/record/types.ts";
import { apoquelDay, DAY, type PetRef } from "../helpers/apoquel-day.ts";
import { withFaults } from "../helpers/record.ts";

const day = apoquelDay();
let pets: PetRef[] = [];

beforeAll(async () => {
  pets = await day.start(2);
  if (pets.length < 2) throw new Error("no two pets on the morning sheet with Apoquel due from its words");
  // 12:10: Jane confirms both plans as "evening only": their morning doses, missed, say so on Home.
  for (const p of pets) await day.confirm(p, ["evening"]);
}, 60_000);

afterAll(() => day.close());

/** The record, each read of its plans kept in `reads` as it is asked. */
function planReads(store: CareRecordStore): { reads: LogQuery[]; record: CareRecordStore } {
  const reads: LogQuery[] = [];
  const record = withFaults(store, {
    log: ((q: LogQuery) => {
      if (q.kind === "plan") reads.push(q);
      return store.log(q);
    }) as CareRecordStore["log"],
  });
  return { reads, record };
}

it("Home reads each pet's plan once, its missed doses still beside the plan's words", async () => {
  const deps = day.depsAt("12:15");
  const { reads, record } = planReads(deps.record);
  const home = await todayOverview({ ...deps, record });
  const named = home.record?.doses?.named ?? [];
  for (const p of pets) {
    const dose = named.find((d) => d.pet === `${p.bookingId}-${p.petId}` && d.item === "med:5");
    expect(dose).toMatchObject({
      state: "missed",
      round: "morning",
      planNow: expect.stringContaining("📋 "),
    });
  }
  const read = reads.map((q) => JSON.stringify(q));
  expect(read.length).toBeGreaterThan(0);
  expect(read.filter((q, i) => read.indexOf(q) !== i)).toEqual([]);
}, 60_000);

it("a round's answer reads its pets' plans in one read of the record, each pet's plan as currentPlan reads it", async () => {
  const deps = day.depsAt("12:20");
  const { reads, record } = planReads(deps.record);
  const report = await roundReport({ ...deps, record }, "evening", DAY);
  const planned = report.pets.filter((p) => p.plan?.versionId !== undefined);
  expect(planned.length).toBeGreaterThan(2);
  expect(reads).toHaveLength(1);
  for (const p of planned) {
    const kept = await currentPlan(deps, p.booking.bookingId as number, p.pet?.pet.petId as number);
    expect(p.plan?.versionId).toBe(kept?.id);
  }
  // The pets Jane confirmed at 12:10: their confirmed versions, Apoquel due at the evening round.
  for (const pet of pets) {
    const p = planned.find((x) => x.booking.bookingId === pet.bookingId && x.pet?.pet.petId === pet.petId);
    expect(p?.plan?.state).toBe("confirmed");
    expect(p?.due?.some((d) => d.item === "med:5")).toBe(true);
  }
}, 60_000);

it("a kept sheet's plans now are read in one read of the record", async () => {
  const deps = day.depsAt("12:25");
  const sheet = await latestSheet(deps, DAY, "morning");
  if (!sheet) throw new Error("no morning sheet kept");
  const { reads, record } = planReads(deps.record);
  const now = await sheetPlansNow({ record }, sheet);
  expect(reads).toHaveLength(1);
  // The two plans Jane confirmed since the sheet was kept: drawn as they stand.
  for (const p of pets) expect(now.get(sheetPetKey(p.bookingId, p.petId))?.state).toBe("confirmed");
}, 60_000);
