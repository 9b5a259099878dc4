/** Counts grouped by thousands as en-GB writes them, without the locale library (src/words/numbers.ts). */
import { describe, expect, it } from "vitest";
import { thousands } from "../../src/words/numbers.ts";

describe("thousands", () => {
  it("writes a count as toLocaleString('en-GB') does", () => {
    for (const n of [
      0, 7, 999, 1000, 1500, 9999, 10_000, 123_456, 1_000_000, 123_456_789, 1_000_000_000, -7, -1500,
      -999_999,
    ])
      expect(thousands(n), String(n)).toBe(n.toLocaleString("en-GB"));
  });

  it("rounds a fraction to the nearest whole number", () => {
    expect(thousands(1499.6)).toBe("1,500");
    expect(thousands(-0.2)).toBe("0");
  });
});
