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

describe("get_round of the posted morning round: its structured content says all its text says", () => {
  type KeptPet = {
    bookingId?: number;
    petId?: number;
    room?: string;
    lines: string[];
    alerts: string[];
    record: string[];
    due?: Array<{
      item: string;
      label: string;
      state?: { state: string; outcome?: string };
      entry?: unknown;
    }>;
  };

  it("each item due with its state in the record (given, late…), as get_care_record gives it", async () => {
    const dose = the.doses[0] as string;
    const r0 = await mcp.call("get_round", { round: "morning", date: DAY });
    const before = (r0.structuredContent as { pets: KeptPet[] }).pets.find(
      (p) => p.bookingId === the.bookingId && p.petId === the.petId,
    );
    const item = before?.due?.find((d) => d.label === dose)?.item as string;
    await store.record([
      {
        date: DAY,
        round: "morning",
        bookingId: the.bookingId,
        petId: the.petId,
        petName: before?.lines[0]?.split(" (")[0] ?? "pet",
        item: item as never,
        itemText: dose,
        outcome: "given",
        userId: "U0JANE",
        userName: "Jane",
        requestKey: "kept-round-given",
      },
    ]);
    const r = await mcp.call("get_round", { round: "morning", date: DAY });
    const pet = (r.structuredContent as { pets: KeptPet[] }).pets.find(
      (p) => p.bookingId === the.bookingId && p.petId === the.petId,
    );
    const given = pet?.due?.find((d) => d.item === item);
    expect(given?.state).toMatchObject({ state: "recorded", outcome: "given" });
    expect(given?.entry).toMatchObject({ outcome: "given", userName: "Jane" });
    // The rest, not recorded by 09:00: late, as the text says under the pet's lines.
    for (const d of pet?.due ?? []) if (d.item !== item) expect(d.state?.state).toBe("late");
    expect(pet?.record.join("\n")).toMatch(/⏰ .*late/);
    // The same states as get_care_record's.
    const rec = await mcp.call("get_care_record", { date: DAY, round: "morning", pet: the.petId });
    const recRounds = (
      rec.structuredContent as { rounds: Array<{ pets: Array<{ due: Array<{ state: unknown }> }> }> }
    ).rounds;
    const recPet = recRounds[0]?.pets[0];
    expect(pet?.due?.map((d) => d.state)).toEqual(recPet?.due.map((d) => d.state));
  });

  it("every pet of the text, with its room, its lines and its alerts (allergies, notes of danger)", async () => {
    const r = await mcp.call("get_round", { round: "morning", date: DAY });
    const pets = r.structuredContent?.pets as KeptPet[];
    const text = textOf(r);
    // One per pet of the text (its first line, indented), a pet listed with nothing to record too.
    const firsts = text.split("\n").filter((l) => /^ {2}\S/.test(l));
    expect(pets.map((p) => `  ${p.lines[0]}`)).toEqual(firsts);
    for (const p of pets) {
      expect(firsts[pets.indexOf(p)]?.startsWith(`  ${p.room} · `)).toBe(true);
      for (const l of p.lines) expect(text).toContain(l);
    }
    const allergic = pets.filter((p) => p.lines.some((l) => l.startsWith("⚠️ allergies: ")));
    expect(allergic.length).toBeGreaterThan(0);
    for (const p of allergic) expect(p.alerts).toContain(p.lines.find((l) => l.startsWith("⚠️ allergies: ")));
  });
});
