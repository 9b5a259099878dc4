/**
 * What a round asked keeps a pet's name and its items' words whole, as the round's kept sheet keeps
 * them (issue 47): a long name and a long drug instruction written when the round is kept are what
 * the late and missed replies' doses and the record's obligation say, never cut. Real loopback HTTP
 * to the sandbox and a real SQLite record.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { obligationOf } from "../../src/answers/obligation-body.ts";
import { roundDoses } from "../../src/answers/obligations.ts";
import { type RoundPet, roundReport } from "../../src/answers/rounds.ts";
import type { Deps } from "../../src/deps.ts";
import { dueOf } from "../../src/domain/record.ts";
import type { Booking } from "../../src/kennel/schemas.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { zonedInstant } from "../../src/time.ts";
import { scratchRecord } from "../helpers/record.ts";
import { keepRounds } from "../helpers/rounds.ts";
import { sandboxDeps } from "../helpers/sandbox-deps.ts";

const TZ = "Europe/London";
const DAY = "2026-11-24";
/** A name far past the 200 characters the obligation once kept of it. */
const NAME = `Biscuit ${"de Montmorency ".repeat(20)}the Third`;
/** A room's name far past the 200 characters the obligation once kept of it (a name: kept whole). */
const ROOM = `Garden suite ${"by the long south-facing lawn ".repeat(12)}end`;
/** Directions far past the 3000 characters the obligation once kept of an item's words. */
const DIRECTIONS = "crushed into a spoonful of wet food, watched until it is all eaten ".repeat(60);
/** An instruction whose drug's short name would fall inside a number: the whole of it is its label, past 200. */
const NAMED_WHOLE = `Epiphen Phenobarbitone12.5mg/25mg/60mg tablets, ${"half a tablet in the morning with food, ".repeat(6)}`;
let sandbox: Sandbox;
let store: CareRecordStore;

function depsAt(hhmm: string): Deps & { record: CareRecordStore } {
  const clock = { now: () => zonedInstant(DAY, hhmm, TZ) };
  const env = { KENNEL_TIMEZONE: TZ, KENNEL_CACHE_TTL_S: "0" };
  return { ...sandboxDeps(sandbox, clock, { env, retryDelayMs: 0 }), record: store };
}

/** The sandbox's first pet with a dose due at the morning round, as the round's answer has it now. */
async function petWithDose(petId?: number): Promise<RoundPet> {
  const report = await roundReport(depsAt("07:00"), "morning", DAY);
  const p = report.pets.find(
    (x) =>
      x.sheet &&
      x.booking.bookingId !== undefined &&
      (petId === undefined || x.pet?.pet.petId === petId) &&
      dueOf(x).some((d) => d.item !== "meal"),
  );
  if (!p?.pet?.pet.petId) throw new Error("the sandbox's morning round has no pet with a dose due");
  return p;
}

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 21, customers: 60, today: DAY, timezone: TZ });
  store = scratchRecord({ now: () => new Date() });
}, 60_000);

afterAll(async () => {
  await store?.close();
  await sandbox?.close();
});

it("a pet's long name and room and a long drug instruction are kept whole by what the round asked, and said whole by its doses", async () => {
  const before = await petWithDose();
  const petId = before.pet?.pet.petId as number;
  // The kennel system's record of the pet and its booking: a long name, and each instruction given
  // long directions.
  const pet = sandbox.main.petById.get(petId) as Record<string, unknown>;
  const booking = sandbox.main.bookingById.get(before.booking.bookingId as number) as Record<string, unknown>;
  booking.petNames = String(booking.petNames).replace(String(pet.name), NAME);
  pet.name = NAME;
  booking.roomName = ROOM;
  const slots = ["medication", "medication2", "medication3", "medication4", "medication5"];
  for (const field of slots)
    if (typeof pet[field] === "string" && pet[field]) pet[field] = `${pet[field]}, ${DIRECTIONS}`;
  // And a drug in a slot of its own whose label is the whole instruction.
  const free = slots.find((field) => !pet[field]) as string;
  pet[free] = NAMED_WHOLE;
  const now = await petWithDose(petId);
  const dose = dueOf(now).find((d) => d.item !== "meal" && Array.from(d.text).length > 3000);
  expect(dose, "a dose whose words pass 3000 characters").toBeDefined();
  const labelled = dueOf(now).find((d) => Array.from(d.label).length > 200);
  expect(labelled, "a dose whose label passes 200 characters").toBeDefined();
  expect(Array.from(now.pet?.flags.name ?? "").length).toBeGreaterThan(200);

  await keepRounds(depsAt("07:30"), [DAY], ["morning"]);

  const [obligation] = await store.log({ kind: "obligation", date: DAY });
  const kept = obligation?.body.pets.find((p) => p.petId === petId);
  expect(kept?.name).toBe(NAME);
  expect(kept?.room).toBe(ROOM);
  for (const d of [dose, labelled])
    expect(kept?.items.find((i) => i.item === d?.item)).toMatchObject({ label: d?.label, text: d?.text });

  // The late and missed replies' doses (the dose times' job) read the obligation.
  const doses = await roundDoses(depsAt("12:00"), "morning", DAY, { keep: true });
  for (const d of [dose, labelled]) {
    const said = doses.find((o) => o.petId === petId && o.due.item === d?.item);
    expect(said?.petName).toBe(NAME);
    expect(said?.due).toMatchObject({ label: d?.label, text: d?.text });
  }
});

it("a booking whose pets' care could not be read is kept with each of its pets' names whole", async () => {
  const names = ["Bramble", "Clementine", "Horatio"].map((n) => `${n}${" of the Long Meadow".repeat(8)}`);
  const booking = { bookingId: 9001, petNames: names.join(" & ") } as Booking;
  const missing = { booking, pet: undefined, sheet: undefined, careStatus: "not_matched", unmatched: names };
  const report = await roundReport(depsAt("07:00"), "evening", DAY);
  const body = obligationOf(depsAt("07:00"), { ...report, pets: [...report.pets, missing as RoundPet] });
  const said = names.join(", ");
  expect(said.length).toBeGreaterThan(400);
  expect(body.careMissing?.find((m) => m.bookingId === 9001)?.pets).toBe(said);
  // The record keeps it as it was written.
  await store.append({ kind: "obligation", date: DAY, body });
  const [kept] = (await store.log({ kind: "obligation", date: DAY })).filter(
    (o) => o.body.round === "evening",
  );
  expect(kept?.body.careMissing?.find((m) => m.bookingId === 9001)?.pets).toBe(said);
});
