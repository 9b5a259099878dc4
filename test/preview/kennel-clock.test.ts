/** The preview's kennel clock: today's date at the time of day it is set to, then real time. */
import { expect, it } from "vitest";
import { kennelClock } from "../../src/preview/kennel-clock.ts";

it("reads the time set on the kennel's date, runs on with the real clock, and can be set forward", () => {
  let real = Date.parse("2026-11-26T22:50:00Z"); // 22:50 in London
  const clock = kennelClock("Europe/London", "13:00", { now: () => new Date(real) });
  expect(clock.today).toBe("2026-11-26");
  expect(clock.now().toISOString()).toBe("2026-11-26T13:00:00.000Z");
  real += 90_000;
  expect(clock.now().toISOString()).toBe("2026-11-26T13:01:30.000Z");
  clock.setTo("07:40");
  expect(clock.now().toISOString()).toBe("2026-11-26T07:40:00.000Z");
});

it("keeps the kennel's local date where it is not the UTC date (a winter morning in Auckland)", () => {
  const clock = kennelClock("Pacific/Auckland", "13:00", { now: () => new Date("2026-06-30T20:00:00Z") });
  expect(clock.today).toBe("2026-07-01");
  expect(clock.now().toISOString()).toBe("2026-07-01T01:00:00.000Z");
});

it("can be set to an evening of a day before its date (the welfare checks the preview seeds first)", () => {
  const clock = kennelClock("Europe/London", "13:00", { now: () => new Date("2026-11-26T09:00:00Z") });
  clock.setTo("18:05", "2026-11-24");
  expect(clock.now().toISOString()).toBe("2026-11-24T18:05:00.000Z");
  expect(clock.today).toBe("2026-11-26");
});
