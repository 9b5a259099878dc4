/**
 * A fast whose words give an op's time or an end (issue: Luna, "NIL BY MOUTH – op at 10:00", showed
 * a bare "🚫 fasting" beside "🍽 evening: Half meal" and under Fasting on Home at 13:00). Before the
 * op the pet fasts, as ever; at a round past the op's time the fast is never cut (no meal due nor
 * chased: the vet says when it eats) but the sheet says so, the words whole: "ask before feeding".
 */
import { describe, expect, it } from "vitest";
import { careOf } from "../../src/domain/care.ts";
import { fastingTimes, fastPassedAt } from "../../src/domain/fasting.ts";
import { flagsOf } from "../../src/domain/flags.ts";
import { dueItems } from "../../src/domain/record.ts";
import { roundSheet } from "../../src/domain/rounds.ts";
import type { Pet } from "../../src/kennel/schemas.ts";
import { sheetAlertWords } from "../../src/words/care.ts";

const LUNA = {
  name: "Luna",
  dietaryRequirementsAm: "NIL BY MOUTH – op at 10:00",
  dietaryRequirementsPm: "Half meal",
} as Pet;

describe("a fast for an op at a stated time", () => {
  it("reads the op's time as written, never a bare number", () => {
    expect(fastingTimes("NIL BY MOUTH – op at 10:00")).toEqual({ op: "10:00" });
    expect(fastingTimes("NBM, spay booked for 11am")).toEqual({ op: "11:00" });
    expect(fastingTimes("NBM, op at 10")).toBeUndefined();
  });

  it("the morning round, before the op: fasting, no meal due, the bare fast as before", () => {
    const sheet = roundSheet(careOf(LUNA), "morning", "07:30");
    expect(sheet.fastingNow).toBe(true);
    expect(sheet.fastPassed).toBeUndefined();
    expect(dueItems(sheet).map((d) => d.item)).not.toContain("meal");
    expect(sheetAlertWords(flagsOf(LUNA), sheet.fastPassed)).toEqual([
      "🚫 fasting: NIL BY MOUTH – op at 10:00",
    ]);
  });

  it("the evening round, past the op: the words whole with 'ask before feeding' beside the meal, never chased", () => {
    const sheet = roundSheet(careOf(LUNA), "evening", "18:00");
    expect(sheet.diet.round).toBe("Half meal");
    expect(sheet.fastPassed).toEqual({ what: "op", at: "10:00" });
    // The fast is not cut: no meal due, so none chased as late or missed; a person asks first.
    expect(sheet.fastingNow).toBe(true);
    expect(dueItems(sheet).map((d) => d.item)).not.toContain("meal");
    const alerts = sheetAlertWords(flagsOf(LUNA), sheet.fastPassed);
    expect(alerts).toEqual([
      "🚫 fasting for an op at 10:00, now past: ask before feeding: NIL BY MOUTH – op at 10:00",
    ]);
    expect(alerts.join("\n")).not.toContain("🚫 fasting: ");
  });

  it("past a stated end: the meal as its words say, and ask before feeding; a fast across the night is neither", () => {
    const pet = { name: "Pip", dietaryRequirements: "NBM until 10am", dietaryRequirementsPm: "200 g" } as Pet;
    const evening = roundSheet(careOf(pet), "evening", "18:00");
    expect(evening.fastingNow).toBe(false);
    expect(evening.fastPassed).toEqual({ what: "end", at: "10:00" });
    expect(sheetAlertWords(flagsOf(pet), evening.fastPassed)).toEqual([
      "🚫 fasting until 10:00, now past: ask before feeding: NBM until 10am",
    ]);
    expect(fastPassedAt({ from: "20:00", until: "09:00" }, "18:00")).toBeUndefined();
    expect(fastPassedAt({ from: "20:00" }, "21:00")).toBeUndefined();
  });
});
