/**
 * The chart's notes beneath the grid print each entry's staff note and each correction's person and
 * time (docs/care-record.md promises each reason and correction in full): Bonnie's midday dose refused
 * "spat it out twice", then corrected to given "took it in cheese"; Scout's refusal with a reason and
 * a note of its own. Before, the footnote read "marked R (refused) J … corrected: given" with no note
 * and no who nor when of the correction. In HTML, a note's words are escaped.
 */
import { expect, it } from "vitest";
import type { ChartColumn } from "../../src/answers/chart.ts";
import { chartCell, supersededOf } from "../../src/domain/chart.ts";
import type { DoseState } from "../../src/domain/doses.ts";
import { chartDoc } from "../../src/present/chart.ts";
import type { Entry } from "../../src/record/types.ts";
import { chartPage } from "../../src/text/chart-html.ts";
import { docText } from "../../src/text/doc.ts";
import { chartOf, chartOptions, chartPet, PLAIN_TEXT } from "../helpers/chart.ts";

const DAY = "2026-11-24";
const MIDDAY: ChartColumn = { date: DAY, round: "midday", kept: true };
const entry = (e: Partial<Entry>): Entry =>
  ({ id: 1, outcome: "given", userName: "Jo Bell", recordedAt: `${DAY}T12:05:00Z`, ...e }) as Entry;
const recorded = (e: Entry): DoseState =>
  ({
    state: "recorded",
    outcome: e.outcome,
    givenAt: e.givenAt ?? e.recordedAt,
    recordedAt: e.recordedAt,
    lateEntry: false,
  }) as DoseState;

const refused = entry({
  id: 1,
  outcome: "refused",
  reasonCode: "refused",
  reason: "refused",
  note: "spat it out twice",
  givenAt: `${DAY}T12:02:00Z`,
  supersededBy: 2,
});
const corrected = entry({
  id: 2,
  outcome: "given",
  note: "took it in cheese <b>& ate it</b>",
  userName: "Sam Lee",
  givenAt: `${DAY}T12:30:00Z`,
  recordedAt: `${DAY}T12:31:00Z`,
  supersedes: 1,
});
const scout = entry({
  id: 3,
  outcome: "refused",
  reasonCode: "refused",
  reason: "refused",
  note: "brought it up at 13:20",
  givenAt: `${DAY}T12:10:00Z`,
});

const page = () => {
  const was = supersededOf(corrected, new Map([refused, corrected].map((e) => [e.id, e])));
  const bonnie = chartPet(1, {
    name: "Bonnie",
    rows: [{ item: "med:1", due: { item: "med:1", label: "Pardale-V", text: "Pardale-V 400 mg" } }],
    cells: { [`${DAY}|midday|med:1`]: chartCell(recorded(corrected), corrected, undefined, true, was) },
  });
  const scoutPet = chartPet(2, {
    name: "Scout",
    rows: [{ item: "med:1", due: { item: "med:1", label: "Apoquel", text: "Apoquel 16 mg" } }],
    cells: { [`${DAY}|midday|med:1`]: chartCell(recorded(scout), scout, undefined, true) },
  });
  return chartOf([MIDDAY], [bonnie, scoutPet]);
};

it("a correction's notes: what it replaced with its note, struck; who corrected it and when; its own note", () => {
  const text = docText(chartDoc(page(), chartOptions(DAY)), PLAIN_TEXT);
  expect(text).toContain(
    // A time said beside when it was recorded: both, struck, as the stay record strikes them.
    "Tue 24 Nov midday, Pardale-V: ~marked R (refused) JB Tue 24 Nov 2026, 12:02, recorded Tue 24 Nov 2026, 12:05: refused · note: spat it out twice~ corrected by Sam Lee Tue 24 Nov 2026, 12:31: given · note: took it in cheese <b>& ate it</b>",
  );
});

it("a refusal's reason and its staff note, both", () => {
  const text = docText(chartDoc(page(), chartOptions(DAY)), PLAIN_TEXT);
  expect(text).toContain("Tue 24 Nov midday, Apoquel: R: refused · note: brought it up at 13:20");
});

it("in HTML, a note's words are escaped", () => {
  const html = chartPage(
    page(),
    {
      timezone: "Europe/London",
      rounds: { times: { morning: "08:00", midday: "12:00", evening: "18:00" }, names: undefined },
    } as Parameters<typeof chartPage>[1],
    new Date(`${DAY}T14:00:00Z`),
    { none: "made without Slack" },
  );
  expect(html).toContain("took it in cheese &lt;b&gt;&amp; ate it&lt;/b&gt;");
  expect(html).not.toContain("<b>& ate it</b>");
});
