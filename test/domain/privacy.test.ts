/** Raw API JSON for a channel keeps only known-safe fields (issue 26, item 3). */
import { describe, expect, it } from "vitest";
import { withoutContacts } from "../../src/domain/privacy.ts";

describe("raw JSON in a channel: an allow-list", () => {
  it("contact fields spelt any way the API likes never get through; the booking's own fields and the page envelope stay", () => {
    const raw = {
      page: 1,
      pageSize: 100,
      totalRecords: 1,
      totalPages: 1,
      items: [
        {
          bookingId: 7,
          reference: "HP-7",
          customerName: "Ann Lee",
          petNames: "Biscuit",
          roomName: "Kennel 4",
          checkInDate: "2026-11-24T09:00:00Z",
          bookingPaid: false,
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
      page: 1,
      pageSize: 100,
      totalRecords: 1,
      totalPages: 1,
      items: [
        {
          bookingId: 7,
          reference: "HP-7",
          customerName: "Ann Lee",
          petNames: "Biscuit",
          roomName: "Kennel 4",
          checkInDate: "2026-11-24T09:00:00Z",
          bookingPaid: false,
          pets: [{ name: "Biscuit", medication: "Rimadyl" }],
        },
      ],
    });
  });
});
