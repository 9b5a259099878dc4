/** The rounds by the names staff use: one parser (src/domain/round-names.ts) for every surface. */
import { describe, expect, it } from "vitest";
import { ROUNDS } from "../../src/domain/care.ts";
import { kennelRoundName, roundNamed, roundNamesLine, splitRound } from "../../src/domain/round-names.ts";

const SYNONYMS = {
  morning: ["morning", "am", "breakfast"],
  midday: ["midday", "noon", "lunch"],
  evening: ["evening", "pm", "dinner", "tea", "supper", "night"],
} as const;

describe("round names", () => {
  for (const round of ROUNDS) {
    for (const word of SYNONYMS[round]) {
      it(`${word} (any case) is the ${round} round`, () => {
        expect(roundNamed(word)).toBe(round);
        expect(roundNamed(word.toUpperCase())).toBe(round);
        expect(roundNamed(`${word[0]?.toUpperCase()}${word.slice(1)}`)).toBe(round);
      });
    }
  }

  it("anything else is no round, and no round is guessed from a near miss", () => {
    for (const word of ["lunhc", "brekfast", "morn", "", "__proto__", "constructor", "tomorrow", "24"]) {
      expect(roundNamed(word)).toBeUndefined();
    }
    expect(roundNamed(undefined)).toBeUndefined();
  });

  it("the kennel's own names (ROUNDS_NAMES) are understood too, two-word names included", () => {
    const names = { morning: "Feed 1", midday: "Feed 2", evening: "Last Feed" };
    expect(roundNamed("feed 2", names)).toBe("midday");
    expect(roundNamed("LAST FEED", names)).toBe("evening");
    expect(roundNamed("lunch", names)).toBe("midday");
    expect(splitRound("Feed 2 tomorrow", names)).toEqual({ round: "midday", rest: "tomorrow" });
    expect(splitRound("24 Dec last feed", names)).toEqual({ round: "evening", rest: "24 Dec" });
    expect(kennelRoundName("midday", names)).toBe("Feed 2");
    expect(kennelRoundName("midday")).toBeUndefined();
    // A kennel that calls its rounds by their own names adds nothing to the title.
    expect(
      kennelRoundName("morning", { morning: "Morning", midday: "Lunch", evening: "Dinner" }),
    ).toBeUndefined();
  });

  it("the round is found wherever it is among the words; the rest is the date", () => {
    expect(splitRound("lunch tomorrow")).toEqual({ round: "midday", rest: "tomorrow" });
    expect(splitRound("tomorrow PM")).toEqual({ round: "evening", rest: "tomorrow" });
    expect(splitRound("24 dec tea")).toEqual({ round: "evening", rest: "24 dec" });
    expect(splitRound("  friday  ")).toEqual({ round: undefined, rest: "friday" });
    expect(splitRound("")).toEqual({ round: undefined, rest: "" });
  });

  it("says every name, for help and for errors", () => {
    expect(roundNamesLine()).toBe(
      "morning (am, breakfast), midday (noon, lunch), evening (pm, dinner, tea, supper, night)",
    );
    expect(roundNamesLine({ morning: "Breakfast", midday: "Lunch", evening: "Dinner" })).toBe(
      "morning (Breakfast, am), midday (Lunch, noon), evening (Dinner, pm, tea, supper, night)",
    );
  });
});
