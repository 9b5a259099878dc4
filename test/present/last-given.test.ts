/**
 * An every-other-day dose's line on a round sheet (`some_days`: "was it given yesterday? check the
 * record") says beside it when the record last has it given in the days before (any round, the last
 * 7 days, current entries only), or that it has none: never for a dose due, nor the meal.
 */
import { describe, expect, it } from "vitest";
import type { SheetRecord } from "../../src/answers/round-record.ts";
import type { SheetBody } from "../../src/answers/sheets.ts";
import { lastGivenKey, lastGivenOf } from "../../src/domain/last-given.ts";
import type { ByDaysItem } from "../../src/domain/record.ts";
import { lineText } from "../../src/present/doc.ts";
import { sheetMessageDoc } from "../../src/present/round-sheet.ts";
import type { Entry } from "../../src/record/types.ts";

const TZ = "Europe/London";
const DATE = "2026-12-03";
const eod: ByDaysItem = {
  item: "med:1",
  label: "Metacam 1.5 ml",
  text: "Metacam 1.5 ml every other day AM",
  days: "some_days",
  words: "every other day",
};
const sunday: ByDaysItem = {
  ...eod,
  item: "med:2",
  label: "Apoquel 16mg",
  days: "not_today",
  words: "except Sunday",
};
const meal = { item: "meal" as const, label: "meal", text: "Kibble 100 g" };
const sheet: SheetBody = {
  v: 1,
  date: DATE,
  round: "morning",
  fallback: "Morning round",
  messages: [{ parts: [{ kind: "item", key: "7-70", lines: [[{ text: "Bonnie" }]] }] }],
  pets: [
    {
      bookingId: 7,
      petId: 70,
      name: "Bonnie",
      due: [meal],
      byDays: [eod, sunday],
      oneTap: false,
      message: 0,
    },
  ],
};

/** The pet's record lines as drawn with `lastGiven`, in full and in a few words. */
function drawn(lastGiven: SheetRecord["lastGiven"]): { full: string[]; compact: string[] } {
  const doc = sheetMessageDoc(sheet, 0, { entries: [], timezone: TZ, lastGiven });
  const pet = doc.parts.find((p) => p.kind === "pet");
  if (pet?.kind !== "pet") throw new Error("Bonnie is not drawn");
  return { full: pet.record.full.map(lineText), compact: pet.record.compact.map(lineText) };
}

describe("the last given beside an every-other-day line", () => {
  it("given yesterday: when (the kennel's zone), at which round, by whom", () => {
    const at = "2026-12-02T13:01:00Z";
    const { full, compact } = drawn(
      new Map([[lastGivenKey(7, 70, "med:1"), { at, round: "midday", who: "Jane" }]]),
    );
    const words = "📒 Metacam 1.5 ml: last recorded given yesterday, Wed 2 Dec 13:01 (midday round) by Jane";
    expect(full).toContain(words);
    expect(compact).toContain(words);
    expect(full.join("\n")).not.toContain("Apoquel");
  });

  it("given days before: its day; none in the days read: says so", () => {
    const at = "2026-11-30T08:05:00Z";
    expect(
      drawn(new Map([[lastGivenKey(7, 70, "med:1"), { at, round: "morning", who: "JD" }]])).full,
    ).toContain("📒 Metacam 1.5 ml: last recorded given Mon 30 Nov 08:05 (morning round) by JD");
    expect(drawn(new Map([[lastGivenKey(7, 70, "med:1"), null]])).full).toContain(
      "📒 Metacam 1.5 ml: not recorded given in the last 7 days",
    );
  });

  it("not read (no care record, or it could not be read): nothing said", () => {
    expect(drawn(undefined).full.some((l) => l.includes("📒"))).toBe(false);
  });
});

let id = 0;
const entry = (e: Partial<Entry>): Entry =>
  ({
    id: ++id,
    date: "2026-12-02",
    round: "morning",
    bookingId: 7,
    petId: 70,
    item: "med:1",
    outcome: "given",
    userName: "Jane",
    recordedAt: "2026-12-02T08:00:00Z",
    ...e,
  }) as Entry;

describe("lastGivenOf", () => {
  const key = lastGivenKey(7, 70, "med:1");

  it("the latest current entry given, of that pet's stay and slot, in the 7 days before the sheet's and on it", () => {
    const last = lastGivenOf(
      [key],
      [
        entry({ date: "2026-11-30", recordedAt: "2026-11-30T08:00:00Z" }),
        // Corrected: superseded by the entry that says it was refused.
        entry({ recordedAt: "2026-12-02T08:00:00Z", supersededBy: 99 }),
        entry({ recordedAt: "2026-12-02T08:30:00Z", outcome: "refused" }),
        entry({ bookingId: 8, recordedAt: "2026-12-02T09:00:00Z" }),
        entry({ item: "med:2", recordedAt: "2026-12-02T09:00:00Z" }),
        entry({ date: "2026-11-25", recordedAt: "2026-11-25T07:00:00Z" }),
      ],
      DATE,
    );
    expect(last.get(key)).toEqual({ at: "2026-11-30T08:00:00Z", round: "morning", who: "Jane" });
    // Given on the sheet's own day (an earlier round, or this one): that is its last, never "not recorded".
    const today = entry({ date: DATE, recordedAt: "2026-12-03T07:00:00Z" });
    expect(lastGivenOf([key], [today], DATE).get(key)).toMatchObject({ at: "2026-12-03T07:00:00Z" });
  });

  it("given at the time said, by the giver the paper names; none: null", () => {
    const paper = entry({ givenAt: "2026-12-02T18:10:00Z", round: "evening", paper: { by: "JD" } });
    expect(lastGivenOf([key], [paper], DATE).get(key)).toEqual({
      at: "2026-12-02T18:10:00Z",
      round: "evening",
      who: "JD",
    });
    expect(lastGivenOf([key], [], DATE).get(key)).toBeNull();
  });
});
