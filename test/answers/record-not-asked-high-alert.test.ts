/**
 * A high-alert drug printed "not due this round by its confirmed plan — record it only if given" on
 * a pet the round asked nothing else (Bonnie's Phenobarbital, Mon/Wed/Fri AM, on a Thursday's midday
 * sheet: no meal there, nothing this round but for it). The round keeps no pet entry of hers, yet the
 * dose recorded given is a high-alert dose given: witnessed in Slack, and counted so by every surface
 * (the audit's high-alert figures, the export's `witness` column, the stay's witness words), witnessed
 * or not, as it is when the pet had a meal due that round. And a pet arriving after the round was
 * kept, on its sheet only for such a line: its dose is one no round asked just the same.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { recordAudit } from "../../src/answers/audit.ts";
import { entryFacts } from "../../src/answers/kept-doses.ts";
import { obligationOf } from "../../src/answers/obligation-body.ts";
import { keepRound as keepOwed } from "../../src/answers/obligations.ts";
import { petStatus } from "../../src/answers/record-round.ts";
import type { RoundReport } from "../../src/answers/rounds.ts";
import type { Sheet, SheetPet } from "../../src/answers/sheets.ts";
import { witnessDose } from "../../src/answers/witness.ts";
import { loadConfig } from "../../src/config.ts";
import { petCare } from "../../src/domain/day.ts";
import { draftPlan } from "../../src/domain/plan/draft.ts";
import { planRound } from "../../src/domain/plan/round.ts";
import { sheetPetOf } from "../../src/domain/round-sheet.ts";
import { DEFAULT_ROUND_TIMES } from "../../src/domain/round-times.ts";
import { roundSheet } from "../../src/domain/rounds.ts";
import type { Booking, Pet } from "../../src/kennel/schemas.ts";
import { silentLogger } from "../../src/log.ts";
import type { CareRecordStore, Entry } from "../../src/record/types.ts";
import { exportRow } from "../../src/text/record.ts";
import {
  confirmedByTwo,
  keepSheet,
  notAskedReadings,
  recordFromForm,
  stayRecordRead,
} from "../helpers/not-asked.ts";
import { stayContext } from "../helpers/reader.ts";
import { scratchRecord } from "../helpers/record.ts";

// Sun 29 Nov to Sun 6 Dec 2026; Thu 3 Dec, not one of Phenobarbital's days.
const ARRIVAL = "2026-11-29T10:30:00Z";
const DEPARTURE = "2026-12-06T10:30:00Z";
const DATE = "2026-12-03";
const PHENO = "Phenobarbital 30mg 1 tab Mon/Wed/Fri AM";
const context = stayContext(ARRIVAL, DEPARTURE, { timeZone: "UTC" });
const stay = { arrival: ARRIVAL, departure: DEPARTURE, timeZone: "UTC", roundTimes: DEFAULT_ROUND_TIMES };
const BOOKING = { bookingId: 30, checkInDate: ARRIVAL, checkOutDate: DEPARTURE };
let at = Date.parse(`${DATE}T12:00:00Z`);
const clock = { now: () => new Date(at) };
const config = loadConfig({ KENNEL_TIMEZONE: "UTC" });
const jane = { userId: "U0JANE", userName: "Jane" };
const sam = { userId: "U0SAM", userName: "Sam" };
let store: CareRecordStore;
const deps = () => ({ record: store, config, clock, log: silentLogger() });

/** Bonnie's midday round on her confirmed plan (no diet on record: no meal at midday), as a post answers it. */
function bonniePet(booking: typeof BOOKING) {
  const pc = petCare({ petId: 71, name: "Bonnie", medication: PHENO } as Pet);
  const sheet = roundSheet(pc.care, "midday", DEFAULT_ROUND_TIMES.midday, undefined, DATE);
  const r = planRound(confirmedByTwo(draftPlan(pc.pet, context)), sheet, DATE, "midday", stay);
  const b = { ...booking, reference: "AW-PHB", roomName: "Kennel 30", numberOfPets: 1, status: "checked_in" };
  return {
    booking: b as unknown as Booking,
    pet: pc,
    sheet,
    careStatus: "matched",
    unmatched: [],
    ...r,
    oneTap: false,
  };
}

function roundOf(pets: ReturnType<typeof bonniePet>[]): RoundReport {
  const n = pets.length;
  const totals = {
    inHouse: n,
    away: 0,
    pets: n,
    withMedication: 0,
    fed: 0,
    noDiet: n,
    nothing: n,
    careMissing: 0,
  };
  return { date: DATE, round: "midday", pets, totals } as unknown as RoundReport;
}

/** The round's sheet kept with Bonnie on it (as the post keeps it). */
async function keptSheetOf(report: RoundReport): Promise<{ sheet: Sheet; pet: SheetPet }> {
  const kept = sheetPetOf(report.pets[0] as never, DATE, "UTC", "midday");
  if (!kept) throw new Error("Bonnie is not on the kept sheet");
  const sheet = await keepSheet(store, DATE, [{ ...kept, message: 0 }], "midday");
  return { sheet, pet: sheet.pets[0] as SheetPet };
}

/** The round kept (its obligation written) with Bonnie on its sheet, asked nothing. */
async function keptRound(): Promise<{ sheet: Sheet; pet: SheetPet }> {
  const report = roundOf([bonniePet(BOOKING)]);
  const body = obligationOf(deps(), report);
  // No pet entry (the round asked her nothing); beside its pets, her high-alert line.
  expect([body.pets, body.bookings]).toEqual([[], [30]]);
  expect(body.askedNothing).toEqual([{ bookingId: 30, petId: 71, besideHighAlert: ["med:1"] }]);
  await store.append({ kind: "obligation", date: DATE, body });
  const kept = await keptSheetOf(report);
  expect(kept.pet.due).toEqual([]);
  expect(kept.pet.byDays).toEqual([
    expect.objectContaining({ item: "med:1", days: "plan_not_due", highAlert: true }),
  ]);
  return kept;
}

/** Every surface counts the dose a high-alert dose given, witnessed by `witness` or with none. */
async function countedHighAlert(sheet: Sheet, pet: SheetPet, witness: string | undefined) {
  const entries = await store.entries({ date: DATE, round: "midday" });
  const { doses } = await notAskedReadings(deps(), DATE, entries);
  const med = doses.find((d) => d.due.item === "med:1");
  expect([med?.besideAsked, med?.due.highAlert]).toEqual([true, true]);
  expect((await petStatus(deps(), sheet, pet)).status.missing).toEqual([]);
  const audit = await recordAudit(deps(), 1, "here");
  expect(audit.highAlert).toMatchObject({
    given: 1,
    witnessed: witness ? 1 : 0,
    unwitnessed: witness ? 0 : 1,
  });
  expect(audit.doses).toMatchObject({ due: 0, notAsked: 1 });
  const e = entries.find((x) => x.item === "med:1") as Entry;
  const row = exportRow(e, "UTC", await entryFacts(deps(), entries));
  expect(row.witness).toBe(witness ? `witnessed by ${witness} 13:02` : "unwitnessed");
  const { view, text } = await stayRecordRead(deps(), BOOKING);
  expect(view.pets[0]?.doses).toMatchObject({ due: 0, given: 0, unwitnessed: witness ? 0 : 1 });
  return text;
}

beforeEach(() => {
  at = Date.parse(`${DATE}T12:00:00Z`);
  store = scratchRecord(clock);
});

describe("a high-alert line recorded only if given, on a pet the round asked nothing", () => {
  it("recorded given and witnessed: a high-alert dose given, witnessed, on every surface", async () => {
    const { sheet, pet } = await keptRound();
    at = Date.parse(`${DATE}T13:02:00Z`);
    const entries = await recordFromForm(deps(), sheet, pet, { "med:1": "given" }, jane, "view:H1");
    const id = (entries.find((e) => e.item === "med:1") as Entry).id;
    expect((await witnessDose(deps(), sheet, pet, id, sam)).status).toBe("witnessed");
    const text = await countedHighAlert(sheet, pet, "Sam");
    expect(text.split("\n").find((l) => l.includes("Phenobarbital"))).toContain("witnessed by Sam 13:02");
  });

  it("recorded given with no witness: counted a high-alert dose given unwitnessed", async () => {
    const { sheet, pet } = await keptRound();
    at = Date.parse(`${DATE}T13:02:00Z`);
    await recordFromForm(deps(), sheet, pet, { "med:1": "given" }, jane, "view:H2");
    // Past the minutes its witness had.
    at = Date.parse(`${DATE}T15:00:00Z`);
    const text = await countedHighAlert(sheet, pet, undefined);
    expect(text.split("\n").find((l) => l.includes("Phenobarbital"))).toContain("💉 unwitnessed");
  });

  it("a pet arriving after the round was kept, on its sheet only for such a line: not asked either", async () => {
    await keepOwed(deps(), roundOf([]));
    at = Date.parse(`${DATE}T12:40:00Z`);
    const arrived = roundOf([bonniePet({ ...BOOKING, checkInDate: `${DATE}T12:30:00Z` })]);
    const owed = await keepOwed(deps(), arrived);
    // Arrived asked nothing: never among the round's pets (its figures as kept), kept beside them.
    expect([owed?.pets, owed?.arrivals]).toEqual([[], 0]);
    expect(owed?.askedNothing).toEqual([{ bookingId: 30, petId: 71, besideHighAlert: ["med:1"] }]);
    const changes = await store.log({ kind: "obligation_change", date: DATE });
    expect(changes.map((c) => [c.body.change, c.body.items, c.requestKey])).toEqual([
      ["arrived", [], `obligation_change:${owed?.id}:30:71:arrived:nothing`],
    ]);
    // Asked again: kept once.
    await keepOwed(deps(), arrived);
    expect(await store.log({ kind: "obligation_change", date: DATE })).toHaveLength(1);
    const { sheet, pet } = await keptSheetOf(arrived);
    at = Date.parse(`${DATE}T13:02:00Z`);
    await recordFromForm(deps(), sheet, pet, { "med:1": "given" }, jane, "view:H3");
    at = Date.parse(`${DATE}T15:00:00Z`);
    const text = await countedHighAlert(sheet, pet, undefined);
    expect(text.split("\n").find((l) => l.includes("Phenobarbital"))).toContain("💉 unwitnessed");
  });
});
