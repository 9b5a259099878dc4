/**
 * "✏️ Record each…" for a round of an earlier day (staff filling in yesterday's evening round the
 * next morning), opened and submitted as the record buttons' listeners do (src/listeners/actions/
 * record-tap.ts, record-submit.ts) on a real SQLite record: the time question shows the sheet's day
 * first, a time typed ("19:40") is of that day, never today's, and the confirmation names the day.
 * Today's sheet keeps its own rule: a time later than now is refused.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { checkGiven, timeQuestion } from "../../src/answers/late-entry.ts";
import { enterFromPaper } from "../../src/answers/paper-enter.ts";
import { paperEntered } from "../../src/answers/paper-entered.ts";
import { formClock, recordEach } from "../../src/answers/record-each.ts";
import { tapAsks } from "../../src/answers/record-tap.ts";
import { type Sheet, type SheetPet, saveSheet } from "../../src/answers/sheets.ts";
import type { FormValues } from "../../src/blocks/modal.ts";
import { readSubmission } from "../../src/blocks/record-form.ts";
import { GIVEN_AT, type ModalMeta, recordModal } from "../../src/blocks/record-modal.ts";
import { loadConfig } from "../../src/config.ts";
import type { Deps } from "../../src/deps.ts";
import { keptTimesWords } from "../../src/listeners/tapper-words.ts";
import { silentLogger } from "../../src/log.ts";
import { paperEnteredDoc } from "../../src/present/paper-entered.ts";
import type { CareRecordStore, Entry } from "../../src/record/types.ts";
import { docText } from "../../src/text/doc.ts";
import { biscuitMorning } from "../helpers/paper.ts";
import { scratchRecord } from "../helpers/record.ts";

const YESTERDAY = "2026-12-01";
const TODAY = "2026-12-02";
let at = Date.parse(`${TODAY}T09:00:00Z`);
const clock = { now: () => new Date(at) };
const config = loadConfig({ KENNEL_TIMEZONE: "Europe/London" });
const stay = { checkInDate: "2026-11-30T10:00:00Z", checkOutDate: "2026-12-05T10:00:00Z" };
const kennel = { getBooking: async () => ({ data: stay }) } as unknown as Deps["kennel"];
const sam = { userId: "U0SAM", userName: "Sam Lee" };
const pick = (value: string) => ({ outcome: { selected_option: { value } } });
const deps = () => ({ record: store, config, clock, log: silentLogger(), kennel });
let store: CareRecordStore;

/** Biscuit's evening round of `date` (18:00: Rimadyl's window closes at 20:00), kept. */
const evening = async (date: string): Promise<{ sheet: Sheet; pet: SheetPet }> => {
  const sheet = await saveSheet(
    { record: store },
    { ...biscuitMorning(date, ["Rimadyl 50 mg", "Apoquel 16 mg"]), round: "evening" },
  );
  return { sheet, pet: sheet.pets[0] as SheetPet };
};

/** The form Sam's "✏️ Record each…" opens now: its metadata and the day its time question shows first. */
async function openForm(sheet: Sheet, pet: SheetPet) {
  const day = sheet.date === TODAY ? "today" : "earlier";
  const asks = await tapAsks(deps(), { sheet, pet, day }, "each");
  const when = timeQuestion(deps(), sheet, asks.closed);
  const meta: ModalMeta = {
    s: sheet.id,
    b: pet.bookingId,
    p: pet.petId,
    c: "C1",
    t: "1.1",
    cur: asks.current,
    ...(when ? { q: 1 as const } : {}),
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
  const shown = /"block_id":"given_on".*?"initial_date":"([\d-]+)"/.exec(JSON.stringify(view))?.[1];
  return { meta, shown };
}

/** The form submitted: the errors at its fields, or the entries written. */
async function submit(sheet: Sheet, pet: SheetPet, meta: ModalMeta, values: FormValues, key: string) {
  const sub = readSubmission(meta, pet, values);
  if (!sub.ok) return { errors: sub.errors };
  const checked = await checkGiven(deps(), sheet, pet, sub.given, sub.choices);
  if (!checked.ok) return { errors: { [GIVEN_AT]: checked.error } };
  const writes = sub.choices.map((c) => ({ ...c, givenAt: checked.givenAt.get(c.item) }));
  const done = await recordEach(deps(), sheet, pet, { writes, ifNeeded: sub.ifNeeded }, sam, key);
  if (done.status === "fields") return { errors: done.errors };
  return { written: done.result?.status === "recorded" ? done.result.entries : [] };
}

const time = (t: string, date?: string): FormValues => ({
  ...(date ? { given_on: { date: { selected_date: date } } } : {}),
  given_at: { time: { selected_time: t } },
});

beforeEach(() => {
  at = Date.parse(`${TODAY}T09:00:00Z`);
  store = scratchRecord(clock);
});

describe("Record each… on an earlier day's sheet", () => {
  it("shows the sheet's day first, and a time typed with it is that day's: refused at 19:40 yesterday, never 'later than now'", async () => {
    const { sheet, pet } = await evening(YESTERDAY);
    const { meta, shown } = await openForm(sheet, pet);
    expect(meta.q).toBe(1);
    expect(shown).toBe(YESTERDAY);
    const done = await submit(
      sheet,
      pet,
      meta,
      { "it:med:1": pick("refused"), ...time("19:40", shown) },
      "view:1",
    );
    expect(done).toMatchObject({
      written: [{ item: "med:1", outcome: "refused", givenAt: `${YESTERDAY}T19:40:00.000Z` }],
    });
  });

  it("a time typed with the day left empty is of the sheet's day too (a dose given at 18:10)", async () => {
    const { sheet, pet } = await evening(YESTERDAY);
    const { meta } = await openForm(sheet, pet);
    const done = await submit(sheet, pet, meta, { "it:med:2": pick("given"), ...time("18:10") }, "view:2");
    expect(done).toMatchObject({
      written: [{ item: "med:2", outcome: "given", givenAt: `${YESTERDAY}T18:10:00.000Z` }],
    });
  });

  it("the confirmation names the day when it is not today; today's time alone", async () => {
    const { sheet, pet } = await evening(YESTERDAY);
    const { meta, shown } = await openForm(sheet, pet);
    const done = await submit(
      sheet,
      pet,
      meta,
      { "it:med:1": pick("refused"), ...time("19:40", shown) },
      "view:3",
    );
    const entries = (done as { written: Entry[] }).written;
    const o = { timezone: config.timezone, now: clock.now() };
    expect(keptTimesWords(sheet, pet, entries, o)).toBe(
      "✅ Rimadyl 50 mg recorded refused at 19:40 on Tue 1 Dec (Biscuit's evening round, Tue 1 Dec): a late entry, with both times.",
    );
    const today = entries.map((e) => ({ ...e, givenAt: `${TODAY}T08:10:00.000Z` }));
    expect(keptTimesWords(sheet, pet, today, o)).toBe(
      "✅ Rimadyl 50 mg recorded refused at 08:10 (Biscuit's evening round, Tue 1 Dec): a late entry, with both times.",
    );
    // A dose no round asked (a line recorded only if given: not among the pet's due) had no window:
    // never called a late entry, alone or beside one that is.
    const unasked = today.map((e) => ({ ...e, item: "med:5" as const, itemText: "Vetoryl 30mg" }));
    expect(keptTimesWords(sheet, pet, unasked, o)).toBe(
      "✅ Vetoryl 30mg recorded refused at 08:10 (Biscuit's evening round, Tue 1 Dec): not asked by the round, with both times.",
    );
    expect(keptTimesWords(sheet, pet, [...today, ...unasked], o)).toMatch(
      /: a late entry and one not asked by the round, with both times\.$/,
    );
  });
});

describe("Record each… on today's sheet keeps its rule", () => {
  it("shows today first, and a time later than now is refused as later than now", async () => {
    at = Date.parse(`${TODAY}T21:00:00Z`);
    const { sheet, pet } = await evening(TODAY);
    const { meta, shown } = await openForm(sheet, pet);
    expect(shown).toBe(TODAY);
    const later = await submit(
      sheet,
      pet,
      meta,
      { "it:med:1": pick("refused"), ...time("22:40", shown) },
      "view:4",
    );
    expect(later).toEqual({
      errors: { [GIVEN_AT]: "That is later than now (21:00): say when it was offered." },
    });
    const empty = await submit(sheet, pet, meta, { "it:med:1": pick("refused"), ...time("22:40") }, "view:5");
    expect(empty).toEqual(later);
    const done = await submit(
      sheet,
      pet,
      meta,
      { "it:med:1": pick("refused"), ...time("20:30", shown) },
      "view:6",
    );
    expect(done).toMatchObject({ written: [{ givenAt: `${TODAY}T20:30:00.000Z` }] });
  });
});

describe("the paper entry (📄 Enter from paper…, kennel-desk record enter) on an earlier day's sheet", () => {
  it("reads the paper's time on the round's day, and what it says back names that day", async () => {
    const { sheet, pet } = await evening(YESTERDAY);
    const done = await enterFromPaper(
      deps(),
      sheet,
      pet,
      [
        { item: "med:1", mark: "R", time: "19:40", by: "JD" },
        { item: "med:2", mark: "given", time: "18:10", by: "JD" },
      ],
      sam,
      "cli:paper:1",
    );
    expect(done.status).toBe("recorded");
    const written = (done as { entries: Entry[] }).entries;
    expect(written.map((e) => e.givenAt).sort()).toEqual([
      `${YESTERDAY}T18:10:00.000Z`,
      `${YESTERDAY}T19:40:00.000Z`,
    ]);
    const said = docText(
      paperEnteredDoc(await paperEntered(deps(), sheet, pet, written, "Sam Lee", undefined), config.timezone),
      { color: false, timezone: config.timezone, thisYear: "2026" },
    );
    expect(said).toContain("marked R (refused) Tue 1 Dec 19:40 by JD, entered Wed 2 Dec 09:00");
    expect(said).toContain("given Tue 1 Dec 18:10 by JD, entered Wed 2 Dec 09:00");
  });
});
