/** Raw API JSON for a channel keeps only known-safe fields (issue 26, item 3). */
import { describe, expect, it } from "vitest";
import { channelSafeAnswer, withoutContacts } from "../../src/domain/privacy.ts";

describe("raw JSON in a channel: an allow-list", () => {
  it("contact fields spelt any way the API likes never get through; the booking's own fields and the page envelope stay", () => {
    /** The page envelope and the booking's own fields: what stays. */
    const envelope = { page: 1, pageSize: 100, totalRecords: 1, totalPages: 1 };
    const own = {
      bookingId: 7,
      reference: "HP-7",
      customerName: "Ann Lee",
      petNames: "Biscuit",
      roomName: "Kennel 4",
      checkInDate: "2026-11-24T09:00:00Z",
      bookingPaid: false,
    };
    const raw = {
      ...envelope,
      items: [
        {
          ...own,
          postalCode: "AB1 2CD",
          e_mail: "ann@example.com",
          contact: { tel: "07700 900111" },
          town: "Harrogate",
          secondContactNumber: "07700 900222",
          customerPhone: "07700 900333",
          ownerDetails: { name: "Ann", phone: "07700 900444" },
          pets: [{ name: "Biscuit", medication: "Rimadyl", vetPhone: "01234 567890" }],
        },
      ],
    };
    const safe = withoutContacts(raw);
    const text = JSON.stringify(safe);
    for (const secret of [
      "AB1 2CD",
      "ann@example.com",
      "900111",
      "Harrogate",
      "900222",
      "900333",
      "900444",
      "567890",
    ])
      expect(text).not.toContain(secret);
    expect(safe).toEqual({
      ...envelope,
      items: [
        {
          ...own,
          pets: [{ name: "Biscuit", medication: "Rimadyl" }],
        },
      ],
    });
  });
});

describe("a raw pet record keeps every dose", () => {
  it("all five medication slots with their midday and evening instructions stay", () => {
    const pet: Record<string, string> = { name: "Juniper" };
    for (const n of ["", "2", "3", "4", "5"]) {
      pet[`medication${n}`] = `drug ${n || 1}`;
      pet[`medication${n}Noon`] = `noon ${n || 1}`;
      pet[`medication${n}Pm`] = `pm ${n || 1}`;
    }
    expect(withoutContacts({ ...pet, ownerMobile: "07700 900123" })).toEqual(pet);
  });
});

describe("our own answers for the channel-safe connector tools", () => {
  it("the answer's structure stays; each API record inside it keeps only its safe fields", () => {
    const booking = { bookingId: 7, roomName: "Kennel 4", customerPhone: "07700 900123", town: "Leeds" };
    const apiPet = { petId: 3, name: "Biscuit", medication5Pm: "half a tablet", e_mail: "a@b.c" };
    const answer = {
      date: "2026-11-24",
      totals: { pets: 1 },
      entries: [
        {
          booking,
          care: { status: "matched", pets: [{ pet: apiPet, care: { diet: {} }, flags: { petId: 3 } }] },
        },
      ],
      pets: [{ booking, pet: { pet: apiPet, care: {}, flags: {} }, sheet: { nothing: false } }],
    };
    const safe = JSON.stringify(channelSafeAnswer(answer));
    expect(safe).not.toMatch(/07700|Leeds|a@b\.c/);
    expect(channelSafeAnswer(answer)).toMatchObject({
      date: "2026-11-24",
      totals: { pets: 1 },
      entries: [
        {
          booking: { bookingId: 7, roomName: "Kennel 4" },
          care: { pets: [{ pet: { petId: 3, medication5Pm: "half a tablet" }, flags: { petId: 3 } }] },
        },
      ],
      pets: [{ booking: { bookingId: 7 }, pet: { pet: { name: "Biscuit" } }, sheet: { nothing: false } }],
    });
  });
});
