/**
 * /inhouse on another day: a flag is about the day shown, never "past" relative to today. Jess
 * (AW-STAY) is still checked in a day past her check-out (Sat 21 Nov 10:00): today she is here,
 * "⚠️ past check-out (…): still here?"; on the day she was due out she was going home; two days on
 * she is past her dates and not in the house that day (nobody knows she stays till then).
 */
import { expect, it } from "vitest";
import { type HouseEntry, houseReport } from "../../src/answers/house.ts";
import { busyDay } from "../present/harness.ts";

const busy = busyDay();

const jess = async (date: string): Promise<HouseEntry | undefined> =>
  (await houseReport(busy.deps, date, { wholeDay: true })).entries.find(
    (e) => e.booking.reference === "AW-STAY",
  );

it("a stay past its check-out is flagged today, going home on its day, and not in house on a later day", async () => {
  expect(busy.today).toBe("2026-11-22");
  expect((await jess("2026-11-22"))?.pastCheckOut).toBe("Sat 21 Nov 10:00");
  const due = await jess("2026-11-21");
  expect([due?.goingHome, due?.pastCheckOut]).toEqual([true, undefined]);
  expect(await jess("2026-11-24")).toBeUndefined();
  const later = await houseReport(busy.deps, "2026-11-24", { wholeDay: true });
  expect(later.entries.filter((e) => e.pastCheckOut)).toEqual([]);
});
