/**
 * The chart of a dose given by someone other than who recorded it (the record forms' "Given by (if
 * not you)"): its initials are the giver's, and beneath the grid both are said ("given … by Sam Lee ·
 * recorded … by Jane Doe"). A dose its recorder gave reads as before.
 */
import { expect, it } from "vitest";
import type { ChartColumn } from "../../src/answers/chart.ts";
import { chartCell } from "../../src/domain/chart.ts";
import type { DoseState } from "../../src/domain/doses.ts";
import { chartDoc } from "../../src/present/chart.ts";
import type { Entry } from "../../src/record/types.ts";
import { docText } from "../../src/text/doc.ts";
import { chartOf, chartOptions, chartPet, PLAIN_TEXT } from "../helpers/chart.ts";

const DAY = "2026-11-24";
const MORNING: ChartColumn = { date: DAY, round: "morning", kept: true };
const given = {
  id: 1,
  outcome: "given",
  userId: "U0JANE",
  userName: "Jane Doe",
  givenAt: `${DAY}T08:20:00Z`,
  recordedAt: `${DAY}T13:00:00Z`,
  givenBy: { userId: "U0SAM", name: "Sam Lee" },
} as Entry;
const state = {
  state: "recorded",
  outcome: "given",
  givenAt: given.givenAt,
  recordedAt: given.recordedAt,
  lateEntry: true,
} as DoseState;

function chartText(e: Entry): { cell: ReturnType<typeof chartCell>; text: string } {
  const cell = chartCell(state, e, undefined, true);
  const milo = chartPet(1, {
    name: "Milo",
    rows: [{ item: "med:1", due: { item: "med:1", label: "Rimadyl", text: "Rimadyl 50 mg" } }],
    cells: { [`${DAY}|morning|med:1`]: cell },
  });
  return { cell, text: docText(chartDoc(chartOf([MORNING], [milo]), chartOptions(DAY)), PLAIN_TEXT) };
}

it("initials the giver's, both people beneath the grid", () => {
  const { cell, text } = chartText(given);
  expect(cell).toMatchObject({ kind: "given", initials: "SL" });
  expect(text).toMatch(/late entry: given [^\n]*08:20 by Sam Lee · recorded [^\n]*13:00 by Jane Doe/);
});

it("given by who recorded it: as before", () => {
  const { cell, text } = chartText({ ...given, givenBy: undefined });
  expect(cell).toMatchObject({ kind: "given", initials: "JD" });
  expect(text).not.toContain("Sam Lee");
});
