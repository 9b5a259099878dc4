/** Arrivals and departures as terminal text: care by name, "not matched" said, the going-home check. */
import { describe, expect, it } from "vitest";
import { dayText } from "../../src/text/index.ts";
import { booking, COLOUR, dayOf, PLAIN, pet, RIMADYL } from "./fixtures.ts";

describe("dayText", () => {
  it("an arrival: time, pets, owner, type; room, status, money, reference; each pet's flags by name", () => {
    const text = dayText(
      dayOf("arrivals", [[booking(), [pet({ ...RIMADYL, allergies: "chicken", evaluationComplete: 0 })]]]),
      PLAIN,
    );
    expect(text).toMatch(/^Arrivals — Tue 24 Nov \(1\)\n═+\n/);
    expect(text).toContain("1 booking · 1 pet · 💊 1 with medication");
    expect(text).toContain("09:30  Biscuit · Ann Lee · boarding");
    expect(text).toContain("Kennel 4 · confirmed · ✅ paid · HP-7K2M9Q");
    expect(text).toContain("Biscuit: ⚠️ allergies: chicken · 💊 Rimadyl 50 mg · 🆕 not evaluated");
    // A list asked for says no request id (the morning post's foot and errors do).
    expect(text).not.toContain("req-day-1");
  });

  it("says “care details not matched: open the booking” when a pet cannot be matched, naming it", () => {
    const b = booking({ petNames: "Biscuit & Bisquit", numberOfPets: 2 });
    const text = dayText(dayOf("arrivals", [[b, [pet(), pet({ petId: 502, name: "Pepper" })]]]), PLAIN);
    expect(text).toContain("❔ care details not matched: open the booking (Bisquit)");
    expect(text).toContain("❔ 1 with care details not matched");
  });

  it("says the care could not be loaded, and says so when a matched pet has nothing to flag", () => {
    const text = dayText(
      dayOf("arrivals", [
        [booking(), null],
        [booking({ bookingId: 9002, reference: "HP-2", customerId: 11 }), [pet({ customerId: 11 })]],
      ]),
      PLAIN,
    );
    expect(text).toContain("❔ care details could not be loaded");
    expect(text).toContain("no medication, allergies or special care recorded");
  });

  it("departures carry the going-home check: money loud, medication to hand back by name, grooming notes", () => {
    const b = booking({ bookingPaid: false, hasPayment: false });
    const text = dayText(
      dayOf("departures", [[b, [pet({ ...RIMADYL, groomingNotes: "Nails clipped before pickup" })]]]),
      PLAIN,
    );
    expect(text).toContain("🔴 UNPAID");
    expect(text).toContain("💊 hand back: Rimadyl 50 mg (Biscuit)");
    expect(text).toContain("✂️ Biscuit: Nails clipped before pickup");
    expect(text).toContain("💊 1 medication to hand back");
    const part = dayText(
      dayOf("departures", [[booking({ bookingPaid: false, hasPayment: true }), [pet()]]]),
      PLAIN,
    );
    expect(part).toContain("🟠 PART-PAID, balance due");
  });

  it("an empty day says so, with what was left out; plurals are right", () => {
    const text = dayText(dayOf("departures", [], { calledOff: 2, waitlisted: 1 }), PLAIN);
    expect(text).toContain(
      "No departures on this day. (2 cancelled or no-show and 1 waitlisted not listed.)",
    );
    const two = dayText(
      dayOf("arrivals", [
        [booking(), [pet()]],
        [
          booking({ bookingId: 9003, reference: "HP-3", numberOfPets: 2, petNames: "Rex & Max" }),
          [pet({ name: "Rex" }), pet({ name: "Max" })],
        ],
      ]),
      PLAIN,
    );
    expect(two).toContain("2 bookings · 3 pets");
    expect(two).not.toMatch(/\b1 pets\b|\b1 bookings\b/);
  });

  it("no empty-value rows, no raw ISO dates, an unknown status shown as the API wrote it", () => {
    const b = booking({
      roomName: undefined,
      bookingType: undefined,
      status: "on_hold",
      reference: undefined,
    });
    const text = dayText(dayOf("arrivals", [[b, [pet()]]]), PLAIN);
    expect(text).not.toContain("—  ");
    expect(text).not.toMatch(/: —|· —/);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(text).toContain("no room · status “on hold” (not one Kennel Desk knows)");
    expect(text).toContain("booking id 9001");
  });

  it("API text is cleaned: bidi overrides and terminal escapes never reach the screen; colour only when asked", () => {
    const b = booking({ customerName: "Ann \u202Edias\u202C Lee\x1b[2J", roomName: "Kennel\u200B 4" });
    const plain = dayText(dayOf("arrivals", [[b, [pet()]]]), PLAIN);
    for (const c of ["\u202E", "\u202C", "\u200B", "\x1b"]) expect(plain).not.toContain(c);
    expect(plain).toContain("Kennel 4");
    const coloured = dayText(dayOf("arrivals", [[b, [pet()]]]), COLOUR);
    expect(coloured).toContain("\x1b[1m");
    expect(coloured).not.toContain("\x1b[2J");
  });
});
