/**
 * The API's plain lists, a page at a time, as answers' data (the connector's list tools): each
 * page's entries and numbers, the request id, and the API's JSON when KENNEL_RAW_RESPONSES is on.
 * Surfaces fetch through these, never from the API client.
 */
import type { Deps } from "../deps.ts";
import { askLess } from "../kennel/errors.ts";
import type { Booking, Customer, Page, Pet } from "../kennel/schemas.ts";
import type { BookingFilter, CustomerFilter, PageRequest, PetFilter } from "../kennel/types.ts";

export interface ApiPage<T> {
  items: T[];
  page: number;
  pageSize: number;
  totalPages: number;
  totalRecords: number;
  requestId: string;
  /** The API's JSON unchanged (KENNEL_RAW_RESPONSES=1). */
  raw?: unknown;
}

const rawOf = (deps: Deps, raw: unknown) => (deps.config.rawResponses ? { raw } : {});

/** A page whose size (and dates) the asker chose: a timeout says to ask for less. */
const chosen = <T>(read: Promise<T>): Promise<T> =>
  read.catch((error: unknown) => Promise.reject(askLess(error)));

function apiPage<T>(deps: Deps, r: { data: Page<T>; requestId: string; raw: unknown }): ApiPage<T> {
  return {
    items: r.data.items,
    page: r.data.page,
    pageSize: r.data.pageSize,
    totalPages: r.data.totalPages,
    totalRecords: r.data.totalRecords,
    requestId: r.requestId,
    ...rawOf(deps, r.raw),
  };
}

/** GET /bookings: every status, in the API's order. */
export async function bookingsPage(
  deps: Deps,
  filter: BookingFilter,
  page: PageRequest,
): Promise<ApiPage<Booking>> {
  return apiPage(deps, await chosen(deps.kennel.listBookings(filter, page)));
}

/** GET /customers/{id}/bookings. */
export async function customerBookingsPage(
  deps: Deps,
  customerId: number,
  filter: Omit<BookingFilter, "customerId">,
  page: PageRequest,
): Promise<ApiPage<Booking>> {
  return apiPage(deps, await chosen(deps.kennel.listCustomerBookings(customerId, filter, page)));
}

/** GET /customers. */
export async function customersPage(
  deps: Deps,
  filter: CustomerFilter,
  page: PageRequest,
): Promise<ApiPage<Customer>> {
  return apiPage(deps, await chosen(deps.kennel.listCustomers(filter, page)));
}

/** GET /pets. */
export async function petsPage(deps: Deps, filter: PetFilter, page: PageRequest): Promise<ApiPage<Pet>> {
  return apiPage(deps, await chosen(deps.kennel.listPets(filter, page)));
}

/** GET /customers/{id}/pets: every pet of the customer (one list, not paged). */
export async function customerPets(
  deps: Deps,
  customerId: number,
): Promise<{ items: Pet[]; requestId: string; raw?: unknown }> {
  const r = await deps.kennel.listCustomerPets(customerId);
  return { items: r.data, requestId: r.requestId, ...rawOf(deps, r.raw) };
}

/** A day's arrivals or departures as the API gives them (raw mode): every booking, unfiltered. */
export async function apiDay(
  deps: Deps,
  kind: "arrivals" | "departures",
  date: string,
): Promise<{ items: Booking[]; requestId: string; raw: unknown }> {
  const r =
    kind === "arrivals" ? await deps.kennel.listArrivals(date) : await deps.kennel.listDepartures(date);
  return { items: r.data, requestId: r.requestId, raw: r.raw };
}
