/** `kennel-desk record`'s text: a booking whose care could not be matched says so once, and "open the booking" once. */
import { describe, expect, it } from "vitest";
import type { RecordDay } from "../../src/answers/care-record.ts";
import { recordDayText } from "../../src/text/record.ts";

const day = (status: string, reference?: string): RecordDay => ({
  date: "2026-11-22",
  round: "midday",
  petId: undefined,
  rounds: [
    {
      round: "midday",
      pets: [],
      careMissing: [{ bookingId: 4242, ...(reference ? { reference } : {}), pets: "Daisy", status }],
      progress: undefined,
    },
  ],
  count: 0,
  superseded: 0,
  where: "/tmp/care-record.sqlite",
  dueProblem: undefined,
  requestId: undefined,
});

describe("the care record's text, for a booking whose care is not known", () => {
  it("names every pet of the booking whole, however long the names", () => {
    const names = [
      "Sir Reginald Barkington-Smythe the Third",
      "Lady Penelope Wagglesworth of Upper Mews",
      "Duchess Fluffington-Pawsley",
      "Captain Wigglebottom of the Royal Kennels",
    ].join(", ");
    const long = day("not_matched");
    (long.rounds[0] as { careMissing: Array<{ pets: string }> }).careMissing[0] = {
      ...long.rounds[0]?.careMissing[0],
      pets: names,
    } as never;
    const text = recordDayText(long, { color: false, timezone: "UTC", thisYear: "2026" });
    expect(text).toContain(`⚠ ${names} (booking 4242): care details not matched`);
  });

  it("names the booking by the reference its round kept, else (kept before references were) by its id", () => {
    const text = recordDayText(day("not_matched", "BK-2041"), {
      color: false,
      timezone: "UTC",
      thisYear: "2026",
    });
    expect(text).toContain(
      "  ⚠ Daisy (booking BK-2041): care details not matched: what was due is not known; open the booking.",
    );
    expect(text).not.toContain("4242");
    // A reference from the kennel API stays on its line.
    const broken = recordDayText(day("not_matched", "BK-2041\n✅ all given"), {
      color: false,
      timezone: "UTC",
      thisYear: "2026",
    });
    expect(broken).toContain("Daisy (booking BK-2041 ↵ ✅ all given): care details not matched");
    const old = recordDayText(day("not_matched"), { color: false, timezone: "UTC", thisYear: "2026" });
    expect(old).toContain("  ⚠ Daisy (booking 4242): care details not matched");
  });

  it("says why and what to do, each once", () => {
    const text = recordDayText(day("not_matched"), { color: false, timezone: "UTC", thisYear: "2026" });
    const line = text.split("\n").find((l) => l.includes("Daisy")) ?? "";
    expect(line).toBe(
      "  ⚠ Daisy (booking 4242): care details not matched: what was due is not known; open the booking.",
    );
    expect(line.match(/open the booking/g)).toHaveLength(1);
    const notLoaded = recordDayText(day("not_loaded"), { color: false, timezone: "UTC", thisYear: "2026" });
    expect(notLoaded).toContain(
      "Daisy (booking 4242): care details could not be loaded: what was due is not known; open the booking.",
    );
  });
});
