/** A customer, a list of customers and a list of bookings, as terminal text (the asker's own). */

import type { BookingsPage, CustomerSearch, CustomerView } from "../answers/customers.ts";
import type { BookingsSearch } from "../answers/kennel.ts";
import { bookingListDoc, customerDoc, customerListDoc, customerName } from "../present/customers.ts";
import { docText } from "./doc.ts";
import { rawText } from "./kennel.ts";
import type { TextOptions } from "./options.ts";
import { one, paragraphs, title } from "./style.ts";

export function customerText(v: CustomerView, o: TextOptions): string {
  if (v.raw !== undefined)
    return paragraphs([title(o, one(customerName(v.customer), 150)), rawText(v.raw, o)]);
  return docText(customerDoc(v), o);
}

export function customerListText(l: CustomerSearch, o: TextOptions): string {
  if (l.raw !== undefined)
    return paragraphs([
      title(o, `Customers matching “${one(l.query, 100)}” (${l.totalRecords})`),
      rawText(l.raw, o),
    ]);
  return docText(customerListDoc(l), o);
}

/** A customer's booking history or a bookings search: reference and id, dates, type, status, room, money. */
export function bookingsText(p: BookingsPage | BookingsSearch, o: TextOptions): string {
  if (p.raw !== undefined)
    return paragraphs([title(o, `${one(p.title, 200)} (${p.totalRecords})`), rawText(p.raw, o)]);
  return docText(bookingListDoc(p, o), o);
}
