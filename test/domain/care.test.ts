import { describe, expect, it } from "vitest";
import { counts, owes, paymentOf, standingOf } from "../../src/domain/bookings.ts";
import { careOf, drugName, isSpecialDiet, medicationsFor } from "../../src/domain/care.ts";
import { flagsOf } from "../../src/domain/flags.ts";
import { compareRooms, inHouseOn, sortByRoom } from "../../src/domain/house.ts";
import { pageOf } from "../../src/domain/paging.ts";
import { withoutContacts } from "../../src/domain/privacy.ts";
import { roundAt, roundSheet } from "../../src/domain/rounds.ts";
import { cleanText } from "../../src/domain/text.ts";
import type { Pet } from "../../src/kennel/schemas.ts";
import { medicationRow, roundMedicationRow } from "../../src/words/care.ts";

const eveningOnly: Pet = {
  name: "Biscuit",
  medication: "Rimadyl 50 mg, half a tablet",
  medicationPm: "half a tablet with dinner",
  dietaryRequirementsAm: "200 g kibble",
  dietaryRequirementsPm: "200 g kibble",
};

describe("medication as the API gives it", () => {
  it("one row per drug: the instruction, then its own midday and evening instructions, never a time on the instruction", () => {
    const [m] = careOf(eveningOnly).medications;
    expect(m?.name).toBe("Rimadyl 50 mg");
    expect(medicationRow(m as NonNullable<typeof m>)).toBe(
      "Rimadyl 50 mg, half a tablet · midday: none · evening: half a tablet with dinner",
    );
    expect(medicationRow(m as NonNullable<typeof m>)).not.toMatch(/morning/i);
  });

  it("a round the instruction's words give a dose at reads 'see the instruction', never 'none'", () => {
    const row = (medication: string) => {
      const [m] = careOf({ name: "Biscuit", medication }).medications;
      return medicationRow(m as NonNullable<typeof m>);
    };
    expect(row("Calmex: one capsule at bedtime")).toBe(
      'Calmex: one capsule at bedtime · midday: none · evening: see the instruction ("bedtime")',
    );
    expect(row("Yumove: two tablets twice daily")).toBe(
      'Yumove: two tablets twice daily · midday: none · evening: see the instruction ("twice daily")',
    );
    expect(row("Cefalexin 500 mg: one capsule every 8 hours")).toBe(
      'Cefalexin 500 mg: one capsule every 8 hours · midday: see the instruction ("every 8 hours") · evening: see the instruction ("every 8 hours")',
    );
    expect(row("Soloxine 0.4 mg: one tablet once daily")).toBe(
      "Soloxine 0.4 mg: one tablet once daily · midday: none · evening: none",
    );
  });

  it("a drug's short name is whole words, never cut", () => {
    expect(drugName("Metacam 1.5 mg/ml oral suspension - 2.3 ml on food")).toBe(
      "Metacam 1.5 mg/ml oral suspension",
    );
    expect(drugName("Apoquel 16 mg (one tablet)")).toBe("Apoquel 16 mg");
    // Past 32 characters, it ends before how or when it is given.
    expect(drugName("Furosemide 20mg 1 tab EOD AM from 30 Nov")).toBe("Furosemide 20mg 1 tab");
    expect(drugName("A very long medication name that goes on and on forever and ever")).not.toMatch(/…/);
  });

  it("'none' and blanks are not care facts", () => {
    const c = careOf({ allergies: "None", medication: " n/a ", groomingNotes: "-" });
    expect(c.allergies).toBeUndefined();
    expect(c.medications).toEqual([]);
    expect(c.groomingNotes).toBeUndefined();
  });
});

describe("the rounds", () => {
  it("an evening-only medication: in the evening round with the drug's name, no dose in the midday round", () => {
    const care = careOf(eveningOnly);
    const evening = roundSheet(care, "evening").medications.map((m) => roundMedicationRow(m, "evening"));
    const midday = roundSheet(care, "midday").medications.map((m) => roundMedicationRow(m, "midday"));
    expect(evening).toEqual([
      "Rimadyl 50 mg · evening: half a tablet with dinner (instruction: Rimadyl 50 mg, half a tablet)",
    ]);
    expect(midday).toEqual(["Rimadyl 50 mg · nothing this round (given at the evening round)"]);
    expect(midday.join()).not.toContain("with dinner");
  });

  it("a medication with no time from the API is in every round, marked as having no time", () => {
    const care = careOf({ medication: "Thyroxine 0.4 mg, one tablet with food" });
    for (const round of ["morning", "midday", "evening"] as const) {
      const [m] = medicationsFor(care.medications, round);
      expect(m?.state).toBe("no_time");
      expect(m?.due).toBe(true);
      expect(roundMedicationRow(m as NonNullable<typeof m>, round)).toBe(
        "Thyroxine 0.4 mg · instruction: Thyroxine 0.4 mg, one tablet with food · no time given: follow the instruction",
      );
    }
  });

  it("no medication is absent from every round", () => {
    const pets: Pet[] = [
      eveningOnly,
      { medication2Noon: "one drop" },
      { medication3: "x" },
      { medication4Pm: "y", medication4: "z" },
    ];
    for (const pet of pets) {
      const care = careOf(pet);
      for (const m of care.medications) {
        const shown = (["morning", "midday", "evening"] as const).some((r) =>
          medicationsFor([m], r).some((x) => x.due),
        );
        expect(shown).toBe(true);
      }
    }
  });

  it("the round now: each round from an hour before its time", () => {
    expect(roundAt("05:00")).toBe("morning");
    expect(roundAt("10:59")).toBe("morning");
    expect(roundAt("11:00")).toBe("midday");
    expect(roundAt("16:59")).toBe("midday");
    expect(roundAt("17:00")).toBe("evening");
    expect(roundAt("23:30")).toBe("evening");
  });

  it("'nothing this round' only when the record has diets or doses for other rounds and none for this one", () => {
    expect(roundSheet(careOf({ name: "Tib", dietaryRequirementsAm: "kibble" }), "midday").nothing).toBe(true);
    expect(roundSheet(careOf(eveningOnly), "morning").nothing).toBe(false);
    // No diet on record: fed at the house routine's rounds (by default morning and evening), never
    // "nothing" there; at midday, with no dose due, it has nothing this round.
    const unrecorded = roundSheet(careOf({ name: "Tib" }), "evening");
    expect(unrecorded.nothing).toBe(false);
    expect(unrecorded.noDiet).toBe(true);
    expect(unrecorded.houseMeal).toBe(true);
    const lunch = roundSheet(careOf({ name: "Tib" }), "midday");
    expect(lunch).toMatchObject({ noDiet: true, houseMeal: false, nothing: true });
    // No morning diet, and a dose with an instruction and an evening field: the morning lists the instruction.
    const morning = roundSheet(careOf({ ...eveningOnly, dietaryRequirementsAm: undefined }), "morning");
    expect(morning.nothing).toBe(false);
    expect(morning.medications[0]?.state).toBe("instruction");
  });
});

describe("flags that discriminate", () => {
  it("a special diet only where it carries a marked instruction", () => {
    expect(isSpecialDiet(careOf(eveningOnly).diet)).toBe(false);
    const ordinary = { dietaryRequirementsAm: "kibble", dietaryRequirementsPm: "Own food, wet" };
    expect(isSpecialDiet(careOf(ordinary).diet)).toBe(false);
    expect(isSpecialDiet(careOf({ dietaryRequirementsNoon: "a small lunch" }).diet)).toBe(false);
    expect(isSpecialDiet(careOf({ dietaryRequirementsNoon: "Dental chew only" }).diet)).toBe(true);
    expect(isSpecialDiet(careOf({ dietaryRequirementsPm: "Raw: 250 g chicken mince" }).diet)).toBe(true);
    expect(isSpecialDiet(careOf({ dietaryRequirements: "No chicken, no treats" }).diet)).toBe(true);
  });

  it("medication names, allergy text, not evaluated, grooming", () => {
    const f = flagsOf({
      ...eveningOnly,
      allergies: "chicken",
      evaluationComplete: 0,
      groomingNotes: "nails",
    });
    expect(f).toMatchObject({
      medications: ["Rimadyl 50 mg"],
      allergies: "chicken",
      notEvaluated: true,
      grooming: true,
    });
  });
});

describe("which bookings count, and money", () => {
  // Statuses are read by whole words.
  it.each([
    ["confirmed", "stay"],
    ["checked_in", "stay"],
    ["Checked Out", "stay"],
    ["Cancelled", "called_off"],
    ["cancelled_by_customer", "called_off"],
    ["Canceled", "called_off"],
    ["no-show", "called_off"],
    ["No Show", "called_off"],
    ["noshow", "called_off"],
    ["waitlisted", "waitlisted"],
    ["Waitlisted", "waitlisted"],
    ["enquiry", "waitlisted"],
    ["pending_deposit", "unknown_status"],
    // Before: "Cancellation Requested" was hidden as if cancelled.
    ["Cancellation Requested", "unknown_status"],
    ["cancellation_requested", "unknown_status"],
    ["pending cancellation", "unknown_status"],
    ["Awaiting cancellation", "unknown_status"],
    ["waitlist requested", "unknown_status"],
  ])("%s → %s", (status, standing) => {
    expect(standingOf({ status })).toBe(standing);
  });

  it("an unknown status counts (a booking that only asks to be cancelled is still a stay); called off and waitlisted do not", () => {
    expect(counts({ status: "pending_deposit" })).toBe(true);
    expect(counts({ status: "Cancellation Requested" })).toBe(true);
    expect(counts({ status: "waitlist" })).toBe(false);
  });

  it("part-paid is not paid and not a contradiction", () => {
    expect(paymentOf({ bookingPaid: false, hasPayment: true })).toBe("part_paid");
    expect(paymentOf({ bookingPaid: false, hasPayment: false })).toBe("unpaid");
    expect(owes({ bookingPaid: false, hasPayment: true })).toBe(true);
    expect(paymentOf({})).toBe("unknown");
  });
});

describe("in house", () => {
  const tz = "Europe/London";
  it("a stay whose check-in day ≤ date ≤ check-out day, in the kennel's zone, not called off", () => {
    const bookings = [
      {
        bookingId: 1,
        checkInDate: "2026-11-20T10:00:00Z",
        checkOutDate: "2026-11-24T10:00:00Z",
        status: "confirmed",
      },
      { bookingId: 2, checkInDate: "2026-11-24T10:00:00Z", checkOutDate: "2026-11-26T10:00:00Z" },
      { bookingId: 3, checkInDate: "2026-11-25T00:30:00Z", checkOutDate: "2026-11-27T10:00:00Z" },
      {
        bookingId: 4,
        checkInDate: "2026-11-20T10:00:00Z",
        checkOutDate: "2026-11-28T10:00:00Z",
        status: "cancelled",
      },
      {
        bookingId: 1,
        checkInDate: "2026-11-20T10:00:00Z",
        checkOutDate: "2026-11-24T10:00:00Z",
        status: "confirmed",
      },
    ];
    expect(inHouseOn(bookings, "2026-11-24", tz).map((b) => b.bookingId)).toEqual([1, 2]);
  });

  it("rooms in natural order: Kennel 2 before Kennel 10, no room last", () => {
    const rooms = ["Kennel 10", undefined, "Kennel 2", "Cattery 3", "kennel 1"];
    expect(
      sortByRoom(rooms.map((roomName, i) => ({ bookingId: i, roomName }))).map((b) => b.roomName),
    ).toEqual(["Cattery 3", "kennel 1", "Kennel 2", "Kennel 10", undefined]);
    expect(compareRooms("Suite A", "Suite B")).toBeLessThan(0);
  });
});

describe("paging, privacy and text", () => {
  it("pages hold fewer entries when entries are long; every entry on exactly one page", () => {
    const items = Array.from({ length: 50 }, (_, i) => (i % 5 === 0 ? 3000 : 100));
    const limits = { maxEntries: 20, maxChars: 10_000 };
    const seen: number[] = [];
    for (let p = 1; p <= 50; p++) {
      const page = pageOf(items, p, (n) => n, limits);
      if (page.page !== p) break;
      expect(page.items.length).toBeLessThanOrEqual(20);
      expect(page.items.reduce((s, n) => s + n, 0)).toBeLessThanOrEqual(10_000);
      seen.push(...page.items.map((_, i) => page.from + i));
    }
    expect(seen).toEqual(items.map((_, i) => i));
  });

  it("raw JSON for a channel loses every contact field", () => {
    const raw = [
      {
        bookingId: 1,
        customerPhone: "07700",
        customerEmail: "a@b",
        nested: { emergencyContactPhone: "1", address1: "x", name: "ok" },
      },
    ];
    // Only known-safe fields stay (an allow-list): an unknown object goes whole.
    expect(withoutContacts(raw)).toEqual([{ bookingId: 1 }]);
  });

  it("cleanText strips bidi overrides and invisible characters but keeps emoji sequences and accents", () => {
    expect(cleanText("Room\u202E DIAPNU\u2066x\u2069\u200B\uFEFF")).toBe("Room DIAPNUx");
    expect(cleanText("👩‍⚕️ Zoë")).toBe("👩‍⚕️ Zoë");
    expect(cleanText("a\u0007b")).toBe("a b");
  });
});
