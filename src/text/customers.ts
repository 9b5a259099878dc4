/** A customer, a list of customers and a list of bookings, as terminal text (the asker's own). */

import type { BookingsPage, CustomerSearch, CustomerView } from "../answers/customers.ts";
import type { BookingsSearch } from "../answers/kennel.ts";
import { bookingListDoc, customerDoc, customerListDoc, customerName } from "../present/customers.ts";
import { rawOrDocText } from "./kennel.ts";
import type { TextOptions } from "./options.ts";
import { one } from "./style.ts";

export function customerText(v: CustomerView, o: TextOptions): string {
  return rawOrDocText(v.raw, one(customerName(v.customer), 150), () => customerDoc(v), o);
}

export function customerListText(l: CustomerSearch, o: TextOptions): string {
  return rawOrDocText(
    l.raw,
    `Customers matching “${one(l.query, 100)}” (${l.totalRecords})`,
    () => customerListDoc(l),
    o,
  );
}

/** A customer's booking history or a bookings search: reference and id, dates, type, status, room, money. */
export function bookingsText(p: BookingsPage | BookingsSearch, o: TextOptions): string {
  return rawOrDocText(p.raw, `${one(p.title, 200)} (${p.totalRecords})`, () => bookingListDoc(p, o), o);
}
