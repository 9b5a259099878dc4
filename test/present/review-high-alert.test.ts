/**
 * The day's review names every high-alert dose on the post, however many others were missed (a fresh
 * try saw a phenobarbital given early and unwitnessed only behind "and 4 more").
 */
import { expect, it } from "vitest";
import { doseFigures } from "../../src/answers/doses.ts";
import type { DayReview } from "../../src/answers/review.ts";
import { reviewDoc } from "../../src/present/review.ts";
import { docText } from "../../src/text/doc.ts";

type Exception = DayReview["exceptions"][number];
const exception = (n: number, highAlert: boolean, kind: Exception["kind"]): Exception => ({
  bookingId: n,
  petId: n,
  petName: `Pet ${n}`,
  room: `Kennel ${n}`,
  round: "evening",
  kind,
  due: { item: "med:1", label: highAlert ? "Phenobarbital 60 mg" : "Rimadyl", text: "", highAlert } as never,
});

it("names every high-alert dose past the post's fifteen, the others counted after them", () => {
  const high = Array.from({ length: 17 }, (_, i) => exception(i + 1, true, i % 2 ? "unwitnessed" : "early"));
  const ordinary = Array.from({ length: 20 }, (_, i) => exception(100 + i, false, "missed"));
  const review: DayReview = {
    date: "2026-11-24",
    rounds: 3,
    doses: { ...doseFigures([]), due: 40, onTime: 3, missed: 20 },
    exceptions: [...high, ...ordinary],
    welfareOpen: 0,
    countsOverdue: 0,
    reviews: [],
  };
  const text = docText(reviewDoc(review, { timezone: "UTC" }), {
    color: false,
    timezone: "UTC",
    thisYear: "2026",
  });
  for (let i = 1; i <= 17; i++) expect(text).toContain(`Pet ${i} (Kennel ${i}) · 💉 Phenobarbital 60 mg`);
  expect(text).not.toContain("Pet 100 ");
  expect(text).toContain("and 20 more (kennel-desk record 2026-11-24 lists each)");
});
