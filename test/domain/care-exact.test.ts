/** Care exact on the data kennels really type (issue 20): diets as written, fasting, "none known". */
import { describe, expect, it } from "vitest";
import { saysLeft } from "../../src/domain/bookings.ts";
import { careOf, dietFor, fastingIn } from "../../src/domain/care.ts";
import { entryOf, totalsOf } from "../../src/domain/day.ts";
import { flagsOf, hasCareFlag } from "../../src/domain/flags.ts";
import { inHouseOn } from "../../src/domain/house.ts";
import { roundSheet } from "../../src/domain/rounds.ts";
import type { Booking, Pet } from "../../src/kennel/schemas.ts";
import { flagWords, sheetAlertWords } from "../../src/words/care.ts";
import { summaryParts } from "../../src/words/day.ts";

describe("a round's diet as written", () => {
  const pet: Pet = {
    name: "Rolo",
    dietaryRequirements: "Chicken and rice",
    dietaryRequirementsAm: "Nil",
    dietaryRequirementsPm: "none",
    dietaryRequirementsNoon: "-",
  };

  it("'Nil', 'none' or 'no' in a round's field is no food this round: shown as written, never the general diet", () => {
    // Before: "Nil" read as empty, and the sheet said "general: Chicken and rice" for the morning.
    const care = careOf(pet);
    expect(care.diet.morning).toBe("Nil");
    expect(dietFor(care.diet, "morning")).toEqual({ round: "Nil (no food this round)", general: undefined });
    expect(dietFor(care.diet, "evening")).toEqual({ round: "none (no food this round)", general: undefined });
    // A bare dash is no value: the general diet stands for that round.
    expect(dietFor(care.diet, "midday")).toEqual({ round: undefined, general: "Chicken and rice" });
    const sheet = roundSheet(care, "morning");
    expect(sheet.nothing).toBe(false);
    expect(sheet.diet.round).toBe("Nil (no food this round)");
  });
});

describe("fasting raises 🚫 first", () => {
  it.each([
    ["dietaryRequirementsAm", "NIL BY MOUTH – op at 10:00", "fasting"],
    // With the time its words state (issue 32): "from 20:00".
    ["dietaryRequirements", "Fasting from 8pm", "fasting from 20:00"],
    ["medicalNotes", "Dental on Thursday: no food after 6pm Wednesday", "fasting from 18:00"],
    ["notes", "Starve from midnight, spay booked", "fasting from midnight"],
    ["dietaryRequirementsPm", "fast tonight (bloods in the morning)", "fasting"],
  ])("%s: %s", (field, text, label) => {
    const pet: Pet = { name: "Bonnie", allergies: "chicken", [field]: text };
    const f = flagsOf(pet);
    expect(f.fasting).toBe(text);
    expect(hasCareFlag(f)).toBe(true);
    // First in the pet's flags, before the allergy.
    expect(flagWords(f)[0]).toEqual({ tone: "fasting", symbol: "🚫", text: `${label}: ${text}` });
    expect(sheetAlertWords(f)[0]).toBe(`🚫 ${label}: ${text}`);
  });

  it("breakfast, a fast eater and a slow-feeder note are not a fast", () => {
    expect(fastingIn(["Breakfast 100 g", "eats too fast: slow feeder bowl", "fast eater", undefined])).toBe(
      undefined,
    );
  });
});

describe("no allergy written as words", () => {
  it.each(["None known", "NKA", "none", "No known allergies", "nkda", "n/a"])("%s is no allergy", (text) => {
    const f = flagsOf({ name: "Scout", allergies: text });
    expect(f.allergies).toBeUndefined();
    expect(hasCareFlag(f)).toBe(false);
  });
});

describe("who is in house", () => {
  const tz = "Europe/London";
  it("a stay with no check-out date is in house from its check-in on, unless its status says it has left", () => {
    // Before: in house on its check-in day only, so a stay checked in yesterday was nowhere today.
    const open: Booking = { bookingId: 1, status: "Checked In", checkInDate: "2026-11-23T10:00:00Z" };
    expect(inHouseOn([open], "2026-11-24", tz)).toEqual([open]);
    expect(inHouseOn([open], "2026-12-24", tz)).toEqual([open]);
    expect(inHouseOn([open], "2026-11-22", tz)).toEqual([]);
    const gone: Booking = { ...open, bookingId: 2, status: "Checked Out" };
    expect(inHouseOn([gone], "2026-11-24", tz)).toEqual([]);
  });

  it.each([
    ["Checked Out", true],
    ["checked_out", true],
    ["Departed", true],
    ["completed", true],
    ["Checked In", false],
    ["confirmed", false],
    [undefined, false],
  ])("status %s says the pet has left: %s", (status, left) => {
    expect(saysLeft({ status })).toBe(left);
  });
});

describe("drug names from the drug", () => {
  it.each([
    ["AM: Vetmedin 5 mg, one tablet", undefined, "Vetmedin 5 mg"],
    ["Morning - Apoquel 16mg", undefined, "Apoquel 16mg"],
    ["Give 1 tablet of Rimadyl", undefined, "Rimadyl"],
    ["Rimadyl 50 mg, half a tablet", undefined, "Rimadyl 50 mg"],
    // Before: "medication 1" (no instruction) and "AM" (the time taken for the drug).
    [undefined, "Insulin 4 units", "Insulin 4 units"],
    ["AM", "Thyroxine 0.4 mg", "Thyroxine 0.4 mg"],
    ["1 tablet twice daily", undefined, "medication 1"],
  ])("instruction %s, evening %s → %s", (medication, medicationPm, name) => {
    const [m] = careOf({ name: "Daisy", medication, medicationPm }).medications;
    expect(m?.name).toBe(name);
  });

  it("a drug in two slots says 'listed twice: check it is not a double dose'", () => {
    const pet: Pet = {
      name: "Rolo",
      medication: "Rimadyl 50 mg, AM",
      medication3: "rimadyl 50mg, with food",
    };
    const f = flagsOf(pet);
    expect(f.listedTwice).toEqual(["Rimadyl 50 mg"]);
    expect(flagWords(f).map((w) => w.text)).toContain(
      "Rimadyl 50 mg listed twice: check it is not a double dose",
    );
    expect(sheetAlertWords(f)).toContain("💊 Rimadyl 50 mg listed twice: check it is not a double dose");
    expect(flagsOf({ name: "Rolo", medication: "Rimadyl", medication2: "Apoquel" }).listedTwice).toEqual([]);
  });

  it("an allergy written only in the medical notes reaches the sheets as 🩺 with its text", () => {
    const f = flagsOf({ name: "Bonnie", medicalNotes: "Allergic to chicken: itches badly" });
    expect(f.allergyInNotes).toBe("Allergic to chicken: itches badly");
    expect(sheetAlertWords(f)).toEqual(["🩺 medical notes: Allergic to chicken: itches badly"]);
    expect(flagWords(f)[0]?.text).toBe("medical notes: Allergic to chicken: itches badly");
    // With the allergy recorded where it belongs, the notes are not repeated as one.
    expect(
      flagsOf({ name: "B", allergies: "chicken", medicalNotes: "allergic to chicken" }).allergyInNotes,
    ).toBe(undefined);
  });
});

describe("payment not recorded", () => {
  it("is counted 'to check' in the going-home summary", () => {
    // Before: neither paid nor unpaid, it was counted nowhere.
    const entries = [entryOf({ bookingId: 1 }), entryOf({ bookingId: 2, bookingPaid: true })];
    const totals = totalsOf(entries, { calledOff: 0, waitlisted: 0 });
    expect(totals.paymentUnknown).toBe(1);
    expect(summaryParts("departures", totals).map((p) => p.text)).toContain(
      "❔ 1 payment not recorded: to check",
    );
  });
});
