/**
 * A customer, for the asker only, a page of customers and a page of bookings: the documents of
 * src/present/customers.ts as messages, with their buttons.
 */

import type { BookingsPage, CustomerSearch, CustomerView } from "../answers/customers.ts";
import type { BookingsSearch } from "../answers/kennel.ts";
import { bookingListDoc, customerDoc, customerListDoc, customerName } from "../present/customers.ts";
import {
  bookingsPage,
  customerBookingsPage,
  customersPage,
  openBooking,
  openCustomer,
  openPet,
} from "./buttons.ts";
import { docMessages } from "./doc.ts";
import { rawMessages } from "./raw.ts";
import type { Message } from "./types.ts";

export function customerMessages(v: CustomerView): Message[] {
  const c = v.customer;
  const name = customerName(c);
  if (v.raw !== undefined)
    return rawMessages(`Customer ${name}`, v.raw, `kennel-desk customer ${c.customerId ?? name} --json`);
  const doc = customerDoc(v, {
    historyAction: (id) => ({
      actionId: customerBookingsPage.actionId(),
      value: customerBookingsPage.encode({ c: id, p: 1 }),
    }),
    petAction: (p) => ({ actionId: openPet.actionId(p), value: openPet.encode({ p }) }),
  });
  return docMessages(doc);
}

export function customerListMessages(l: CustomerSearch): Message[] {
  if (l.raw !== undefined)
    return rawMessages(
      `Customers matching “${l.query}” (${l.totalRecords})`,
      l.raw,
      `kennel-desk customer ${l.query} --json`,
    );
  const doc = customerListDoc(l, {
    openAction: (c) => ({ actionId: openCustomer.actionId(c), value: openCustomer.encode({ c }) }),
    pageAction: (p, direction) => ({
      actionId: customersPage.actionId(direction),
      value: customersPage.encode({ q: l.query, p }),
    }),
  });
  return docMessages(doc);
}

/** A paged list of bookings with dates: a customer's history, or /kennel bookings. */
export function bookingListMessages(
  l: BookingsPage | BookingsSearch,
  timezone: string,
  thisYear: string,
  paging: { customerId: number } | { search: BookingsSearch["state"] },
): Message[] {
  if (l.raw !== undefined)
    return rawMessages(`${l.title} (${l.totalRecords})`, l.raw, "kennel-desk bookings --json");
  const doc = bookingListDoc(l, {
    timezone,
    thisYear,
    openAction: (b) => ({ actionId: openBooking.actionId(b), value: openBooking.encode({ b }) }),
    pageAction: (p, direction) =>
      "customerId" in paging
        ? {
            actionId: customerBookingsPage.actionId(direction),
            value: customerBookingsPage.encode({ c: paging.customerId, p }),
          }
        : {
            actionId: bookingsPage.actionId(direction),
            value: bookingsPage.encode({ q: paging.search.q, t: paging.search.t, p }),
          },
  });
  return docMessages(doc);
}
