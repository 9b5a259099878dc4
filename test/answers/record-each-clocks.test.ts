/**
 * "✏️ Record each…"'s dose given if needed on the day the clocks go back (issue 46, item 10): the
 * form asks, beside its time, which of the hour that came twice it was; a time in that hour with no
 * answer is asked at that question, nothing written; the one chosen is the one kept. On other days
 * the question is not asked.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prnDoses } from "../../src/answers/prn.ts";
import { formClock, recordEach } from "../../src/answers/record-each.ts";
import { type Sheet, type SheetPet, saveSheet } from "../../src/answers/sheets.ts";
import { readSubmission } from "../../src/blocks/record-form.ts";
import { recordModal } from "../../src/blocks/record-modal.ts";
import { loadConfig } from "../../src/config.ts";
import { silentLogger } from "../../src/log.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { scratchRecord } from "../helpers/record.ts";

// 03:00 GMT on Sun 25 Oct 2026, after the hour that came twice in London (01:00–01:59).
let at = Date.parse("2026-10-25T03:00:00Z");
const clock = { now: () => new Date(at) };
const config = loadConfig({ KENNEL_TIMEZONE: "Europe/London" });
const jane = { userId: "U0JANE", userName: "Jane" };
const meta = (sheet: Sheet) => ({ s: sheet.id, b: 5, p: 50, c: "C1", t: "1.1", cur: [] });

let store: CareRecordStore;
let sheet: Sheet;
const deps = () => ({ record: store, config, clock, log: silentLogger() });
const pet = () => sheet.pets[0] as SheetPet;

beforeAll(async () => {
  store = scratchRecord(clock);
  sheet = await saveSheet(
    { record: store },
    {
      v: 1,
      date: "2026-10-25",
      round: "morning",
      fallback: "Morning round",
      messages: [{ parts: [] }],
      pets: [
        {
          bookingId: 5,
          petId: 50,
          name: "Itchy",
          due: [],
          ifNeeded: [
            { item: "med:1", label: "Piriton 4mg", text: "Piriton 4mg if scratching", unconfirmed: true },
          ],
          oneTap: false,
          message: 0,
        },
      ],
    },
  );
});
afterAll(async () => {
  await store.close();
});

/** The form's answer for the dose: given at `time`, of the hour that came twice `which` when said. */
const given = (time: string, which?: string) =>
  readSubmission(meta(sheet), pet(), {
    "it:med:1": { outcome: { selected_option: { value: "given" } } },
    "why:med:1": { reason: { value: "scratching" } },
    "at:med:1": { time: { selected_time: time } },
    "wh:med:1": { which: { selected_option: which ? { value: which } : null } },
  } as never);

/** That answer submitted from the form `view`. */
async function submitted(time: string, view: string, which?: string) {
  const answer = given(time, which);
  if (!answer.ok) throw new Error(JSON.stringify(answer.errors));
  return recordEach(deps(), sheet, pet(), { writes: [], ifNeeded: answer.ifNeeded }, jane, view);
}

describe("a dose given if needed on the day the clocks go back (Sun 25 Oct)", () => {
  it("the form asks which of the hour that came twice, beside the dose's time", () => {
    const view = JSON.stringify(
      recordModal("sealed", meta(sheet), sheet, pet(), [], formClock(deps(), sheet)),
    );
    expect(view).toContain('"block_id":"wh:med:1"');
    expect(view).toContain(
      "If it was between 01:00 and 01:59 on Sun 25 Oct (the clocks went back: that hour came twice), which time?",
    );
    expect(view).toContain("The second (after the clocks went back)");
  });

  it("01:30 with no answer is asked at that question, nothing written; the one chosen is kept", async () => {
    const asked = await submitted("01:30", "view:W1");
    expect(asked).toEqual({
      status: "fields",
      errors: { "wh:med:1": "01:30 happened twice on Sun 25 Oct: the clocks went back. Which one?" },
    });
    expect(await prnDoses({ record: store, clock }, { bookingId: 5, petId: 50 })).toEqual([]);

    const kept = await submitted("01:30", "view:W2", "first");
    expect(kept.status).toBe("done");
    const [dose] = await prnDoses({ record: store, clock }, { bookingId: 5, petId: 50 });
    // The first 01:30: still summer time (BST), 00:30 UTC.
    expect(dose?.givenAt).toBe("2026-10-25T00:30:00.000Z");
  });

  it("on another day the question is not asked", () => {
    at = Date.parse("2026-10-26T09:00:00Z");
    const next = { ...sheet, date: "2026-10-26" };
    const view = JSON.stringify(recordModal("sealed", meta(sheet), next, pet(), [], formClock(deps(), next)));
    expect(view).not.toContain("wh:med:1");
    expect(view).toContain('"block_id":"at:med:1"');
    at = Date.parse("2026-10-25T03:00:00Z");
  });
});
