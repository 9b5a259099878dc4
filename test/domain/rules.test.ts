/** The kennel's rules that each have one name in src/domain/: who is on a round's sheet, pets on record, ids. */
import { describe, expect, it } from "vitest";
import { activePets, customerAddress, customerName } from "../../src/domain/customers.ts";
import { looksLikeCustomerId, looksLikeId } from "../../src/domain/ids.ts";
import { LIST_PAGE, pageOf } from "../../src/domain/paging.ts";
import { arrivedSince, onRoundSheet } from "../../src/domain/rounds.ts";

describe("who is on a round's sheet", () => {
  const at = Date.parse("2026-11-22T18:00:00Z");
  it("a stay not gone before the round's time, leaving at that very time included", () => {
    expect(onRoundSheet({ checkOutDate: "2026-11-24T10:00:00Z" }, false, at)).toBe(true);
    expect(onRoundSheet({ checkOutDate: "2026-11-22T18:00:00Z" }, false, at)).toBe(true);
  });
  it("not a pet gone home before the round, nor one whose status says it has left", () => {
    expect(onRoundSheet({ checkOutDate: "2026-11-22T10:00:00Z" }, false, at)).toBe(false);
    expect(onRoundSheet({ checkOutDate: "2026-11-24T10:00:00Z" }, true, at)).toBe(false);
  });
  it("a stay with no check-out time stays on: more shown rather than a dose hidden", () => {
    expect(onRoundSheet({}, false, at)).toBe(true);
  });
});

describe("a stay the kept sheet did not list: arrived since it was kept, or counted gone", () => {
  const at = Date.parse("2026-11-24T07:30:00Z");
  const keptAt = at;
  const early = {
    checkInDate: "2026-11-22T10:00:00Z",
    checkOutDate: "2026-11-24T08:30:00Z",
    status: "Checked Out",
  };
  it("an early pick-up (checked out before its booked 08:30, in house before the round) did not arrive", () => {
    // Asked after 08:30 the sheet's rule would list him (his check-out reads as when he left)...
    expect(onRoundSheet(early, true, at, Date.parse("2026-11-24T12:00:00Z"))).toBe(true);
    // ...but the sheet kept at 07:30 counted him gone, and that stands.
    expect(arrivedSince(early, true, at, keptAt)).toBe(false);
  });
  it("a stay checked in after the sheet was kept arrived, even gone home since", () => {
    const walkIn = { checkInDate: "2026-11-24T07:45:00Z", checkOutDate: "2026-11-24T12:00:00Z" };
    expect(arrivedSince(walkIn, false, at, keptAt)).toBe(true);
    expect(arrivedSince({ ...walkIn, status: "Checked Out" }, true, at, keptAt)).toBe(true);
  });
  it("a stay in house before that the sheet would have listed then arrived (the kennel system did not list it then)", () => {
    const missed = { checkInDate: "2026-11-22T10:00:00Z", checkOutDate: "2026-11-26T10:00:00Z" };
    expect(arrivedSince(missed, false, at, keptAt)).toBe(true);
  });
});

describe("a customer's pets on record, name and address", () => {
  it("leaves deleted pets out, keeps the rest in order", () => {
    const pets = [{ petId: 1, deleted: false }, { petId: 2, deleted: true }, { petId: 3 }];
    expect(activePets(pets).map((p) => p.petId)).toEqual([1, 3]);
    expect(activePets(undefined)).toEqual([]);
  });
  it("names a customer, or says which one when no name is recorded; one address line", () => {
    expect(customerName({ firstname: "Ann", secondname: "Lee" })).toBe("Ann Lee");
    expect(customerName({ customerId: 42 })).toBe("customer 42");
    expect(customerAddress({ address1: "1 Row", zipCode: "AB1 2CD" })).toBe("1 Row, AB1 2CD");
    expect(customerAddress({})).toBeUndefined();
  });
});

describe("what an id looks like", () => {
  it("digits only, at most 15", () => {
    expect(["1", "12345", "123456789012345"].every(looksLikeId)).toBe(true);
    expect(["", "1234567890123456", "12a", "-1", "1.5", " 12"].some(looksLikeId)).toBe(false);
  });
  it("a customer id is at most 9 digits: 10 or more is a mobile number to search for", () => {
    expect(looksLikeCustomerId("123456789")).toBe(true);
    expect(looksLikeCustomerId("07700900123")).toBe(false);
    expect(looksLikeCustomerId("Lee")).toBe(false);
  });
});

describe("a page of a list", () => {
  it("holds at most 20 entries, and fewer when their text is long", () => {
    const short = Array.from({ length: 45 }, (_, i) => i);
    expect(pageOf(short, 1, () => 100, LIST_PAGE).items).toHaveLength(20);
    expect(pageOf(short, 3, () => 100, LIST_PAGE)).toMatchObject({ pages: 3, from: 40 });
    expect(pageOf(short, 1, () => 2_000, LIST_PAGE).items).toHaveLength(5);
  });
});
