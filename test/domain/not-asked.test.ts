/**
 * Why a dose recorded where its round did not ask it was not asked (src/domain/not-asked.ts), and its
 * words on its line (src/words/record.ts notAskedWords): read from the round's sheet as kept when it
 * was recorded (the last kept before it), never from one kept after nor from the plan now.
 */
import { describe, expect, it } from "vitest";
import { notAskedWhy, type SheetKeptAt } from "../../src/domain/not-asked.ts";
import { notAskedWords } from "../../src/words/record.ts";

const DATE = "2026-12-01";
const entry = {
  seq: 20,
  date: DATE,
  round: "morning" as const,
  bookingId: 7,
  petId: 70,
  item: "med:1" as const,
};
const sheet = (seq: number, byDays?: SheetKeptAt["pets"][number]["byDays"]): SheetKeptAt => ({
  seq,
  date: DATE,
  round: "morning",
  pets: [{ bookingId: 7, petId: 70, ...(byDays ? { byDays } : {}) }],
});
const plan = (words: string) => [{ item: "med:1" as const, days: "plan_not_due" as const, words }];

describe("why a round did not ask a dose recorded at it", () => {
  it("the last sheet of its round kept before it was recorded: its line's words, never a later sheet's", () => {
    const sheets = [
      sheet(5, plan("not this round")),
      sheet(12, plan("not one of its days: Mon, Wed, Fri")),
      sheet(30, plan("course finished")),
    ];
    expect(notAskedWhy(sheets, entry)).toEqual({
      days: "plan_not_due",
      words: "not one of its days: Mon, Wed, Fri",
    });
  });

  it("another round's, day's or pet's sheet never answers; none listing it: not listed", () => {
    const other = [
      { ...sheet(5, plan("not this round")), round: "evening" as const },
      { ...sheet(6, plan("not this round")), date: "2026-12-02" },
      { ...sheet(7), pets: [{ bookingId: 7, petId: 71, byDays: plan("not this round") }] },
      sheet(8),
    ];
    expect(notAskedWhy(other, entry)).toEqual({ days: "not_listed" });
  });

  it("in words: given though not asked, and why; any other outcome, not asked and why", () => {
    expect(
      notAskedWords("given", { days: "plan_not_due", words: "not one of its days: Mon, Wed, Fri" }),
    ).toBe(
      "given though not asked by the round: not due this round by its confirmed plan (not one of its days: Mon, Wed, Fri)",
    );
    expect(notAskedWords("refused", { days: "some_days", words: "EOD" })).toBe(
      'not asked by the round: every other day by its words ("EOD")',
    );
    expect(notAskedWords("given", { days: "not_today", words: "except Sunday" })).toBe(
      'given though not asked by the round: not due today by its words ("except Sunday")',
    );
    expect(notAskedWords("given", { days: "not_listed" })).toBe(
      "given though not asked by the round: its round's sheet did not list it",
    );
  });
});
