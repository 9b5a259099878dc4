/**
 * A dose given off its time reads with one family of marks and words on every surface (the round's
 * record, the stay record's list, the terminal, the printable pages): "⏪ given before its window
 * opened", "⏰ given late", "⏩ given after its window closed"; "given after its window" had no mark.
 */
import { expect, it } from "vitest";
import type { PetStayRecord } from "../../src/domain/stay.ts";
import type { StayException } from "../../src/domain/stay-exceptions.ts";
import { doseStateWords } from "../../src/words/doses.ts";
import { staySummaryWords } from "../../src/words/stay.ts";

const given = (timeliness: "early" | "late" | "after_window") =>
  doseStateWords(
    {
      state: "recorded",
      outcome: "given",
      timeliness,
      lateEntry: false,
      givenAt: "2026-11-24T08:05:00Z",
      recordedAt: "2026-11-24T08:05:00Z",
    },
    "UTC",
  );

it("each dose given off its time has its mark, either side of the window", () => {
  expect(given("early")).toBe("⏪ given before its window opened");
  expect(given("late")).toBe("⏰ given late");
  expect(given("after_window")).toBe("⏩ given after its window closed");
});

it("the stay record names a dose given after its window closed as the round's record does", () => {
  const off = (kind: StayException["kind"], label: string): StayException => ({
    date: "2026-11-24",
    round: "morning",
    label,
    kind,
    at: "2026-11-24T11:05:00Z",
    why: undefined,
    who: "Jane",
  });
  const stay = {
    bookingId: 7,
    petId: 77,
    petName: "Biscuit",
    doses: { due: 2, given: 2 },
    meals: { due: 0, ateAll: 0, ateSome: 0, ateNone: 0 },
    exceptions: [off("after_window", "Rimadyl"), off("early", "Apoquel")],
    notDue: [],
    dueKnown: true,
  } as unknown as PetStayRecord;
  const line = staySummaryWords(stay, "UTC");
  expect(line).toContain("⏩ Rimadyl given after its window closed Tue 24 Nov 11:05");
  expect(line).toContain("⏪ Apoquel given before its window opened Tue 24 Nov 11:05");
});
