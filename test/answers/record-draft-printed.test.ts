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
import { petStatus } from "../../src/answers/record-round.ts";
import type { RoundReport } from "../../src/answers/rounds.ts";
import type { Sheet, SheetPet } from "../../src/answers/sheets.ts";
import { witnessDose } from "../../src/answers/witness.ts";
import { loadConfig } from "../../src/config.ts";
import type { Deps } from "../../src/deps.ts";
import { silentLogger } from "../../src/log.ts";
import type { CareRecordStore, Entry } from "../../src/record/types.ts";
import { notAskedReadings, recordFromForm, stayRecordRead } from "../helpers/not-asked.ts";
import { keepOnePetRound, onePetRound } from "../helpers/one-pet-round.ts";
import { scratchRecord } from "../helpers/record.ts";
import { recordEachForm } from "../helpers/record-each-form.ts";

// Sat 28 Nov to Thu 10 Dec 2026; the evening round of Tue 1 Dec, at 18:00.
const ARRIVAL = "2026-11-28T10:00:00Z";
const DEPARTURE = "2026-12-10T17:00:00Z";
const DATE = "2026-12-01";
const INSULIN = "Caninsulin 4 units AM with food";
const WHY = 'its words name the morning ("AM")';
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
  return onePetRound({
    fields: { petId: 70, name: "Rosie", medication: INSULIN, dietaryRequirements: "Kibble 100 g" },
    booking: { bookingId: 7, roomName: "Kennel 1" },
    stay: { arrival: ARRIVAL, departure: DEPARTURE },
    date: DATE,
    round: "evening",
  });
}

/** The round's obligation written and its sheet kept, as the post does: Rosie on it. */
async function keptRound(): Promise<{ sheet: Sheet; pet: SheetPet }> {
  return keepOnePetRound(deps(), rosieRound(), { round: "evening" });
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
    const { view, text } = await recordEachForm(deps(), sheet, pet);
    expect(text).toContain(`— record it only if given here`);
    expect(text).toContain(
      `— not asked by the round: ${WHY.replaceAll('"', '\\"')}. Recorded here given or refused, say when it was given or offered below.`,
    );
    expect(text).not.toMatch(/window for [^"]*closed|late entry|Record late/i);
    expect(view.submit?.text).toBe("Record");
  });
});
