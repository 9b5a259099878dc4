/**
 * `kennel-desk rounds` only reads the care record: today's round not posted yet, its `--json` answer
 * and another day's draft each show a plan not kept yet as drafted for the answer, and write nothing
 * (the round's post keeps the plans it works from).
 */
import { describe, expect, it } from "vitest";
import type { CareRecordStore } from "../../src/record/types.ts";
import type { Sandbox } from "../../src/sandbox/server.ts";
import { useSandboxRecord } from "../helpers/sandbox-deps.ts";
import { cliRunner } from "./helpers.ts";

const TZ = "Europe/London";
const TODAY = "2026-11-22";
const NOW = new Date(`${TODAY}T10:00:00Z`);
let sandbox: Sandbox;
let store: CareRecordStore;
let dir: string;
const cli = cliRunner(
  () => sandbox,
  () => NOW,
);
useSandboxRecord(
  { seed: 21, customers: 150, today: TODAY, timezone: TZ, awkward: true },
  { now: () => NOW },
  "kennel-desk-cli-rounds-read-",
  (started) => {
    ({ sandbox, store, dir } = started);
  },
);

describe("kennel-desk rounds writes nothing to the care record", () => {
  it("today's round not posted, as text and as JSON: plans drafted for the answer alone", async () => {
    const before = await store.head();
    const text = await cli(["rounds", "morning", TODAY], { KENNEL_DATA_DIR: dir });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain("Morning round");
    // A pet with medication has a plan on the sheet, drafted, not confirmed by anyone.
    expect(text.stdout).toMatch(/not confirmed/i);
    const json = await cli(["rounds", "morning", TODAY, "--json"], { KENNEL_DATA_DIR: dir });
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout) as { pets: Array<{ plan?: { versionId?: number } }> };
    const planned = report.pets.filter((p) => p.plan);
    expect(planned.length).toBeGreaterThan(0);
    // Drafted for the answer: no version kept in the record.
    expect(planned.every((p) => p.plan?.versionId === undefined)).toBe(true);
    expect(await store.head()).toEqual(before);
    expect(await store.log({ kind: "plan" })).toEqual([]);
  });
});
