/**
 * A round posted again prints what the kennel system's words say now, each instruction whole; a dose
 * the new post prints as due that the round did not ask when it was kept (a drug added to the pet's
 * record after the round's post, its plan drafted again and not confirmed) is added to what the round
 * asked, "from the words, plan not confirmed", as a plan confirmed since is: the new post's ✏️ Record
 * each… signs it and the dose times chase it (issue 44: a dose a sheet prints can always be recorded
 * there and is chased, confirmed or not). Before, the post printed the dose with no place to sign it
 * and nothing chased it. Real loopback HTTP to the sandbox and a real SQLite record.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roundDoses } from "../../src/answers/obligations.ts";
import { roundReport } from "../../src/answers/rounds.ts";
import { latestSheet } from "../../src/answers/sheets.ts";
import type { Deps } from "../../src/deps.ts";
import { prepareRoundPost } from "../../src/digest/round-post.ts";
import { dueOf, printedItems } from "../../src/domain/record.ts";
import { MEDICATION_FIELDS } from "../../src/kennel/record-schemas.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { zonedInstant } from "../../src/time.ts";
import { scratchRecord } from "../helpers/record.ts";
import { keepRounds } from "../helpers/rounds.ts";
import { sandboxDeps } from "../helpers/sandbox-deps.ts";

const TZ = "Europe/London";
const DAY = "2026-11-24";
const ADDED = "Pardale-V 400 mg: one tablet with breakfast";
let sandbox: Sandbox;
let store: CareRecordStore;
let the: { bookingId: number; petId: number };

/** Deps on the sandbox and the record, the clock at a local time of the day; no care cache. */
function depsAt(hhmm: string): Deps & { record: CareRecordStore } {
  const clock = { now: () => zonedInstant(DAY, hhmm, TZ) };
  const env = { KENNEL_TIMEZONE: TZ, KENNEL_CACHE_TTL_S: "0" };
  return { ...sandboxDeps(sandbox, clock, { env, retryDelayMs: 0 }), record: store };
}

const emptySlot = (pet: Record<string, unknown>) => !MEDICATION_FIELDS[4].some((f) => pet[f]);

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 21, customers: 60, today: DAY, timezone: TZ });
  store = scratchRecord({ now: () => zonedInstant(DAY, "07:30", TZ) });
  const report = await roundReport(depsAt("07:00"), "morning", DAY, { keepPlans: false });
  const p = report.pets.find((x) => {
    const petId = x.pet?.pet.petId;
    const pet = petId === undefined ? undefined : sandbox.main.petById.get(petId);
    return x.sheet && x.booking.bookingId !== undefined && pet && emptySlot(pet) && !x.pet?.flags.fasting;
  });
  if (!p?.pet?.pet.petId || p.booking.bookingId === undefined)
    throw new Error("the sandbox's morning round has no pet with its fifth medication slot free");
  the = { bookingId: p.booking.bookingId, petId: p.pet.pet.petId };
  // The morning round kept (and posted) at 07:30, as the schedule does.
  await keepRounds(depsAt("07:30"), [DAY], ["morning"]);
  await prepareRoundPost(depsAt("07:30"), "morning", DAY);
  // Then a drug is added to the pet's record in the kennel system, with breakfast.
  (sandbox.main.petById.get(the.petId) as Record<string, unknown>).medication5 = ADDED;
  const now = await roundReport(depsAt("08:05"), "morning", DAY, { keepPlans: false });
  const pet = now.pets.find((x) => x.pet?.pet.petId === the.petId);
  // The words now make it due at breakfast, from the words (the plan drafted again, not confirmed).
  expect(pet && dueOf(pet).find((d) => d.item === "med:5")?.unconfirmed).toBe(true);
}, 60_000);

afterAll(async () => {
  await store?.close();
  await sandbox?.close();
});

describe("a dose the words put on a kept round, the round posted again (a second /rounds at 08:10)", () => {
  it("the new post's ✏️ Record each… lists it, from the words, and the dose times chase it when late", async () => {
    const post = await prepareRoundPost(depsAt("08:10"), "morning", DAY);
    // The new post prints it (the words now, whole), as a dose of this round.
    expect(JSON.stringify(post)).toContain("Pardale-V 400 mg");
    const sheet = await latestSheet(depsAt("08:10"), DAY, "morning");
    const pet = sheet?.pets.find((p) => p.bookingId === the.bookingId && p.petId === the.petId);
    const added = pet && printedItems(pet).find((d) => d.item === "med:5");
    expect(added, "the post's ✏️ Record each… has no place for the dose it prints").toBeDefined();
    expect(added?.text).toContain("Pardale-V 400 mg");
    expect(added?.unconfirmed).toBe(true);
    // Nothing recorded by 09:00 (late after 08:45): the late reply names it, as plan not confirmed.
    const doses = await roundDoses(depsAt("09:00"), "morning", DAY);
    const late = doses.find((d) => d.petId === the.petId && d.due.item === "med:5");
    expect(late?.state.state).toBe("late");
    expect(late?.due.unconfirmed).toBe(true);
  });

  it("posted again once more, it is asked once: the round's first post's doses stand as kept", async () => {
    await prepareRoundPost(depsAt("08:20"), "morning", DAY);
    const changes = (await store.log({ kind: "obligation_change", date: DAY })).filter(
      (c) => c.body.change === "added" && c.petId === the.petId,
    );
    expect(changes.flatMap((c) => (c.body.items ?? []).map((i) => i.item))).toEqual(["med:5"]);
  });
});
