/** Records, searches, status, failures and JSON as terminal text. */
import { describe, expect, it } from "vitest";
import type { CustomerSearch } from "../../src/answers/customers.ts";
import { describeFailure, UsageError } from "../../src/answers/failure.ts";
import type { BookingView, PetSearch, PetView } from "../../src/answers/records.ts";
import { careOf } from "../../src/domain/care.ts";
import { careOfBooking } from "../../src/domain/day.ts";
import { ServerError } from "../../src/kennel/errors.ts";
import {
  bookingsText,
  bookingText,
  customerListText,
  failureText,
  helpText,
  jsonOf,
  petListText,
  petText,
  rawText,
} from "../../src/text/index.ts";
import { booking, PLAIN, pet, RIMADYL } from "./fixtures.ts";

describe("bookingText and petText", () => {
  it("the booking: dates in words, money, contacts, and each pet's care with medication per drug", () => {
    const b = booking({ customerPhone: "07700 900123", customerEmail: "ann@example.org" });
    const v: BookingView = {
      booking: b,
      full: true,
      care: careOfBooking(b, [pet(RIMADYL)]),
      careProblem: undefined,
      requestId: "req-b",
    };
    const text = bookingText(v, PLAIN);
    expect(text).toMatch(/^Booking HP-7K2M9Q\n═+/);
    expect(text).toContain("Check-in: Tue 24 Nov, 09:30");
    expect(text).toContain("📞 07700\u00A0900123");
    expect(text).toContain(
      "1. Rimadyl 50 mg, half a tablet · midday: none · evening: half a tablet with dinner",
    );
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(text).not.toMatch(/: —/);
  });

  it("the pets' count once: added to the names, unless the kennel's own words already give one", () => {
    const view = (petNames: string): BookingView => {
      const b = booking({ petNames, numberOfPets: 2 });
      return { booking: b, full: true, care: careOfBooking(b, []), careProblem: undefined, requestId: "r" };
    };
    expect(bookingText(view("Biscuit & Pepper"), PLAIN)).toContain("Pets: Biscuit & Pepper (2)\n");
    expect(bookingText(view("chloe and biscuit (2 dogs)"), PLAIN)).toContain(
      "Pets: chloe and biscuit (2 dogs)\n",
    );
  });

  it("the pet card: medication as instruction + midday + evening, never a morning dose; no empty rows", () => {
    const p = pet({
      ...RIMADYL,
      medication2Noon: "one drop in each eye",
      notes: "Call before 9",
      photo: "https://example.org/b.jpg",
    });
    const v: PetView = {
      pet: p,
      care: careOf(p),
      owner: { customerId: 10, firstname: "Ann", secondname: "Lee", mobile: "07700 900123" },
      requestId: "req-p",
    };
    const text = petText(v, PLAIN);
    const meds = text.slice(text.indexOf("💊 Medication"), text.indexOf("⚠️ Allergies"));
    expect(meds).toContain(
      "1. Rimadyl 50 mg, half a tablet · midday: none · evening: half a tablet with dinner",
    );
    expect(meds).toContain(
      "2. Medication 2 (no instruction recorded) · midday: one drop in each eye · evening: none",
    );
    expect(meds).not.toMatch(/morning/i);
    expect(text).toContain("Photo: https://example.org/b.jpg");
    expect(text).toContain("👤 Owner: Ann Lee (customer id 10)");
    expect(text).not.toMatch(/Microchip|Registration|Passport|: —/);
    // The foot names the pet; a request id is said only with a problem.
    expect(text).toMatch(/pet id 501$/m);
    expect(text).not.toContain("req-p");
  });
});

describe("lists", () => {
  it("same-named pets told apart: owner, breed, sex and the pet id on every row", () => {
    const l: PetSearch = {
      query: "Biscuit",
      name: "Biscuit",
      owner: undefined,
      items: [
        { pet: pet(), owner: "Ann Lee", age: "3 years" },
        { pet: pet({ petId: 777, customerId: 12, breed: undefined }), owner: undefined, age: undefined },
      ],
      page: 1,
      totalPages: 2,
      totalRecords: 11,
      requestId: "req-l",
    };
    const text = petListText(l, PLAIN);
    expect(text).toContain("🐕 Biscuit · Ann Lee · Dachshund · Female · 3 years · pet id 501");
    expect(text).toContain("🐕 Biscuit · owner: customer 12 · Female · pet id 777");
    expect(text).toContain("page 1 of 2");
  });

  it("customers with their ids; bookings with reference, id and dates in words", () => {
    const c: CustomerSearch = {
      query: "Lee",
      items: [{ customerId: 10, firstname: "Ann", secondname: "Lee", pets: [pet()] }],
      page: 1,
      totalPages: 1,
      totalRecords: 1,
      requestId: "req-c",
    };
    expect(customerListText(c, PLAIN)).toContain("Ann Lee · 🐾 Biscuit · customer id 10");
    const text = bookingsText(
      {
        title: "Bookings of Ann Lee",
        emptyText: "none",
        items: [booking()],
        page: 1,
        totalPages: 1,
        totalRecords: 1,
        requestId: "r",
      },
      PLAIN,
    );
    expect(text).toContain("HP-7K2M9Q (booking id 9001) · Biscuit · Ann Lee");
    expect(text).toContain(
      "Tue 24 Nov, 09:30 → Fri 27 Nov, 10:00 · boarding · confirmed · Kennel 4 · ✅ paid",
    );
  });
});

describe("help, failures, raw and JSON", () => {
  it("help lists every command from the one list", () => {
    const text = helpText(PLAIN);
    for (const c of ["/arrivals [date]", "/inhouse [date]", "/rounds [round] [date]", "/kennel status"]) {
      expect(text).toContain(c);
    }
  });

  it("a failure: what happened, what to do and the request id, a line each", () => {
    const f = describeFailure(new ServerError(503, { requestId: "sbx-1" }));
    expect(failureText(f, PLAIN)).toBe(
      "⚠️ The kennel API had a problem on its side (HTTP 503).\nTry again in a few minutes; if it persists, quote the request id to the API's support.\nRequest id: sbx-1 (quote it to support)",
    );
    expect(failureText(describeFailure(new UsageError("Too long.", "Type less.")), PLAIN)).toBe(
      "⚠️ Too long.\nType less.",
    );
  });

  it("raw JSON is cleaned; jsonOf gives the data, an error as its name, message and request id", () => {
    expect(rawText({ note: "a\u202Eb" }, PLAIN)).not.toContain("\u202E");
    const error = new ServerError(500, { requestId: "r-9" });
    const parsed = JSON.parse(jsonOf({ report: { state: "unreachable", error }, n: 1 }));
    expect(parsed.n).toBe(1);
    expect(parsed.report.error).toMatchObject({
      message: "The kennel API had a problem on its side (HTTP 500).",
      requestId: "r-9",
    });
    expect(JSON.stringify(parsed)).not.toContain("stack");
  });
});
