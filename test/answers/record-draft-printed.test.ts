/**
 * A dose a sheet prints can always be recorded there, its plan confirmed or not: Rosie's insulin,
 * "AM with food", is printed whole on the evening sheet ("its words name the morning ("AM"): given at
 * that round, not this one") while her care plan is a draft. Her ✏️ Record each… offers it, "record it
 * only if given here"; recorded given, it is witnessed (a high-alert drug), said apart in the day's
 * and the stay's record in the sheet's own words, never owed, chased nor counted as due; recorded after
 * the round's window, its time is asked plainly, never as late.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { recordAudit } from "../../src/answers/audit.ts";
import { timeQuestion } from "../../src/answers/late-entry.ts";
import { obligationOf } from "../../src/answers/obligation-body.ts";
import { formClock } from "../../src/answers/record-each.ts";
import { petStatus } from "../../src/answers/record-round.ts";
import { tapAsks } from "../../src/answers/record-tap.ts";
import type { RoundReport } from "../../src/answers/rounds.ts";
import type { Sheet, SheetPet } from "../../src/answers/sheets.ts";
import { witnessDose } from "../../src/answers/witness.ts";
import { type ModalMeta, recordModal } from "../../src/blocks/record-modal.ts";
import { loadConfig } from "../../src/config.ts";
import type { Deps } from "../../src/deps.ts";
import { petCare } from "../../src/domain/day.ts";
import { draftPlan } from "../../src/domain/plan/draft.ts";
import { planRound } from "../../src/domain/plan/round.ts";
import { sheetPetOf } from "../../src/domain/round-sheet.ts";
import { DEFAULT_ROUND_TIMES } from "../../src/domain/round-times.ts";
import { roundSheet } from "../../src/domain/rounds.ts";
import type { Booking, Pet } from "../../src/kennel/schemas.ts";
import { silentLogger } from "../../src/log.ts";
import type { CareRecordStore, Entry } from "../../src/record/types.ts";
import { keepSheet, notAskedReadings, recordFromForm, stayRecordRead } from "../helpers/not-asked.ts";
import { stayContext } from "../helpers/reader.ts";
import { scratchRecord } from "../helpers/record.ts";

// Sat 28 Nov to Thu 10 Dec 2026; the evening round of Tue 1 Dec, at 18:00.
const ARRIVAL = "2026-11-28T10:00:00Z";
const DEPARTURE = "2026-12-10T17:00:00Z";
const DATE = "2026-12-01";
const INSULIN = "Caninsulin 4 units AM with food";
const WHY = 'its words name the morning ("AM")';
const context = stayContext(ARRIVAL, DEPARTURE, { timeZone: "UTC" });
const stay = { arrival: ARRIVAL, departure: DEPARTURE, timeZone: "UTC", roundTimes: DEFAULT_ROUND_TIMES };
const BOOKING = { bookingId: 7, checkInDate: ARRIVAL, checkOutDate: DEPARTURE };
let at = Date.parse(`${DATE}T18:40:00Z`);
const clock = { now: () => new Date(at) };
const config = loadConfig({ KENNEL_TIMEZONE: "UTC" });
const kennel = { getBooking: async () => ({ data: BOOKING }) } as unknown as Deps["kennel"];
const jane = { userId: "U0JANE", userName: "Jane" };
const sam = { userId: "U0SAM", userName: "Sam" };
let store: CareRecordStore;
const deps = () => ({ record: store, config, clock, log: silentLogger(), kennel });

/** Rosie's evening round on her draft plan: the round's answer, as the post keeps it. */
function rosieRound(): RoundReport {
  const pc = petCare({
    petId: 70,
    name: "Rosie",
    medication: INSULIN,
    dietaryRequirements: "Kibble 100 g",
  } as Pet);
  const sheet = roundSheet(pc.care, "evening", DEFAULT_ROUND_TIMES.evening, undefined, DATE);
  const r = planRound(draftPlan(pc.pet, context), sheet, DATE, "evening", stay);
  const booking = {
    ...BOOKING,
    roomName: "Kennel 1",
    numberOfPets: 1,
    status: "checked_in",
  } as unknown as Booking;
  const pet = { booking, pet: pc, sheet, careStatus: "matched", unmatched: [], ...r, oneTap: false };
  const totals = {
    inHouse: 1,
    away: 0,
    pets: 1,
    withMedication: 0,
    fed: 1,
    noDiet: 0,
    nothing: 0,
    careMissing: 0,
  };
  return { date: DATE, round: "evening", pets: [pet], totals } as unknown as RoundReport;
}

/** The round's obligation written and its sheet kept, as the post does: Rosie on it. */
async function keptRound(): Promise<{ sheet: Sheet; pet: SheetPet }> {
  const report = rosieRound();
  await store.append({ kind: "obligation", date: DATE, body: obligationOf(deps(), report) });
  const kept = sheetPetOf(report.pets[0] as never, DATE, "UTC", "evening");
  if (!kept) throw new Error("Rosie is not on the kept sheet");
  const sheet = await keepSheet(store, DATE, [{ ...kept, message: 0 }], "evening");
  return { sheet, pet: sheet.pets[0] as SheetPet };
}

beforeEach(() => {
  at = Date.parse(`${DATE}T18:40:00Z`);
  store = scratchRecord(clock);
});

describe("a draft plan's dose printed where its words name another round", () => {
  it("offered on the kept sheet, recorded given: witnessed, said apart, never owed nor chased", async () => {
    const { sheet, pet } = await keptRound();
    expect(pet.due.map((d) => d.item)).toEqual(["meal"]);
    expect(pet.oneTap).toBe(false);
    expect(pet.byDays).toEqual([
      expect.objectContaining({
        item: "med:1",
        days: "other_round",
        words: WHY,
        highAlert: true,
        text: INSULIN,
      }),
    ]);
    const entries = await recordFromForm(deps(), sheet, pet, { "med:1": "given" }, jane, "view:R1");
    expect(entries.map((e) => [e.item, e.outcome, e.itemText])).toEqual([["med:1", "given", INSULIN]]);
    expect(await store.log({ kind: "obligation_change", date: DATE })).toEqual([]);
    const { status } = await petStatus(deps(), sheet, pet);
    expect(status.missing.map((d) => d.item)).toEqual(["meal"]);
    const w = await witnessDose(deps(), sheet, pet, (entries[0] as Entry).id, sam);
    expect(w.status).toBe("witnessed");
    const { doses, record } = await notAskedReadings(deps(), DATE, entries);
    expect(doses.filter((d) => d.due.item === "med:1").map((d) => [d.besideAsked, d.due.highAlert])).toEqual([
      [true, true],
    ]);
    const line = record.split("\n").find((l) => l.includes(`${INSULIN}: given`));
    expect(line).toContain(`given though not asked by the round: ${WHY}`);
    const stayText = (await stayRecordRead(deps(), BOOKING)).text;
    const stayLine = stayText.split("\n").find((l) => l.includes("given 18:40"));
    expect(stayLine).toContain(`given though not asked by the round: ${WHY}`);
    expect(stayLine).not.toContain("on time");
    const audit = await recordAudit(deps(), 1, "here");
    expect(audit.highAlert).toMatchObject({ given: 1, witnessed: 1, unwitnessed: 0 });
    expect(audit.doses).toMatchObject({ due: 0, notAsked: 1 });
  });

  it("opened after the round's window: its time asked plainly, never as late", async () => {
    const { sheet, pet } = await keptRound();
    at = Date.parse(`${DATE}T22:30:00Z`);
    const asks = await tapAsks(deps(), { sheet, pet, day: "today" }, "each");
    const when = timeQuestion(deps(), sheet, asks.closed);
    const meta: ModalMeta = {
      s: sheet.id,
      b: pet.bookingId,
      p: pet.petId,
      c: "C1",
      t: "1.1",
      cur: asks.current,
      ...(when ? { q: 1 as const } : {}),
    };
    const clockNow = { ...formClock(deps(), sheet), states: asks.states };
    const view = recordModal("sealed", meta, sheet, pet, asks.entries, clockNow, asks.ask, when);
    const text = JSON.stringify(view);
    expect(text).toContain(`— record it only if given here`);
    expect(text).toContain(
      `— not asked by the round: ${WHY.replaceAll('"', '\\"')}. Recorded here given or refused, say when it was given or offered below.`,
    );
    expect(text).not.toMatch(/window for [^"]*closed|late entry|Record late/i);
    expect(view.submit?.text).toBe("Record");
  });
});
