/** The pet count after a booking's pet names: never said twice ("chloe and biscuit (2 dogs) (2)"). */
import { describe, expect, it } from "vitest";
import { petCountText } from "../../src/domain/bookings.ts";

describe("petCountText", () => {
  it("counts two pets or more on a day's card, one or more on a booking's record", () => {
    expect(petCountText({ petNames: "Biscuit & Pepper", numberOfPets: 2 })).toBe(" (2)");
    expect(petCountText({ petNames: "Biscuit", numberOfPets: 1 })).toBe("");
    expect(petCountText({ petNames: "Biscuit", numberOfPets: 1 }, 1)).toBe(" (1)");
    expect(petCountText({ petNames: "Biscuit" })).toBe("");
  });

  it("says nothing when the kennel's own words already give a count", () => {
    expect(petCountText({ petNames: "chloe and biscuit (2 dogs)", numberOfPets: 2 })).toBe("");
    expect(petCountText({ petNames: "Rex ( 3 cats)", numberOfPets: 3 }, 1)).toBe("");
    // A bracket that is not a count does not hide it.
    expect(petCountText({ petNames: "Rex (the big one) & Pip", numberOfPets: 2 })).toBe(" (2)");
  });
});
