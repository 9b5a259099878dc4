/**
 * Customers and their bookings as answers: a customer's card or a search (`/customer`), a page of
 * their bookings, their whole history (`kennel-desk history`), and a booking's owner's contacts for
 * the asker alone. Typed data, never Block Kit.
 */
import type { Deps } from "../deps.ts";
import { looksLikeCustomerId } from "../domain/ids.ts";
import { NotFoundError } from "../kennel/errors.ts";
import type { Booking, Customer, Page } from "../kennel/schemas.ts";
import { UsageError } from "./failure.ts";
import { freeText, TEXT_RULES } from "./input.ts";
import { LIST_PAGE_SIZE, type ListPage, type Provenance, rawOf } from "./records.ts";

export interface CustomerView extends Provenance {
  customer: Customer;
}

export interface CustomerSearch extends ListPage<Customer> {
  query: string;
}

export type CustomerAnswer =
  | { type: "customer"; view: CustomerView }
  | { type: "customer_list"; list: CustomerSearch };

export async function customerView(deps: Deps, id: number): Promise<CustomerView> {
  const r = await deps.kennel.getCustomer(id);
  return { customer: r.data, requestId: r.requestId, ...rawOf(deps, r.raw) };
}

/** `/customer NAME|EMAIL|PHONE|ID`: a short number is an id; anything else is a search. */
export async function customerAnswer(deps: Deps, input: string, page = 1): Promise<CustomerAnswer> {
  const q = freeText(input, TEXT_RULES.customer);
  if (!q)
    throw new UsageError(
      "Which customer?",
      "Type /customer and a name, email, mobile number or customer id.",
    );
  if (looksLikeCustomerId(q)) return { type: "customer", view: await customerView(deps, Number(q)) };
  const r = await deps.kennel.listCustomers({ search: q }, { page, pageSize: LIST_PAGE_SIZE });
  if (r.data.totalRecords === 0)
    throw new NotFoundError(`customer matching “${q}”`, { requestId: r.requestId });
  if (r.data.totalRecords === 1 && r.data.items.length === 1 && page === 1 && !deps.config.rawResponses) {
    return { type: "customer", view: { customer: r.data.items[0] as Customer, requestId: r.requestId } };
  }
  return { type: "customer_list", list: { query: q, ...pageFields(r), ...rawOf(deps, r.raw) } };
}

function pageFields<T>(r: { data: Page<T>; requestId: string }) {
  return {
    items: r.data.items,
    page: r.data.page,
    totalPages: r.data.totalPages,
    totalRecords: r.data.totalRecords,
    requestId: r.requestId,
  };
}

// --- lists of bookings ---------------------------------------------------------------------------

export interface BookingsPage extends ListPage<Booking> {
  /** "Bookings of Ann Lee", "Bookings: 2026-11-24, status confirmed". */
  title: string;
  emptyText: string;
  /** The list is of a status's value, not of the status as typed: says so (answers/lists.ts byStatus). */
  statusNote?: string;
}

/** A customer's booking history, one API page at a time. */
export async function customerBookings(deps: Deps, customerId: number, page = 1): Promise<BookingsPage> {
  const r = await deps.kennel.listCustomerBookings(customerId, {}, { page, pageSize: LIST_PAGE_SIZE });
  const name = r.data.items.find((b) => b.customerName)?.customerName;
  return {
    title: `Bookings of ${name ?? `customer ${customerId}`}`,
    emptyText: "No bookings recorded for this customer.",
    ...pageFields(r),
    ...rawOf(deps, r.raw),
  };
}

/**
 * The owner's contacts of one booking (tomorrow's check, "Owner's contacts"): for the asker alone,
 * never a channel.
 */
export async function bookingOwnerContacts(
  deps: Deps,
  bookingId: number,
): Promise<Pick<Booking, "customerName" | "customerPhone" | "customerEmail" | "reference">> {
  const b = (await deps.kennel.getBooking(bookingId)).data;
  return {
    customerName: b.customerName,
    customerPhone: b.customerPhone,
    customerEmail: b.customerEmail,
    reference: b.reference,
  };
}

/**
 * A customer's whole booking history, every page (`onPage` hears each page read, for progress): one
 * list, its title naming the customer.
 */
export async function customerHistory(
  deps: Deps,
  customerId: number,
  onPage?: (page: number, pages: number) => void,
): Promise<BookingsPage> {
  const all: Booking[] = [];
  let requestId = "";
  for await (const p of deps.kennel.iterateCustomerBookings(customerId, {}, 100)) {
    all.push(...p.data.items);
    requestId ||= p.requestId;
    onPage?.(p.data.page, p.data.totalPages);
  }
  const name = all.find((b) => b.customerName)?.customerName;
  return {
    title: `Booking history of ${name ?? `customer ${customerId}`} (customer id ${customerId})`,
    emptyText: "No bookings recorded for this customer.",
    items: all,
    page: 1,
    totalPages: 1,
    totalRecords: all.length,
    requestId,
  };
}
