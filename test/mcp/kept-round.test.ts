/**
 * The connector's get_round once the round is kept (issue 45: what was due is written once, and every
 * surface reads the record, the connector too): the sheet kept when the round was posted, with its
 * record now, as `kennel-desk rounds` and /rounds show it, never what the kennel system's words say
 * later; and, read-only, it writes nothing to the care record (a plan not kept yet, or words changed
 * since, drafted for the answer alone). Before, it answered the round as the kennel API said it at the
 * moment asked (a dose taken off the pet's record after the post was gone from it) and kept plans
 * drafted in the record. Real loopback HTTP to the sandbox and a real SQLite record.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roundReport } from "../../src/answers/rounds.ts";
import type { Deps } from "../../src/deps.ts";
import { prepareRoundPost } from "../../src/digest/round-post.ts";
import { dueOf } from "../../src/domain/record.ts";
import { MEDICATION_FIELDS } from "../../src/kennel/record-schemas.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { zonedInstant } from "../../src/time.ts";
import { scratchRecord } from "../helpers/record.ts";
import { sandboxDeps } from "../helpers/sandbox-deps.ts";
import { CLOCK, type Connected, connectInProcess, textOf } from "./harness.ts";

const TZ = "Europe/London";
/** The harness's day: its clock reads 09:00, the morning round (07:30) late since 08:15. */
const DAY = "2026-11-22";
let sandbox: Sandbox;
let store: CareRecordStore;
let mcp: Connected;
let the: { bookingId: number; petId: number; doses: string[] };

/** The bot's deps on the sandbox and the record, at a local time of the day; no care cache. */
function botAt(hhmm: string): Deps & { record: CareRecordStore } {
  const clock = { now: () => zonedInstant(DAY, hhmm, TZ) };
  const env = { KENNEL_TIMEZONE: TZ, KENNEL_CACHE_TTL_S: "0" };
  return { ...sandboxDeps(sandbox, clock, { env, retryDelayMs: 0 }), record: store };
}

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 21, customers: 60, today: DAY, timezone: TZ });
  store = scratchRecord(CLOCK);
  const report = await roundReport(botAt("07:00"), "morning", DAY, { keepPlans: false });
  const p = report.pets.find(
    (x) => x.sheet && x.booking.bookingId !== undefined && dueOf(x).some((d) => d.item !== "meal"),
  );
  if (!p?.pet?.pet.petId || p.booking.bookingId === undefined)
    throw new Error("the sandbox's morning round has no pet with a dose due");
  the = {
    bookingId: p.booking.bookingId,
    petId: p.pet.pet.petId,
    doses: dueOf(p).flatMap((d) => (d.item === "meal" ? [] : [d.label])),
  };
  // The morning round posted and kept at its time.
  await prepareRoundPost(botAt("07:30"), "morning", DAY);
  // Then the kennel system's words change: the pet's medication is taken off its record.
  const pet = sandbox.main.petById.get(the.petId) as Record<string, unknown>;
  for (const field of MEDICATION_FIELDS.flat()) delete pet[field];
  mcp = await connectInProcess(sandbox, { KENNEL_CACHE_TTL_S: "0" }, undefined, store);
}, 60_000);

afterAll(async () => {
  await mcp?.close();
  await store?.close();
  await sandbox?.close();
});

describe("get_round, the morning round posted at 07:30, the pet's medication taken off its record since", () => {
  it("answers the sheet kept then, each dose it asked with its state now (late), not the words now", async () => {
    const r = await mcp.call("get_round", { round: "morning", date: DAY });
    expect(r.isError, textOf(r)).toBeFalsy();
    const data = r.structuredContent as {
      kept?: { sheet: number };
      pets?: Array<{ bookingId: number; petId: number; due: Array<{ item: string; label: string }> }>;
    };
    expect(data.kept?.sheet).toBeGreaterThan(0);
    const pet = data.pets?.find((p) => p.bookingId === the.bookingId && p.petId === the.petId);
    expect(pet?.due.filter((d) => d.item !== "meal").map((d) => d.label)).toEqual(the.doses);
    // Its record under its lines, as the terminal's sheet: nothing recorded by 09:00, so late.
    const text = textOf(r);
    expect(text).toContain("⏰ late");
    for (const dose of the.doses) expect(text).toContain(dose);
  });

  it("a round not kept yet (the evening) is the sheet now, and nothing is written to the record", async () => {
    // Another pet's words changed in the kennel system: its plan is drafted again for the answer alone.
    const evening = await roundReport(botAt("17:00"), "evening", DAY, { keepPlans: false });
    const other = evening.pets
      .map((x) => (x.sheet ? sandbox.main.petById.get(x.pet?.pet.petId as number) : undefined))
      .find((p) => p && p.petId !== the.petId && !MEDICATION_FIELDS[4].some((f) => p[f]));
    if (!other) throw new Error("the sandbox's evening round has no other pet with its fifth slot free");
    (other as Record<string, unknown>).medication5 = "Pardale-V 400 mg: one tablet at night";
    const before = await store.head();
    const r = await mcp.call("get_round", { round: "evening", date: DAY });
    expect(r.isError, textOf(r)).toBeFalsy();
    expect(textOf(r)).toMatch(/with medication this round/);
    expect(await store.head()).toEqual(before);
  });
});
