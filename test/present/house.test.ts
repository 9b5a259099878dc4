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

  it("the awkward day (issue 32): the same on both, care exact, with the record's flag", async () => {
    const r = await houseReport(busy.deps, busy.today, { wholeDay: true });
    // The whole day, every care fact whole, is more than one Slack message: the next says it goes on.
    const lines = expectSameLines(houseMessages(r, TZ, "2026"), houseText(r, TEXT), [
      /· continued \(\d+ of \d+\)$/,
    ]);
    const all = lines.join("\n");
    const after = (who: string) => lines.slice(lines.findIndex((l) => l.includes(who)));
    // A note is care: flagged, and a note of danger a ⚠️ line of its own (never "no special care").
    expect(after("Tyson · Rhian Vaughan").slice(1, 5)).toEqual([
      "Tyson: 📝 notes",
      "⚠️ Tyson, notes: AGGRESSIVE with other dogs – muzzle on walks",
      "⚠️ Tyson, evaluation notes: Escape artist: do NOT walk with other dogs",
      "🍽 off food: 2 meals (Tyson)",
    ]);
    expect(all).toContain("⚠️ Dylan, notes: Seizure plan: if a fit lasts > 5 min call the vet");
    expect(all).toContain("⚠️ Bess, notes: Feed separately from Max, food aggressive");
    // The stay still checked in, and the one checked out at 08:30.
    expect(all).toContain("Jess · Sioned Ellis · ⚠️ past check-out (Sat 21 Nov 10:00): still here?");
    expect(all).toContain("Bobby · Iwan Powell · 🏠 checked out 08:30");
    // Checked out with no time stated (its check-out still to come): the same words, no time, never
    // the API's own status word beside them.
    expect(all).toMatch(/Ziggy · [^·\n]+ · 🏠 checked out \(no time stated\)/);
    expect(all).not.toContain("🏠 Checked Out");
    expect(lines[1]).toContain("past their check-out: still here?");
    // Numbers whole, one cat, another customer's pet not shown.
    expect(all).toContain("Pippa: 💊 Vetmedin 2,5 mg");
    expect(all).toContain("Salt & Pepper: 💊 Felimazole 2.5 mg");
    expect(all).toContain("❔ care details not matched: open the booking (Moss)");
    expect(all).toContain("Milo: 🚫 fasting from 20:00: Fasting from 8pm");
  });

  it("says the same on a day with no one in", async () => {
    const r = await houseReport(busy.deps, "2020-01-01", { page: 1 });
    expectSameLines(houseMessages(r, TZ, "2026"), houseText(r, TEXT));
  });
});
