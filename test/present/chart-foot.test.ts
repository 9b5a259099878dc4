/**
 * The chart's foot says one true thing of where its cells come from (issue 50): a blank chart before
 * anything is recorded (the paper fallback), a filled one, one with rounds not posted yet named by
 * day; never "as the record has it" on a blank chart, nor "asked when posted" of rounds not posted.
 */
import { expect, it } from "vitest";
import type { Chart, ChartColumn } from "../../src/answers/chart.ts";
import { ROUNDS } from "../../src/domain/care.ts";
import type { ChartCell } from "../../src/domain/chart.ts";
import { chartFoot } from "../../src/present/chart-foot.ts";
import { docText } from "../../src/text/doc.ts";
import { chartPet, givenCell } from "../helpers/chart.ts";

const O = { timezone: "Europe/London", names: undefined, generatedAt: "2026-11-28T19:00:00Z" };
const DAYS = ["2026-11-29", "2026-11-30", "2026-12-01", "2026-12-02"];

function chartOf(o: {
  kept: (c: Omit<ChartColumn, "kept">) => boolean;
  cell: ChartCell;
  days?: number;
}): Chart {
  const dates = DAYS.slice(0, o.days ?? 1);
  const columns = dates.flatMap((date) =>
    ROUNDS.map((round) => ({ date, round, kept: o.kept({ date, round }) })),
  );
  const pet = chartPet(1, { name: "Bobby", cells: { [`${dates[0]}|morning|med:1`]: o.cell } });
  return { dates, columns, pets: [pet], problems: [], record: true, requestId: undefined };
}

/** The chart's rounds not kept of days before `generatedAt`'s as the chart marks them: past, never posted. */
const pastOf = (chart: Chart, generatedAt: string): Chart => ({
  ...chart,
  columns: chart.columns.map((c) =>
    !c.kept && c.date < generatedAt.slice(0, 10) ? { ...c, past: true } : c,
  ),
});

const footOf = (chart: Chart) =>
  docText(
    { fallback: "", parts: [{ kind: "note", lines: chartFoot(chart, O) }] },
    { color: false, timezone: O.timezone, thisYear: "2026" },
  );

it("a blank chart for tomorrow (no round posted, nothing recorded) says so, and only so", () => {
  const foot = footOf(chartOf({ kept: () => false, cell: { kind: "open", state: "due" } }));
  expect(foot).toBe(
    "Made by Kennel Desk on Sat 28 Nov 2026, 19:00 (Europe/London) from the care record. No round of these days was posted yet: what is due is what the care plans make due now. Nothing is recorded for these rounds yet: each dose due is blank, to sign.",
  );
});

it("a filled chart whose rounds were all posted reads the record, and never says nothing is recorded", () => {
  const given = givenCell("2026-11-29T07:40:00Z", "2026-11-29T07:41:00Z");
  const foot = footOf(chartOf({ kept: () => true, cell: given }));
  expect(foot).toContain(
    "from the care record. What was due at each round is what its sheet asked when posted. Each cell as the care record has it then.",
  );
  expect(foot).not.toMatch(/not posted|blank, to sign|Nothing is recorded/);
  // A round missed is the record's too: the chart is not blank.
  expect(footOf(chartOf({ kept: () => true, cell: { kind: "open", state: "missed" } }))).toContain(
    "Each cell as the care record has it then.",
  );
});

it("the rounds not posted yet are named by day: a day's part by its rounds, whole days as a range", () => {
  const foot = footOf(
    chartOf({
      days: 4,
      kept: (c) => c.date === "2026-11-29" && c.round !== "evening",
      cell: { kind: "open", state: "missed" },
    }),
  );
  expect(foot).toContain(
    "What was due is what each round's sheet asked when posted; rounds not posted yet (Sun 29 Nov evening; Mon 30 Nov to Wed 2 Dec) show what the care plans make due now.",
  );
});

it("a past day's rounds never posted are not 'not posted yet': the paper of the day is their record, as `record` says", () => {
  const later = (generatedAt: string, kept: (c: Omit<ChartColumn, "kept">) => boolean, days = 1) =>
    docText(
      {
        fallback: "",
        parts: [
          {
            kind: "note",
            lines: chartFoot(
              pastOf(chartOf({ days, kept, cell: { kind: "open", state: "due" } }), generatedAt),
              {
                ...O,
                generatedAt,
              },
            ),
          },
        ],
      },
      { color: false, timezone: O.timezone, thisYear: "2026" },
    );
  // The chart of Sun 29 Nov, made on Tue 1 Dec: nothing posted that day, nothing to sign.
  const past = later("2026-12-01T10:00:00Z", () => false);
  expect(past).toContain(
    "Nothing is in the care record for these rounds, and nothing can be entered for them now: their cells say why.",
  );
  expect(past).not.toContain("blank, to sign");
  expect(past).toContain(
    "No round of these days was posted in Slack, so the care record cannot say what was due then: each dose here is what the care plans make due now, and the paper chart kept on the day is the record of a past round never posted.",
  );
  expect(past).not.toContain("posted yet");
  // Sun 29 Nov to Tue 1 Dec, made on Mon 30 Nov: past and later days, none posted.
  expect(later("2026-11-30T10:00:00Z", () => false, 3)).toContain(
    "No round of these days was posted: what is due is what the care plans make due now (the paper chart kept on the day is the record of a past round never posted).",
  );
  // Sun 29 Nov's morning posted, its evening never, seen on Tue 1 Dec.
  expect(later("2026-12-01T10:00:00Z", (c) => c.round === "morning")).toContain(
    "rounds not posted (Sun 29 Nov midday and evening) show what the care plans make due now (the paper chart kept on the day is the record of a past round never posted).",
  );
});

it("the pets with no page are each named with their room and booking, as the paper round's picker names them", () => {
  const chart = chartOf({ kept: () => true, cell: { kind: "open", state: "due" } });
  chart.pets.push(
    chartPet(2, { name: "Bella", room: "Kennel 4", reference: "HP-7K2M9Q", rows: [] }),
    chartPet(3, { name: "Bella", room: "Kennel 9", reference: undefined, bookingId: 803, rows: [] }),
  );
  expect(footOf(chart)).toContain(
    "No medication on these days, so no page: Bella · Kennel 4 · HP-7K2M9Q; Bella · Kennel 9 · booking 803.",
  );
});

it("rounds not read from the kennel system: a blank chart says only the rounds read are blank to sign", () => {
  const chart = chartOf({ kept: () => false, cell: { kind: "open", state: "due" } });
  chart.columns = chart.columns.map((c) => (c.round === "morning" ? c : { ...c, unread: true as const }));
  const foot = footOf(chart);
  expect(foot).toContain(
    "Nothing is recorded for these rounds yet: each dose due at a round read is blank, to sign.",
  );
  expect(foot).not.toContain("each dose due is blank, to sign");
});
