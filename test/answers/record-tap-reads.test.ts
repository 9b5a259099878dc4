/**
 * A one-tap "All given & eaten" reads the pet's entries once (issue 43): the status the tap read to
 * decide (asked when, or the form) is the one its write works from; the store still refuses an item
 * recorded meanwhile by someone else, and says who.
 */
import { describe, expect, it } from "vitest";
import { petStatus, recordAllDue } from "../../src/answers/record-round.ts";
import type { RoundReport } from "../../src/answers/rounds.ts";
import { saveSheet } from "../../src/answers/sheets.ts";
import { loadConfig } from "../../src/config.ts";
import { petCare } from "../../src/domain/day.ts";
import { roundSheet } from "../../src/domain/rounds.ts";
import type { Booking, Pet } from "../../src/kennel/schemas.ts";
import { draftSheet } from "../../src/present/round-sheet.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { scratchRecord, withFaults } from "../helpers/record.ts";

const DATE = "2026-11-24";
const clock = { now: () => new Date(`${DATE}T18:05:00Z`) };
const pc = petCare({
  petId: 77,
  name: "Biscuit",
  medication: "Rimadyl 50 mg",
  medicationPm: "half a tablet",
  dietaryRequirementsPm: "kibble",
} as Pet);
const report = {
  date: DATE,
  round: "evening",
  pets: [
    {
      booking: { bookingId: 501, roomName: "Kennel 2", status: "checked_in" } as Booking,
      pet: pc,
      sheet: roundSheet(pc.care, "evening"),
      careStatus: "matched",
      unmatched: [],
    },
  ],
  totals: { inHouse: 1, away: 0, pets: 1, withMedication: 1, fed: 1, noDiet: 0, nothing: 0, careMissing: 0 },
  requestId: "r",
  careProblem: undefined,
  calls: 1,
} as RoundReport;
const who = { userId: "U0JANE", userName: "Jane" };

describe("a one-tap's reads of the pet's entries", () => {
  it("once: the status read for the tap is the one written from", async () => {
    const real = scratchRecord(clock);
    let reads = 0;
    const counted: CareRecordStore = withFaults(real, {
      entries: (q) => {
        reads++;
        return real.entries(q);
      },
    });
    const deps = {
      record: counted,
      log: { info: () => undefined } as never,
      config: loadConfig({ KENNEL_TIMEZONE: "Europe/London" }),
      clock,
    };
    const sheet = await saveSheet(deps, draftSheet(report, { timezone: "Europe/London" }));
    const pet = sheet.pets[0];
    if (!pet) throw new Error("Biscuit is not on the kept sheet");
    const { status } = await petStatus(deps, sheet, pet);
    const result = await recordAllDue(deps, sheet, pet, who, "tap-1", { status });
    expect(result.status).toBe("recorded");
    expect(reads).toBe(1);
    // Recorded meanwhile by someone else: nothing written twice, and the tap is told who.
    const again = await recordAllDue(deps, sheet, pet, { userId: "U0TOM", userName: "Tom" }, "tap-2", {
      status,
    });
    expect(again.status).toBe("already");
    const items = (await real.entries({ date: DATE, round: "evening" })).map((e) => e.item).sort();
    expect(items).toEqual(["meal", "med:1"]);
  });
});
