/** A dose owed once a day in the pet's ✏️ Record each… at another round of its day: what it says above the dose. */
import { describe, expect, it } from "vitest";
import { onceADayFormWords } from "../../src/words/not-due.ts";

const TZ = "Europe/London";
const at = "2026-11-24T08:12:00.000Z";

describe("a dose owed once a day, in the form", () => {
  it("recorded at another round: where, and that it is recorded here only if given again", () => {
    const by = { round: "morning" as const, outcome: "given" as const, who: "Jane" };
    expect(onceADayFormWords({ why: "settled", at, by }, TZ)).toBe(
      "☑️ given at the morning round by Jane 08:12 · owed once a day by its words (no time given, plan not confirmed): record it here only if it is given again",
    );
  });

  it("the same drug in another slot, recorded: never called a dose owed once a day", () => {
    const by = {
      round: "midday" as const,
      outcome: "given" as const,
      who: "Jane",
      item: "med:1" as const,
      here: true as const,
    };
    const words = onceADayFormWords({ why: "settled", at, by }, TZ);
    expect(words).toBe(
      "☑️ the same drug as medication 1: given 08:12 by Jane · one dose or two is not answered on its care plan yet: record it here only if a second dose is given",
    );
    expect(words).not.toContain("once a day");
  });

  it("chased at a later round: said, nothing more", () => {
    expect(onceADayFormWords({ why: "later_round", at, laterRound: "evening" }, TZ)).toBe(
      "⏭ not recorded today: owed once a day, chased at the evening round",
    );
  });
});
