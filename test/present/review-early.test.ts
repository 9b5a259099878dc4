/**
 * The day's review says a dose given before its window opened with the mark every surface gives it
 * ("⏪ 1 early"), as the round's record, the stay record and the audit do.
 */
import { expect, it } from "vitest";
import { doseFigures } from "../../src/answers/doses.ts";
import type { DayReview } from "../../src/answers/review.ts";
import { reviewDoc } from "../../src/present/review.ts";
import { docText } from "../../src/text/doc.ts";

it("the day's figures mark the doses given early with ⏪", () => {
  const review: DayReview = {
    date: "2026-11-24",
    rounds: 2,
    doses: { ...doseFigures([]), due: 3, onTime: 2, givenEarly: 1 },
    exceptions: [],
    welfareOpen: 0,
    countsOverdue: 0,
    reviews: [],
  };
  const text = docText(reviewDoc(review, { timezone: "Europe/London" }), {
    color: false,
    timezone: "Europe/London",
    thisYear: "2026",
  });
  expect(text).toContain("Tue 24 Nov: 2 of 3 doses given on time · ⏪ 1 early");
});
