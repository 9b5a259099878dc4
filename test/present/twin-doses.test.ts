/**
 * One pet's two doses of a round named by the same words (a fresh try: "❌ missed: Skye (Kennel 2)
 * Chloramphenicol 1% eye drops" twice, the drug typed into medication 1 and medication 4): each line
 * says what tells it apart, its own instruction when that differs, else its slot, on Home and the
 * day's review; lines of another pet or round, or named apart already, say nothing more.
 */
import { describe, expect, it } from "vitest";
import { doseFigures } from "../../src/answers/doses.ts";
import type { DayReview } from "../../src/answers/review.ts";
import { reviewDoc } from "../../src/present/review.ts";
import { todayDoc } from "../../src/present/today.ts";
import { docText } from "../../src/text/doc.ts";
import { apartWords } from "../../src/words/apart.ts";
import { TEXT, TZ } from "./harness.ts";

const DAY = "2026-12-02";
const DROPS = "Chloramphenicol 1% eye drops";
const window = {
  opensAt: `${DAY}T07:30:00Z`,
  dueAt: `${DAY}T08:00:00Z`,
  lateAt: `${DAY}T08:45:00Z`,
  closesAt: `${DAY}T09:30:00Z`,
};

describe("two doses named alike, told apart", () => {
  it("the words that differ: the instruction, else the slot; nothing for lines apart already", () => {
    const skye = { whose: "100005-5105|morning", shown: DROPS };
    expect(
      apartWords([
        { ...skye, item: "med:1", text: `${DROPS}: one drop in the left eye` },
        { ...skye, item: "med:4", text: `${DROPS}: one drop in the left eye` },
        { ...skye, item: "med:2", text: "Felimazole 2.5 mg", shown: "Felimazole 2.5 mg" },
        { ...skye, whose: "100005-5105|evening", item: "med:1", text: "x" },
      ]),
    ).toEqual(["medication 1", "medication 4", undefined, undefined]);
    expect(
      apartWords([
        { ...skye, item: "med:1", text: "One drop in the left eye" },
        { ...skye, item: "med:4", text: "One drop in the right eye" },
      ]),
    ).toEqual(["One drop in the left eye", "One drop in the right eye"]);
  });

  it("the day's review: Skye's two missed drops each with their slot", () => {
    const due = (item: "med:1" | "med:4") => ({
      item,
      label: DROPS,
      text: `${DROPS}: one drop in the left eye`,
    });
    const skye = {
      bookingId: 100005,
      petId: 5105,
      petName: "Skye",
      room: "Kennel 2",
      round: "morning" as const,
    };
    const review: DayReview = {
      date: DAY,
      rounds: 3,
      doses: { ...doseFigures([]), due: 2, missed: 2 },
      exceptions: [
        { ...skye, kind: "missed", due: due("med:1") },
        { ...skye, kind: "missed", due: due("med:4") },
      ],
      welfareOpen: 0,
      countsOverdue: 0,
      reviews: [],
    };
    const text = docText(reviewDoc(review, { timezone: TZ }), TEXT);
    expect(text).toContain(`❌ missed: Skye (Kennel 2) · ${DROPS} · medication 1 · morning`);
    expect(text).toContain(`❌ missed: Skye (Kennel 2) · ${DROPS} · medication 4 · morning`);
  });

  it("Home: Skye's two missed drops each with their slot", () => {
    const dose = (item: "med:1" | "med:4") => ({
      state: "missed" as const,
      round: "morning" as const,
      pet: "100005-5105",
      petName: "Skye",
      room: "Kennel 2",
      label: DROPS,
      item,
      text: `${DROPS}: one drop in the left eye`,
      window,
    });
    const t = {
      date: DAY,
      round: "midday" as const,
      arrivals: 0,
      departures: 0,
      unpaidDepartures: 0,
      paymentToCheck: 0,
      inHouse: 1,
      medicationThisRound: 1,
      careMissingTomorrow: 0,
      fasting: [],
      record: {
        round: { recorded: 0, pets: 1 },
        offFood: [],
        problem: undefined,
        doses: { figures: { ...doseFigures([]), due: 2, missed: 2 }, named: [dose("med:1"), dose("med:4")] },
      },
      problems: [],
    };
    const lines = docText(todayDoc(t, { timezone: TZ }), TEXT).split("\n");
    const skye = lines.filter((l) => l.includes("missed: Skye"));
    expect(skye).toHaveLength(2);
    expect(skye[0]).toContain(`${DROPS} · medication 1 · morning`);
    expect(skye[1]).toContain(`${DROPS} · medication 4 · morning`);
  });
});
