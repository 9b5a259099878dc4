/** The reader marks a booking's fields it could not read, so what is shown can say so (never "not recorded"). */
import { describe, expect, it } from "vitest";
import { paymentOf } from "../../src/domain/bookings.ts";
import { readBooking, readReducedBooking, unreadableFieldsOf } from "../../src/kennel/schemas.ts";
import { silentLogger } from "../../src/log.ts";

const RAW = {
  bookingId: 100312,
  reference: "HP-ROLO1",
  petNames: "Rolo",
  numberOfPets: 1,
  checkInDate: "2026-11-24T09:30:00Z",
  bookingPaid: true,
};

describe("a booking with values of an unexpected type", () => {
  it("is read without them, and names them", () => {
    const b = readBooking(
      { ...RAW, numberOfPets: "two", checkInDate: { at: 9 }, bookingPaid: [1] },
      silentLogger(),
    );
    expect(b?.checkInDate).toBeUndefined();
    expect(b?.bookingPaid).toBeUndefined();
    expect(b?.petNames).toBe("Rolo");
    expect(unreadableFieldsOf(b as object).sort()).toEqual(["bookingPaid", "checkInDate", "numberOfPets"]);
    // Recorded but not read: never "not recorded".
    expect(paymentOf(b as NonNullable<typeof b>)).toBe("not_read");
  });

  it("the reduced booking is marked the same way", () => {
    const b = readReducedBooking({ ...RAW, bookingPaid: "maybe" }, silentLogger());
    expect(unreadableFieldsOf(b as object)).toEqual(["bookingPaid"]);
  });

  it("a clean booking, or one with values absent, carries no mark", () => {
    const clean = readBooking(RAW, silentLogger());
    expect(unreadableFieldsOf(clean as object)).toEqual([]);
    expect(clean && "unreadableFields" in clean).toBe(false);
    const absent = readBooking({ ...RAW, bookingPaid: null, checkInDate: "" }, silentLogger());
    expect(unreadableFieldsOf(absent as object)).toEqual([]);
    expect(paymentOf(absent as NonNullable<typeof absent>)).toBe("unknown");
  });
});
