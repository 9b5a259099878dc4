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
    const instant = (date: string, time: string) => {
      const read = givenInstant({ date, time }, "Europe/London");
      return read.ok ? read.at : "";
    };
    const at = (time: string, date = "2026-11-24") => givenAtRefusal(instant(date, time), o);
    expect(at("08:05")).toBeUndefined();
    expect(at("11:00")).toBeUndefined();
    expect(at("11:05")).toBe("That is later than now (11:00): say when it was given.");
    expect(at("07:05")).toBe(
      "That is before Sugar arrived (Tue 24 Nov 2026, 07:10, the booking's check-in): say when it was given.",
    );
    // Issue 46, item 11: after the pet went home (its booking's check-out).
    expect(givenAtRefusal(instant("2026-11-24", "10:30"), { ...o, departure: "2026-11-24T10:00:00Z" })).toBe(
      "That is after Sugar went home (Tue 24 Nov 2026, 10:00, the booking's check-out): say when it was given.",
    );
    expect(
      givenAtRefusal(instant("2026-11-24", "09:55"), { ...o, departure: "2026-11-24T10:00:00Z" }),
    ).toBeUndefined();
    // Without an arrival: the morning insulin's window (07:00–08:30) opened at 07:00; before 05:30 is too early.
    expect(
      givenAtRefusal(instant("2026-11-24", "05:20"), {
        ...o,
        arrival: undefined,
      }),
    ).toBe(
      "That is long before the dose's window opened (Tue 24 Nov 2026, 07:00): check the day and the time.",
    );
    expect(givenInstant({ date: "2026-11-24", time: "25:00" }, "Europe/London").ok).toBe(false);
    expect(givenInstant({ date: "2026-02-30", time: "08:00" }, "Europe/London").ok).toBe(false);
  });

  it("a time later than now on another day says the days: the round's, or the time's own", () => {
    const closed = closedDoses(deps, sheet, pet, new Date("2026-11-24T13:00:00Z"));
    const o = { now: new Date("2026-11-24T13:00:00Z"), closed, timezone: "Europe/London", petName: "Sugar" };
    const tomorrow = (time: string) => givenInstant({ date: "2026-11-25", time }, "Europe/London");
    const at = (time: string, roundDate?: string) => {
      const read = tomorrow(time);
      return read.ok ? givenAtRefusal(read.at, { ...o, roundDate }) : read.error;
    };
    // 08:00 of tomorrow is earlier on the clock than 13:00: the words say which days.
    expect(at("08:00", "2026-11-25")).toBe(
      "That is later than now (13:00 today); that round is Wed 25 Nov: say when it was given.",
    );
    expect(at("08:00", "2026-11-24")).toBe(
      "That is later than now (13:00 today); the time said is 08:00 on Wed 25 Nov: say when it was given.",
    );
    expect(at("08:00")).toBe(
      "That is later than now (13:00 today); the time said is 08:00 on Wed 25 Nov: say when it was given.",
    );
    // Today's time on today's round: as before.
    const read = givenInstant({ date: "2026-11-24", time: "13:30" }, "Europe/London");
    expect(read.ok && givenAtRefusal(read.at, { ...o, roundDate: "2026-11-24" })).toBe(
      "That is later than now (13:00): say when it was given.",
    );
  });

  // Issue 46, item 10.
  it("a time that never happened (the clocks went forward) is refused; one that happened twice asks which", () => {
    expect(givenInstant({ date: "2026-03-29", time: "01:30" }, "Europe/London")).toEqual({
      ok: false,
      field: "time",
      error: "01:30 did not happen on Sun 29 Mar: the clocks went forward. Say when it was given.",
    });
    expect(givenInstant({ date: "2026-10-25", time: "01:30" }, "Europe/London")).toEqual({
      ok: false,
      field: "which",
      error: "01:30 happened twice on Sun 25 Oct: the clocks went back. Which one?",
    });
    expect(givenInstant({ date: "2026-10-25", time: "01:30", which: "first" }, "Europe/London")).toEqual({
      ok: true,
      at: "2026-10-25T00:30:00.000Z",
    });
    expect(givenInstant({ date: "2026-10-25", time: "01:30", which: "second" }, "Europe/London")).toEqual({
      ok: true,
      at: "2026-10-25T01:30:00.000Z",
    });
    // Any other time of those days is the one it says.
    expect(givenInstant({ date: "2026-03-29", time: "02:30" }, "Europe/London")).toEqual({
      ok: true,
      at: "2026-03-29T01:30:00.000Z",
    });
  });
});
