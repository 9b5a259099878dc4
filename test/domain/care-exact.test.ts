/** Care exact on the data kennels really type (issue 20): diets as written, fasting, "none known". */
import { describe, expect, it } from "vitest";
import { careOf, dietFor, fastingIn } from "../../src/domain/care.ts";
import { flagsOf, hasCareFlag } from "../../src/domain/flags.ts";
import { roundSheet } from "../../src/domain/rounds.ts";
import type { Pet } from "../../src/kennel/schemas.ts";
import { flagWords, sheetAlertWords } from "../../src/words/care.ts";

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
    ["dietaryRequirementsAm", "NIL BY MOUTH – op at 10:00"],
    ["dietaryRequirements", "Fasting from 8pm"],
    ["medicalNotes", "Dental on Thursday: no food after 6pm Wednesday"],
    ["notes", "Starve from midnight, spay booked"],
    ["dietaryRequirementsPm", "fast tonight (bloods in the morning)"],
  ])("%s: %s", (field, text) => {
    const pet: Pet = { name: "Bonnie", allergies: "chicken", [field]: text };
    const f = flagsOf(pet);
    expect(f.fasting).toBe(text);
    expect(hasCareFlag(f)).toBe(true);
    // First in the pet's flags, before the allergy.
    expect(flagWords(f)[0]).toEqual({ tone: "fasting", symbol: "🚫", text: `fasting: ${text}` });
    expect(sheetAlertWords(f)[0]).toBe(`🚫 fasting: ${text}`);
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
