/**
 * A dose no round asked is never late (a dose a sheet prints can always be recorded there): Pickle's
 * Vetoryl, morning only by her confirmed plan, is printed whole on the midday sheet and recorded there
 * if it was given then ("not due this round by its confirmed plan"). Opened after the midday window,
 * ✏️ Record each… still asks when it was given (the time is needed), plainly: never that its window
 * closed, never "Record late", never "kept as a late entry"; recorded, no "⏰ given late" beside it. A
 * dose due at the round and past its window on the same form is asked as late, as before.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { recordDay } from "../../src/answers/care-record.ts";
import { checkGiven } from "../../src/answers/late-entry.ts";
import { recordEach } from "../../src/answers/record-each.ts";
import { petStatus } from "../../src/answers/record-round.ts";
import { type Sheet, type SheetPet, saveSheet } from "../../src/answers/sheets.ts";
import type { FormValues } from "../../src/blocks/modal.ts";
import { readSubmission } from "../../src/blocks/record-form.ts";
import { GIVEN_AT } from "../../src/blocks/record-modal.ts";
import { loadConfig } from "../../src/config.ts";
import type { Deps } from "../../src/deps.ts";
import type { Round } from "../../src/domain/care.ts";
import { petCare } from "../../src/domain/day.ts";
import { draftPlan } from "../../src/domain/plan/draft.ts";
import { planRound } from "../../src/domain/plan/round.ts";
import { sheetPetOf } from "../../src/domain/round-sheet.ts";
import { DEFAULT_ROUND_TIMES } from "../../src/domain/round-times.ts";
import { roundSheet } from "../../src/domain/rounds.ts";
import type { Booking, Pet } from "../../src/kennel/schemas.ts";
import { silentLogger } from "../../src/log.ts";
import { lineText } from "../../src/present/doc.ts";
import { petRecordLines } from "../../src/present/record.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { recordDayText } from "../../src/text/record.ts";
import { confirmedByTwo } from "../helpers/not-asked.ts";
import { stayContext } from "../helpers/reader.ts";
import { scratchRecord } from "../helpers/record.ts";
import { recordEachForm } from "../helpers/record-each-form.ts";

// Sat 28 Nov to Thu 10 Dec 2026; the midday round of Wed 2 Dec (a Vetoryl day), at 12:00.
const ARRIVAL = "2026-11-28T10:00:00Z";
const DEPARTURE = "2026-12-10T17:00:00Z";
const DATE = "2026-12-02";
const VETORYL = "Vetoryl 30mg 1 cap Mon/Wed/Fri AM with food";
const context = stayContext(ARRIVAL, DEPARTURE, { timeZone: "UTC" });
const stayTimes = {
  arrival: ARRIVAL,
  departure: DEPARTURE,
  timeZone: "UTC",
  roundTimes: DEFAULT_ROUND_TIMES,
};
let at = Date.parse(`${DATE}T16:30:00Z`);
const clock = { now: () => new Date(at) };
const config = loadConfig({ KENNEL_TIMEZONE: "UTC" });
const booking = { data: { checkInDate: ARRIVAL, checkOutDate: DEPARTURE } };
const kennel = { getBooking: async () => booking } as unknown as Deps["kennel"];
const sam = { userId: "U0SAM", userName: "Sam Lee" };
const pick = (value: string) => ({ outcome: { selected_option: { value } } });
let store: CareRecordStore;
const deps = () => ({ record: store, config, clock, log: silentLogger(), kennel });

/** Pickle's midday round on her confirmed plan, kept as the post keeps it. */
async function pickleMidday(
  care: Record<string, string>,
  round: Round = "midday",
  date = DATE,
): Promise<{ sheet: Sheet; pet: SheetPet }> {
  const pc = petCare({ petId: 71, name: "Pickle", dietaryRequirements: "Kibble 100 g", ...care } as Pet);
  const sheet = roundSheet(pc.care, round, DEFAULT_ROUND_TIMES[round], undefined, date);
  const r = planRound(
    confirmedByTwo(draftPlan(pc.pet, context), "2026-11-28T09:00:00Z"),
    sheet,
    date,
    round,
    stayTimes,
  );
  const b = { bookingId: 8, roomName: "Kennel 30", numberOfPets: 1, checkInDate: ARRIVAL };
  const p = { booking: b as unknown as Booking, pet: pc, sheet, careStatus: "matched", unmatched: [] };
  const kept = sheetPetOf({ ...p, ...r, oneTap: false } as never, date, "UTC");
  if (!kept) throw new Error("Pickle is not on the kept sheet");
  const saved = await saveSheet(
    { record: store },
    {
      v: 1,
      date,
      round,
      fallback: "Midday",
      messages: [{ parts: [] }],
      pets: [{ ...kept, message: 0 }],
    },
  );
  return { sheet: saved, pet: saved.pets[0] as SheetPet };
}

/** The form "✏️ Record each…" opens now: its metadata, its text, its submit button's words. */
async function openForm(sheet: Sheet, pet: SheetPet) {
  const { meta, view, text } = await recordEachForm(deps(), sheet, pet);
  return { meta, text, submit: view.submit?.text };
}

const timeAt = (time: string): FormValues => ({
  given_on: { date: { selected_date: DATE } },
  given_at: { time: { selected_time: time } },
});

beforeEach(() => {
  at = Date.parse(`${DATE}T16:30:00Z`);
  store = scratchRecord(clock);
});

describe("a dose its confirmed plan says is not due this round, recorded after the round's window", () => {
  it("asks when it was given plainly, never as late; recorded, never marked late", async () => {
    const { sheet, pet } = await pickleMidday({ medication: VETORYL });
    expect(pet.byDays?.map((d) => [d.item, d.days, d.words])).toEqual([
      ["med:1", "plan_not_due", "not this round"],
    ]);
    const form = await openForm(sheet, pet);
    expect(form.text).toContain(
      "💊 Vetoryl 30mg 1 cap Mon/Wed/Fri — not asked by the round: not due this round by its confirmed plan (not this round). Recorded here given or refused, say when it was given or offered below.",
    );
    expect(form.text).toContain(`"block_id":"${GIVEN_AT}"`);
    expect(form.text).not.toMatch(/window for [^"]*closed|late entry|Record late|recording late/i);
    expect(form.submit).toBe("Record");
    // The time is still needed: a dose given with none is asked when.
    const given = { "it:med:1": pick("given") } as FormValues;
    const sub = readSubmission(form.meta, pet, given);
    if (!sub.ok) throw new Error(JSON.stringify(sub.errors));
    const none = await checkGiven(deps(), sheet, pet, sub.given, sub.choices);
    expect(none).toMatchObject({ ok: false, error: "Say when it was given: the day and the time." });
    const timed = readSubmission(form.meta, pet, { ...given, ...timeAt("12:10") });
    if (!timed.ok) throw new Error(JSON.stringify(timed.errors));
    const checked = await checkGiven(deps(), sheet, pet, timed.given, timed.choices);
    if (!checked.ok) throw new Error(checked.error);
    expect(checked.givenAt.get("med:1")).toBe(`${DATE}T12:10:00.000Z`);
    const writes = timed.choices.map((c) => ({ ...c, givenAt: checked.givenAt.get(c.item) }));
    const done = await recordEach(deps(), sheet, pet, { writes, ifNeeded: [] }, sam, "view:N1");
    expect(done.status).toBe("done");
    // Opened again: its entry is never marked late, and a change asks its time plainly.
    const again = await openForm(sheet, pet);
    expect(again.text).toContain("Vetoryl 30mg 1 cap Mon/Wed/Fri");
    expect(again.text).not.toMatch(/given late|late entry|Record late|closed at/i);
    expect(again.text).toContain("(not this round); recorded already. Changed here to given or refused");
  });

  it("beside a dose due and past its window: that one is asked as late, the other plainly", async () => {
    const { sheet, pet } = await pickleMidday({
      medication: VETORYL,
      medication2: "Yumove 1 tab",
      medication2Noon: "Yumove 1 tab with lunch",
    });
    expect(pet.due.map((d) => d.item)).toContain("med:2");
    const form = await openForm(sheet, pet);
    expect(form.submit).toBe("Record late");
    expect(form.text).toMatch(/⏰ The window for Yumove[^"]* closed at/);
    expect(form.text).not.toMatch(/⏰ The window for [^:"]*Vetoryl/);
    expect(form.text).toContain(
      "💊 Vetoryl 30mg 1 cap Mon/Wed/Fri — not asked by the round: not due this round by its confirmed plan",
    );
  });

  it("not one of its days (Tuesday morning): the same, and its entry on the post is no late entry", async () => {
    const { sheet, pet } = await pickleMidday({ medication: VETORYL }, "morning", "2026-12-01");
    expect(pet.byDays?.map((d) => [d.item, d.days])).toEqual([["med:1", "plan_not_due"]]);
    at = Date.parse("2026-12-01T16:30:00Z");
    const form = await openForm(sheet, pet);
    expect(form.text).toContain(
      "not asked by the round: not due this round by its confirmed plan (not one of its days: Mon, Wed, Fri).",
    );
    expect(form.text).not.toMatch(/window for [^:"]*closed|late entry|Record late/i);
    expect(form.submit).toBe("Record");
    const writes = [
      { item: "med:1" as const, outcome: "given" as const, givenAt: "2026-12-01T08:05:00.000Z" },
    ];
    expect((await recordEach(deps(), sheet, pet, { writes, ifNeeded: [] }, sam, "view:N2")).status).toBe(
      "done",
    );
    const { status } = await petStatus(deps(), sheet, pet);
    const post = petRecordLines(status, "UTC").map(lineText).join("\n");
    expect(post).toContain("Vetoryl");
    expect(post).toContain("given 08:05, recorded 16:30");
    expect(post).not.toContain("late entry");
    // The day's record (`kennel-desk record`): said apart, with both times, never a late entry.
    const day = await recordDay(deps(), "here", { date: "2026-12-01" });
    const record = recordDayText(day, { color: false, timezone: "UTC", thisYear: "2026" });
    const vetoryl = record.split("\n").find((l) => l.includes("Vetoryl") && l.includes("given 08:05")) ?? "";
    expect(vetoryl).toContain("(given 08:05, recorded 16:30)");
    expect(vetoryl).toContain("given though not asked by the round");
    expect(vetoryl).not.toContain("late entry");
  });
});
