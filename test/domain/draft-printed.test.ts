/**
 * A dose a sheet prints can always be recorded there, its care plan confirmed or not: with a draft
 * plan (or none), a medication printed whole at a round its words put elsewhere ("its words name the
 * morning ("AM"): given at that round, not this one", "its words say not in the evening ("skip PM")",
 * in the morning "given once a day (see the evening sheet)") is on that round's ✏️ Record each…, once,
 * "record it only if given here", in the sheet's own words: never due, chased nor counted. Not a line
 * that prints no dose ("nothing this round"; off the morning, "given once a day (see the morning
 * sheet)"), nor one withheld for a fast, nor at a round before the pet's arrival.
 */
import { describe, expect, it } from "vitest";
import { careOf, type Round } from "../../src/domain/care.ts";
import { sheetPetOf } from "../../src/domain/round-sheet.ts";
import { DEFAULT_ROUND_TIMES } from "../../src/domain/round-times.ts";
import { roundSheet } from "../../src/domain/rounds.ts";
import type { Pet } from "../../src/kennel/schemas.ts";
import { petButtons } from "../../src/present/round-sheet.ts";
import { sheetPetKept } from "../../src/record/kinds/sheet.ts";
import { notAskedWhyWords } from "../../src/words/record.ts";
import { expectEveryPrintedDoseOffered, PRINTED_DOSE_CASES, printedRound } from "../helpers/printed-round.ts";

// Sat 28 Nov to Thu 10 Dec 2026: Wed 2 Dec.
const ARRIVAL = "2026-11-28T10:00:00Z";
const DEPARTURE = "2026-12-10T17:00:00Z";
const WEDNESDAY = "2026-12-02";
const TUESDAY = "2026-12-01";

type Fields = Record<string, string>;
const petWith = (fields: Fields) =>
  ({ petId: 71, name: "Pickle", dietaryRequirements: "Kibble 100 g", ...fields }) as unknown as Pet;

/** The round's sheet, its draft plan's round, the medication lines as drawn, and its form's items. */
const atRound = (fields: Fields, r: Round, date = WEDNESDAY, arrival = ARRIVAL) =>
  printedRound(petWith(fields), r, date, { arrival, departure: DEPARTURE });

const RIMADYL = { medication: "Rimadyl 50 mg 1 tab AM" };

describe("a draft plan: what the sheet prints, its form offers", () => {
  it("a morning-only drug printed whole at midday and evening: offered there in the sheet's words, not due, once", () => {
    expect(atRound(RIMADYL, "morning").plan.due.map((d) => d.item)).toContain("med:1");
    for (const r of ["midday", "evening"] as const) {
      const { plan, lines, form } = atRound(RIMADYL, r);
      expect(plan.state).not.toBe("confirmed");
      expect(lines[0]?.row).toContain('its words name the morning ("AM"): given at that round, not this one');
      expect(plan.due.map((d) => d.item)).not.toContain("med:1");
      expect(plan.byDays.map((d) => [d.item, d.days, d.words])).toEqual([
        ["med:1", "other_round", 'its words name the morning ("AM")'],
      ]);
      const med = form.find((f) => f.item === "med:1");
      expect(med?.label).toBe(
        '💊 Rimadyl 50 mg 1 tab AM: its words name the morning ("AM") — record it only if given here',
      );
      expect(med?.hint).toContain("never chased nor counted");
    }
  });

  it('the sheet\'s own why: "skip PM" in the evening, a once-a-day dose in the morning only', () => {
    const skip = atRound({ medication: "Rimadyl 50mg 1 tab AM, skip PM" }, "evening");
    expect(skip.plan.byDays.map((d) => d.words)).toEqual(['its words say not in the evening ("skip PM")']);
    const once = { medication: "Soloxine 0.4 mg one tablet once daily at bedtime" };
    expect(atRound(once, "morning").plan.byDays.map((d) => [d.item, d.days, d.words])).toEqual([
      ["med:1", "other_round", "given once a day (see the evening sheet)"],
    ]);
    // Off the morning the line prints no dose ("given once a day (see the evening sheet)"): none.
    expect(atRound(once, "midday").form.map((f) => f.item)).not.toContain("med:1");
    const nothing = atRound({ medication: "Metacam", medicationPm: "Metacam 1.5 ml" }, "midday");
    expect(nothing.lines[0]?.row).toContain("nothing this round");
    expect(nothing.form.map((f) => f.item)).not.toContain("med:1");
  });

  it("every line that prints a dose is on the form, at every round, on and off its days, once", () => {
    const cases: Fields[] = [
      ...PRINTED_DOSE_CASES,
      { medication: "Furosemide 20mg 1 tab EOD", medication2: "Calmex one capsule at bedtime" },
    ];
    expectEveryPrintedDoseOffered(cases, [TUESDAY, WEDNESDAY], atRound);
  });

  it("a high-alert drug's is witnessed when recorded given", () => {
    const { plan } = atRound({ medication: "Caninsulin 4 units AM with food" }, "evening");
    expect(plan.byDays.map((d) => [d.item, d.days, d.highAlert])).toEqual([["med:1", "other_round", true]]);
  });

  it("never while the pet is nil by mouth, nor at a round before its arrival", () => {
    const fasting = atRound({ ...RIMADYL, notes: "Nil by mouth, dental booked" }, "evening");
    expect(fasting.sheet.fastingNow).toBe(true);
    expect(fasting.plan.byDays).toEqual([]);
    // Arriving Wednesday at 15:00: its midday round is before it.
    const later = atRound(RIMADYL, "midday", WEDNESDAY, `${WEDNESDAY}T15:00:00Z`);
    expect(later.lines[0]?.row).toContain("its words name the morning");
    expect(later.plan.byDays).toEqual([]);
    expect(atRound(RIMADYL, "evening", WEDNESDAY, `${WEDNESDAY}T15:00:00Z`).plan.byDays).toHaveLength(1);
  });
});

describe("no plan kept: the sheet's own rule", () => {
  const booking = { bookingId: 8, checkInDate: ARRIVAL, status: "checked_in" };
  const flags = { name: "Pickle", fasting: undefined, listedTwice: [] };

  it("a pet whose only line to record is such a dose: ✏️ Record each…, and no one tap", () => {
    const fields = { medication: "Calmex one capsule at bedtime" };
    const sheet = roundSheet(
      careOf(petWith(fields)),
      "midday",
      DEFAULT_ROUND_TIMES.midday,
      undefined,
      WEDNESDAY,
    );
    const kept = sheetPetOf(
      { booking, pet: { pet: { petId: 71 }, flags }, sheet },
      WEDNESDAY,
      "UTC",
      "midday",
    );
    expect(kept?.due).toEqual([]);
    expect(kept?.byDays?.map((d) => [d.item, d.days, d.words])).toEqual([
      ["med:1", "other_round", 'its words name the evening ("bedtime")'],
    ]);
    expect(kept?.oneTap).toBe(false);
    if (!kept) return;
    expect(petButtons({ ...kept, message: 0 }).map((b) => b.kind)).toEqual(["each"]);
    // Kept as the record keeps a sheet's pet.
    expect(sheetPetKept({ ...kept, message: 0 })).toBe(true);
  });

  it("read back for the day's and the stay's record in the words its form said", () => {
    expect(notAskedWhyWords({ days: "other_round", words: 'its words name the morning ("AM")' })).toBe(
      'its words name the morning ("AM")',
    );
  });
});
