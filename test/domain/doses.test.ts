/** Dose windows and states (issue 35): pure, on given instants; the clock changes in the kennel's zone. */
import { describe, expect, it } from "vitest";
import {
  doseState,
  doseWindow,
  givenAtProblem,
  nextChange,
  openState,
  DEFAULT_DOSE_SETTINGS as S,
} from "../../src/domain/doses.ts";

const TIMES = { morning: "08:00", midday: "12:00", evening: "18:00" };
const at = (item: Parameters<typeof doseWindow>[0], date = "2026-11-26", tz = "UTC") =>
  doseWindow(item, date, "morning", TIMES, tz, S);

describe("a dose's window", () => {
  it("a 08:00 dose with the defaults: due from 07:00, late after 08:45, missed after 10:00", () => {
    const w = at({});
    expect(w).toEqual({
      opensAt: "2026-11-26T07:00:00.000Z",
      dueAt: "2026-11-26T08:00:00.000Z",
      lateAt: "2026-11-26T08:45:00.000Z",
      closesAt: "2026-11-26T10:00:00.000Z",
    });
    const states = ["06:59:59", "07:00:00", "08:45:00", "08:45:01", "10:00:00", "10:00:01"].map((t) =>
      openState(w, `2026-11-26T${t}.000Z`),
    );
    expect(states).toEqual(["upcoming", "due", "due", "late", "late", "missed"]);
  });

  it("a high-alert drug: 30 minutes after, late half-way (08:15); a plan's own minutes win", () => {
    expect(at({ highAlert: true })).toMatchObject({
      lateAt: "2026-11-26T08:15:00.000Z",
      closesAt: "2026-11-26T08:30:00.000Z",
    });
    expect(at({ highAlert: true, window: { beforeMinutes: 15, afterMinutes: 60 } })).toMatchObject({
      opensAt: "2026-11-26T07:45:00.000Z",
      lateAt: "2026-11-26T08:45:00.000Z",
      closesAt: "2026-11-26T09:00:00.000Z",
    });
  });

  it("is in the kennel's local time on the days the clocks change: none twice, none skipped", () => {
    const london = (date: string) => doseWindow({}, date, "morning", TIMES, "Europe/London", S);
    // Spring forward (29 March 2026): 08:00 BST is 07:00 UTC; the day before, 08:00 GMT.
    expect(london("2026-03-28").dueAt).toBe("2026-03-28T08:00:00.000Z");
    expect(london("2026-03-29").dueAt).toBe("2026-03-29T07:00:00.000Z");
    // Fall back (25 October 2026): 08:00 GMT again.
    expect(london("2026-10-24").dueAt).toBe("2026-10-24T07:00:00.000Z");
    expect(london("2026-10-25").dueAt).toBe("2026-10-25T08:00:00.000Z");
    // Each day's window is its own, and consecutive days' windows never overlap nor leave a day out.
    const days = ["2026-03-27", "2026-03-28", "2026-03-29", "2026-03-30"].map(london);
    for (let i = 1; i < days.length; i++) {
      const gap = Date.parse(days[i]?.dueAt as string) - Date.parse(days[i - 1]?.dueAt as string);
      expect([23, 24]).toContain(gap / 3_600_000);
    }
    // An evening round across the autumn change: the window is 120 real minutes, local 18:00 to 20:00.
    const evening = doseWindow({}, "2026-10-25", "evening", TIMES, "Europe/London", S);
    expect(evening).toMatchObject({
      dueAt: "2026-10-25T18:00:00.000Z",
      closesAt: "2026-10-25T20:00:00.000Z",
    });
  });
});

describe("a dose recorded", () => {
  const w = at({});
  it("given: early before its window opened, on time by its late time, late in its window, after its window; a late entry keeps both times", () => {
    const given = (givenAt: string, recordedAt = givenAt) =>
      doseState(w, recordedAt, { outcome: "given", givenAt, recordedAt });
    // Given at 05:00 for a 08:00 dose whose window opens at 07:00: never "on time".
    expect(given("2026-11-26T05:00:00.000Z", "2026-11-26T11:00:00.000Z")).toMatchObject({
      timeliness: "early",
      lateEntry: true,
    });
    expect(given("2026-11-26T06:59:00.000Z")).toMatchObject({ timeliness: "early" });
    expect(given("2026-11-26T07:00:00.000Z")).toMatchObject({ timeliness: "on_time" });
    expect(given("2026-11-26T08:05:00.000Z")).toMatchObject({ timeliness: "on_time", lateEntry: false });
    expect(given("2026-11-26T09:10:00.000Z")).toMatchObject({ timeliness: "late", lateEntry: false });
    expect(given("2026-11-26T10:30:00.000Z")).toMatchObject({ timeliness: "after_window", lateEntry: true });
    expect(given("2026-11-26T08:05:00.000Z", "2026-11-26T11:00:00.000Z")).toEqual({
      state: "recorded",
      outcome: "given",
      timeliness: "on_time",
      lateEntry: true,
      givenAt: "2026-11-26T08:05:00.000Z",
      recordedAt: "2026-11-26T11:00:00.000Z",
    });
  });

  it("an entry without a time given was given when recorded; a refusal has no timeliness", () => {
    expect(
      doseState(w, "2026-11-26T09:00:00.000Z", {
        outcome: "refused",
        recordedAt: "2026-11-26T08:10:00.000Z",
      }),
    ).toEqual({
      state: "recorded",
      outcome: "refused",
      lateEntry: false,
      givenAt: "2026-11-26T08:10:00.000Z",
      recordedAt: "2026-11-26T08:10:00.000Z",
    });
  });

  it("the time given may not be in the future, before the pet arrived, or before the window by more than the window", () => {
    const now = "2026-11-26T11:00:00.000Z";
    expect(givenAtProblem("2026-11-26T08:05:00.000Z", { now, window: w })).toBeUndefined();
    expect(givenAtProblem("2026-11-26T11:30:00.000Z", { now, window: w })).toBe("future");
    expect(
      givenAtProblem("2026-11-26T08:05:00.000Z", { now, window: w, arrival: "2026-11-26T09:00:00.000Z" }),
    ).toBe("before_arrival");
    // Issue 46, item 11: not after the pet went home (its stay's check-out).
    expect(
      givenAtProblem("2026-11-26T09:05:00.000Z", { now, window: w, departure: "2026-11-26T09:00:00.000Z" }),
    ).toBe("after_departure");
    expect(
      givenAtProblem("2026-11-26T08:55:00.000Z", { now, window: w, departure: "2026-11-26T09:00:00.000Z" }),
    ).toBeUndefined();
    // The window is three hours (07:00 to 10:00): from 04:00.
    expect(givenAtProblem("2026-11-26T04:00:00.000Z", { now, window: w })).toBeUndefined();
    expect(givenAtProblem("2026-11-26T03:59:00.000Z", { now, window: w })).toBe("too_early");
  });
});

describe("the next change", () => {
  it("opens, turns late a second after its late time, missed a second after it closes, then none", () => {
    const w = at({});
    expect(nextChange(w, "2026-11-26T06:00:00.000Z")).toBe("2026-11-26T07:00:00.000Z");
    expect(nextChange(w, "2026-11-26T07:00:00.000Z")).toBe("2026-11-26T08:45:01.000Z");
    expect(nextChange(w, "2026-11-26T08:45:01.000Z")).toBe("2026-11-26T10:00:01.000Z");
    expect(nextChange(w, "2026-11-26T10:00:01.000Z")).toBeUndefined();
  });
});
