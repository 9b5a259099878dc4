/**
 * How many pets a stay brings when its `numberOfPets` is not given or could not be read (a value the
 * reader dropped): the pets its care matched and named, else the pets its names name, never 1 for
 * "Hazel & Nala". The board's, the rounds' and Home's counts all read it (src/domain/pet-match.ts).
 */
import { describe, expect, it } from "vitest";
import { houseTotalsOf, stayCountsAt } from "../../src/domain/house.ts";
import { stayPets } from "../../src/domain/pet-match.ts";
import type { Booking } from "../../src/kennel/schemas.ts";

describe("a stay's pets", () => {
  it("its numberOfPets when given", () => {
    expect(stayPets({ numberOfPets: 3, petNames: "Rex" })).toBe(3);
  });

  it("not read: as many as its names name, or its care matched and named, never fewer", () => {
    expect(stayPets({ petNames: "Hazel & Nala" })).toBe(2);
    expect(stayPets({ petNames: "chloe and biscuit (2 dogs)" })).toBe(2);
    expect(stayPets({ petNames: "Rex" }, { pets: [{}, {}], unmatched: ["Bo"] })).toBe(3);
    expect(stayPets({ petNames: undefined })).toBe(1);
  });

  it("the board's totals and the house count read it: two pets of a stay whose count was not read are two", () => {
    // Before: a booking whose numberOfPets could not be read counted 1, and the house came up short.
    const b: Booking = { bookingId: 1, petNames: "Chester & Alfie", checkInDate: "2026-12-01T10:00:00Z" };
    const totals = houseTotalsOf([{ booking: b, care: undefined, goingHome: false, arriving: false }]);
    expect(totals.pets).toBe(2);
    expect(stayCountsAt([b], Date.parse("2026-12-02T09:00:00Z"))[0]?.pets).toBe(2);
  });
});
