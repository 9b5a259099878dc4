/**
 * Honest late entries (issue 35): which doses of a pet's round have had their window close, and
 * why a time said cannot be when they were given (in the future, before the pet arrived, long
 * before the window opened), in the words the form shows at the field.
 */
import { describe, expect, it } from "vitest";
import { closedDoses, givenAtRefusal, givenInstant } from "../../src/answers/late-entry.ts";
import { loadConfig } from "../../src/config.ts";

const config = loadConfig({ KENNEL_TIMEZONE: "Europe/London", ROUNDS_TIMES: "08:00,12:00,18:00" });
const deps = { config };
const sheet = { date: "2026-11-24", round: "morning" as const };
const pet = {
  due: [
    { item: "med:1" as const, label: "Caninsulin", text: "Caninsulin 6iu", highAlert: true },
    { item: "med:2" as const, label: "Rimadyl", text: "Rimadyl 50 mg" },
    { item: "meal" as const, label: "meal", text: "kibble" },
  ],
};

describe("late entries", () => {
  it("a dose's window closes at its own time: a high-alert drug's 30 minutes after the round, another's 2 hours; a meal is not asked", () => {
    const labels = (iso: string) => closedDoses(deps, sheet, pet, new Date(iso)).map((c) => c.item.label);
    expect(labels("2026-11-24T08:30:00Z")).toEqual([]);
    expect(labels("2026-11-24T08:30:01Z")).toEqual(["Caninsulin"]);
    expect(labels("2026-11-24T10:00:01Z")).toEqual(["Caninsulin", "Rimadyl"]);
    // Only the items a write names.
    expect(closedDoses(deps, sheet, pet, new Date("2026-11-24T11:00:00Z"), ["med:2"]).length).toBe(1);
  });

  it("the time said is refused in the future, before the pet arrived, or before the window opened by more than its length", () => {
    const closed = closedDoses(deps, sheet, pet, new Date("2026-11-24T11:00:00Z"));
    const o = {
      now: new Date("2026-11-24T11:00:00Z"),
      arrival: "2026-11-24T07:10:00Z",
      closed,
      timezone: "Europe/London",
      petName: "Sugar",
    };
    const at = (time: string, date = "2026-11-24") =>
      givenAtRefusal(givenInstant(date, time, "Europe/London") as string, o);
    expect(at("08:05")).toBeUndefined();
    expect(at("11:00")).toBeUndefined();
    expect(at("11:05")).toBe("That is later than now (11:00): say when it was given.");
    expect(at("07:05")).toBe(
      "That is before Sugar arrived (Tue 24 Nov 2026, 07:10, the booking's check-in): say when it was given.",
    );
    // Without an arrival: the morning insulin's window (07:00–08:30) opened at 07:00; before 05:30 is too early.
    expect(
      givenAtRefusal(givenInstant("2026-11-24", "05:20", "Europe/London") as string, {
        ...o,
        arrival: undefined,
      }),
    ).toBe(
      "That is long before the dose's window opened (Tue 24 Nov 2026, 07:00): check the day and the time.",
    );
    expect(givenInstant("2026-11-24", "25:00", "Europe/London")).toBeUndefined();
    expect(givenInstant("2026-02-30", "08:00", "Europe/London")).toBeUndefined();
  });
});
