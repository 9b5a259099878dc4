/**
 * /inhouse's counts with stays whose check-in date cannot be read: they are shown with the day's
 * stays and counted in its pets, never in "arriving" (whether they arrive that day nobody can tell);
 * every figure that leaves them out says so beside it, in Slack, in the terminal and to the connector.
 */
import { describe, expect, it } from "vitest";
import { houseReport } from "../../src/answers/house.ts";
import { houseMessages } from "../../src/blocks/house.ts";
import type { Deps } from "../../src/deps.ts";
import { channelSafeAnswer } from "../../src/domain/privacy.ts";
import type { KennelClient } from "../../src/kennel/client.ts";
import { type Booking, readBooking } from "../../src/kennel/schemas.ts";
import { houseText } from "../../src/text/index.ts";
import { captureLogger } from "../helpers/log.ts";
import { PLAIN } from "../text/fixtures.ts";

const { log } = captureLogger();
const DAY = "2026-11-24";

const bookings: Booking[] = [
  // Here since Friday.
  {
    bookingId: 30,
    reference: "HP-30HERE",
    status: "checked_in",
    roomName: "Kennel 1",
    numberOfPets: 1,
    checkInDate: "2026-11-20T10:00:00.000Z",
    checkOutDate: "2026-11-28T10:00:00.000Z",
  },
  // Arrived this morning: the day's one arrival that can be read.
  {
    bookingId: 33,
    reference: "HP-33ARRV",
    status: "checked_in",
    roomName: "Kennel 2",
    numberOfPets: 1,
    checkInDate: `${DAY}T09:00:00.000Z`,
    checkOutDate: "2026-11-27T10:00:00.000Z",
  },
  // Its check-in a value the reader could not read (marked so); two pets; going home this afternoon.
  readBooking(
    {
      bookingId: 34,
      reference: "HP-34UNRD",
      status: "confirmed",
      roomName: "Kennel 3",
      numberOfPets: 2,
      checkInDate: 20261124,
      checkOutDate: `${DAY}T16:00:00.000Z`,
    },
    log,
  ) as Booking,
  // No check-in date given at all; one pet.
  {
    bookingId: 35,
    reference: "HP-35NONE",
    status: "confirmed",
    roomName: "Kennel 4",
    numberOfPets: 1,
    checkOutDate: "2026-11-26T10:00:00.000Z",
  },
];

const deps = {
  kennel: {
    async *iterateBookings() {
      yield {
        data: { items: bookings, page: 1, pageSize: 100, totalRecords: 4, totalPages: 1 },
        requestId: "r",
      };
    },
    listDepartures: async () => ({ data: [], raw: [], requestId: "d" }),
    listCustomerPets: async () => ({ data: [], raw: [], requestId: "p" }),
  } as unknown as KennelClient,
  log,
  config: { timezone: "Europe/London" },
  clock: { now: () => new Date(`${DAY}T12:00:00Z`) },
} as unknown as Deps;

describe("the house's counts, with stays whose check-in date cannot be read", () => {
  it("counts them in the day's pets, never as arriving, and says how many beside each count that leaves them out", async () => {
    const r = await houseReport(deps, DAY, { wholeDay: true });
    // 5 pets: 2 here now, 3 whose check-in is not known; 1 arriving (not the 3).
    expect(r.totals).toMatchObject({ pets: 5, arriving: 1, checkInNotRead: 3, goingHome: 2 });
    expect(r.totals.count).toMatchObject({ day: 5, now: 2, undated: 3 });
    const text = houseText(r, PLAIN);
    expect(text).toMatch(/^In house — Tue 24 Nov \(5 pets\)/);
    expect(text).toContain(
      "2 pets in house now (+3 check-in date not read: here or not, check) · 5 in house today · 4 rooms · 🏠 2 going home today · 🛬 1 arriving today (+3 check-in date not read)",
    );
    // Each such stay says it on its line; the foot names them and says they are not in the count.
    expect(text).toContain("❔ check-in date not read · HP-34UNRD");
    expect(text).toContain("❔ no check-in date · HP-35NONE");
    expect(text).toMatch(
      /\(HP-34UNRD, HP-35NONE\): .*, and not in the arriving count; check their dates there/,
    );
    // Slack's answer says the same.
    const slack = JSON.stringify(houseMessages(r, "Europe/London", "2026"));
    expect(slack).toContain("🛬 1 arriving today (+3 check-in date not read)");
    expect(slack).toContain("2 pets in house now (+3 check-in date not read: here or not, check)");
    expect(slack).toContain("and not in the arriving count");
    // The connector's structured content carries the figure beside arriving.
    expect((channelSafeAnswer(r) as { totals: Record<string, unknown> }).totals).toMatchObject({
      arriving: 1,
      checkInNotRead: 3,
    });
  });

  it("another day: arriving still says them beside it", async () => {
    const later = { ...deps, clock: { now: () => new Date("2026-11-23T12:00:00Z") } } as Deps;
    const text = houseText(await houseReport(later, DAY, { wholeDay: true }), PLAIN);
    expect(text).toContain("5 pets in house that day");
    expect(text).toContain("🛬 1 arriving that day (+3 check-in date not read)");
  });

  it("none such: the counts as before, nothing beside them", async () => {
    const dated = { ...deps, kennel: { ...deps.kennel } } as Deps;
    const two = bookings.slice(0, 2);
    (dated.kennel as unknown as Record<string, unknown>).iterateBookings = async function* () {
      yield { data: { items: two, page: 1, pageSize: 100, totalRecords: 2, totalPages: 1 }, requestId: "r" };
    };
    const r = await houseReport(dated, DAY, { wholeDay: true });
    expect(r.totals.checkInNotRead).toBeUndefined();
    expect(houseText(r, PLAIN)).toContain(
      "2 pets in house now · 2 rooms · 🏠 0 going home today · 🛬 1 arriving today\n",
    );
  });
});
