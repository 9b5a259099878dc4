/**
 * A capped list says how many it left and where to see them, in English (issue 47): "and 1 more",
 * "and 66 more" (never "mores"); Home's fasting list names twelve pets whole, then counts the rest.
 */
import { describe, expect, it } from "vitest";
import { lineText } from "../../src/present/doc.ts";
import { andMoreWords } from "../../src/present/parts.ts";
import { todayDoc } from "../../src/present/today.ts";

describe("and N more", () => {
  it("'more' is never plural; the thing counted is", () => {
    expect(andMoreWords(1)).toBe("and 1 more");
    expect(andMoreWords(66)).toBe("and 66 more");
    expect(andMoreWords(1, "pet", "/rounds")).toBe("and 1 more pet: see /rounds");
    expect(andMoreWords(66, "fasting pet")).toBe("and 66 more fasting pets");
  });

  it("Home's fasting list: twelve whole, then how many more and where", () => {
    const fasting = Array.from(
      { length: 78 },
      (_, i) => `Pepper ${i + 1} (Kennel ${i + 1}), from 20:00: NIL BY MOUTH from 8pm – op at 10:00 tomorrow`,
    );
    const doc = todayDoc({
      date: "2026-11-22",
      round: "morning",
      arrivals: 1,
      departures: 1,
      unpaidDepartures: 0,
      inHouse: 300,
      medicationThisRound: 3,
      careMissingTomorrow: 0,
      fasting,
      problems: [],
    });
    const lines = doc.parts.flatMap((p) => ("lines" in p ? p.lines.map(lineText) : []));
    for (const f of fasting.slice(0, 12)) expect(lines).toContain(`• ${f}`);
    expect(lines).not.toContain(`• ${fasting[12]}`);
    expect(lines).toContain("and 66 more fasting pets: see the round (Show the round, or /rounds)");
  });
});
