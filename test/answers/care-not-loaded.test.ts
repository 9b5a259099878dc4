/**
 * A day's list whose pets' care could not all be loaded says what to do, not only why: run it
 * again, and until then check those pets' allergies and medication in the kennel system (a list
 * without them must not read as pets with none), the API's request id kept; /booking likewise.
 */
import { describe, expect, it } from "vitest";
import { lookUpCare } from "../../src/answers/care-lookup.ts";
import type { Deps } from "../../src/deps.ts";
import { entryOf, totalsOf } from "../../src/domain/day.ts";
import { ServerError } from "../../src/kennel/errors.ts";
import { silentLogger } from "../../src/log.ts";
import { dayText } from "../../src/text/index.ts";
import { booking, PLAIN, pet } from "../text/fixtures.ts";

const kennel = {
  petsOfCustomer: async (id: number) => {
    if (id === 11) throw new ServerError(503, { requestId: "req-care-503" });
    return { data: [pet({ customerId: id })], requestId: "r" };
  },
  getPet: async () => {
    throw new Error("not asked");
  },
} as unknown as Deps["kennel"];

describe("care details not loaded for some of a day's pets", () => {
  it("the list's foot: why, the request id, then run it again and check those pets in the kennel system", async () => {
    const bookings = [booking(), booking({ bookingId: 9002, reference: "HP-OTHER1", customerId: 11 })];
    const care = await lookUpCare({ kennel, log: silentLogger() }, bookings);
    expect(care.problem).toBe(
      "Some pets' care details could not be loaded: The kennel API had a problem on its side (HTTP 503) (request id req-care-503). Run it again; until then check those pets' allergies and medication in the kennel system.",
    );
    const entries = bookings.map((b) => entryOf(b, care.careOf(b)));
    const text = dayText(
      {
        kind: "arrivals",
        date: "2026-11-24",
        entries,
        totals: totalsOf(entries, { calledOff: 0, waitlisted: 0 }),
        page: 1,
        pages: 1,
        from: 0,
        requestId: "req-day",
        careProblem: care.problem,
      },
      PLAIN,
    );
    expect(text).toContain("❔ Some pets' care details could not be loaded");
    expect(text).toContain("request id req-care-503");
    expect(text).toContain(
      "Run it again; until then check those pets' allergies and medication in the kennel system.",
    );
  });
});
