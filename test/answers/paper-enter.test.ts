/**
 * A round entered from the chart on paper (issue 50): each cell the record's ordinary dose entry, the
 * time written on the paper kept as when it was given, who entered it and when (never back-dated),
 * and who gave it, as the paper names them, in a `paper` record beside it; the chart's codes as
 * doses not given with their reason; a time after check-out, before arrival, in the future or one
 * the clocks skipped, a dose recorded already: each said at its field, nothing written. Real SQLite.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { recordAudit } from "../../src/answers/audit.ts";
import { owedRound } from "../../src/answers/obligations.ts";
import { enterFromPaper, type PaperCell, paperRound } from "../../src/answers/paper-enter.ts";
import { withPaperMarks } from "../../src/answers/paper-marks.ts";
import { type Sheet, saveSheet } from "../../src/answers/sheets.ts";
import { recordedStay } from "../../src/answers/stay.ts";
import { paperPetModal } from "../../src/blocks/paper-modal.ts";
import { loadConfig } from "../../src/config.ts";
import type { Deps } from "../../src/deps.ts";
import { owedState } from "../../src/domain/obligations.ts";
import { witnessProblem, witnessState } from "../../src/domain/witness.ts";
import { silentLogger } from "../../src/log.ts";
import { paperCellsOf, paperPetDoc, paperPickDoc } from "../../src/present/paper-form.ts";
import { entryDoseWords } from "../../src/present/record.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { lateEntryWords, witnessWords } from "../../src/words/doses.ts";
import { stayRecordLines } from "../../src/words/stay.ts";
import { doseWindow, keepObligation } from "../helpers/obligations.ts";
import { biscuitMorning, bobbyGoneHome } from "../helpers/paper.ts";
import { scratchRecord } from "../helpers/record.ts";

let at = Date.parse("2026-11-24T15:00:00Z");
const clock = { now: () => new Date(at) };
const config = loadConfig({ KENNEL_TIMEZONE: "Europe/London" });
const sam = { userId: "U0SAM", userName: "Sam Lee" };
let stay = { checkInDate: "2026-11-22T10:00:00Z", checkOutDate: "2026-11-26T10:00:00Z" };
const kennel = { getBooking: async () => ({ data: stay }) } as unknown as Deps["kennel"];

const keep = (store: CareRecordStore, date: string) => saveSheet({ record: store }, biscuitMorning(date));

describe("entering a round from the chart on paper", () => {
  let store: CareRecordStore;
  let sheet: Sheet;
  const deps = () => ({ record: store, config, clock, log: silentLogger(), kennel });
  /** One pet's paper cells entered by Sam (the sheet's one pet). */
  const enter = (cells: PaperCell[], key: string, on = sheet) =>
    enterFromPaper(deps(), on, on.pets[0] as Sheet["pets"][number], cells, sam, key);
  /** The same, refused: what each field of the form says (nothing is written). */
  const fieldErrors = async (cells: PaperCell[], key: string, on = sheet) => {
    const result = await enter(cells, key, on);
    expect(result.status).toBe("fields");
    return result.status === "fields" ? result.errors : undefined;
  };

  beforeEach(async () => {
    at = Date.parse("2026-11-24T15:00:00Z");
    stay = { checkInDate: "2026-11-22T10:00:00Z", checkOutDate: "2026-11-26T10:00:00Z" };
    store = scratchRecord(clock);
    sheet = await keep(store, "2026-11-24");
  });

  it("writes ordinary entries with the paper's times and givers, entered by the person now, and every surface's words say so", async () => {
    const result = await enter(
      [
        { item: "med:1", mark: "given", time: "08:05", by: "JD" },
        { item: "med:2", mark: "V", time: "08:10", by: "Jo Dunn", note: "brought it up at 08:20" },
      ],
      "view:V1",
    );
    expect(result.status).toBe("recorded");
    const entries = await withPaperMarks({ record: store }, await store.entries({ date: "2026-11-24" }));
    expect(
      entries.map((e) => [e.item, e.outcome, e.reasonCode, e.givenAt, e.recordedAt, e.userName, e.paper]),
    ).toEqual([
      [
        "med:1",
        "given",
        undefined,
        "2026-11-24T08:05:00.000Z",
        "2026-11-24T15:00:00.000Z",
        "Sam Lee",
        { by: "JD" },
      ],
      [
        "med:2",
        "not_given",
        "vomited",
        "2026-11-24T08:10:00.000Z",
        "2026-11-24T15:00:00.000Z",
        "Sam Lee",
        { by: "Jo Dunn" },
      ],
    ]);
    // V is "vomited", as the paper says: nothing of "within 30 min".
    expect(entries[1]?.reason).toBe("vomited: brought it up at 08:20");
    expect(lateEntryWords(entries[0] as (typeof entries)[number], "Europe/London")).toBe(
      "from the paper chart: given 08:05 by JD, entered 15:00",
    );
    // A dose not given is never said "given": its letter, as the paper marked it.
    expect(lateEntryWords(entries[1] as (typeof entries)[number], "Europe/London")).toBe(
      "from the paper chart: marked V 08:10 by Jo Dunn, entered 15:00",
    );
    // The mark is in the chain beside the entries, and the same form again writes nothing more.
    expect((await store.log({ kind: "paper", date: "2026-11-24" })).length).toBe(1);
    const again = await enter([{ item: "med:1", mark: "given", time: "08:05", by: "JD" }], "view:V1");
    expect(again.status).toBe("duplicate");
    expect((await store.verify()).ok).toBe(true);
  });

  it("R from the paper says its word where the paper's line names the letter: marked R (refused)", async () => {
    await enter([{ item: "med:1", mark: "R", time: "08:05", by: "JD" }], "view:R1");
    const [e] = await withPaperMarks({ record: store }, await store.entries({ date: "2026-11-24" }));
    expect(lateEntryWords(e as NonNullable<typeof e>, "Europe/London")).toBe(
      "from the paper chart: marked R (refused) 08:05 by JD, entered 15:00",
    );
  });

  it("each of the chart's codes is a dose not given with a reason that claims no more than its letter (R a refusal, W withheld)", async () => {
    const codes = [
      ["R", undefined, "refused", "refused", undefined],
      ["V", undefined, "not_given", "vomited", "vomited"],
      // W says nothing of by whom: the code "other", never "withheld on the vet's advice".
      ["W", undefined, "not_given", "other", "withheld (W on the paper chart)"],
      ["W", "owner brought own", "not_given", "other", "withheld: owner brought own"],
      ["N", undefined, "not_given", "none_left", "none left"],
      ["A", undefined, "not_given", "asleep", "asleep as instructed"],
    ] as const;
    for (const [i, [mark, note, outcome, reasonCode, reason]] of codes.entries()) {
      const s = await keep(store, `2026-11-1${i}`);
      at = Date.parse(`2026-11-1${i}T15:00:00Z`);
      stay = { checkInDate: "2026-11-09T10:00:00Z", checkOutDate: "2026-11-26T10:00:00Z" };
      const cell = { item: "med:1", mark, time: "08:00", by: "JD", ...(note ? { note } : {}) } as const;
      const r = await enter([cell], `view:C${i}`, s);
      const e = r.status === "recorded" ? r.entries[0] : undefined;
      expect([e?.outcome, e?.reasonCode, e?.reason]).toEqual([outcome, reasonCode, reason]);
    }
  });

  it("a time after check-out, before arrival, in the future or one that never happened, no giver, or a dose recorded already: each at its field, nothing written", async () => {
    stay = { checkInDate: "2026-11-24T08:00:00Z", checkOutDate: "2026-11-24T09:00:00Z" };
    expect(
      await fieldErrors(
        [
          { item: "med:1", mark: "given", time: "09:30", by: "JD" },
          { item: "med:2", mark: "given", time: "07:45", by: " " },
        ],
        "view:V2",
      ),
    ).toEqual({
      "time:med:1":
        "That is after Biscuit went home (Tue 24 Nov 2026, 09:00, the booking's check-out): check the time on the paper.",
      "by:med:2": "Say who gave it, as the paper names them (initials or a name).",
      "time:med:2":
        "That is before Biscuit arrived (Tue 24 Nov 2026, 08:00, the booking's check-in): check the time on the paper.",
    });
    stay = { checkInDate: "2026-11-22T10:00:00Z", checkOutDate: "2026-11-26T10:00:00Z" };
    expect(await fieldErrors([{ item: "med:1", mark: "given", time: "15:30", by: "JD" }], "view:V3")).toEqual(
      { "time:med:1": "That is later than now (15:00): check the time on the paper." },
    );
    // Tomorrow's round: its 08:00 is earlier on the clock than now, and the words say the days.
    const tomorrow = await keep(store, "2026-11-25");
    expect(
      await fieldErrors([{ item: "med:1", mark: "given", time: "08:00", by: "JD" }], "view:V3b", tomorrow),
    ).toEqual({
      "time:med:1":
        "That is later than now (15:00 today); that round is Wed 25 Nov: check the time on the paper.",
    });
    // 01:30 on the day the clocks go forward never happened.
    const spring = await saveSheet({ record: store }, { ...sheet, date: "2026-03-29", round: "morning" });
    at = Date.parse("2026-03-29T15:00:00Z");
    stay = { checkInDate: "2026-03-20T10:00:00Z", checkOutDate: "2026-04-02T10:00:00Z" };
    expect(
      await fieldErrors([{ item: "med:1", mark: "given", time: "01:30", by: "JD" }], "view:V4", spring),
    ).toEqual({
      "time:med:1": "01:30 did not happen on Sun 29 Mar: the clocks went forward. Say when it was given.",
    });
    expect(await store.entries({})).toEqual([]);
    // A dose recorded already (in Slack, say): said at its field, nothing written, not even the other dose.
    at = Date.parse("2026-11-24T15:00:00Z");
    stay = { checkInDate: "2026-11-22T10:00:00Z", checkOutDate: "2026-11-26T10:00:00Z" };
    await enter([{ item: "med:1", mark: "given", time: "08:05", by: "JD" }], "view:V5");
    expect(
      await fieldErrors(
        [
          { item: "med:2", mark: "given", time: "08:06", by: "JD" },
          { item: "med:1", mark: "given", time: "08:05", by: "JD" },
        ],
        "view:V6",
      ),
    ).toEqual({
      "mark:med:1":
        "Rimadyl is recorded already (given 08:05 by JD, entered by Sam Lee): nothing was written. To correct it, use ✏️ Record each… on that round's post in Slack.",
    });
    expect((await store.entries({ date: "2026-11-24" })).map((e) => e.item)).toEqual(["med:1"]);
    // The meal is not on the chart; an item the round did not ask is said so.
    expect(await fieldErrors([{ item: "meal", mark: "given", time: "08:05", by: "JD" }], "view:V7")).toEqual({
      "mark:meal": "meal is not a dose the morning round asked of Biscuit.",
    });
  });

  it("a phone number or an email address in the giver, the witness or the words beside a dose: refused at its field, nothing written", async () => {
    const note =
      "A phone number can't go into a channel post: write about the pet only; keep owner contact details in the booking system.";
    expect(
      await fieldErrors(
        [
          { item: "med:1", mark: "given", time: "08:05", by: "JD 07700 900456" },
          { item: "med:2", mark: "R", time: "08:06", by: "JD", note: "spat it out, owner +44 7700 900456" },
        ],
        "view:C1",
      ),
    ).toEqual({
      "by:med:1": "A phone number can't go into a channel post: write the initials or the name only.",
      "note:med:2": note,
    });
    expect(await store.entries({})).toEqual([]);
    // Doses, times and rooms beside a dose are no contact: written as before.
    const written = await enter(
      [{ item: "med:1", mark: "given", time: "08:05", by: "JD", note: "half of 50 mg at 08:05, Kennel 19" }],
      "view:C2",
    );
    expect(written.status).toBe("recorded");
  });

  it("a pet the kept round asked a dose of, gone home since and not on the sheet, is entered: its missed dose given from the paper, a time after check-out refused", async () => {
    const day = "2026-11-23";
    const kept = await bobbyGoneHome(store, day);
    const round = await paperRound(deps(), kept.id);
    expect(round.ok && round.pets.map((p) => p.name)).toEqual(["Biscuit", "Bobby"]);
    const bobby = (round.ok ? round.pets : []).find((p) => p.name === "Bobby") as Sheet["pets"][number];
    stay = { checkInDate: "2026-11-21T10:00:00Z", checkOutDate: `${day}T08:30:00Z` };
    const state = async () => {
      const owed = await owedRound({ record: store, config }, day, "morning");
      const pet = owed?.pets.find((p) => p.petId === 88);
      const [entry] = await store.entries({ date: day, petId: 88 });
      return pet?.items[0] && owedState(pet.items[0], pet, entry, new Date(at).toISOString());
    };
    expect(await state()).toEqual({ state: "missed" });
    const after = await enterFromPaper(
      deps(),
      kept,
      bobby,
      [{ item: "med:1", mark: "given", time: "08:45", by: "JD" }],
      sam,
      "view:B1",
    );
    expect(after).toEqual({
      status: "fields",
      errors: {
        "time:med:1":
          "That is after Bobby went home (Mon 23 Nov 2026, 08:30, the booking's check-out): check the time on the paper.",
      },
    });
    const cell: PaperCell = { item: "med:1", mark: "given", time: "07:45", by: "JD" };
    const r = await enterFromPaper(deps(), kept, bobby, [cell], sam, "view:B2");
    expect(r.status).toBe("recorded");
    const [entry] = await withPaperMarks({ record: store }, await store.entries({ date: day, petId: 88 }));
    expect([entry?.petName, entry?.itemText, entry?.givenAt, entry?.paper]).toEqual([
      "Bobby",
      "Caninsulin 6 units, with food",
      `${day}T07:45:00.000Z`,
      { by: "JD" },
    ]);
    expect(await state()).toMatchObject({ state: "recorded", outcome: "given", lateEntry: true });
    expect((await store.verify()).ok).toBe(true);
  });

  describe("a high-alert dose's witness, as the paper names them", () => {
    /** Biscuit's morning with Rimadyl (med:1) a high-alert drug. */
    const keepHighAlert = async () => {
      const body = biscuitMorning("2026-11-24");
      const pet = body.pets[0] as (typeof body.pets)[number];
      pet.due = pet.due.map((d) => (d.item === "med:1" ? { ...d, highAlert: true } : d));
      return saveSheet({ record: store }, body);
    };
    const read = async () =>
      withPaperMarks(
        { record: store },
        (await store.entries({ date: "2026-11-24" })).filter((e) => e.item === "med:1"),
      );
    const tz = "Europe/London";

    it("a witness named on the paper is kept with the paper's mark and said witnessed on the paper, never awaited", async () => {
      const kept = await keepHighAlert();
      const r = await enter(
        [{ item: "med:1", mark: "given", time: "08:05", by: "JD", witness: "TB" }],
        "view:W1",
        kept,
      );
      expect(r.status).toBe("recorded");
      const [e] = await read();
      expect(e?.paper).toEqual({ by: "JD", witness: "TB" });
      const now = new Date(at + 60_000).toISOString();
      const state = witnessState(e as NonNullable<typeof e>, undefined, now);
      expect(state).toEqual({ state: "witnessed", by: "TB", at: "2026-11-24T08:05:00.000Z", onPaper: true });
      expect(witnessWords(state, tz, "2026-11-24")).toBe("witnessed by TB 08:05 on the paper chart");
      // The audit counts it witnessed, as the record says.
      const audit = await recordAudit({ record: store, config, clock }, 1, "here");
      expect(audit.highAlert).toMatchObject({ given: 1, witnessed: 1, awaiting: 0 });
      // No one taps 👀 Witnessed for it later: its witness is the paper's.
      expect(witnessProblem(e as NonNullable<typeof e>, true, { userId: "U0TOM", now })).toBe("not_needed");
    });

    it('none on the paper: "no witness on the paper" in the record, the exports and the stay summary at once, after the pet went home too', async () => {
      const kept = await keepHighAlert();
      const r = await enter([{ item: "med:1", mark: "given", time: "08:05", by: "JD" }], "view:W2", kept);
      expect(r.status).toBe("recorded");
      const [e] = await read();
      const entry = e as NonNullable<typeof e>;
      // A minute after entering (within the 15 a tap would have): no witness awaited.
      at += 60_000;
      const now = new Date(at).toISOString();
      expect(witnessState(entry, undefined, now)).toEqual({ state: "unwitnessed", onPaper: true });
      const exported = entryDoseWords(entry, tz, {
        witnesses: new Map(),
        now,
        highAlert: new Set([entry.id]),
      });
      expect(exported.witness).toBe("no witness on the paper");
      // Two days on, the pet gone home: the stay's summary says it plainly.
      at = Date.parse("2026-11-26T12:00:00Z");
      const { stay } = await recordedStay({ record: store, config, clock }, 7);
      const pet = stay.pets[0] as (typeof stay.pets)[number];
      expect(pet.doses.noPaperWitness).toBe(1);
      const lines = JSON.stringify(stayRecordLines(pet, tz));
      expect(lines).toContain("💉 1 high-alert dose with no witness on the paper");
      expect(lines).toContain("💉 no witness on the paper");
      expect(lines).not.toContain("awaiting");
    });

    it("the Slack form asks a high-alert dose's witness (and no other's), and reads it into the cell", async () => {
      const kept = await keepHighAlert();
      const pet = kept.pets[0] as Sheet["pets"][number];
      const doc = paperPetDoc(kept, pet, new Map(), "Europe/London");
      expect(doc.doses.map((d) => d.fields.witness)).toEqual(["witness:med:1", undefined]);
      const modal = JSON.stringify(paperPetModal(() => "sealed", doc));
      expect(modal).toContain('"block_id":"witness:med:1"');
      expect(modal).not.toContain("witness:med:2");
      const values: Record<string, string> = {
        "mark:med:1": "given",
        "time:med:1": "08:05",
        "by:med:1": "JD",
        "witness:med:1": " TB ",
        "mark:med:2": "given",
        "time:med:2": "08:05",
        "by:med:2": "JD",
      };
      expect(paperCellsOf(pet, (f) => values[f])).toEqual([
        { item: "med:1", mark: "given", time: "08:05", by: "JD", witness: "TB" },
        { item: "med:2", mark: "given", time: "08:05", by: "JD" },
      ]);
    });

    it("a witness alone on the form, no mark: the dose is refused at its mark, never dropped; nothing written", async () => {
      const kept = await keepHighAlert();
      const pet = kept.pets[0] as Sheet["pets"][number];
      const values: Record<string, string> = {
        "witness:med:1": "TB",
        "mark:med:2": "given",
        "time:med:2": "08:05",
        "by:med:2": "JD",
      };
      const cells = paperCellsOf(pet, (f) => values[f]);
      expect(cells[0]).toEqual({
        item: "med:1",
        mark: undefined,
        time: undefined,
        by: undefined,
        witness: "TB",
      });
      expect(await fieldErrors(cells, "view:W0", kept)).toEqual({
        "mark:med:1":
          "A witness is written for Rimadyl, but no mark: choose what the paper marks (given, or R, V, W, N or A), or empty this dose's fields if the paper has nothing for it.",
      });
      expect(await store.entries({ date: "2026-11-24" })).toEqual([]);
    });

    it("the giver as their own witness, or a witness for a dose that needs none: said at the witness's field, nothing written", async () => {
      const kept = await keepHighAlert();
      expect(
        await fieldErrors(
          [
            { item: "med:1", mark: "given", time: "08:05", by: "JD", witness: "jd" },
            { item: "med:2", mark: "given", time: "08:05", by: "JD", witness: "TB" },
          ],
          "view:W3",
          kept,
        ),
      ).toEqual({
        "witness:med:1":
          'The witness is a second, different person: not the one who gave it ("JD" and "jd" read as one person).',
        "witness:med:2": "Apoquel needs no witness (not a high-alert drug): leave the witness empty.",
      });
      expect(
        await fieldErrors(
          [{ item: "med:1", mark: "R", time: "08:05", by: "JD", witness: "TB" }],
          "view:W4",
          kept,
        ),
      ).toEqual({ "witness:med:1": "Rimadyl needs no witness (not given): leave the witness empty." });
      expect(await store.entries({ date: "2026-11-24" })).toEqual([]);
    });

    // The giver's initials as the witness, or the giver written as the witness's initials: the same
    // person, dotted or spaced or not (letters alone count), and the words say what matched.
    it.each([
      ["Jane Doe", "JD", "view:W5"],
      ["JD", "Jane Doe", "view:W6"],
      ["jane doe", "jd", "view:W7"],
      ["Alex", "A", "view:W8"],
      ["Jane Doe", "J.D.", "view:W10"],
      ["Jane Doe", "J.D", "view:W11"],
      ["Jane Doe", "J. D.", "view:W12"],
      ["J.D.", "Jane Doe", "view:W13"],
      ["J.D.", "jd", "view:W14"],
      ["Jane  Doe", "jane doe", "view:W15"],
    ] as const)(
      "%s wit. %s: one person, said at the witness's field, nothing written",
      async (by, witness, key) => {
        const kept = await keepHighAlert();
        expect(
          await fieldErrors([{ item: "med:1", mark: "given", time: "08:05", by, witness }], key, kept),
        ).toEqual({
          "witness:med:1": `The witness is a second, different person: not the one who gave it ("${by}" and "${witness}" read as one person).`,
        });
        expect(await store.entries({ date: "2026-11-24" })).toEqual([]);
      },
    );

    it("a second person with the same initials is a witness all the same (Jane Doe wit. John Day)", async () => {
      const kept = await keepHighAlert();
      const r = await enter(
        [{ item: "med:1", mark: "given", time: "08:05", by: "Jane Doe", witness: "John Day" }],
        "view:W9",
        kept,
      );
      expect(r.status).toBe("recorded");
    });
  });

  it("two pets of one name in the picker are told apart by their room and booking reference as the round kept them, never a contact", async () => {
    const day = "2026-11-24";
    const body = biscuitMorning(day);
    const first = body.pets[0] as (typeof body.pets)[number];
    body.pets.push({ ...first, bookingId: 9, petId: 99 });
    const kept = await saveSheet({ record: store }, body);
    const item = {
      item: "med:1" as const,
      label: "Rimadyl",
      text: "Rimadyl",
      window: doseWindow(day),
      confirmed: true,
    };
    await keepObligation(store, day, [
      { bookingId: 7, petId: 77, name: "Biscuit", room: "Kennel 4", reference: "HP-7K2M9Q", items: [item] },
      { bookingId: 9, petId: 99, name: "Biscuit", room: "Suite A", reference: "HP-DK4Q7M", items: [item] },
    ]);
    const round = await paperRound(deps(), kept.id);
    expect(round.ok).toBe(true);
    const pets = round.ok ? round.pets : [];
    expect(paperPickDoc(kept, pets).pets).toEqual([
      { text: "Biscuit · Kennel 4 · HP-7K2M9Q", value: "7-77" },
      { text: "Biscuit · Suite A · HP-DK4Q7M", value: "9-99" },
    ]);
    // The pet's own form is headed the same way.
    expect(paperPetDoc(kept, pets[1] as (typeof pets)[number], new Map(), "Europe/London").pet).toBe(
      "Biscuit · Suite A · HP-DK4Q7M",
    );
    // A round kept without them (an older record): the booking's id tells them apart.
    expect(paperPickDoc(kept, kept.pets).pets.map((p) => p.text)).toEqual([
      "Biscuit · booking 7",
      "Biscuit · booking 9",
    ]);
    // A name too long for Slack's 75: numbered in the menu, the room and reference kept whole there,
    // and its words whole beside its number above the menu.
    const long = {
      ...(pets[0] as (typeof pets)[number]),
      name: "Sir Reginald Biscuit Wellington-Smythe the Third of Barkshire",
    };
    const [choice] = paperPickDoc(kept, [long]).pets;
    expect([...(choice?.text ?? "")].length).toBeLessThanOrEqual(75);
    expect(choice?.text).toMatch(/^1\. Sir Reginald .+… · Kennel 4 · HP-7K2M9Q$/);
    expect(choice?.whole).toBe(
      "1. Sir Reginald Biscuit Wellington-Smythe the Third of Barkshire · Kennel 4 · HP-7K2M9Q",
    );
  });
});
