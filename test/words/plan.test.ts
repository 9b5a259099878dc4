/**
 * The care plan's words on a sheet say what to check, in the kennel's words: an item left to a person
 * names what it is left for (never a bare "check the instruction"), a meal's line names the meal, and
 * an item's words say where they came from (the pet's record, each field as staff know it).
 */
import { describe, expect, it } from "vitest";
import {
  doubtWords,
  mealPlanOnSheetWords,
  noOneTapWords,
  planOnSheetWords,
  sourceLineWords,
} from "../../src/words/plan.ts";

describe("the plan's words on a sheet", () => {
  it("an item left to a person says what to check", () => {
    const words = planOnSheetWords({ status: "check", doubts: ["instruction_beside_fields"] });
    expect(words).toBe(`📋 plan: check: ${doubtWords("instruction_beside_fields")}`);
    expect(words).not.toContain("check the instruction");
    expect(noOneTapWords("check_instruction")).toBe("an item to check");
  });

  it("the meal's line names the meal: '🍽 meal · 📋 plan: …', never a bare '🍽 📋 plan: …'", () => {
    expect(mealPlanOnSheetWords({ status: "check", doubts: ["fasting"] })).toBe(
      `🍽 meal · 📋 plan: check: ${doubtWords("fasting")}`,
    );
    expect(mealPlanOnSheetWords({ status: "not_due", why: "before_arrival" })).toBe(
      "🍽 meal · 📋 plan: not yet arrived",
    );
  });

  it("an item's words say they are the pet's record's, each field named", () => {
    expect(sourceLineWords('medication 1: "Otomax ear drops: 4 drops"', false)).toBe(
      '📄 pet\'s record, medication 1: "Otomax ear drops: 4 drops"',
    );
    expect(sourceLineWords("", true)).toBe(
      "📄 pet's record: nothing written (fed on the kennel's house routine)",
    );
    expect(sourceLineWords("", false)).not.toContain("words:");
  });
});
