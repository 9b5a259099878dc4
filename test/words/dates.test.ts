/**
 * A time from another day says its day: the as-needed follow-up for a dose given last night reads
 * "given yesterday 23:20" the next morning, not "given 23:20"; a record's entry made after its day
 * names the day it was made.
 */
import { describe, expect, it } from "vitest";
import { answeredMessages, followUpMessages } from "../../src/blocks/prn.ts";
import type { PrnDose } from "../../src/domain/prn.ts";
import { lineText } from "../../src/present/doc.ts";
import { entryLine } from "../../src/present/record.ts";
import type { Entry } from "../../src/record/types.ts";
import { timeOf, timeOnDay } from "../../src/words/dates.ts";
import { prnRecordWords } from "../../src/words/doses.ts";

const TZ = "Europe/London";
const text = (m: unknown) => JSON.stringify(m);

describe("a time said on the day it is read", () => {
  it("is bare on its own day; 'yesterday', 'tomorrow' beside it; its day further off", () => {
    expect(timeOf("2026-11-28T23:20:00Z", TZ)).toBe("23:20");
    expect(timeOf("2026-11-28T23:20:00Z", TZ, "2026-11-28")).toBe("23:20");
    expect(timeOf("2026-11-28T23:20:00Z", TZ, "2026-11-29")).toBe("yesterday 23:20");
    expect(timeOf("2026-11-30T07:30:00Z", TZ, "2026-11-29")).toBe("tomorrow 07:30");
    expect(timeOf("2026-11-26T23:20:00Z", TZ, "2026-11-29")).toBe("Thu 26 Nov 23:20");
    // The kennel's own day, not UTC's: 00:30 in Auckland is the day after 11:30 UTC the day before.
    expect(timeOf("2026-11-28T11:30:00Z", "Pacific/Auckland", "2026-11-29")).toBe("00:30");
  });

  it("a record's time against its own day: bare on it, with the day after it", () => {
    expect(timeOnDay("2026-11-28T23:20:00Z", TZ, "2026-11-28")).toBe("23:20");
    expect(timeOnDay("2026-11-29T00:30:00Z", TZ, "2026-11-28")).toBe("Sun 29 Nov 00:30");
  });
});

const dose: PrnDose = {
  id: 7,
  date: "2026-11-28",
  bookingId: 500,
  petId: 1000,
  userId: "U0JANE",
  userName: "Jane",
  item: "med:1",
  label: "Piriton 4mg",
  itemText: "Piriton 4mg PRN",
  reason: "scratching",
  givenAt: "2026-11-28T23:20:00Z",
  recordedAt: "2026-11-28T23:21:00Z",
};

describe("the as-needed follow-up for a dose given last night", () => {
  it("asked after midnight: 'given yesterday 23:20'", () => {
    const m = followUpMessages(dose, "Itchy", TZ, "2026-11-29");
    expect(text(m)).toContain("given yesterday 23:20 by Jane");
    // Asked the same evening, the time alone.
    expect(text(followUpMessages(dose, "Itchy", TZ, "2026-11-28"))).toContain("given 23:20 by Jane");
  });

  it("answered the next morning: the dose says its day, the answer its own time", () => {
    const effect = { effect: "helped" as const, recordedAt: "2026-11-29T08:05:00Z", userName: "Sam" };
    const m = text(answeredMessages(dose, "Itchy", effect as never, TZ));
    expect(m).toContain("recorded 08:05 by Sam");
    expect(m).toContain("given yesterday 23:20 by Jane");
  });

  it("in the record: given on its day, the effect of the next day with that day", () => {
    const words = prnRecordWords(
      { ...dose, effect: { effect: "helped", recordedAt: "2026-11-29T01:20:00Z", userName: "Sam" } as never },
      TZ,
    );
    expect(words).toContain("given 23:20 by Jane");
    expect(words).toContain("effect: helped (Sam Sun 29 Nov 01:20)");
  });
});

describe("a round's entry recorded after its day", () => {
  it("names the day it was recorded", () => {
    const e = {
      id: 1,
      seq: 1,
      date: "2026-11-28",
      round: "evening",
      bookingId: 500,
      petId: 1000,
      item: "meal",
      itemText: "1 cup kibble",
      outcome: "ate_all",
      userId: "U0SAM",
      userName: "Sam",
      recordedAt: "2026-11-29T00:30:00Z",
    } as unknown as Entry;
    expect(lineText(entryLine(e, TZ))).toContain("Sun 29 Nov 00:30 Sam");
    expect(lineText(entryLine({ ...e, recordedAt: "2026-11-28T18:30:00Z" }, TZ))).toContain(" 18:30 Sam");
  });
});
