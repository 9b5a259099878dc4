/**
 * The API's plain lists, a page at a time, as answers' data (the connector's list tools): each
 * page's entries and numbers, the request id, and the API's JSON when KENNEL_RAW_RESPONSES is on.
 * Surfaces fetch through these, never from the API client.
 */
import type { Deps } from "../deps.ts";
import { statusValue } from "../domain/bookings.ts";
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

/** Which status a list of bookings is of, when one was asked for. */
export interface StatusRead {
  /** The status the list is of: as typed, or its value (statusValue) when as typed found none. */
  statusUsed?: string;
  /** Said when the list is of the value, not the status as typed. */
  statusNote?: string;
}

/**
 * A status as typed and as its value (statusValue: "Checked In" → checked_in): a kennel system may
 * store either ("Checked In" as a word of its own, or checked_in), and the spec does not say. As typed
 * first; when that finds no booking at all (its totalRecords, so every page of one search reads the
 * same status), the value, saying so ("No bookings have the status “Checked In”; showing status
 * checked_in."). One rule for Slack's /kennel bookings, `kennel-desk bookings` and the connector's
 * list_bookings and list_customer_bookings; the answer keeps the request id of the read it shows.
 */
export async function byStatus<R extends { data: Pick<Page<unknown>, "totalRecords"> }>(
  asked: string | undefined,
  read: (status: string | undefined) => Promise<R>,
): Promise<{ r: R } & StatusRead> {
  // Spaces around it are not part of it; a blank status is no filter.
  const typed = asked?.trim() || undefined;
  const r = await read(typed);
  if (typed === undefined) return { r };
  const value = statusValue(typed);
  if (value === typed || r.data.totalRecords > 0) return { r, statusUsed: typed };
  const mapped = await read(value);
  if (mapped.data.totalRecords === 0) return { r, statusUsed: typed };
  const statusNote = `No bookings have the status “${typed.slice(0, 40)}”; showing status ${value}.`;
  return { r: mapped, statusUsed: value, statusNote };
}

const statusFields = ({ statusUsed, statusNote }: StatusRead): StatusRead => ({
  ...(statusUsed !== undefined ? { statusUsed } : {}),
  ...(statusNote ? { statusNote } : {}),
});

/** GET /bookings: every status, in the API's order; a status as byStatus reads it. */
export async function bookingsPage(
  deps: Deps,
  filter: BookingFilter,
  page: PageRequest,
): Promise<ApiPage<Booking> & StatusRead> {
  const read = (status: string | undefined) => chosen(deps.kennel.listBookings({ ...filter, status }, page));
  const { r, ...used } = await byStatus(filter.status, read);
  return { ...apiPage(deps, r), ...statusFields(used) };
}

/** GET /customers/{id}/bookings; a status as byStatus reads it. */
export async function customerBookingsPage(
  deps: Deps,
  customerId: number,
  filter: Omit<BookingFilter, "customerId">,
  page: PageRequest,
): Promise<ApiPage<Booking> & StatusRead> {
  const read = (status: string | undefined) =>
    chosen(deps.kennel.listCustomerBookings(customerId, { ...filter, status }, page));
  const { r, ...used } = await byStatus(filter.status, read);
  return { ...apiPage(deps, r), ...statusFields(used) };
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
