/**
 * Home's late and missed doses beside what their pets' plans, confirmed since, say of them
 * (src/answers/home-record.ts): each plan read once a render, the round's report's plans used as
 * read, not read again for the words. Real loopback HTTP to the sandbox and a real SQLite record.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { todayOverview } from "../../src/answers/today.ts";
import type { CareRecordStore, LogQuery } from "../../src/record/types.ts";
import { apoquelDay, type PetRef } from "../helpers/apoquel-day.ts";
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

it("Home reads each pet's plan once, its missed doses still beside the plan's words", async () => {
  const deps = day.depsAt("12:15");
  const read: string[] = [];
  const record = withFaults(deps.record, {
    log: ((q: LogQuery) => {
      if (q.kind === "plan") read.push(JSON.stringify(q));
      return deps.record.log(q);
    }) as CareRecordStore["log"],
  });
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
  expect(read.length).toBeGreaterThan(0);
  expect(read.filter((q, i) => read.indexOf(q) !== i)).toEqual([]);
}, 60_000);
