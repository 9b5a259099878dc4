/** A count of the house says what it counts (issue 45): here now, on the last sheet kept, and what changed since. */
import { describe, expect, it } from "vitest";
import { houseCountOf, stayCountsAt } from "../../src/domain/house.ts";
import type { Booking } from "../../src/kennel/schemas.ts";
import { houseCountWords } from "../../src/words/house.ts";

const NOW = Date.parse("2026-11-22T10:00:00Z");
const stay = (bookingId: number, checkIn: string, checkOut: string, extra: Partial<Booking> = {}) =>
  ({ bookingId, checkInDate: checkIn, checkOutDate: checkOut, numberOfPets: 1, ...extra }) as Booking;

describe("a count of the house", () => {
  const bookings = [
    stay(1, "2026-11-20T10:00:00Z", "2026-11-25T10:00:00Z", { numberOfPets: 2 }),
    // Gone home at 08:30, after the 07:30 sheet.
    stay(2, "2026-11-19T10:00:00Z", "2026-11-22T08:30:00Z", { status: "checked_out" }),
    // Arrives at 15:00: on the sheet, not here yet.
    stay(3, "2026-11-22T15:00:00Z", "2026-11-24T10:00:00Z"),
    // Booked in since the sheet was kept, here now.
    stay(4, "2026-11-22T09:00:00Z", "2026-11-24T10:00:00Z", { numberOfPets: 2 }),
    // Still checked in past its check-out: here.
    stay(5, "2026-11-18T10:00:00Z", "2026-11-21T10:00:00Z", { status: "checked_in" }),
  ];
  const stays = stayCountsAt(bookings, NOW);

  it("counts the pets here now, on the sheet as kept, and who arrived, went home or is to arrive since", () => {
    const sheet = { time: "07:30", pets: 5, bookings: [1, 2, 3, 5] };
    const c = houseCountOf(stays, { today: true, sheet });
    expect(c).toEqual({
      day: 7,
      now: 5,
      sheet: { time: "07:30", pets: 5, arrived: 2, gone: 1, toArrive: 1 },
    });
    expect(houseCountWords(c)).toBe(
      "5 pets in house now · 5 on the 07:30 sheet (2 arrived since, 1 gone home since, 1 still to arrive) · 7 in house today",
    );
    expect(houseCountWords(c, { saidBefore: true })).toMatch(/^5 pets now · 5 on the 07:30 sheet/);
  });

  it("a sheet kept ahead of its round (the 18:00 sheet at 13:00): a stay going home before it is said so, never 'arrived since', and the figures add up", () => {
    const at1300 = Date.parse("2026-11-22T13:00:00Z");
    const staying = Array.from({ length: 6 }, (_, i) =>
      stay(100 + i, "2026-11-20T10:00:00Z", "2026-11-25T10:00:00Z"),
    );
    // Here at 13:00, going home at 16:00: the 18:00 sheet left them off.
    const leaving = [stay(200, "2026-11-19T10:00:00Z", "2026-11-22T16:00:00Z", { numberOfPets: 2 })];
    // Arrives at 19:00: on the sheet, to come.
    const late = [stay(300, "2026-11-22T19:00:00Z", "2026-11-24T10:00:00Z")];
    const stays = stayCountsAt([...staying, ...leaving, ...late], at1300);
    const sheet = {
      time: "18:00",
      pets: 7,
      bookings: [...staying, ...late].map((b) => b.bookingId as number),
      at: Date.parse("2026-11-22T18:00:00Z"),
    };
    const c = houseCountOf(stays, { today: true, sheet, now: at1300 });
    expect(c.sheet).toEqual({
      time: "18:00",
      pets: 7,
      arrived: 0,
      gone: 0,
      toArrive: 1,
      leaving: { pets: 2, ahead: true },
    });
    // 7 on the sheet − 1 to arrive + 2 going home before it = 8 here now.
    expect(houseCountWords(c)).toBe(
      "8 pets in house now · 7 on the 18:00 sheet (1 still to arrive, 2 here now going home before it) · 9 in house today",
    );
    // Past the round, still checked in past a check-out before it: due home before it, still here.
    const overdue = [
      stay(201, "2026-11-19T10:00:00Z", "2026-11-22T11:00:00Z", { numberOfPets: 2, status: "checked_in" }),
    ];
    const after = houseCountOf(stayCountsAt([...staying, ...overdue], at1300), {
      today: true,
      sheet: { ...sheet, at: Date.parse("2026-11-22T12:00:00Z") },
      now: at1300,
    });
    expect(after.sheet?.leaving).toEqual({ pets: 2, ahead: false });
  });

  it("today with no round kept yet: here now; another day: that day", () => {
    expect(houseCountWords(houseCountOf(stays, { today: true }))).toBe(
      "5 pets in house now · 7 in house today",
    );
    expect(houseCountWords(houseCountOf(stays, { today: false }))).toBe("7 pets in house that day");
  });

  it("the issue's house: 86 in house now, 84 on the 07:30 sheet, 2 arrived since", () => {
    const kept = Array.from({ length: 84 }, (_, i) =>
      stay(100 + i, "2026-11-20T10:00:00Z", "2026-11-25T10:00:00Z"),
    );
    const since = [stay(300, "2026-11-22T08:00:00Z", "2026-11-25T10:00:00Z", { numberOfPets: 2 })];
    const c = houseCountOf(stayCountsAt([...kept, ...since], NOW), {
      today: true,
      sheet: { time: "07:30", pets: 84, bookings: kept.map((b) => b.bookingId as number) },
    });
    expect(houseCountWords(c)).toBe("86 pets in house now · 84 on the 07:30 sheet (2 arrived since)");
  });

  it("a stay whose check-in date could not be read is counted that day, not here now, and said beside it", () => {
    // Before: it counted as here now (its check-in unknown read as "not later"), though it may be to come.
    const undated = { bookingId: 9, numberOfPets: 2, checkOutDate: "2026-11-24T10:00:00Z" } as Booking;
    const c = houseCountOf(stayCountsAt([...bookings, undated], NOW), { today: true });
    expect(c).toMatchObject({ day: 9, now: 5, undated: 2 });
    expect(houseCountWords(c)).toBe(
      "5 pets in house now (+2 check-in date not read: here or not, check) · 9 in house today",
    );
  });

  it("a stay on the sheet whose check-in date could not be read is never counted as gone home since", () => {
    // Before: neither here nor to come, it read as gone home ("2 gone home since") though nobody knows.
    const undated = { bookingId: 9, numberOfPets: 2, checkOutDate: "2026-11-24T10:00:00Z" } as Booking;
    const sheet = { time: "07:30", pets: 7, bookings: [1, 2, 3, 5, 9] };
    const c = houseCountOf(stayCountsAt([...bookings, undated], NOW), { today: true, sheet });
    expect(c.sheet).toEqual({ time: "07:30", pets: 7, arrived: 2, gone: 1, toArrive: 1 });
  });

  it("a stay's pets counted as the board's totals count them: with its care when its number was not read", () => {
    const unread = { bookingId: 9, checkInDate: "2026-11-20T10:00:00Z", petNames: "Rolo" } as Booking;
    const care = { status: "ok", pets: [{}, {}], unmatched: [] } as never;
    expect(stayCountsAt([unread], NOW)[0]?.pets).toBe(1);
    expect(stayCountsAt([unread], NOW, () => care)[0]?.pets).toBe(2);
  });
});
