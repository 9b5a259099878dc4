/**
 * `record export`'s summary line counts every kind it writes: a stay's care plan is exported whole,
 * its versions kept before the range too (a `--from today --to today` CSV holds them), so they are
 * counted and said, not left out of the line.
 */
import { describe, expect, it } from "vitest";
import { countPlans, newCounts, summaryWords } from "../../src/cli/record-export-counts.ts";

describe("the export's summary line and the care plan's rows", () => {
  it("counts the plan versions, and says those kept before the range's first day", () => {
    const counts = newCounts();
    counts.entries = 4;
    countPlans(
      counts,
      [{ date: "2026-11-28" }, { date: "2026-12-01" }, { date: "2026-12-02" }],
      "2026-12-02",
    );
    expect(summaryWords(counts, "of Wed 2 Dec", "Europe/London")).toBe(
      "4 entries and 3 care plan versions (2 kept before the range: the plans its stays were under) of Wed 2 Dec (times in Europe/London).",
    );
  });

  it("without a range (one stay, one pet): counted, none said to be before", () => {
    const counts = newCounts();
    countPlans(counts, [{ date: "2026-11-28" }], undefined);
    expect(summaryWords(counts, "of booking 7", "UTC")).toBe(
      "0 entries and 1 care plan version of booking 7 (times in UTC).",
    );
  });
});
