/**
 * The booking's own card, when its pets' names do not match the owner's pets: "open the booking"
 * would send staff back to the card they are reading, so it gives a step that leads somewhere (the
 * pet by name, the owner's pets) and the lasting fix in the kennel system. A list still says to open
 * the booking (that is a step from a list).
 */
import { describe, expect, it } from "vitest";
import type { BookingView } from "../../src/answers/records.ts";
import { careOfBooking } from "../../src/domain/day.ts";
import { bookingText, dayText } from "../../src/text/index.ts";
import { booking, dayOf, PLAIN, pet } from "./fixtures.ts";

const b = booking({ petNames: "Biccy", customerId: 1402 });
const pets = [pet({ name: "Biscuit", customerId: 1402 })];

describe("care details not matched", () => {
  it("on the booking's card: look the pet up by name or the owner's pets, and fix the name", () => {
    const v: BookingView = {
      booking: b,
      full: true,
      care: careOfBooking(b, pets),
      careProblem: undefined,
      requestId: "r",
    };
    const text = bookingText(v, PLAIN);
    expect(text).not.toContain("open the booking");
    expect(text).toContain(
      "❔ care details not matched (Biccy): look the pet up with /pet Biccy or /customer 1402 (the owner's pets), then fix the pet's name in the kennel system so the booking's pet names match its pets",
    );
  });

  it("in a day's list: open the booking, as before", () => {
    expect(dayText(dayOf("arrivals", [[b, pets]]), PLAIN)).toContain(
      "❔ care details not matched: open the booking (Biccy)",
    );
  });
});
