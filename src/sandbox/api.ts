/**
 * The sandbox's kennel API: a pure function from a request to an answer, over the synthetic data.
 * The HTTP server (server.ts) adds request ids, authentication and fault injection around it.
 *
 * Where the spec (docs/kennel-api.md) is silent the sandbox makes the choices listed in docs/sandbox.md ("Choices"); the
 * client stays tolerant of the other plausible shapes.
 */

import { reducedBookingSchema } from "../kennel/record-schemas.ts";
import { isIsoDate } from "../time.ts";
import { asListed } from "./awkward.ts";
import type { BusinessData, Json } from "./types.ts";

export interface ApiRequest {
  /** Path segments after /api/v1, already percent-decoded one by one. */
  segments: string[];
  query: URLSearchParams;
}

export interface ApiAnswer {
  status: number;
  body: unknown;
}

const MAX_PAGE_SIZE = 100;
const DEFAULT_PAGE_SIZE = 25;

class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

const notFound = (what: string) => new ApiError(404, "not_found", `${what} was not found.`);
const invalid = (message: string) => new ApiError(400, "invalid_request", message);

function intParam(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name);
  if (raw === null || raw === "") return undefined;
  if (!/^-?\d+$/.test(raw.trim())) throw invalid(`${name} must be a whole number, not "${raw}".`);
  return Number(raw);
}

function dateTimeParam(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name);
  if (raw === null || raw === "") return undefined;
  const value = isIsoDate(raw) ? Date.parse(`${raw}T00:00:00Z`) : Date.parse(raw);
  if (Number.isNaN(value)) throw invalid(`${name} must be an ISO 8601 date-time, not "${raw}".`);
  return value;
}

function boolParam(query: URLSearchParams, name: string): boolean | undefined {
  const raw = query.get(name);
  if (raw === null || raw === "") return undefined;
  if (/^true$/i.test(raw)) return true;
  if (/^false$/i.test(raw)) return false;
  throw invalid(`${name} must be true or false, not "${raw}".`);
}

function paging(query: URLSearchParams): { page: number; pageSize: number } {
  const page = intParam(query, "request.page") ?? 1;
  const pageSize = intParam(query, "request.pageSize") ?? DEFAULT_PAGE_SIZE;
  if (page < 1) throw invalid(`request.page must be 1 or more, not ${page}.`);
  if (pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    throw invalid(`request.pageSize must be between 1 and ${MAX_PAGE_SIZE}, not ${pageSize}.`);
  }
  return { page, pageSize };
}

function envelope(items: Json[], query: URLSearchParams): Json {
  const { page, pageSize } = paging(query);
  const totalRecords = items.length;
  return {
    page,
    pageSize,
    totalRecords,
    totalPages: Math.ceil(totalRecords / pageSize),
    items: items.slice((page - 1) * pageSize, page * pageSize),
  };
}

/** The reduced booking's fields: the ones the client reads from a booking found by its reference. */
const REDUCED_FIELDS = Object.keys(reducedBookingSchema().shape);

function reduced(booking: Json): Json {
  const out: Json = {};
  for (const f of REDUCED_FIELDS) out[f] = booking[f];
  return out;
}

function idParam(raw: string | undefined, what: string): number {
  if (raw === undefined || !/^\d{1,15}$/.test(raw)) throw notFound(what);
  return Number(raw);
}

const lower = (v: unknown) => (typeof v === "string" ? v.toLowerCase() : "");

/** First index in a sorted array whose value is >= x. */
function lowerBound(sorted: number[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function filterBookings(business: BusinessData, query: URLSearchParams, customerId?: number): Json[] {
  const from = dateTimeParam(query, "request.from");
  const to = dateTimeParam(query, "request.to");
  const type = lower(query.get("request.bookingType"));
  const status = lower(query.get("request.status"));
  const serviceId = intParam(query, "request.serviceId");
  const search = lower(query.get("request.search")?.trim());
  const byCustomer = customerId ?? intParam(query, "request.customerId");
  if (from !== undefined && to !== undefined && from > to) throw invalid("request.from is after request.to.");
  // Candidates from an index: one customer's bookings, or a check-in range (bookings are sorted by
  // check-in, and no stay is longer than maxStayMs), else every booking.
  let candidates: Json[];
  if (byCustomer !== undefined) {
    candidates = business.bookingsByCustomer.get(byCustomer) ?? [];
  } else if (from !== undefined || to !== undefined) {
    const start = from === undefined ? 0 : lowerBound(business.checkInMs, from - business.maxStayMs);
    const end = to === undefined ? business.bookings.length : lowerBound(business.checkInMs, to + 1);
    candidates = business.bookings.slice(start, end);
  } else {
    candidates = business.bookings;
  }
  const needsFilter =
    from !== undefined || to !== undefined || type || status || serviceId !== undefined || search;
  if (!needsFilter) return candidates;
  return candidates.filter((b) => {
    // A booking is in the range when its stay overlaps it.
    if (from !== undefined && Date.parse(b.checkOutDate as string) < from) return false;
    if (to !== undefined && Date.parse(b.checkInDate as string) > to) return false;
    if (type && lower(b.bookingType) !== type) return false;
    if (status && lower(b.status) !== status) return false;
    if (serviceId !== undefined && b.serviceId !== serviceId) return false;
    if (search) {
      const hay = `${lower(b.reference)} ${lower(b.customerName)} ${lower(b.petNames)} ${lower(b.roomName)}`;
      if (!hay.includes(search)) return false;
    }
    return true;
  });
}

function customerWithPets(business: BusinessData, customer: Json): Json {
  return { ...customer, pets: business.petsByCustomer.get(customer.customerId as number) ?? [] };
}

function day(query: URLSearchParams): string {
  const date = query.get("date");
  if (!date) throw invalid("date is required, written YYYY-MM-DD.");
  if (!isIsoDate(date)) throw invalid(`date must be written YYYY-MM-DD, not "${date}".`);
  return date;
}

function route(business: BusinessData, req: ApiRequest): unknown {
  const [resource, second, third] = req.segments;
  const { query } = req;
  const extra = req.segments.length;
  switch (resource) {
    case "health":
      if (extra !== 1) break;
      return { status: "ok", business: business.name };
    case "bookings": {
      if (extra === 1) return envelope(filterBookings(business, query), query);
      if (second === "checkout" && extra === 2) return business.departuresByDate.get(day(query)) ?? [];
      if (second === "checkin" && extra === 2) return business.arrivalsByDate.get(day(query)) ?? [];
      if (second === "reference" && extra === 3) {
        const booking = business.bookingByReference.get(third ?? "");
        if (!booking) throw notFound(`The booking with reference "${third}"`);
        return reduced(booking);
      }
      if (extra === 2) {
        const booking = business.bookingById.get(idParam(second, "The booking"));
        if (!booking) throw notFound(`The booking ${second}`);
        return booking;
      }
      break;
    }
    case "customers": {
      if (extra === 1) {
        const search = lower(query.get("request.search")?.trim());
        const digits = search.replace(/\D/g, "");
        const archived = boolParam(query, "request.archived");
        const createdSince = dateTimeParam(query, "request.createdSince");
        const updatedSince = dateTimeParam(query, "request.updatedSince");
        const items = business.customers.filter((c) => {
          if (archived !== undefined && c.archived !== archived) return false;
          if (createdSince !== undefined && Date.parse(c.createdDate as string) < createdSince) return false;
          if (
            updatedSince !== undefined &&
            (business.customerUpdatedMs.get(c.customerId as number) ?? 0) < updatedSince
          ) {
            return false;
          }
          if (search) {
            const name = `${lower(c.firstname)} ${lower(c.secondname)}`;
            const mobileDigits = String(c.mobile ?? "").replace(/\D/g, "");
            const byDigits = digits.length >= 4 && digits.length === search.replace(/[\s+()-]/g, "").length;
            if (
              !name.includes(search) &&
              !lower(c.email).includes(search) &&
              !(byDigits && mobileDigits.includes(digits))
            ) {
              return false;
            }
          }
          return true;
        });
        return envelope(
          items.map((c) => customerWithPets(business, c)),
          query,
        );
      }
      const customer = business.customerById.get(idParam(second, "The customer"));
      if (!customer) throw notFound(`The customer ${second}`);
      if (extra === 2) return customerWithPets(business, customer);
      if (third === "pets" && extra === 3) {
        return (business.petsByCustomer.get(customer.customerId as number) ?? [])
          .filter((p) => !p.deleted)
          .map(asListed);
      }
      if (third === "bookings" && extra === 3) {
        return envelope(filterBookings(business, query, customer.customerId as number), query);
      }
      break;
    }
    case "pets": {
      if (extra === 1) {
        const name = lower(query.get("request.name")?.trim());
        const owner = lower(query.get("request.owner")?.trim());
        const species = lower(query.get("request.species")?.trim());
        const breed = lower(query.get("request.breed")?.trim());
        const items = business.pets.filter((p) => {
          if (p.deleted) return false;
          if (name && !lower(p.name).includes(name)) return false;
          if (species && lower(p.petType) !== species) return false;
          if (breed && !lower(p.breed).includes(breed)) return false;
          if (owner) {
            const c = business.customerById.get(p.customerId as number);
            if (!c || !`${lower(c.firstname)} ${lower(c.secondname)}`.includes(owner)) return false;
          }
          return true;
        });
        return envelope(items, query);
      }
      if (extra === 2) {
        const pet = business.petById.get(idParam(second, "The pet"));
        if (!pet) throw notFound(`The pet ${second}`);
        return pet;
      }
      break;
    }
  }
  throw new ApiError(404, "not_found", "There is no such endpoint.");
}

/** Answers one authenticated request for one business. */
export function handleApi(business: BusinessData, req: ApiRequest): ApiAnswer {
  try {
    return { status: 200, body: route(business, req) };
  } catch (error) {
    if (error instanceof ApiError) {
      return { status: error.status, body: { code: error.code, message: error.message } };
    }
    throw error;
  }
}
