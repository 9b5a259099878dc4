/**
 * A dose corrected to "not given" after it was recorded given: the chart's cell keeps the entry it
 * replaced struck through (as the round post strikes it), and the notes beneath the grid say both,
 * the first struck; and "Record each…" says what its time is for (a dose not given keeps none).
 */
import { expect, it } from "vitest";
import type { ChartColumn } from "../../src/answers/chart.ts";
import { confirmModal, type ModalMeta, recordForm, recordModal } from "../../src/blocks/record-modal.ts";
import { chartCell, supersededOf } from "../../src/domain/chart.ts";
import type { DoseState } from "../../src/domain/doses.ts";
import { chartDoc } from "../../src/present/chart.ts";
import type { Entry } from "../../src/record/types.ts";
import { createSeal, SEAL_LENGTH } from "../../src/slack/seal.ts";
import { docText } from "../../src/text/doc.ts";
import { chartOf, chartOptions, chartPet, PLAIN_TEXT } from "../helpers/chart.ts";

const DAY = "2026-11-24";
const entry = (e: Partial<Entry>): Entry =>
  ({ id: 1, outcome: "given", userName: "Sam", recordedAt: `${DAY}T07:40:00Z`, ...e }) as Entry;
const given = entry({ id: 1, supersededBy: 2 });
const corrected = entry({
  id: 2,
  outcome: "not_given",
  reasonCode: "asleep",
  reason: "asleep as instructed",
  userName: "Jane Doe",
  recordedAt: `${DAY}T13:05:00Z`,
  supersedes: 1,
});
const state: DoseState = {
  state: "recorded",
  outcome: "not_given",
  givenAt: corrected.recordedAt,
  recordedAt: corrected.recordedAt,
  lateEntry: true,
} as DoseState;

it("a corrected dose's cell keeps what its correction replaced, struck, and its note says both", () => {
  const was = supersededOf(corrected, new Map([given, corrected].map((e) => [e.id, e])));
  expect(was.map((e) => e.id)).toEqual([1]);
  const cell = chartCell(state, corrected, undefined, true, was);
  expect(cell).toMatchObject({
    kind: "not_given",
    code: "A",
    was: [{ code: undefined, initials: "S", at: given.recordedAt }],
  });
  const column: ChartColumn = { date: DAY, round: "morning", kept: true };
  const pet = chartPet(99, {
    name: "Sugar",
    rows: [{ item: "med:1", due: { item: "med:1", label: "Rimadyl", text: "Rimadyl 50 mg" } }],
    cells: { [`${DAY}|morning|med:1`]: cell },
  });
  const text = docText(chartDoc(chartOf([column], [pet]), chartOptions(DAY)), PLAIN_TEXT);
  // The cell: the given entry struck, then the correction.
  expect(text).toContain("~S 07:40~ A JD 13:05");
  // The notes: both, the first struck.
  expect(text).toContain(
    "Tue 24 Nov morning, Rimadyl: ~given S Tue 24 Nov 2026, 07:40~ corrected by Jane Doe Tue 24 Nov 2026, 13:05: A: asleep as instructed",
  );
  // A cell never corrected has nothing struck.
  expect(chartCell(state, { ...corrected, supersedes: undefined })).not.toHaveProperty("was");
});

it("'Record each…' past a window says its time is for a dose given or refused; the one-tap's stays 'Given at'", () => {
  const seal = createSeal("8f14e45fceea167a5a36dedd4bea2543");
  const m: ModalMeta = { s: 9, b: 5, p: 50, c: "C1", t: "1.2", cur: [["med:1", 1, "given"]], q: 1 };
  const sealed = seal.sign(recordForm.write(m, 3000 - SEAL_LENGTH));
  const pet = {
    bookingId: 5,
    petId: 50,
    name: "Sugar",
    due: [{ item: "med:1", label: "Rimadyl", text: "Rimadyl 50 mg" }],
  } as Parameters<typeof recordModal>[3];
  const when = {
    labels: [],
    recorded: ["Rimadyl"],
    closedAt: `${DAY}T10:00:00.000Z`,
    date: DAY,
    time: "13:05",
    timezone: "Europe/London",
  };
  const sheet = { date: DAY, round: "morning" as const };
  const form = JSON.stringify(
    recordModal(sealed, m, sheet, pet, [], { time: "13:05", timezone: "Europe/London" }, undefined, when),
  );
  expect(form).not.toContain("Given at");
  expect(form).toContain("When given, or offered and refused (the kennel's time, Europe/London)");
  expect(form).toContain("A dose not given keeps no time: its entry says when it was recorded.");
  const oneTap = JSON.stringify(confirmModal(sealed, sheet, pet, undefined, when));
  expect(oneTap).toContain("Given at (the kennel's time, Europe/London)");
});
