/**
 * A general diet is a meal only at the rounds the diet's words feed at: the rounds it names or
 * counts, else (no round with food of its own) the house routine's. A general note that states no
 * meal and no time ("Treats allowed in moderation") is shown whole at the other rounds, as a note:
 * never a meal due there, chased as late, nor counted (the preview's 13:00 midday round chased
 * "meal (Treats allowed in moderation)" for pets with no midday diet).
 */
import { describe, expect, it } from "vitest";
import { careOf, type Round } from "../../src/domain/care.ts";
import { draftPlan } from "../../src/domain/plan/draft.ts";
import { planRound } from "../../src/domain/plan/round.ts";
import { dueItems } from "../../src/domain/record.ts";
import { DEFAULT_ROUND_TIMES } from "../../src/domain/round-times.ts";
import { roundCounts, roundSheet } from "../../src/domain/rounds.ts";
import type { Pet } from "../../src/kennel/schemas.ts";
import { stayContext } from "../helpers/reader.ts";

const DATE = "2026-12-02";
const STAY = {
  arrival: "2026-11-30T10:00:00Z",
  departure: "2026-12-06T10:00:00Z",
  timeZone: "Europe/London",
  roundTimes: DEFAULT_ROUND_TIMES,
};

const mealAt = (pet: Pet, round: Round) =>
  dueItems(roundSheet(careOf(pet), round, DEFAULT_ROUND_TIMES[round])).find((d) => d.item === "meal");

/** The meal the pet's round asks by its care plan, drafted from the words (not confirmed). */
function planMealAt(pet: Pet, round: Round) {
  const plan = draftPlan(pet, stayContext(STAY.arrival, STAY.departure));
  const sheet = roundSheet(careOf(pet), round, DEFAULT_ROUND_TIMES[round]);
  return planRound(plan, sheet, DATE, round, STAY).due.find((d) => d.item === "meal");
}

describe("a general diet note at a round it names no meal for", () => {
  const notes = [
    "Treats allowed in moderation",
    "Fresh water in a steel bowl",
    "Likes the food slightly warmed",
    "Grain free only",
  ];

  it("no midday meal: not due, not chased, not counted; the note shown whole", () => {
    for (const words of notes) {
      const pet = { name: "Cleo", petType: "Cat", dietaryRequirements: words } as Pet;
      const sheet = roundSheet(careOf(pet), "midday", "12:00");
      expect(mealAt(pet, "midday"), words).toBeUndefined();
      // The plan reads the words unsure (a person reads them): the sheet decides, and it has no meal.
      expect(planMealAt(pet, "midday"), words).toBeUndefined();
      expect(sheet.fed).toBe(false);
      expect(sheet.diet.general).toBeUndefined();
      expect(sheet.diet.note).toBe(words);
      expect(roundCounts([sheet]).fed).toBe(0);
    }
  });

  it("the house routine's rounds still feed the pet, the note beside the meal", () => {
    const pet = { name: "Alfie", dietaryRequirements: "Likes the food slightly warmed" } as Pet;
    for (const round of ["morning", "evening"] as const) {
      expect(mealAt(pet, round)?.text, round).toBe("Likes the food slightly warmed");
      expect(planMealAt(pet, round), round).toBeDefined();
    }
    // A kennel that feeds three times a day feeds at midday too.
    const three = roundSheet(careOf(pet), "midday", "12:00", { rounds: ["morning", "midday", "evening"] });
    expect(dueItems(three).map((d) => d.text)).toEqual(["Likes the food slightly warmed"]);
  });

  it("beside the rounds' own food, the note is no meal of its own: shown at the other rounds", () => {
    const pet = {
      name: "Biscuit",
      dietaryRequirements: "Fresh water in a steel bowl",
      dietaryRequirementsAm: "1 cup kibble",
      dietaryRequirementsPm: "1 cup kibble",
    } as Pet;
    expect(mealAt(pet, "morning")?.text).toBe("1 cup kibble · Fresh water in a steel bowl");
    expect(mealAt(pet, "midday")).toBeUndefined();
    expect(roundSheet(careOf(pet), "midday", "12:00").diet.note).toBe("Fresh water in a steel bowl");
  });
});

describe("a diet whose words name a meal or a round stays a meal", () => {
  it("a midday field: a midday meal, the general note in it whole", () => {
    const pet = {
      name: "Mabel",
      dietaryRequirements: "Treats allowed in moderation",
      dietaryRequirementsNoon: "Small handful of kibble",
    } as Pet;
    expect(mealAt(pet, "midday")?.text).toBe("Small handful of kibble · Treats allowed in moderation");
  });

  it("the general diet's rounds: named, or counted", () => {
    const at = (words: string) =>
      (["morning", "midday", "evening"] as const).filter((r) =>
        mealAt({ name: "Rex", dietaryRequirements: words } as Pet, r),
      );
    expect(at("1 cup AM, 1 cup PM")).toEqual(["morning", "evening"]);
    expect(at("Two small meals a day")).toEqual(["morning", "evening"]);
    expect(at("Puppy food three times a day")).toEqual(["morning", "midday", "evening"]);
    expect(at("Chicken and rice at lunch")).toEqual(["midday"]);
    expect(at("Owner's kibble")).toEqual(["morning", "evening"]);
  });
});
