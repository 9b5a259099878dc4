/**
 * "✏️ Record each…" is labelled for what it does, and every correction it commits is confirmed to
 * the one who submitted it (a fresh try found the button "Record late" on a change to "not given",
 * which is no late entry, and no word back for that change while one to given was confirmed): on a
 * real SQLite record, Biscuit's morning past its windows, Rimadyl given late at 08:10, then corrected
 * to not given ("other", with its words).
 */
import { beforeEach, expect, it } from "vitest";
import { checkGiven, timeQuestion } from "../../src/answers/late-entry.ts";
import { formClock, recordEach } from "../../src/answers/record-each.ts";
import { tapAsks } from "../../src/answers/record-tap.ts";
import { type Sheet, type SheetPet, saveSheet } from "../../src/answers/sheets.ts";
import type { FormValues } from "../../src/blocks/modal.ts";
import { readSubmission } from "../../src/blocks/record-form.ts";
import { type ModalMeta, recordModal } from "../../src/blocks/record-modal.ts";
import { loadConfig } from "../../src/config.ts";
import type { Deps } from "../../src/deps.ts";
import { correctedWords, keptTimesWords } from "../../src/listeners/tapper-words.ts";
import { silentLogger } from "../../src/log.ts";
import type { CareRecordStore, Entry } from "../../src/record/types.ts";
import { biscuitMorning } from "../helpers/paper.ts";
import { scratchRecord } from "../helpers/record.ts";

const DAY = "2026-12-03";
const clock = { now: () => new Date(`${DAY}T13:00:00Z`) };
const config = loadConfig({ KENNEL_TIMEZONE: "Europe/London" });
const stay = { checkInDate: "2026-12-01T10:00:00Z", checkOutDate: "2026-12-05T10:00:00Z" };
const kennel = { getBooking: async () => ({ data: stay }) } as unknown as Deps["kennel"];
const jane = { userId: "U0JANE", userName: "Jane <@U0BOSS>" };
const pick = (value: string) => ({ outcome: { selected_option: { value } } });
let store: CareRecordStore;
const deps = () => ({ record: store, config, clock, log: silentLogger(), kennel });

/** The form "✏️ Record each…" opens now: its metadata and its button's words. */
async function openForm(sheet: Sheet, pet: SheetPet) {
  const asks = await tapAsks(deps(), { sheet, pet, day: "today" }, "each");
  const when = timeQuestion(deps(), sheet, asks.closed);
  const meta: ModalMeta = {
    s: sheet.id,
    b: pet.bookingId,
    p: pet.petId,
    c: "C1",
    t: "1.1",
    cur: asks.current,
    ...(when ? { q: 1 as const } : {}),
    ...(when?.kept ? { k: `${when.kept.date} ${when.kept.time}` } : {}),
  };
  const view = recordModal(
    "sealed",
    meta,
    sheet,
    pet,
    asks.entries,
    formClock(deps(), sheet),
    asks.ask,
    when,
  );
  const giver = (view.blocks as Array<{ block_id?: string; hint?: { text: string } }>).find(
    (b) => b.block_id === "given_by",
  );
  return { meta, submit: view.submit.text, giverHint: giver?.hint?.text };
}

/** The form submitted: the entries written. */
async function submit(sheet: Sheet, pet: SheetPet, meta: ModalMeta, values: FormValues, key: string) {
  const sub = readSubmission(meta, pet, values);
  if (!sub.ok) throw new Error(JSON.stringify(sub.errors));
  const checked = await checkGiven(deps(), sheet, pet, sub.given, sub.choices);
  if (!checked.ok) throw new Error(checked.error);
  // A changed item supersedes its current entry, as the submission's listener writes it.
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

beforeEach(() => {
  store = scratchRecord(clock);
});

it("says 'Record' where it may record late or not given, 'Record correction' where every item is recorded; each correction confirmed", async () => {
  const sheet = await saveSheet({ record: store }, biscuitMorning(DAY, ["Rimadyl 50 mg", "Apoquel 16 mg"]));
  const pet = sheet.pets[0] as SheetPet;
  const first = await openForm(sheet, pet);
  // Past the windows, nothing recorded: never "Record late" (a dose not given keeps no time).
  expect(first.submit).toBe("Record");
  const given = await submit(
    sheet,
    pet,
    first.meta,
    {
      "it:med:1": pick("given"),
      "it:med:2": pick("given"),
      "it:meal": pick("ate_all"),
      given_at: { time: { selected_time: "08:10" } },
    },
    "view:1",
  );
  const o = { timezone: config.timezone, now: clock.now() };
  expect(keptTimesWords(sheet, pet, given, o)).toContain("recorded given at 08:10");
  // A first entry is no correction.
  expect(correctedWords(sheet, pet, given, config.timezone)).toBeUndefined();
  const again = await openForm(sheet, pet);
  expect(again.submit).toBe("Record correction");
  const fixed: Entry[] = await submit(
    sheet,
    pet,
    again.meta,
    {
      "it:med:1": pick("not_given"),
      "code:med:1": { code: { selected_option: { value: "other" } } },
      "why:med:1": { reason: { value: "recorded on the wrong pet" } },
    },
    "view:2",
  );
  expect(fixed).toMatchObject([{ item: "med:1", outcome: "not_given", supersedes: expect.any(Number) }]);
  // Nothing timed: keptTimesWords says nothing; the correction is confirmed all the same, as the
  // record words it (never "not given 13:00"), names escaped.
  expect(keptTimesWords(sheet, pet, fixed, o)).toBeUndefined();
  expect(correctedWords(sheet, pet, fixed, config.timezone)).toBe(
    "✅ Corrected, Biscuit's morning round, Thu 3 Dec: Rimadyl 50 mg not given (recorded 13:00 by Jane &lt;@U0BOSS&gt;). The entry it replaces is kept, struck through.",
  );
});

it("corrects the time alone: the form shows the recorded doses' time first, and a time changed there is a correction of it", async () => {
  const sheet = await saveSheet({ record: store }, biscuitMorning(DAY, ["Rimadyl 50 mg", "Apoquel 16 mg"]));
  const pet = sheet.pets[0] as SheetPet;
  const first = await openForm(sheet, pet);
  const given = await submit(
    sheet,
    pet,
    first.meta,
    {
      "it:med:1": pick("given"),
      "it:med:2": pick("given"),
      "it:meal": pick("ate_all"),
      given_at: { time: { selected_time: "08:10" } },
    },
    "view:1",
  );
  expect(first.giverHint).not.toContain("Left empty");
  const again = await openForm(sheet, pet);
  expect(again.meta.k).toBe(`${DAY} 08:10`);
  // Left empty, the correction keeps who gave the doses: said, so an empty field is not read as "I gave it".
  expect(again.giverHint).toContain("Left empty, a dose recorded already keeps who gave it: Jane <@U0BOSS>.");
  // Submitted as it opened: nothing changed, nothing written.
  const same = readSubmission(again.meta, pet, { given_at: { time: { selected_time: "08:10" } } });
  expect(same).toMatchObject({ ok: false, errors: { "it:med:1": "Nothing changed: choose what happened." } });
  // The time alone changed (the hint says: change it if it was wrong): both doses corrected to it.
  const fixed = await submit(
    sheet,
    pet,
    again.meta,
    { given_at: { time: { selected_time: "08:15" } } },
    "view:2",
  );
  const byItem = new Map(given.map((e) => [e.item, e.id]));
  expect(fixed.map((e) => [e.item, e.outcome, e.givenAt, e.supersedes])).toEqual([
    ["med:1", "given", `${DAY}T08:15:00.000Z`, byItem.get("med:1")],
    ["med:2", "given", `${DAY}T08:15:00.000Z`, byItem.get("med:2")],
  ]);
  // Said to who submitted it as a correction, never as a first late entry.
  expect(keptTimesWords(sheet, pet, fixed, { timezone: config.timezone, now: clock.now() })).toBe(
    "✅ Rimadyl 50 mg corrected to given at 08:15; Apoquel 16 mg corrected to given at 08:15 (Biscuit's morning round, Thu 3 Dec): late entries, with both times. The entries they replace are kept, struck through.",
  );
});
