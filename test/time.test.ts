import { fromZonedTime } from "date-fns-tz/fromZonedTime";
import { describe, expect, it } from "vitest";
import { zonedInstant } from "../src/time.ts";

describe("zonedInstant", () => {
  it("gives the zone's instant, asked once or again, across both clock changes and zones", () => {
    const asked: Array<[string, string, string]> = [
      ["2026-03-29", "00:30", "Europe/London"],
      ["2026-03-29", "01:30", "Europe/London"], // does not exist: the clocks go forward
      ["2026-10-25", "01:30", "Europe/London"], // twice: the clocks go back
      ["2026-10-25", "01:30", "America/New_York"],
      ["2026-11-30", "07:30", "Europe/London"],
      ["2026-11-30", "07:30", "Australia/Sydney"],
    ];
    for (let round = 0; round < 2; round++) {
      for (const [date, time, zone] of asked) {
        expect(zonedInstant(date, time, zone).toISOString()).toBe(
          fromZonedTime(`${date}T${time}:00`, zone).toISOString(),
        );
      }
    }
  });

  it("answers with a Date of its own: changing one does not change the next answer", () => {
    const first = zonedInstant("2026-11-30", "18:00", "Europe/London");
    first.setUTCHours(0);
    expect(zonedInstant("2026-11-30", "18:00", "Europe/London").toISOString()).toBe(
      "2026-11-30T18:00:00.000Z",
    );
  });
});
