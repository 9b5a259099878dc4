/**
 * A pet on a round's sheet only for a dose its confirmed plan says is not due there (Pickle's
 * Vetoryl, Mon/Wed/Fri AM, on a Thursday's midday sheet: "nothing this round" but for it), recorded
 * given from ✏️ Record each… while the round's window is still open. The round asked Pickle nothing,
 * so its kept obligation holds no items of hers; the dose is still one no round asked: never due,
 * chased nor counted ("1 more recorded, not asked by the round"), exported `round_not_asked` with no
 * timeliness, never "given late" by a window it never had; the plan confirmed before the round was
 * kept, or after it (the sheet kept again with the plan now). And a dose no round asked recorded
 * after its round's window, with when it was given: never a "late entry", on the stay's record nor
 * in the export's late_entry column (its given time is in given_at).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { recordEach } from "../../src/answers/record-each.ts";
import { petStatus } from "../../src/answers/record-round.ts";
import type { RoundReport } from "../../src/answers/rounds.ts";
import type { Sheet, SheetPet } from "../../src/answers/sheets.ts";
import { loadConfig } from "../../src/config.ts";
import type { Round } from "../../src/domain/care.ts";
import type { Plan } from "../../src/domain/plan/types.ts";
import { sheetPetOf } from "../../src/domain/round-sheet.ts";
import { silentLogger } from "../../src/log.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import {
  confirmedByTwo,
  keepSheet,
  notAskedReadings,
  recordFromForm,
  stayRecordRead,
} from "../helpers/not-asked.ts";
import { keepOnePetRound, onePetRound } from "../helpers/one-pet-round.ts";
import { scratchRecord } from "../helpers/record.ts";

// Sun 29 Nov to Sun 6 Dec 2026; Thu 3 Dec, not one of Vetoryl's days.
const ARRIVAL = "2026-11-29T10:30:00Z";
const DEPARTURE = "2026-12-06T10:30:00Z";
const DATE = "2026-12-03";
const VETORYL = "Vetoryl 30mg 1 cap Mon/Wed/Fri AM with food";
const BOOKING = { bookingId: 30, checkInDate: ARRIVAL, checkOutDate: DEPARTURE };
let at = Date.parse(`${DATE}T12:00:00Z`);
const clock = { now: () => new Date(at) };
const config = loadConfig({ KENNEL_TIMEZONE: "UTC" });
const jane = { userId: "U0JANE", userName: "Jane" };
let store: CareRecordStore;
const deps = () => ({ record: store, config, clock, log: silentLogger() });

/** Pickle's round (no diet on record: fed by the house routine, morning and evening), as a post answers it. */
function pickleRound(round: Round, plan: "draft" | "confirmed"): RoundReport {
  return onePetRound({
    fields: { petId: 71, name: "Pickle", medication: VETORYL },
    booking: { bookingId: 30, roomName: "Kennel 30", reference: "AW-MWF" },
    stay: { arrival: ARRIVAL, departure: DEPARTURE },
    date: DATE,
    round,
    ...(plan === "confirmed" ? { plan: (drafted: Plan) => confirmedByTwo(drafted) } : {}),
    totals: { fed: 0, noDiet: 1, nothing: 1 },
  });
}

/** The round kept (its obligation from `asked`), and its sheet kept from `shown`: Pickle on it. */
async function keepRound(
  asked: RoundReport,
  shown: RoundReport = asked,
): Promise<{ sheet: Sheet; pet: SheetPet }> {
  return keepOnePetRound(deps(), asked, { shown });
}

/** Every reading of the day and the stay says the dose apart, never due, late nor a late entry. */
async function saidApart(sheet: Sheet, pet: SheetPet, time: string) {
  const entries = await store.entries({ date: DATE, round: sheet.round });
  const { doses, record } = await notAskedReadings(deps(), DATE, entries);
  const med = doses.find((d) => d.due.item === "med:1" && d.round === sheet.round);
  expect(med?.besideAsked).toBe(true);
  // Never added to the kept round as owed; the pet's round asks nothing.
  expect(await store.log({ kind: "obligation_change", date: DATE })).toEqual([]);
  expect((await petStatus(deps(), sheet, pet)).status.missing).toEqual([]);
  const line = record.split("\n").find((l) => l.includes("Vetoryl") && l.includes(`given ${time}`)) ?? "";
  expect(line).toContain("given though not asked by the round: not due this round by its confirmed plan");
  expect(record).not.toMatch(/given late|late entry/);
  const { view, text } = await stayRecordRead(deps(), BOOKING);
  expect(view.pets[0]?.doses).toMatchObject({ due: 0, given: 0, onTime: 0, lateEntries: 0 });
  const stayLine = text.split("\n").find((l) => l.includes("Vetoryl") && l.includes(`given ${time}`)) ?? "";
  expect(stayLine).toContain("given though not asked by the round: not due this round by its confirmed plan");
  expect(stayLine).not.toMatch(/late|on time/);
}

beforeEach(() => {
  at = Date.parse(`${DATE}T12:00:00Z`);
  store = scratchRecord(clock);
});

describe("a pet on the sheet only for a dose its confirmed plan says is not due there", () => {
  it("recorded given inside the round's window: never due, late nor chased", async () => {
    const { sheet, pet } = await keepRound(pickleRound("midday", "confirmed"));
    expect(pet.due).toEqual([]);
    expect(pet.byDays?.map((d) => [d.item, d.days])).toEqual([["med:1", "plan_not_due"]]);
    at = Date.parse(`${DATE}T13:02:00Z`);
    await recordFromForm(deps(), sheet, pet, { "med:1": "given" }, jane, "view:P1");
    await saidApart(sheet, pet, "13:02");
  });

  it("the plan confirmed after the round was kept, the sheet kept again: the same", async () => {
    await keepRound(pickleRound("midday", "draft"));
    at = Date.parse(`${DATE}T13:00:00Z`);
    const shown = pickleRound("midday", "confirmed");
    const kept = sheetPetOf(shown.pets[0] as never, DATE, "UTC");
    if (!kept) throw new Error("Pickle is not on the kept sheet");
    const sheet = await keepSheet(store, DATE, [{ ...kept, message: 0 }], "midday");
    const pet = sheet.pets[0] as SheetPet;
    expect(pet.byDays?.map((d) => [d.item, d.days])).toEqual([["med:1", "plan_not_due"]]);
    at = Date.parse(`${DATE}T13:02:00Z`);
    await recordFromForm(deps(), sheet, pet, { "med:1": "given" }, jane, "view:P2");
    await saidApart(sheet, pet, "13:02");
  });

  it("recorded after the morning's window with when it was given: never a late entry", async () => {
    const { sheet, pet } = await keepRound(pickleRound("morning", "confirmed"));
    expect(pet.due.map((d) => d.item)).toEqual(["meal"]);
    at = Date.parse(`${DATE}T13:02:00Z`);
    const writes = [
      { item: "meal" as const, outcome: "ate_all" as const, givenAt: `${DATE}T07:40:00.000Z` },
      { item: "med:1" as const, outcome: "given" as const, givenAt: `${DATE}T08:10:00.000Z` },
    ];
    const done = await recordEach(deps(), sheet, pet, { writes, ifNeeded: [] }, jane, "view:P3");
    expect(done.status).toBe("done");
    const entries = await store.entries({ date: DATE, round: "morning" });
    const { row, record } = await notAskedReadings(
      deps(),
      DATE,
      entries.filter((e) => e.item === "med:1"),
    );
    // The export: its given time in given_at, its late_entry empty (no round asked it).
    expect(row.given_at).toBe(`${DATE}T08:10:00.000Z`);
    expect(row.late_entry).toBeNull();
    const line = record.split("\n").find((l) => l.includes("Vetoryl")) ?? "";
    expect(line).toContain("given 08:10, recorded 13:02");
    expect(line).not.toContain("late entry");
    // The stay record: the same words as the day's, never "late entry".
    const { text } = await stayRecordRead(deps(), BOOKING);
    const stayLine = text.split("\n").find((l) => l.includes("Vetoryl") && l.includes("08:10")) ?? "";
    expect(stayLine).toContain("given 08:10, recorded 13:02");
    expect(stayLine).toContain("given though not asked by the round");
    expect(stayLine).not.toContain("late entry");
  });
});
