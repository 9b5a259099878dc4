/** A dose with no time in its words (owed once a day: src/domain/day-dose.ts), given: never "late" by a round's window. */
import { describe, expect, it } from "vitest";
import { owedState } from "../../src/domain/obligations.ts";

const window = {
  opensAt: "2026-11-24T11:00:00.000Z",
  dueAt: "2026-11-24T12:00:00.000Z",
  lateAt: "2026-11-24T12:45:00.000Z",
  closesAt: "2026-11-24T14:00:00.000Z",
};
const given = { outcome: "given" as const, recordedAt: "2026-11-24T13:01:00.000Z" };
const now = "2026-11-24T13:05:00.000Z";

describe("given at 13:01, its midday window late after 12:45", () => {
  it("a dose with a time of its own: given late", () => {
    expect(owedState({ window }, {}, given, now)).toMatchObject({ state: "recorded", timeliness: "late" });
  });

  it("a dose with no time in its words: given on time that day, never 'late' by a time nobody prescribed", () => {
    expect(owedState({ window, noTime: true }, {}, given, now)).toMatchObject({
      state: "recorded",
      timeliness: "on_time",
    });
  });
});
