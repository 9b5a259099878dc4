/**
 * Every surface that shows a round's entries reads them with their paper marks (src/answers/paper-marks.ts
 * `markedEntries`), so a dose entered from the paper chart never names who entered it as its giver:
 * the record's `entries(…)` is called directly only by the readers listed here, each of which counts
 * or checks the entries and shows none of their givers (or marks them itself), each with why. The
 * list only shrinks: each reader must still occur (delete its line once it is gone).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { tsFiles } from "./graph.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Where a source calls the record's `entries(…)` (`deps.record.entries(`, `store\n  .entries(`): how many times. */
function entryReads(source: string): number {
  return [...source.matchAll(/\b(?:record|store)\s*\??\s*\.\s*entries\s*\(/g)].length;
}

const COUNTS = "counts the entries (done or not, by whom never shown)";
const MEALS = "reads meals only, which the paper chart never marks (it enters doses)";

/** The direct readers, by file: how many reads, and why each needs no paper mark. */
const KNOWN: Record<string, { reads: number; why: string }> = {
  "src/answers/paper-marks.ts": { reads: 1, why: "markedEntries itself: the one read that marks" },
  "src/answers/home-record.ts": { reads: 1, why: `the App Home's figures: ${COUNTS}` },
  "src/answers/obligations.ts": { reads: 1, why: `each dose's state for the dose times: ${COUNTS}` },
  "src/answers/off-food.ts": { reads: 1, why: MEALS },
  "src/answers/record-export.ts": {
    reads: 1,
    why: "the items with nothing recorded (its entries come by pages, each page marked)",
  },
  "src/answers/stay-dates.ts": { reads: 1, why: "the days a stay's record names: dates only" },
  "src/answers/welfare-flags.ts": { reads: 1, why: MEALS },
  "src/answers/welfare.ts": { reads: 3, why: MEALS },
  "src/digest/welfare-meals.ts": { reads: 1, why: MEALS },
  "src/answers/paper-enter.ts": { reads: 1, why: `the paper picker's "2 of 2 entered": ${COUNTS}` },
  "src/answers/chart.ts": { reads: 1, why: "marks what it reads with withPaperMarks beside the read" },
  "src/answers/pet-extras.ts": {
    reads: 1,
    why: "whether the pet's card has a stay record to open: its first entry only, never shown",
  },
  "src/answers/stay.ts": { reads: 1, why: "marks what it reads with withPaperMarks beside the read" },
};

describe("reads of the record's entries", () => {
  const found = Object.fromEntries(
    tsFiles(ROOT, "src")
      .filter((f) => !f.startsWith("src/record/"))
      .map((f) => [f, entryReads(readFileSync(`${ROOT}${f}`, "utf8"))] as const)
      .filter(([, n]) => n > 0),
  );

  it("go through markedEntries, but for the known readers that show no giver", () => {
    const unknown = Object.entries(found).filter(([f, n]) => (KNOWN[f]?.reads ?? 0) < n);
    expect(unknown.map(([f, n]) => `${f}: ${n} direct read(s) of the record's entries`)).toEqual([]);
  });

  it("the known readers still read so (delete each line once it is gone)", () => {
    const stale = Object.entries(KNOWN).filter(([f, k]) => found[f] !== k.reads);
    expect(stale.map(([f]) => f)).toEqual([]);
    expect(Object.values(KNOWN).every((k) => k.why.length > 20)).toBe(true);
  });

  it("are found however the call is written, and not in other names", () => {
    const source = [
      "const a = await deps.record.entries({ date });",
      "const b = (await deps.record?.entries(key)) ?? [];",
      "this.#deps.record\n  .entries({ date, round })",
      "store.entries(q), store.entryPages(q), Object.entries(o), messages.entries()",
    ].join("\n");
    expect(entryReads(source)).toBe(4);
  });
});
