/** Home and the day's record mark a dose given before its window with ⏪, as the review and the audit do. */
import { expect, it } from "vitest";
import { doseFigures } from "../../src/answers/doses.ts";
import { doseFiguresWords } from "../../src/present/dose-figures.ts";

it("says '⏪ 1 given early' beside the figures, and an unwitnessed high-alert dose", () => {
  const f = {
    ...doseFigures([]),
    due: 3,
    onTime: 2,
    givenEarly: 1,
    unwitnessed: { unwitnessed: 1, noPaperWitness: 0 },
  };
  const words = doseFiguresWords(f)
    .map((s) => s.text)
    .join("");
  expect(words).toBe("given on time: 2 of 3 due · ⏪ 1 given early · 💉 1 unwitnessed");
});
