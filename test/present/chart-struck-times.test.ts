/**
 * The chart struck what a correction replaced with times its own cell never said: a late entry by
 * its given time alone ("given J 08:10", its recorded 13:00 lost), a dose not given by when it was
 * recorded as if marked then ("marked N J 13:00"). Struck, each reads as it did when it stood: "J
 * 08:10, recorded 13:00" in the notes, a dose not given "N J rec. 13:00" in its cell and "· recorded
 * … by J" in the notes.
 */
import { expect, it } from "vitest";
import type { ChartColumn } from "../../src/answers/chart.ts";
import { chartCell, supersededOf } from "../../src/domain/chart.ts";
import type { DoseState } from "../../src/domain/doses.ts";
import { chartDoc } from "../../src/present/chart.ts";
import type { Entry } from "../../src/record/types.ts";
import { docText } from "../../src/text/doc.ts";
import { chartOf, chartOptions, chartPet, PLAIN_TEXT } from "../helpers/chart.ts";

const DAY = "2026-11-24";
const entry = (e: Partial<Entry>): Entry =>
  ({ id: 1, outcome: "given", userName: "Jane", recordedAt: `${DAY}T13:00:00Z`, ...e }) as Entry;
const column: ChartColumn = { date: DAY, round: "morning", kept: true };

/** The chart's text of one cell: `current` with the entries it replaced, of `all`. */
function charted(current: Entry, all: Entry[], state: DoseState): string {
  const was = supersededOf(current, new Map(all.map((e) => [e.id, e])));
  const cell = chartCell(state, current, undefined, true, was);
  const pet = chartPet(99, {
    name: "Biscuit",
    rows: [{ item: "med:1", due: { item: "med:1", label: "Apoquel", text: "Apoquel 16 mg" } }],
    cells: { [`${DAY}|morning|med:1`]: cell },
  });
  return docText(chartDoc(chartOf([column], [pet]), chartOptions(DAY)), PLAIN_TEXT);
}

it("strikes a late entry with both its times in the notes", () => {
  const late = entry({ id: 1, givenAt: `${DAY}T08:10:00Z`, supersededBy: 2 });
  const notGiven = entry({
    id: 2,
    outcome: "not_given",
    reasonCode: "other",
    reason: "other: recorded on the wrong pet",
    recordedAt: `${DAY}T13:05:00Z`,
    supersedes: 1,
  });
  const state = {
    state: "recorded",
    outcome: "not_given",
    givenAt: notGiven.recordedAt,
    lateEntry: false,
    untimed: true,
  } as DoseState;
  const text = charted(notGiven, [late, notGiven], state);
  expect(text).toContain("~J 08:10~ W J rec. 13:05");
  expect(text).toContain(
    "Tue 24 Nov morning, Apoquel: ~given J Tue 24 Nov 2026, 08:10, recorded Tue 24 Nov 2026, 13:00~ corrected by Jane",
  );
});

it("strikes a dose not given with when it was recorded, never as marked then", () => {
  const notGiven = entry({
    id: 1,
    outcome: "not_given",
    reasonCode: "none_left",
    reason: "none left: strip empty",
    supersededBy: 2,
  });
  const late = entry({ id: 2, givenAt: `${DAY}T08:20:00Z`, recordedAt: `${DAY}T13:01:00Z`, supersedes: 1 });
  const state = {
    state: "recorded",
    outcome: "given",
    givenAt: late.givenAt,
    lateEntry: true,
    recordedAt: late.recordedAt,
  } as DoseState;
  const text = charted(late, [notGiven, late], state);
  expect(text).toContain("~N J rec. 13:00~ J 08:20");
  expect(text).toContain(
    "~marked N: none left: strip empty · recorded Tue 24 Nov 2026, 13:00 by J~ corrected by Jane",
  );
  expect(text).not.toContain("marked N J Tue 24 Nov 2026, 13:00");
});
