/**
 * A note-only correction of a dose entered late keeps its time (a fresh try: Otis's Metacam given
 * 08:05, recorded later; a note added on "✏️ Record each…" was refused "Say when it was given: the
 * day and the time." with the time field empty). The form opens with the recorded time and day shown
 * first when every dose it asks is recorded given at that time; a dose not recorded yet shows none.
 */
import { beforeEach, expect, it } from "vitest";
import { checkGiven } from "../../src/answers/late-entry.ts";
import { recordEach } from "../../src/answers/record-each.ts";
import { type Sheet, type SheetPet, saveSheet } from "../../src/answers/sheets.ts";
import type { FormValues } from "../../src/blocks/modal.ts";
import { readSubmission } from "../../src/blocks/record-form.ts";
import type { ModalMeta } from "../../src/blocks/record-modal.ts";
import { loadConfig } from "../../src/config.ts";
import type { Deps } from "../../src/deps.ts";
import { silentLogger } from "../../src/log.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { biscuitMorning } from "../helpers/paper.ts";
import { scratchRecord } from "../helpers/record.ts";
import { recordEachForm } from "../helpers/record-each-form.ts";

const DAY = "2026-12-03";
const clock = { now: () => new Date(`${DAY}T13:00:00Z`) };
const config = loadConfig({ KENNEL_TIMEZONE: "Europe/London" });
const stay = { checkInDate: "2026-12-01T10:00:00Z", checkOutDate: "2026-12-05T10:00:00Z" };
const kennel = { getBooking: async () => ({ data: stay }) } as unknown as Deps["kennel"];
const jane = { userId: "U0JANE", userName: "Jane" };
const pick = (value: string) => ({ outcome: { selected_option: { value } } });
let store: CareRecordStore;
const deps = () => ({ record: store, config, clock, log: silentLogger(), kennel });

/** The form submitted as Slack sends it: the entries written, or the time's refusal. */
async function submit(sheet: Sheet, pet: SheetPet, meta: ModalMeta, values: FormValues, key: string) {
  const sub = readSubmission(meta, pet, values);
  if (!sub.ok) throw new Error(JSON.stringify(sub.errors));
  const checked = await checkGiven(deps(), sheet, pet, sub.given, sub.choices);
  if (!checked.ok) return checked.error;
  const cur = new Map(meta.cur.map(([item, id]) => [item, id]));
  const writes = sub.choices.map((c) => ({
    ...c,
    givenAt: checked.givenAt.get(c.item),
    supersedes: cur.get(c.item),
  }));
  const done = await recordEach(deps(), sheet, pet, { writes, ifNeeded: sub.ifNeeded }, jane, key);
  if (done.status === "fields" || done.result?.status !== "recorded") throw new Error(JSON.stringify(done));
  return done.result.entries;
}

/** The time question's fields as the form draws them. */
function timeFields(view: { blocks: unknown[] }) {
  const find = (id: string) =>
    (view.blocks as { block_id?: string; element?: Record<string, unknown>; hint?: { text: string } }[]).find(
      (b) => b.block_id === id,
    );
  return { on: find("given_on"), at: find("given_at") };
}

beforeEach(() => {
  store = scratchRecord(clock);
});

it("opens a recorded late dose's form with its given day and time, so a note alone is recorded and keeps 08:05", async () => {
  const sheet = await saveSheet({ record: store }, biscuitMorning(DAY, ["Metacam 1.5 mg", "Apoquel 16 mg"]));
  const pet = sheet.pets[0] as SheetPet;
  const first = await recordEachForm(deps(), sheet, pet);
  // Nothing recorded: no time shown first (a dose not given keeps none).
  expect(timeFields(first.view).at?.element).not.toHaveProperty("initial_time");
  const given = await submit(
    sheet,
    pet,
    first.meta,
    {
      "it:med:1": pick("given"),
      "it:med:2": pick("given"),
      "it:meal": pick("ate_all"),
      given_at: { time: { selected_time: "08:05" } },
    },
    "view:1",
  );
  expect(given).toMatchObject([
    { item: "med:1", givenAt: `${DAY}T08:05:00.000Z` },
    { item: "med:2", givenAt: `${DAY}T08:05:00.000Z` },
    { item: "meal" },
  ]);
  const again = await recordEachForm(deps(), sheet, pet);
  const { on, at } = timeFields(again.view);
  expect(at?.element).toMatchObject({ initial_time: "08:05" });
  expect(on?.element).toMatchObject({ initial_date: DAY });
  expect(at?.hint?.text).toContain("The time recorded is shown");
  // Slack sends back what the form showed: the note alone is recorded, at the time kept.
  const noted = await submit(
    sheet,
    pet,
    again.meta,
    {
      "it:med:1": pick("given"),
      "note:med:1": { note: { value: "entered late from the paper sheet" } },
      given_on: { date: { selected_date: DAY } },
      given_at: { time: { selected_time: "08:05" } },
    },
    "view:2",
  );
  expect(noted).toMatchObject([
    {
      item: "med:1",
      outcome: "given",
      givenAt: `${DAY}T08:05:00.000Z`,
      note: "entered late from the paper sheet",
      supersedes: expect.any(Number),
    },
  ]);
});

it("shows no time first while a dose the form asks is not recorded yet", async () => {
  const sheet = await saveSheet({ record: store }, biscuitMorning(DAY, ["Metacam 1.5 mg", "Apoquel 16 mg"]));
  const pet = sheet.pets[0] as SheetPet;
  const first = await recordEachForm(deps(), sheet, pet);
  await submit(
    sheet,
    pet,
    first.meta,
    { "it:med:1": pick("given"), given_at: { time: { selected_time: "08:05" } } },
    "view:1",
  );
  const again = await recordEachForm(deps(), sheet, pet);
  expect(timeFields(again.view).at?.element).not.toHaveProperty("initial_time");
});
