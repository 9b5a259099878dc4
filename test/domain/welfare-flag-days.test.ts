/**
 * The days whose welfare posts a flag's change draws again (src/domain/welfare-flag.ts
 * flagPostDays): every day from the run's first entry to today, the last month at most, and the
 * flag's own days however old.
 */
import { describe, expect, it } from "vitest";
import type { EpisodeEntry } from "../../src/domain/welfare.ts";
import { flagPostDays, REDRAW_DAYS } from "../../src/domain/welfare-flag.ts";

const entry = (date: string, id: number): EpisodeEntry => ({
  kind: "check",
  id,
  date,
  round: "morning",
  at: `${date}T08:30:00Z`,
});
const flag = (...dates: string[]) => ({
  date: dates.at(-1) as string,
  entries: dates.map((d, i) => entry(d, i + 1)),
});
/** Every day the ranges name, in order. */
function daysOf(ranges: Array<{ from: string; to: string }>): string[] {
  const out: string[] = [];
  for (const { from, to } of ranges)
    for (
      let d = new Date(`${from}T00:00:00Z`);
      d.toISOString().slice(0, 10) <= to;
      d.setUTCDate(d.getUTCDate() + 1)
    )
      out.push(d.toISOString().slice(0, 10));
  return out;
}

describe("the days a flag's posts are drawn again", () => {
  it("every day from the run's first entry to today, the days between among them", () => {
    expect(daysOf(flagPostDays(flag("2026-11-22", "2026-11-23"), "2026-11-25"))).toEqual([
      "2026-11-22",
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
    ]);
  });

  it("a flag opened today: today's posts alone", () => {
    expect(flagPostDays(flag("2026-11-25", "2026-11-25"), "2026-11-25")).toEqual([
      { from: "2026-11-25", to: "2026-11-25" },
    ]);
  });

  it("a flag open for months: the last month's days in one range, and its own days however old", () => {
    const ranges = flagPostDays(flag("2026-07-30", "2026-08-01"), "2026-11-25");
    expect(ranges).toEqual([
      { from: "2026-07-30", to: "2026-07-30" },
      { from: "2026-08-01", to: "2026-08-01" },
      { from: "2026-10-26", to: "2026-11-25" },
    ]);
    expect(daysOf(ranges.slice(-1))).toHaveLength(REDRAW_DAYS);
  });

  it("a run begun just inside the month: one range from its first day", () => {
    expect(flagPostDays(flag("2026-10-27", "2026-10-28"), "2026-11-25")).toEqual([
      { from: "2026-10-27", to: "2026-11-25" },
    ]);
  });
});
