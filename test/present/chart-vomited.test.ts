/**
 * A dose brought up: the key says V = vomited, and the form records "vomited within 30 min" as the
 * reason of a dose refused or not given. A refusal with that reason was charted "R J 13:08", its note
 * "R: vomited…", against the key. Now its cell is V whichever outcome was recorded, and the note says
 * the outcome the record holds ("V (recorded refused): vomited within 30 min"): no outcome invented.
 */
import { expect, it } from "vitest";
import type { ChartColumn } from "../../src/answers/chart.ts";
import { chartCell, chartCode } from "../../src/domain/chart.ts";
import type { DoseState } from "../../src/domain/doses.ts";
import { chartDoc } from "../../src/present/chart.ts";
import type { Entry } from "../../src/record/types.ts";
import { docText } from "../../src/text/doc.ts";
import { chartOf, chartOptions, chartPet, PLAIN_TEXT } from "../helpers/chart.ts";

const DAY = "2026-11-24";
const vomited = {
  id: 1,
  outcome: "refused",
  reasonCode: "vomited",
  reason: "vomited within 30 min",
  userName: "Jo",
  givenAt: `${DAY}T13:08:00Z`,
  recordedAt: `${DAY}T13:10:00Z`,
} as Entry;
const state = {
  state: "recorded",
  outcome: "refused",
  givenAt: vomited.givenAt,
  recordedAt: vomited.recordedAt,
  lateEntry: false,
} as DoseState;

it("a refusal brought up ('vomited within 30 min') is V, as the key says, its note naming the outcome recorded", () => {
  expect(chartCode(vomited)).toBe("V");
  expect(chartCode({ outcome: "not_given", reasonCode: "vomited" })).toBe("V");
  expect(chartCode({ outcome: "refused", reasonCode: "refused" })).toBe("R");
  expect(chartCode({ outcome: "refused" })).toBe("R");
  const column: ChartColumn = { date: DAY, round: "midday", kept: true };
  const pet = chartPet(7, {
    name: "Juniper",
    rows: [{ item: "med:1", due: { item: "med:1", label: "Rimadyl", text: "Rimadyl 50 mg" } }],
    cells: { [`${DAY}|midday|med:1`]: chartCell(state, vomited, undefined, true) },
  });
  const text = docText(chartDoc(chartOf([column], [pet]), chartOptions(DAY)), PLAIN_TEXT);
  expect(text).toContain("V J 13:08");
  expect(text).not.toContain("R J 13:08");
  expect(text).toContain("Tue 24 Nov midday, Rimadyl: V (recorded refused): vomited within 30 min");
  expect(text).toContain("V vomited (brought up: recorded refused or not given, said beneath)");
});
