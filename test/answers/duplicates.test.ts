/**
 * Duplicate booking ids in a list count once (issue 26, item 6): an API that names each of three
 * bookings three times shows 3 bookings, not 9, in the day lists, the in-house board, the round
 * sheet and the Home tab's figures.
 */
import { describe, expect, it } from "vitest";
import { dayReport } from "../../src/answers/day.ts";
import { houseReport } from "../../src/answers/house.ts";
import { roundReport } from "../../src/answers/rounds.ts";
import { todayOverview } from "../../src/answers/today.ts";
import type { Deps } from "../../src/deps.ts";
import { bookingsThatCount, uniqueBookings } from "../../src/domain/bookings.ts";
import { apiPath, fetchDeps, jsonAnswer } from "../helpers/fetch-deps.ts";

const DAY = "2026-11-24";

const three = [1, 2, 3].map((i) => ({
  bookingId: 500 + i,
  reference: `HP-50${i}`,
  customerId: i,
  customerName: `Owner ${i}`,
  petNames: `Pet ${i}`,
  numberOfPets: 1,
  status: "confirmed",
  roomName: `Kennel ${i}`,
  bookingPaid: false,
  checkInDate: "2026-11-23T10:00:00Z",
  checkOutDate: `${DAY}T16:00:00Z`,
}));
/** Each booking three times over. */
const nine = [...three, ...three, ...three];

function deps(): Deps {
  const fetchFn = (async (input: Request | string | URL, init?: RequestInit) => {
    const path = apiPath(input, init);
    let body: unknown = [];
    if (path === "/bookings/checkin" || path === "/bookings/checkout") body = nine;
    else if (path === "/bookings")
      body = { page: 1, pageSize: 100, totalRecords: 9, totalPages: 1, items: nine };
    else if (/^\/customers\/\d+\/pets$/.test(path)) {
      const id = Number(path.split("/")[2]);
      body = [{ petId: id * 10, customerId: id, name: `Pet ${id}`, medication: "Rimadyl 50 mg" }];
    }
    return jsonAnswer(body);
  }) as typeof fetch;
  return fetchDeps(fetchFn, `${DAY}T08:00:00Z`);
}

describe("duplicate booking ids", () => {
  it("the domain keeps each id once (the first copy); bookings without an id all stay", () => {
    expect(uniqueBookings(nine).map((b) => b.bookingId)).toEqual([501, 502, 503]);
    expect(uniqueBookings([{ petNames: "a" }, { petNames: "b" }])).toHaveLength(2);
    expect(bookingsThatCount(nine).kept).toHaveLength(3);
  });

  it("3 bookings named 9 times: 3 in the day lists, the in-house board, the round sheet and the Home tab", async () => {
    const d = deps();
    const departures = await dayReport(d, "departures", DAY);
    expect(departures.totals.bookings).toBe(3);
    expect(departures.entries).toHaveLength(3);
    const house = await houseReport(d, DAY);
    expect(house.totals.bookings).toBe(3);
    expect(house.entries).toHaveLength(3);
    const round = await roundReport(d, "morning", DAY);
    expect(round.pets).toHaveLength(3);
    const home = await todayOverview(d);
    expect(home.departures).toBe(3);
    expect(home.unpaidDepartures).toBe(3);
    expect(home.inHouse).toBe(3);
  });
});
