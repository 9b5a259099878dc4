/**
 * /booking, /pet and /customer in Slack and `kennel-desk booking|pet|customer` in the terminal are
 * one document each, serialized twice: on the busy day's sandbox (with the awkward bookings), line by
 * line the same text, in the same order; the lists (pets, customers, bookings) on their pages too.
 */
import { describe, expect, it } from "vitest";
import { customerAnswer, customerBookings, customerView } from "../../src/answers/customers.ts";
import { bookingsSearch } from "../../src/answers/kennel.ts";
import { bookingView, petAnswer, petView } from "../../src/answers/records.ts";
import { bookingMessages } from "../../src/blocks/booking.ts";
import { bookingListMessages, customerListMessages, customerMessages } from "../../src/blocks/customer.ts";
import { limitViolations } from "../../src/blocks/limits.ts";
import { petListMessages, petMessages } from "../../src/blocks/pet.ts";
import { petCare } from "../../src/domain/day.ts";
import type { PetStayRecord } from "../../src/domain/stay.ts";
import { NotFoundError } from "../../src/kennel/errors.ts";
import { AWKWARD_CASES } from "../../src/sandbox/awkward.ts";
import { SANDBOX_REFERENCES } from "../../src/sandbox/landmarks.ts";
import type { BusinessData } from "../../src/sandbox/types.ts";
import {
  bookingsText,
  bookingText,
  customerListText,
  customerText,
  petListText,
  petText,
} from "../../src/text/index.ts";
import { visibleOfMessages } from "../helpers/visible.ts";
import { busyDay, expectSameLines, TEXT, TZ } from "./harness.ts";

const busy = busyDay();
const business = () => busy.sandbox.data.businesses[0] as BusinessData;

describe("a booking: one document, two serializers", () => {
  it("says the same for the awkward bookings, the landmarks and the busy day's departures", async () => {
    const busyRefs = (business().departuresByDate.get(busy.day) ?? [])
      .slice(0, 6)
      .map((b) => String(b.reference));
    const refs = [...Object.values(AWKWARD_CASES), ...Object.values(SANDBOX_REFERENCES), ...busyRefs];
    expect(refs.length).toBeGreaterThan(20);
    for (const ref of refs) {
      const v = await bookingView(busy.deps, ref);
      const lines = expectSameLines(bookingMessages(v, TZ, "2026"), bookingText(v, TEXT)).join("\n");
      expect(lines).toContain(`Booking ${v.booking.reference}`);
      // Every pet's care is there, every dose of it.
      for (const p of v.care.pets) {
        expect(lines).toContain(p.flags.name.trim());
        for (const m of p.care.medications)
          expect(lines).toMatch(new RegExp(`${m.n}\\. .* · midday: .* · evening: `));
      }
      if (v.care.status !== "matched") expect(lines).toContain("❔");
    }
  });

  it("says the owner's contacts on both sides (only the asker sees a booking)", async () => {
    const v = await bookingView(busy.deps, AWKWARD_CASES["AW-NBM"] as string);
    const lines = expectSameLines(bookingMessages(v, TZ, "2026"), bookingText(v, TEXT)).join("\n");
    expect(lines).toContain("Fasting");
    const b = v.booking as { customerPhone?: string };
    if (b.customerPhone) expect(lines).toContain(`📞 ${b.customerPhone.replace(/ /g, "\u00A0")}`);
  });

  it("a phone number never wraps mid-number: its spaces are no-break spaces on every card that shows one", async () => {
    const ref = SANDBOX_REFERENCES.demo;
    const v = await bookingView(busy.deps, ref);
    const phone = "07364 025592";
    const withPhone = { ...v, booking: { ...v.booking, customerPhone: phone } } as typeof v;
    const card = JSON.stringify(bookingMessages(withPhone, TZ, "2026"));
    expect(card).toContain("07364\u00A0025592");
    expect(card).not.toContain(phone);
    expect(bookingText(withPhone, TEXT)).toContain("📞 07364\u00A0025592");
  });

  it("says the same with the stay's record, and when the record could not be read", async () => {
    const v = await bookingView(busy.deps, AWKWARD_CASES["AW-TWICE"] as string);
    const bookingId = v.booking.bookingId as number;
    const record: PetStayRecord = {
      bookingId,
      petId: 1,
      petName: "Toby",
      doses: { due: 4, given: 3 },
      meals: { due: 2, ateAll: 1, ateSome: 0, ateNone: 1, notOffered: 0, missed: 0 },
      exceptions: [
        {
          date: "2026-11-22",
          round: "morning",
          label: "Rimadyl",
          kind: "refused",
          at: "2026-11-22T08:15:00Z",
          why: "spat it out",
          who: "Sam",
        },
      ],
      items: [],
      entries: [],
      dueKnown: true,
      notDue: [],
    };
    const withStay = { ...v, stay: { bookingId, pets: [record], problem: undefined } };
    const lines = expectSameLines(bookingMessages(withStay, TZ, "2026"), bookingText(withStay, TEXT));
    expect(lines.join("\n")).toContain("📋 Stay record, Toby: 💊 3 of 4 doses given");
    expect(lines.join("\n")).toContain("spat it out");
    const unread = { ...v, stay: { bookingId, pets: [], problem: "The care record could not be read." } };
    const problem = expectSameLines(bookingMessages(unread, TZ, "2026"), bookingText(unread, TEXT));
    expect(problem).toContain("📋 ❔ The care record could not be read.");
  });

  it("a booking of twelve pets with huge care stays within Slack's limits and counts the pets not drawn", async () => {
    const v = await bookingView(busy.deps, AWKWARD_CASES["AW-TWICE"] as string);
    const long = "Half a tablet & <b>one</b> more. ".repeat(40);
    const pets = Array.from({ length: 12 }, (_, i) =>
      petCare({
        petId: 1000 + i,
        name: `Pet ${i}`,
        medication: long,
        medicationPm: long,
        medication2: long,
        medication2Noon: long,
        medication3: long,
        dietaryRequirements: long,
        dietaryRequirementsAm: long,
        allergies: long,
        notes: long,
      }),
    );
    const big = { ...v, care: { ...v.care, pets } };
    // In as many messages as its care needs (a few: the asker's answers are few), none cut.
    const messages = bookingMessages(big, TZ, "2026");
    expect(messages.length).toBeLessThanOrEqual(4);
    for (const m of messages) expect(limitViolations(m)).toEqual([]);
    const seen = visibleOfMessages(messages);
    const drawn = seen.filter((l) => /^🐾 Pet \d+/.test(l)).length;
    expect(seen).toContain(`and ${12 - drawn} more pets: see each with /pet`);
    // Each pet drawn is drawn whole: every medication's row to its evening instruction (a row longer
    // than a section goes on in the next, between words: the rows are read joined).
    expect(drawn).toBeGreaterThan(0);
    const text = seen.join(" ");
    expect(text.match(/ \d\. [^·]+ · midday: [^·]+ · evening: /g)).toHaveLength(3 * drawn);
    expect(text.match(/ 1\. [^·]+ · midday: [^·]+ · evening: Half a tablet/g)).toHaveLength(drawn);
    // The terminal has room for every pet.
    expect(bookingText(big, TEXT)).toContain("Pet 11");
  });

  it("a booking that is not there is not found", async () => {
    await expect(bookingView(busy.deps, "NO-SUCH-REF")).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("a pet: one document, two serializers", () => {
  it("says the same for pets with medication, the evening-only pet and the Biscuits", async () => {
    const medicated = business()
      .pets.filter((p) => p.medication && p.allergies)
      .slice(0, 5)
      .map((p) => p.petId as number);
    const ids = busy.sandbox.data.landmarkIds;
    for (const id of [...medicated, ids.eveningOnlyPetId, ...ids.biscuitPetIds.slice(0, 2)]) {
      const v = await petView(busy.deps, id);
      const lines = expectSameLines(petMessages(v, TZ, "2026"), petText(v, TEXT)).join("\n");
      expect(lines).toContain(`pet id ${id}`);
      for (const m of v.care.medications)
        expect(lines).toMatch(new RegExp(`${m.n}\\. .* · midday: .* · evening: `));
      if (v.care.allergies) expect(lines).toContain("Allergies:");
    }
  });

  it("says the same when the owner could not be loaded, and with a photo", async () => {
    const v = await petView(busy.deps, busy.sandbox.data.landmarkIds.eveningOnlyPetId);
    const lost = { ...v, owner: undefined, pet: { ...v.pet, photo: "https://example.org/p.jpg" } };
    const lines = expectSameLines(petMessages(lost, TZ, "2026"), petText(lost, TEXT)).join("\n");
    expect(lines).toContain("(could not be loaded)");
    expect(lines).toContain("📷 Photo: https://example.org/p.jpg");
  });

  it("a search: every page of the Biscuits, each pet's owner and id", async () => {
    const first = await petAnswer(busy.deps, "Biscuit");
    expect(first.type).toBe("pet_list");
    if (first.type !== "pet_list") return;
    for (let page = 1; page <= first.list.totalPages; page++) {
      const a = page === 1 ? first : await petAnswer(busy.deps, "Biscuit", page);
      if (a.type !== "pet_list") throw new Error("a list");
      const lines = expectSameLines(petListMessages(a.list), petListText(a.list, TEXT)).join("\n");
      for (const i of a.list.items) expect(lines).toContain(`pet id ${i.pet.petId}`);
    }
  });

  it("a pet that is not there is not found", async () => {
    await expect(petAnswer(busy.deps, "Zzyzxq")).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("a customer: one document, two serializers", () => {
  it("says the same for the landmark customers, contacts and consent included", async () => {
    for (const id of busy.sandbox.data.landmarkIds.customerIds.slice(0, 4)) {
      const v = await customerView(busy.deps, id);
      const lines = expectSameLines(customerMessages(v), customerText(v, TEXT)).join("\n");
      expect(lines).toContain(`customer id ${id}`);
      expect(lines).toContain("Consent");
      // Never wrapped mid-number: its spaces are no-break spaces.
      if (v.customer.mobile) expect(lines).toContain(v.customer.mobile.replace(/ /g, "\u00A0"));
    }
  });

  it("a search of customers, and a customer's bookings, every page", async () => {
    const owner = business().customers[0] as { secondname?: string };
    const a = await customerAnswer(busy.deps, String(owner.secondname));
    if (a.type === "customer_list") {
      const lines = expectSameLines(customerListMessages(a.list), customerListText(a.list, TEXT)).join("\n");
      for (const c of a.list.items) expect(lines).toContain(`customer id ${c.customerId}`);
    } else expectSameLines(customerMessages(a.view), customerText(a.view, TEXT));
    const id = busy.sandbox.data.landmarkIds.customerIds[0] as number;
    const first = await customerBookings(busy.deps, id);
    expect(first.items.length).toBeGreaterThan(0);
    for (let page = 1; page <= first.totalPages; page++) {
      const p = page === 1 ? first : await customerBookings(busy.deps, id, page);
      const lines = expectSameLines(
        bookingListMessages(p, TZ, "2026", { customerId: id }),
        bookingsText(p, TEXT),
      ).join("\n");
      for (const b of p.items) expect(lines).toContain(b.reference ?? `booking id ${b.bookingId}`);
    }
  });

  it("the busy day's bookings search, every page", async () => {
    const first = await bookingsSearch(busy.deps, busy.day);
    expect(first.totalPages).toBeGreaterThan(1);
    for (let page = 1; page <= Math.min(first.totalPages, 4); page++) {
      const p = page === 1 ? first : await bookingsSearch(busy.deps, busy.day, page);
      const lines = expectSameLines(
        bookingListMessages(p, TZ, "2026", { search: p.state }),
        bookingsText(p, TEXT),
      ).join("\n");
      for (const b of p.items) expect(lines).toContain(b.reference ?? `booking id ${b.bookingId}`);
    }
  });

  it("a status no booking has (a typo) says so, and suggests the near one", async () => {
    const typo = await bookingsSearch(busy.deps, "status:cancelld");
    expect(typo.totalRecords).toBe(0);
    const lines = expectSameLines(
      bookingListMessages(typo, TZ, "2026", { search: typo.state }),
      bookingsText(typo, TEXT),
    );
    expect(lines.join("\n")).toContain("No bookings have the status “cancelld”. Did you mean cancelled?");
    // A status the API uses finds its bookings, with no such words.
    const right = await bookingsSearch(busy.deps, "status:cancelled");
    expect(right.totalRecords).toBeGreaterThan(0);
  });

  it("says the same with no bookings, and a customer who is not there is not found", async () => {
    const empty = {
      title: "Bookings of Ann Lee",
      emptyText: "No bookings recorded for this customer.",
      items: [],
      page: 1,
      totalPages: 1,
      totalRecords: 0,
      requestId: "r",
    };
    const lines = expectSameLines(
      bookingListMessages(empty, TZ, "2026", { customerId: 1 }),
      bookingsText(empty, TEXT),
    );
    expect(lines).toEqual(["Bookings of Ann Lee (0)", "No bookings recorded for this customer."]);
    await expect(customerAnswer(busy.deps, "Zzyzxq Qqq")).rejects.toBeInstanceOf(NotFoundError);
  });
});
