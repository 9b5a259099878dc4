/**
 * A booking's values the kennel API sent but Kennel Desk could not read are said where they would be,
 * in Slack and in the terminal alike, never as "not recorded" or "--:--", and named once in the foot.
 */
import { describe, expect, it } from "vitest";
import type { HouseReport } from "../../src/answers/house.ts";
import type { BookingView } from "../../src/answers/records.ts";
import type { TomorrowCheck } from "../../src/answers/today.ts";
import { dayListMessages } from "../../src/blocks/day-list.ts";
import { careOfBooking, entryOf } from "../../src/domain/day.ts";
import { flagsOf } from "../../src/domain/flags.ts";
import { readBooking } from "../../src/kennel/schemas.ts";
import { silentLogger } from "../../src/log.ts";
import { bookingText, dayText, houseText, tomorrowText } from "../../src/text/index.ts";
import { visibleOfMessages } from "../helpers/visible.ts";
import { booking, dayOf, PLAIN, pet } from "./fixtures.ts";

/** A booking as the reader reads it from the API's JSON. */
const read = (raw: Record<string, unknown>) => {
  const b = readBooking(raw, silentLogger());
  if (!b) throw new Error("not read");
  return b;
};

describe("a booking with values that could not be read", () => {
  const rolo = read({
    ...booking({ bookingId: 100312, reference: "HP-ROLO1", petNames: "Rolo" }),
    checkInDate: { at: "09:30" },
    bookingPaid: "yes please",
  });
  const absent = booking({ bookingId: 100313, reference: "HP-MABEL", petNames: "Mabel" });
  delete absent.checkInDate;
  delete absent.bookingPaid;
  const report = dayOf("arrivals", [
    [rolo, [pet({ name: "Rolo" })]],
    [absent, [pet({ name: "Mabel" })]],
  ]);

  it("arrivals: the time and the payment said as not read where they would be, and named in the foot", () => {
    const text = dayText(report, PLAIN);
    expect(text).toContain("❔ time not read  Rolo · Ann Lee · boarding");
    expect(text).toContain(
      "Kennel 4 · confirmed · ❔ payment could not be read: check in the kennel system · HP-ROLO1",
    );
    expect(text).toContain(
      "1 booking has values Kennel Desk could not read (HP-ROLO1: check-in date, payment): they are marked ❔ where they would be; check it in the kennel system",
    );
    // The summary counts the payment not read, on arrivals as on departures.
    expect(text).toContain("❔ 1 payment could not be read: to check");
    // An absent value keeps its own words.
    expect(text).toContain("--:--  Mabel · Ann Lee");
    expect(text).toContain("❔ payment not recorded · HP-MABEL");
    expect(text).not.toMatch(/HP-MABEL:/);
  });

  it("Slack says the same", () => {
    const seen = visibleOfMessages(dayListMessages(report, PLAIN.timezone)).join("\n");
    expect(seen).toContain("❔ time not read");
    expect(seen).toContain("❔ payment could not be read: check in the kennel system");
    expect(seen).toContain("could not read (HP-ROLO1: check-in date, payment)");
  });

  it("the foot names five bookings by reference and counts the rest", () => {
    const rows = Array.from({ length: 7 }, (_, i) => [
      read({ ...booking({ bookingId: 200 + i, reference: `HP-${i}` }), roomName: ["Kennel"] }),
      [pet()],
    ]) as Parameters<typeof dayOf>[1];
    const text = dayText(dayOf("departures", rows), PLAIN);
    expect(text).toContain(
      "7 bookings have values Kennel Desk could not read (HP-0: room; HP-1: room; HP-2: room; HP-3: room; HP-4: room; and 2 more)",
    );
    expect(text).toContain("❔ room not read");
  });

  it("tomorrow's check, in house and the booking's card say the same where the value would be", () => {
    const odd = read({
      ...booking({ reference: "HP-ODD" }),
      checkInDate: 20261124,
      customerName: { first: "Ann" },
      roomName: ["K"],
      checkOutDate: false,
    });
    const t: TomorrowCheck = {
      date: "2026-11-25",
      entries: [
        {
          booking: odd,
          pets: [{ flags: flagsOf(pet({ evaluationComplete: 0 })), missing: ["not evaluated"] }],
          careStatus: "matched",
          unmatched: [],
        },
      ],
      arrivals: 3,
      leftOut: { calledOff: 0, waitlisted: 0 },
      requestId: "req-t",
      careProblem: undefined,
    };
    const tomorrow = tomorrowText(t, PLAIN);
    expect(tomorrow).toContain("❔ time not read Biscuit · ❔ owner not read · HP-ODD");
    expect(tomorrow).toContain("could not read (HP-ODD: check-in date, check-out date, owner, room)");
    const house: HouseReport = {
      date: "2026-11-24",
      entries: [{ ...entryOf(odd, careOfBooking(odd, [pet()])), goingHome: false, arriving: false }],
      totals: {
        bookings: 1,
        pets: 1,
        rooms: 1,
        goingHome: 0,
        arriving: 0,
        careNotMatched: 0,
        careNotLoaded: 0,
      },
      page: 1,
      pages: 1,
      from: 0,
      requestId: "req-house",
      careProblem: undefined,
      calls: 1,
    };
    const board = houseText(house, PLAIN);
    expect(board).toContain("❔ room not read");
    expect(board).toContain("Biscuit · ❔ owner not read · ❔ going-home date not read");
    expect(board).toContain("could not read (HP-ODD:");
    const v: BookingView = {
      booking: odd,
      full: true,
      care: careOfBooking(odd, [pet()]),
      careProblem: undefined,
      requestId: "r",
    };
    const card = bookingText(v, PLAIN);
    expect(card).toContain("Check-in: ❔ date not read");
    expect(card).toContain("Room: ❔ room not read");
    expect(card).toContain("Owner: ❔ owner not read");
    expect(card).toContain("could not read (HP-ODD:");
  });
});
