/**
 * /inhouse in Slack and `kennel-desk inhouse` in the terminal are one document serialized twice:
 * on the busy day, every page, line by line the same text, in the same order.
 */
import { describe, expect, it } from "vitest";
import { houseReport } from "../../src/answers/house.ts";
import { houseMessages } from "../../src/blocks/house.ts";
import { houseText } from "../../src/text/index.ts";
import { busyDay, expectSameLines, TEXT, TZ } from "./harness.ts";

const busy = busyDay();

describe("in house: one document, two serializers", () => {
  it("says the same on every page of the busy day", async () => {
    const first = await houseReport(busy.deps, busy.day, { page: 1 });
    expect(first.pages).toBeGreaterThan(1);
    for (let page = 1; page <= first.pages; page++) {
      const r = page === 1 ? first : await houseReport(busy.deps, busy.day, { page });
      const lines = expectSameLines(houseMessages(r, TZ, "2026"), houseText(r, TEXT));
      // Something of every stay on the page is in both.
      for (const e of r.entries)
        expect(lines.join("\n")).toContain(e.booking.reference ?? `booking id ${e.booking.bookingId}`);
    }
  });

  it("says the same on a day with no one in", async () => {
    const r = await houseReport(busy.deps, "2020-01-01", { page: 1 });
    expectSameLines(houseMessages(r, TZ, "2026"), houseText(r, TEXT));
  });
});
