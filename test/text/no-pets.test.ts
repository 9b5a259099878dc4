/**
 * A booking that names no pet and counts none (petNames "", numberOfPets 0): the front desk's lists
 * never say it has "no special care" (there is no pet to say it of), they say to check it in the
 * kennel system, and the day's pet count adds it as none; /booking says the same.
 */
import { describe, expect, it } from "vitest";
import type { BookingView } from "../../src/answers/records.ts";
import { careOfBooking } from "../../src/domain/day.ts";
import { roundText } from "../../src/text/house.ts";
import { bookingText, dayText } from "../../src/text/index.ts";
import { booking, dayOf, PLAIN, pet, roundReportOf } from "./fixtures.ts";

const NO_PETS = "❔ no pets on this booking: check it in the kennel system";
const empty = booking({ bookingId: 9002, reference: "HP-NOPETS", petNames: "", numberOfPets: 0 });

describe("a booking with no pets", () => {
  it("arrivals: said, with where to check it, never 'no special care'; counted as no pet", () => {
    const day = dayOf("arrivals", [
      [booking(), [pet()]],
      [empty, []],
    ]);
    expect(day.totals.pets).toBe(1);
    const text = dayText(day, PLAIN);
    const entry = text.slice(text.indexOf("HP-NOPETS"));
    expect(entry).toContain(NO_PETS);
    expect(entry).not.toContain("no medication, allergies or special care recorded");
    expect(text).toMatch(/2 bookings · 1 pet\b/);
  });

  it("/booking: the same words under the booking", () => {
    const v: BookingView = {
      booking: empty,
      full: true,
      care: careOfBooking(empty, []),
      careProblem: undefined,
      requestId: "r",
    };
    expect(bookingText(v, PLAIN)).toContain(NO_PETS);
  });

  it("a round's sheet: the same words, never a pet's care to check by hand", () => {
    const r = roundReportOf("evening", [
      { booking: empty, pet: undefined, sheet: undefined, careStatus: "no_pets", unmatched: [] },
    ]);
    const text = roundText(r, PLAIN);
    expect(text).toContain(NO_PETS);
    expect(text).not.toContain("check this pet's care by hand");
  });

  it("a booking whose names are there but whose count is 0 is still matched by its names", () => {
    const b = booking({ numberOfPets: 0 });
    expect(careOfBooking(b, [pet()]).status).toBe("matched");
  });
});
