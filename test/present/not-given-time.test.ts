/**
 * A dose corrected to "not given" after its window closed keeps no time of its own: every surface
 * says when it was recorded and by whom, never as when it happened, and never as a late entry;
 * "Record each…" asks a time only for a dose given or refused, with none shown first; and a reason's
 * bound is the record's, said at the field.
 */
import { expect, it } from "vitest";
import type { ChartColumn } from "../../src/answers/chart.ts";
import { itemBlocks } from "../../src/blocks/record-items.ts";
import { type ModalMeta, recordForm, recordModal } from "../../src/blocks/record-modal.ts";
import { chartCell } from "../../src/domain/chart.ts";
import { DEFAULT_DOSE_SETTINGS, doseState, doseWindow } from "../../src/domain/doses.ts";
import { chartDoc } from "../../src/present/chart.ts";
import { lineText } from "../../src/present/doc.ts";
import { entryLine } from "../../src/present/record.ts";
import { recordFormItems } from "../../src/present/record-form.ts";
import { type Entry, REASON_MAX } from "../../src/record/types.ts";
import { createSeal, SEAL_LENGTH } from "../../src/slack/seal.ts";
import { docText } from "../../src/text/doc.ts";
import { chartOf, chartOptions, chartPet, PLAIN_TEXT } from "../helpers/chart.ts";

const DAY = "2026-12-02";
const TZ = "Europe/London";
const TIMES = { morning: "08:00", midday: "12:00", evening: "18:00" };
const window = doseWindow({}, DAY, "morning", TIMES, TZ, DEFAULT_DOSE_SETTINGS);
const notGiven = {
  id: 2,
  date: DAY,
  item: "med:1",
  itemText: "Rimadyl 50 mg",
  outcome: "not_given",
  reasonCode: "asleep",
  reason: "asleep as instructed",
  userName: "Jane",
  recordedAt: `${DAY}T13:01:00.000Z`,
  supersedes: 1,
} as Entry;

it("is no late entry, and its one time is when it was recorded", () => {
  const s = doseState(window, `${DAY}T13:02:00.000Z`, notGiven);
  expect(s).toMatchObject({ state: "recorded", lateEntry: false, untimed: true });
  // A dose refused or given after the window closed is still one; so is a paper mark with its time.
  expect(doseState(window, DAY, { ...notGiven, outcome: "refused" })).toMatchObject({ lateEntry: true });
  expect(doseState(window, DAY, { ...notGiven, givenAt: `${DAY}T08:10:00.000Z` })).toMatchObject({
    lateEntry: true,
  });
});

it("reads 'not given (recorded 13:01 by Jane): …' on the record's line", () => {
  expect(lineText(entryLine(notGiven, TZ))).toBe(
    "⚠️ Rimadyl 50 mg not given (recorded 13:01 by Jane): asleep as instructed",
  );
});

it("is no late entry on the chart: its cell and its note say when it was recorded", () => {
  const cell = chartCell(doseState(window, DAY, notGiven), notGiven, undefined, true);
  const column: ChartColumn = { date: DAY, round: "morning", kept: true };
  const pet = chartPet(99, {
    name: "Sugar",
    rows: [{ item: "med:1", due: { item: "med:1", label: "Rimadyl", text: "Rimadyl 50 mg" } }],
    cells: { [`${DAY}|morning|med:1`]: cell },
  });
  const text = docText(chartDoc(chartOf([column], [pet]), chartOptions(DAY)), PLAIN_TEXT);
  expect(text).not.toContain("late entry");
  expect(text).toContain("A J rec. 13:01");
  expect(text).toContain(`"rec." and a time: not given, recorded at that time`);
  expect(text).toContain("A: asleep as instructed · recorded Wed 2 Dec 2026, 13:01 by J");
});

it("'Record each…' changing a dose past its window shows no time first, and its head asks it only of given or refused", () => {
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
    closedAt: window.closesAt,
    date: DAY,
    time: "13:01",
    timezone: TZ,
  };
  const form = JSON.stringify(
    recordModal(
      sealed,
      m,
      { date: DAY, round: "morning" },
      pet,
      [],
      { time: "13:01", timezone: TZ },
      undefined,
      when,
    ),
  );
  expect(form).not.toContain('"initial_time":"13:01"');
  expect(form).not.toContain("Changed here, say when it was given");
  expect(form).toContain("Changed here to given or refused, say when it was given or offered");
  expect(form).toContain("A dose not given keeps no time");
});

it("bounds a reason by the record's, said at the field, the same as 💊 Give if needed…", () => {
  const [item] = recordFormItems(
    { due: [], ifNeeded: [{ item: "med:2", label: "Apoquel", text: "Apoquel 16 mg if scratching" }] },
    new Map(),
  );
  if (!item) throw new Error("no item");
  const blocks = JSON.stringify(itemBlocks(item, { time: "13:01", timezone: TZ }));
  expect(REASON_MAX).toBe(500);
  expect(blocks).toContain(`"max_length":${REASON_MAX}`);
  expect(blocks).toContain(`At most ${REASON_MAX} characters.`);
});
