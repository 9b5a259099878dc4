/**
 * Care exact, third pass (issue 32), in the domain: notes that carry danger, a pet still here past its
 * check-out or gone early, numbers never cut, a whole name first, fasting from a time, a pet is the
 * customer's, a quoted search value. Each test failed before its change.
 */
import { describe, expect, it } from "vitest";
import { parseBookingsQuery } from "../../src/dates.ts";
import { pastCheckOut, saysCheckedIn } from "../../src/domain/bookings.ts";
import { careOf, drugName } from "../../src/domain/care.ts";
import { fastingAt, fastingTimes } from "../../src/domain/fasting.ts";
import { flagsOf, hasCareFlag } from "../../src/domain/flags.ts";
import { inHouseOn } from "../../src/domain/house.ts";
import { careNotes } from "../../src/domain/notes.ts";
import { matchPets } from "../../src/domain/pet-match.ts";
import { dueItems } from "../../src/domain/record.ts";
import { onRoundSheet, roundSheet } from "../../src/domain/rounds.ts";
import type { Booking, Pet } from "../../src/kennel/schemas.ts";
import { flagWords, sheetAlertWords } from "../../src/words/care.ts";

describe("1. notes are care", () => {
  const tyson: Pet = {
    name: "Tyson",
    notes: "AGGRESSIVE with other dogs – muzzle on walks",
    evaluationCompleteNotes: "Escape artist: do NOT walk with other dogs",
    dietaryRequirements: "Own food, 2 cups",
  };

  it.each([
    ["Seizure plan: if a fit lasts > 5 min call the vet", true, false],
    ["AGGRESSIVE with other dogs", true, false],
    ["Escape artist: do NOT walk with other dogs", true, false],
    ["Feed separately from Max, food aggressive", true, true],
    ["Diabetic", true, false],
    ["Blind in the left eye", true, false],
    ["Deaf: approach from the front", true, false],
    ["Eats from a slow-feeder bowl", false, true],
    ["No treats please", false, true],
    ["Loves a tennis ball", false, false],
    ["Fit and well, good with people", false, false],
  ])("%s: danger %s, feeding %s", (text, danger, feeding) => {
    expect(careNotes({ notes: text, evaluationNotes: undefined, medicalNotes: undefined })).toEqual([
      { field: "notes", text, danger, feeding },
    ]);
  });

  it("a pet with only notes has a flag ('📝 notes'), and its notes of danger each in full", () => {
    // Before: "no medication, allergies or special care recorded" beside "AGGRESSIVE with other dogs".
    const f = flagsOf(tyson);
    expect(hasCareFlag(f)).toBe(true);
    expect(flagWords(f).map((w) => `${w.symbol} ${w.text}`)).toEqual(["📝 notes"]);
    expect(f.dangerNotes?.map((n) => `${n.field}: ${n.text}`)).toEqual([
      "notes: AGGRESSIVE with other dogs – muzzle on walks",
      "evaluation notes: Escape artist: do NOT walk with other dogs",
    ]);
    // A note of nothing ("") is no note.
    expect(flagsOf({ name: "Rex", notes: "", evaluationCompleteNotes: "" }).notes).toBe(false);
  });

  it("on every round's sheet: danger in full; feeding notes where the pet is fed", () => {
    const bess = careOf({
      name: "Bess",
      notes: "Feed separately from Max, food aggressive",
      evaluationCompleteNotes: "Eats from a slow-feeder bowl",
      dietaryRequirementsAm: "Senior kibble, 150 g",
    });
    for (const round of ["morning", "midday", "evening"] as const) {
      const s = roundSheet(bess, round);
      expect(s.notes?.danger.map((n) => n.text)).toEqual(["Feed separately from Max, food aggressive"]);
    }
    expect(roundSheet(bess, "morning").notes?.feeding.map((n) => n.text)).toEqual([
      "Eats from a slow-feeder bowl",
    ]);
    // No meal at midday (the morning diet only): nothing to feed, so no feeding note.
    expect(roundSheet(bess, "midday").notes?.feeding).toEqual([]);
  });

  it("medical notes already shown as an allergy in the notes are not said twice", () => {
    const f = flagsOf({ name: "Nala", medicalNotes: "Allergic to chicken; diabetic" });
    expect(f.allergyInNotes).toBe("Allergic to chicken; diabetic");
    expect(f.dangerNotes).toEqual([]);
  });
});

describe("2. no checked-in pet is dropped until it is checked out", () => {
  const tz = "Europe/London";
  const now = Date.parse("2026-11-22T09:00:00Z");
  const jess: Booking = {
    bookingId: 1,
    status: "Checked In",
    checkInDate: "2026-11-16T10:00:00Z",
    checkOutDate: "2026-11-21T10:00:00Z",
  };

  it("a stay still checked in past its check-out is in house up to today, until checked out; not on a later day", () => {
    // Before: in house up to its check-out day only, so on no list the day after.
    expect(pastCheckOut(jess, now)).toBe(true);
    expect(inHouseOn([jess], "2026-11-22", tz, now)).toEqual([jess]);
    // A day to come is past its dates: whether it stays till then nobody knows (never "past" on it).
    expect(inHouseOn([jess], "2026-11-24", tz, now)).toEqual([]);
    expect(inHouseOn([jess], "2026-11-22", tz)).toEqual([]);
    const gone = { ...jess, status: "Checked Out" };
    expect(pastCheckOut(gone, now)).toBe(false);
    expect(inHouseOn([gone], "2026-11-22", tz, now)).toEqual([]);
    // A booking only confirmed is not checked in: nothing says the pet is here.
    expect(saysCheckedIn({ status: "confirmed" })).toBe(false);
    expect(saysCheckedIn({ status: "checked_in" })).toBe(true);
  });

  it("on every round's sheet while still checked in; its check-out not yet passed, gone as booked", () => {
    const evening = Date.parse("2026-11-22T18:00:00Z");
    expect(onRoundSheet(jess, false, evening, now)).toBe(true);
    // Leaving at 10:00 today, and it is 09:00: expected gone before the evening round.
    const leaving = { ...jess, checkOutDate: "2026-11-22T10:00:00Z" };
    expect(onRoundSheet(leaving, false, evening, now)).toBe(false);
    // At 11:00, still checked in: still here?
    expect(onRoundSheet(leaving, false, evening, Date.parse("2026-11-22T11:00:00Z"))).toBe(true);
  });

  it("checked out at 08:30 (the API's check-out, past): on the rounds before it, off the rest, whatever the booked end", () => {
    const early = { status: "Checked Out", checkOutDate: "2026-11-22T08:30:00Z" };
    expect(onRoundSheet(early, true, Date.parse("2026-11-22T07:30:00Z"), now)).toBe(true);
    expect(onRoundSheet(early, true, Date.parse("2026-11-22T12:00:00Z"), now)).toBe(false);
    // Booked until 19:00, checked out: when it left is not said, so on none of the day's sheets.
    const booked = { status: "Checked Out", checkOutDate: "2026-11-22T19:00:00Z" };
    expect(onRoundSheet(booked, true, Date.parse("2026-11-22T07:30:00Z"), now)).toBe(false);
    expect(onRoundSheet(booked, true, Date.parse("2026-11-22T18:00:00Z"), now)).toBe(false);
  });
});

describe("3. numbers are never cut", () => {
  it.each([
    // Before: "Vetmedin 2" (cut at the decimal comma).
    ["Vetmedin 2,5 mg, one tablet", "Vetmedin 2,5 mg"],
    ["Cardisure 1,25 mg", "Cardisure 1,25 mg"],
    ["Thyroxine 0.4 mg: one tablet", "Thyroxine 0.4 mg"],
    ["Insulin at 08:00, 4 units", "Insulin at 08:00"],
    ["Rimadyl 50, 2 tablets", "Rimadyl 50"],
    // Days it is not given begin how it is given, never the drug's name (a carer's fresh try).
    ["Benazecare 5 mg one tablet except Thursday", "Benazecare 5 mg one tablet"],
  ])("%s → %s", (instruction, name) => {
    expect(drugName(instruction)).toBe(name);
    expect(careOf({ name: "Pippa", medication: instruction }).medications[0]?.name).toBe(name);
  });

  it("where a short name would split a number, the whole instruction is the name", () => {
    // Cut at 32 characters, the name would end inside "1000mg" ("…/500mg/1…").
    const long = "Co-amoxiclav 50mg/250mg/500mg/1000mg, one tablet";
    expect(drugName(long)).toBe(long);
    // No word of how or when it is given to end before: the drug's words whole, never cut.
    expect(drugName("Phenobarbital and potassium bromide 1/2 tablet")).toBe(
      "Phenobarbital and potassium bromide 1/2 tablet",
    );
    expect(drugName("Metacam 1.5 mg/ml oral suspension - 2.3 ml on food")).toBe(
      "Metacam 1.5 mg/ml oral suspension",
    );
  });
});

describe("4. a whole name first; 9. a pet is the customer's", () => {
  const salt: Pet = {
    petId: 1,
    customerId: 7,
    name: "Salt & Pepper",
    petType: "Cat",
    medication: "Felimazole",
  };

  it.each([
    ["Salt & Pepper", 1],
    ["salt and pepper", 1],
    ["Salt & Pepper (cat)", 1],
  ])("%s (%s pet) is the one cat called Salt & Pepper", (petNames, numberOfPets) => {
    // Before: two unmatched pets, "Salt" and "Pepper", and her Felimazole on no sheet.
    const m = matchPets({ petNames, numberOfPets, customerId: 7 }, [salt]);
    expect(m.pets.map((p) => p.petId)).toEqual([1]);
    expect(m.unmatched).toEqual([]);
    expect(m.complete).toBe(true);
  });

  it("the whole name beside other pets; two pets of those names are still two", () => {
    const rex: Pet = { petId: 2, customerId: 7, name: "Rex" };
    const m = matchPets({ petNames: "Salt & Pepper, Rex", numberOfPets: 2, customerId: 7 }, [salt, rex]);
    expect(m.pets.map((p) => p.petId)).toEqual([1, 2]);
    expect(m.complete).toBe(true);
    const two: Pet[] = [
      { petId: 3, name: "Salt" },
      { petId: 4, name: "Pepper" },
    ];
    expect(matchPets({ petNames: "Salt & Pepper", numberOfPets: 2 }, two).pets.map((p) => p.petId)).toEqual([
      3, 4,
    ]);
  });

  it("a pet record of another customer in the owner's list is never the booking's pet", () => {
    // Before: Moss and her Metacam were shown as this booking's, though Moss is customer 9's.
    const moss: Pet = { petId: 5, customerId: 9, name: "Moss", medication: "Metacam 2 ml" };
    const fern: Pet = { petId: 6, customerId: 7, name: "Fern" };
    const m = matchPets({ petNames: "Moss & Fern", numberOfPets: 2, customerId: 7 }, [moss, fern]);
    expect(m.pets.map((p) => p.petId)).toEqual([6]);
    expect(m.unmatched).toEqual(["Moss"]);
    expect(m.complete).toBe(false);
    // A record that names no customer is taken as the list gives it.
    expect(matchPets({ petNames: "Moss", customerId: 7 }, [{ petId: 5, name: "Moss" }]).pets).toHaveLength(1);
  });
});

describe("5. fasting from a time", () => {
  it.each([
    ["Fasting from 8pm", { from: "20:00" }],
    ["NBM from 20:00", { from: "20:00" }],
    ["no food after 6pm", { from: "18:00" }],
    ["Starve from midnight", { from: "24:00" }],
    ["NBM until 10am", { until: "10:00" }],
    ["Fasting from 8pm until 9am", { from: "20:00", until: "09:00" }],
    // The op's time: the fast still applies at every round (the rounds past it ask before feeding).
    ["NIL BY MOUTH – op at 10:00", { op: "10:00" }],
    ["Fasting from 8", undefined],
  ])("%s → %j", (words, times) => {
    expect(fastingTimes(words)).toEqual(times);
  });

  it("applies from its time: the rounds before it feed as usual, beside '🚫 fasting from 20:00'", () => {
    // Before: "🚫 fasting: Fasting from 8pm" on the breakfast and lunch sheets, from the morning on.
    const milo = careOf({
      name: "Milo",
      dietaryRequirements: "Fasting from 8pm",
      dietaryRequirementsAm: "200 g",
    });
    const times = { morning: "07:30", midday: "12:00", evening: "18:00" } as const;
    for (const round of ["morning", "midday", "evening"] as const) {
      const s = roundSheet(milo, round, times[round]);
      expect(s.fastingNow).toBe(false);
      // Fed as its diet says (the morning's 200 g); the general diet is a fast, no meal of its own
      // at the other rounds: shown whole there, as a note.
      expect(s.fed).toBe(round === "morning");
      if (round !== "morning") expect(s.diet.note).toBe("Fasting from 8pm");
    }
    expect(roundSheet(milo, "evening", "21:00").fastingNow).toBe(true);
    expect(sheetAlertWords(flagsOf({ name: "Milo", dietaryRequirements: "Fasting from 8pm" }))).toEqual([
      "🚫 fasting from 20:00: Fasting from 8pm",
    ]);
    // Words with no time: at every round.
    const luna = careOf({ name: "Luna", dietaryRequirementsAm: "NIL BY MOUTH – op at 10:00" });
    expect(roundSheet(luna, "evening", "18:00").fastingNow).toBe(true);
    // Nil by mouth now: no meal is due (none chased as missed); before the fast, the meal is due.
    expect(dueItems(roundSheet(luna, "morning", "07:30")).map((d) => d.item)).not.toContain("meal");
    expect(dueItems(roundSheet(milo, "morning", "07:30")).map((d) => d.item)).toContain("meal");
    expect(dueItems(roundSheet(milo, "evening", "21:00")).map((d) => d.item)).not.toContain("meal");
    expect(fastingAt({ from: "20:00", until: "09:00" }, "07:30")).toBe(true);
    expect(fastingAt({ from: "20:00", until: "09:00" }, "12:00")).toBe(false);
    expect(fastingAt({ until: "10:00" }, "12:00")).toBe(false);
  });
});

describe("10. a quoted search value is one value", () => {
  it('status:"Checked In" is the status "Checked In", not "Checked" and the word "In"', () => {
    const now = new Date("2026-11-22T09:00:00Z");
    const q = parseBookingsQuery('status:"Checked In" today', now, "Europe/London");
    expect(q).toEqual({ ok: true, query: { status: "Checked In", from: "2026-11-22" } });
    const curly = parseBookingsQuery("status:“Checked In”", now, "Europe/London");
    expect(curly).toEqual({ ok: true, query: { status: "Checked In" } });
    expect(parseBookingsQuery('"Bella Smith" status:confirmed', now, "Europe/London")).toEqual({
      ok: true,
      query: { status: "confirmed", text: "Bella Smith" },
    });
  });
});
