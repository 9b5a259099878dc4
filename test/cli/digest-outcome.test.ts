/** `kennel-desk digest`'s lines say each post in its own words and its day, never its kind's internal name. */
import { describe, expect, it } from "vitest";
import { outcomeLine } from "../../src/cli/digest-outcome.ts";

describe("the digest command's line for each post", () => {
  it.each([
    ["tomorrow", "Posted tomorrow's check of Wed 2 Dec (for Thu 3 Dec) in C0DESK."],
    ["welfare:evening", "Posted the evening welfare check of Wed 2 Dec in C0DESK."],
    ["welfare-due:evening", "Posted the evening welfare check: pets not checked of Wed 2 Dec in C0DESK."],
    ["rounds:midday", "Posted the midday round's sheet of Wed 2 Dec in C0DESK."],
    ["plans:morning", "Posted the morning round's care plans to confirm of Wed 2 Dec in C0DESK."],
    ["departures", "Posted the departures of Wed 2 Dec in C0DESK."],
  ])("%s", (kind, line) => {
    expect(outcomeLine(kind, "2026-12-02", "C0DESK", { result: "posted" })).toBe(line);
    expect(outcomeLine(kind, "2026-12-02", "C0DESK", { result: "already-posted" })).not.toMatch(
      /2026-12-02|:evening|:midday|:morning/,
    );
  });
});
