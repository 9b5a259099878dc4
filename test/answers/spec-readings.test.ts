/** Spec readings checked, not assumed (issue 20): local or UTC day lists, stay ranges by check-in or by stay. */
import { describe, expect, it } from "vitest";
import { datesToAsk, listDay } from "../../src/answers/day-query.ts";
import { houseReport } from "../../src/answers/house.ts";
import type { Deps } from "../../src/deps.ts";
import type { KennelClient } from "../../src/kennel/client.ts";
import type { Booking } from "../../src/kennel/schemas.ts";
import { undatedWords } from "../../src/words/house.ts";
import { captureLogger } from "../helpers/log.ts";

const { log } = captureLogger();

describe("which dates a day's list asks for", () => {
  it("the date, and the neighbouring UTC date the kennel's day reaches into", () => {
    expect(datesToAsk("2026-11-24", "Europe/London")).toEqual(["2026-11-24"]);
    expect(datesToAsk("2026-07-01", "Europe/London")).toEqual(["2026-07-01", "2026-06-30"]);
    expect(datesToAsk("2026-11-24", "Europe/Berlin")).toEqual(["2026-11-24", "2026-11-23"]);
    expect(datesToAsk("2026-11-24", "America/New_York")).toEqual(["2026-11-24", "2026-11-25"]);
  });
});

/** An API whose day lists take UTC dates (the other reading from the sandbox's local dates). */
function utcDayApi(bookings: Booking[]) {
  const asked: string[] = [];
  const byUtcDate = (date: string) => bookings.filter((b) => b.checkInDate?.startsWith(date));
  const kennel = {
    listArrivals: async (date: string) => {
      asked.push(date);
      return { data: byUtcDate(date), raw: [], requestId: `r-${date}` };
    },
  } as unknown as KennelClient;
  return { kennel, asked };
}

describe("a day's arrivals, read both ways", () => {
  const config = { timezone: "Europe/Berlin" } as Deps["config"];
  const early: Booking = { bookingId: 1, checkInDate: "2026-11-23T23:30:00.000Z" }; // 00:30 on the 24th in Berlin
  const late: Booking = { bookingId: 2, checkInDate: "2026-11-24T23:30:00.000Z" }; // 00:30 on the 25th in Berlin
  const noon: Booking = { bookingId: 3, checkInDate: "2026-11-24T11:00:00.000Z" };

  it("an API of UTC dates: the kennel's day is complete, and another day's arrival is not in it", async () => {
    // Before: only the date was asked for, so the 00:30 arrival was missing and the next day's shown.
    const api = utcDayApi([early, late, noon]);
    const day = await listDay({ kennel: api.kennel, config }, "arrivals", "2026-11-24");
    expect(api.asked).toEqual(["2026-11-24", "2026-11-23"]);
    expect(day.data.map((b) => b.bookingId)).toEqual([3, 1]);
    expect(day.requestId).toBe("r-2026-11-24");
  });

  it("an API of local dates: the same day, each booking once", async () => {
    const kennel = {
      listArrivals: async (date: string) => ({
        data: date === "2026-11-24" ? [early, noon] : date === "2026-11-23" ? [] : [late],
        raw: [],
        requestId: "r",
      }),
    } as unknown as KennelClient;
    const day = await listDay({ kennel, config }, "arrivals", "2026-11-24");
    expect(day.data.map((b) => b.bookingId)).toEqual([1, 3]);
  });
});

/**
 * An API over `stays` whose booking pages select a range by stay (overlap) or by check-in, and a
 * status as written; `departures` the day's departures; no pets. `asked`: each page's filter.
 */
function staysApi(stays: Booking[], departures: Booking[], by: "stay" | "check-in" = "stay") {
  const asked: Array<{ from?: string; to?: string; status?: string }> = [];
  const kennel = {
    async *iterateBookings(filter: { from?: string; to?: string; status?: string }) {
      asked.push(filter);
      const from = Date.parse(filter.from ?? "");
      const to = Date.parse(filter.to ?? "");
      const checkIn = (b: Booking) => Date.parse(b.checkInDate as string);
      const items = stays.filter(
        (b) =>
          (by === "check-in" ? checkIn(b) >= from : Date.parse(b.checkOutDate as string) >= from) &&
          checkIn(b) <= to &&
          (filter.status === undefined || b.status === filter.status),
      );
      yield {
        data: { items, page: 1, pageSize: 100, totalRecords: items.length, totalPages: 1 },
        requestId: "r",
      };
    },
    listDepartures: async () => ({ data: departures, raw: [], requestId: "d" }),
    listCustomerPets: async () => ({ data: [], raw: [], requestId: "p" }),
  } as unknown as KennelClient;
  return { kennel, asked };
}

describe("the house, whichever way the API reads from/to", () => {
  const DAY = "2026-11-24";
  const stay: Booking = {
    bookingId: 10,
    status: "checked_in",
    checkInDate: "2026-11-10T10:00:00.000Z",
    checkOutDate: "2026-11-30T10:00:00.000Z",
  };
  /** Goes home on the day, after a stay longer than the house query reaches back for. */
  const leaving: Booking = {
    bookingId: 11,
    status: "checked_in",
    roomName: "Kennel 3",
    checkInDate: "2026-09-01T10:00:00.000Z",
    checkOutDate: `${DAY}T10:00:00.000Z`,
  };

  /** By check-in: the stays that began in the range; by stay: those that overlap it. */
  function deps(by: "stay" | "check-in") {
    const { kennel, asked: ranges } = staysApi([stay, leaving], [leaving], by);
    const d = {
      kennel,
      log,
      config: { timezone: "Europe/London" },
      clock: { now: () => new Date(`${DAY}T08:00:00Z`) },
    } as unknown as Deps;
    return { d, ranges };
  }

  it("an API that selects by stay: the day's answer holds every departure, so it is whole (one query for the day, one for the stays still checked in)", async () => {
    const { d, ranges } = deps("stay");
    const r = await houseReport(d, DAY, { wholeDay: true });
    // The day, then (issue 32) the stays checked in over the six weeks before, by the status the API spells.
    expect(ranges).toHaveLength(2);
    expect(ranges[1]).toMatchObject({ status: "checked_in", from: "2026-10-12T23:00:00.000Z" });
    expect(r.entries.map((e) => e.booking.bookingId).sort()).toEqual([10, 11]);
    expect(r.houseNote).toBeUndefined();
  });

  it("an API that selects by check-in: asked again from six weeks before; a stay begun two weeks before is in house", async () => {
    // Before: the query covered the day only, so under this reading the house was empty.
    const { d, ranges } = deps("check-in");
    const r = await houseReport(d, DAY, { wholeDay: true });
    expect(ranges).toHaveLength(2);
    // 42 days before, at midnight in London (summer time then).
    expect(ranges[1]?.from).toBe("2026-10-12T23:00:00.000Z");
    expect(r.entries.map((e) => e.booking.bookingId)).toContain(10);
    // The departure whose stay began before that is added from the day's departures, and said.
    expect(r.entries.map((e) => e.booking.bookingId)).toContain(11);
    expect(r.houseNote).toBe(
      "1 of the day's departures was not in the API's list of stays, and is shown here: check the booking dates",
    );
  });
});

describe("a stay still checked in past its check-out (issue 32)", () => {
  const DAY = "2026-11-22";
  /** Checked in, its check-out yesterday: the owner did not come. */
  const jess: Booking = {
    bookingId: 20,
    status: "Checked In",
    roomName: "Kennel 22",
    checkInDate: "2026-11-16T10:00:00.000Z",
    checkOutDate: "2026-11-21T10:00:00.000Z",
  };
  /** In house over the day, and leaving on it: the day's answer proves the API reads by stay. */
  const leaving: Booking = {
    bookingId: 21,
    status: "Checked In",
    checkInDate: "2026-11-20T10:00:00.000Z",
    checkOutDate: `${DAY}T16:00:00.000Z`,
  };

  /** An API that reads its range by stay (overlap), and its status filter as written. */
  function deps(stays: Booking[], departures: Booking[]) {
    const { kennel, asked } = staysApi(stays, departures);
    const d = {
      kennel,
      log,
      config: {
        timezone: "Europe/London",
        rounds: { times: { morning: "07:30", midday: "12:00", evening: "18:00" } },
      },
      clock: { now: () => new Date(`${DAY}T09:00:00Z`) },
    } as unknown as Deps;
    return { d, asked };
  }

  it("asked for by the status the API spells, it is in house and marked 'past check-out: still here?'", async () => {
    // Before: the day's answer (by stay) left it out, and it was on no list nor any round's sheet.
    const { d, asked } = deps([jess, leaving], [leaving]);
    const r = await houseReport(d, DAY, { wholeDay: true });
    expect(asked.map((a) => a.status)).toEqual([undefined, "Checked In"]);
    const entry = r.entries.find((e) => e.booking.bookingId === 20);
    expect(entry?.pastCheckOut).toBe("Sat 21 Nov 10:00");
    expect(entry?.goingHome).toBe(false);
    expect(r.totals.pastCheckOut).toBe(1);
  });

  it("with no status in the answers that says checked in, by looking back over every stay", async () => {
    const quiet = { ...leaving, status: "confirmed" };
    const { d, asked } = deps([jess, quiet], [quiet]);
    const r = await houseReport(d, DAY, { wholeDay: true });
    expect(asked).toHaveLength(2);
    // Six weeks before, at midnight in London (summer time then), to the day's start.
    expect(asked[1]).toEqual({ from: "2026-10-10T23:00:00.000Z", to: "2026-11-22T00:00:00.000Z" });
    expect(r.entries.map((e) => e.booking.bookingId)).toContain(20);
  });
});

describe("a stay whose check-in date cannot be read", () => {
  const DAY = "2026-11-24";
  const dated: Booking = {
    bookingId: 30,
    status: "checked_in",
    roomName: "Kennel 1",
    checkInDate: "2026-11-20T10:00:00.000Z",
    checkOutDate: "2026-11-28T10:00:00.000Z",
  };
  /** Its check-in a value the reader dropped (logged): the API answered it for the day all the same. */
  const undated: Booking = {
    bookingId: 31,
    reference: "HP-31UNRD",
    roomName: "Kennel 11",
    status: "checked_in",
  };
  /** Its check-in unreadable too, but its check-out read: it went home before the day. */
  const gone: Booking = { bookingId: 32, reference: "HP-32GONE", checkOutDate: "2026-11-22T10:00:00.000Z" };
  const deps = () =>
    ({
      kennel: {
        async *iterateBookings() {
          const items = [dated, undated, gone];
          yield { data: { items, page: 1, pageSize: 100, totalRecords: 3, totalPages: 1 }, requestId: "r" };
        },
        listDepartures: async () => ({ data: [], raw: [], requestId: "d" }),
        listCustomerPets: async () => ({ data: [], raw: [], requestId: "p" }),
      } as unknown as KennelClient,
      log,
      config: { timezone: "Europe/London" },
      clock: { now: () => new Date(`${DAY}T08:00:00Z`) },
    }) as unknown as Deps;

  it("is in house, and said by its reference, never dropped; one whose check-out read is before the day is not", async () => {
    // Before: a stay with no check-in date read was left out of the house, the rounds and Home, said nowhere.
    const r = await houseReport(deps(), DAY, { wholeDay: true });
    expect(r.entries.map((e) => e.booking.bookingId)).toEqual([30, 31]);
    expect(r.houseNote).toBe(
      "1 stay's check-in date could not be read (HP-31UNRD): it is shown here with the day's stays, here or still to arrive (the kennel system says which), and not in the arriving count; check its dates there",
    );
  });

  it("many such stays: the first five named, the rest counted", () => {
    const stays = Array.from({ length: 7 }, (_, i) => ({ reference: `HP-${i}AAAAA` }));
    expect(undatedWords(stays)).toBe(
      "7 stays' check-in dates could not be read (HP-0AAAAA, HP-1AAAAA, HP-2AAAAA, HP-3AAAAA, HP-4AAAAA and 2 more): they are shown here with the day's stays, here or still to arrive (the kennel system says which), and not in the arriving count; check their dates there",
    );
  });
});
