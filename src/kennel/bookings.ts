/**
 * The booking endpoints. Never cached: a booking or a day list is always asked fresh. What is kept
 * is only which id each reference names (BookingIds), learnt from the full bookings the API lists,
 * so `/booking REF` of a booking already seen asks for the full booking by its id at once (one
 * call) instead of the reduced one by reference first (issue 48).
 */
import { isIsoDate } from "../time.ts";
import { BadRequestError } from "./errors.ts";
import { type PagedResult, paginate } from "./pagination.ts";
import { arrayOrEveryPage, checkId, checkPageRequest, type Endpoints, one, toPage } from "./reading.ts";
import { type Booking, type Page, type ReducedBooking, readBooking, readReducedBooking } from "./schemas.ts";
import type { BookingFilter, KennelResult, PageRequest, Query } from "./types.ts";

export function bookingQuery(filter: BookingFilter, page: PageRequest): Query {
  return {
    "request.from": filter.from,
    "request.to": filter.to,
    "request.bookingType": filter.bookingType,
    "request.status": filter.status,
    "request.customerId": filter.customerId,
    "request.serviceId": filter.serviceId,
    "request.search": filter.search,
    "request.page": page.page,
    "request.pageSize": page.pageSize,
  };
}

/** GET /bookings: one page of bookings matching the filter. */
export async function listBookings(
  ep: Endpoints,
  filter: BookingFilter,
  page: PageRequest,
): Promise<KennelResult<Page<Booking>>> {
  checkPageRequest(page);
  const answer = await ep.transport.get({
    segments: ["bookings"],
    query: bookingQuery(filter, page),
    what: "bookings",
    notFoundIsWrongAddress: true,
  });
  const result = toPage(ep, answer, readBooking, "bookings");
  ep.bookingIds.learn(result.data.items);
  return result;
}

export function iterateBookings(
  ep: Endpoints,
  filter: BookingFilter,
  pageSize: number | undefined,
): AsyncGenerator<PagedResult<Booking>> {
  return paginate((page) => listBookings(ep, filter, { page, pageSize }));
}

/**
 * GET /bookings/{id}. ASSUMPTION (shape not shown): a full booking object; a one-element array,
 * a page envelope or an object wrapping it as `booking` are accepted too.
 */
export async function getBooking(ep: Endpoints, id: number): Promise<KennelResult<Booking>> {
  checkId(id, "A booking id");
  const answer = await ep.transport.get({
    segments: ["bookings", String(id)],
    what: `booking with id ${id}`,
  });
  const result = one(ep, answer, "booking", readBooking);
  ep.bookingIds.learn([result.data]);
  return result;
}

/** GET /bookings/reference/{reference}: the reduced booking (no contact details, no room). */
export async function getBookingByReference(
  ep: Endpoints,
  reference: string,
): Promise<KennelResult<ReducedBooking>> {
  const answer = await ep.transport.get({
    segments: ["bookings", "reference", reference],
    what: `booking with reference "${reference.trim()}"`,
  });
  return one(ep, answer, "booking", readReducedBooking);
}

/**
 * GET /bookings/checkin or /bookings/checkout?date=YYYY-MM-DD: one day's arrivals or departures.
 * ASSUMPTION (checkin's parameters and shape not shown): it mirrors checkout (a `date` parameter and
 * a plain array); a page envelope is accepted too, and then every page is read.
 */
export async function listDay(
  ep: Endpoints,
  which: "checkin" | "checkout",
  date: string,
): Promise<KennelResult<Booking[]>> {
  const words = which === "checkin" ? "arrivals" : "departures";
  if (!isIsoDate(date)) throw new BadRequestError(`"${date}" is not a date written YYYY-MM-DD.`);
  const result = await arrayOrEveryPage(
    ep,
    {
      segments: ["bookings", which],
      query: { date },
      what: `${words} on ${date}`,
      notFoundIsWrongAddress: true,
    },
    readBooking,
    words,
  );
  ep.bookingIds.learn(result.data);
  return result;
}
