/**
 * The kennel API client: every endpoint of the spec (docs/kennel-api.md), typed and safe. This file is the public face;
 * the parts live beside it:
 * - transport.ts: the one way a request goes out (key, origin, HTTPS, redirects, retries, the limit on
 *   requests in flight, in-flight sharing, the capped body read);
 * - error-mapping.ts: an HTTP or network outcome as one of the errors in errors.ts;
 * - request-id.ts: the API's request id, cleaned where it is read;
 * - care-cache.ts: pet and customer records kept for KENNEL_CACHE_TTL_S;
 * - bookings.ts, customers.ts, pets.ts, health.ts: the endpoints.
 */
import type { KennelSettings } from "../config.ts";
import { BookingIds } from "./booking-ids.ts";
import * as bookings from "./bookings.ts";
import { type CacheInfo, CareCache, DEFAULT_CACHE_TTL_S } from "./care-cache.ts";
import * as customers from "./customers.ts";
import * as healthCheck from "./health.ts";
import type { Limiter } from "./limiter.ts";
import type { PagedResult } from "./pagination.ts";
import * as pets from "./pets.ts";
import type { Endpoints } from "./reading.ts";
import type { Booking, Customer, Page, Pet, ReducedBooking } from "./schemas.ts";
import { Transport } from "./transport.ts";
import type {
  BookingFilter,
  CustomerFilter,
  KennelClientOptions,
  KennelResult,
  PageRequest,
  PetFilter,
  StatusReport,
} from "./types.ts";

export type { CacheInfo } from "./care-cache.ts";
export { cleanRequestId, findRequestId } from "./request-id.ts";
export type {
  ApiState,
  BookingFilter,
  CustomerFilter,
  KennelClientOptions,
  KennelResult,
  PageRequest,
  PetFilter,
  StatusReport,
} from "./types.ts";

export interface WarmResult {
  /** Customers whose pets are now in the cache. */
  warmed: number;
  /** Customers whose pets could not be read (the answers will ask again). */
  failed: number;
}

export class KennelClient {
  readonly baseUrl: URL;
  readonly timeoutMs: number;
  /** The shared limit on requests in flight (exposed for tests and figures). */
  readonly limiter: Limiter;
  readonly #cache: CareCache;
  readonly #ep: Endpoints;

  constructor(options: KennelClientOptions) {
    const { settings } = options;
    // The customers changed since a time, to keep a day's care and read again only theirs.
    const changedSince = async (since: string) => {
      const changed = { customers: [] as number[], pets: [] as number[] };
      for await (const page of customers.iterateCustomers(this.#ep, { updatedSince: since }, 100)) {
        for (const c of page.data.items) {
          if (c.customerId !== undefined) changed.customers.push(c.customerId);
          for (const p of c.pets ?? []) if (p.petId !== undefined) changed.pets.push(p.petId);
        }
      }
      return changed;
    };
    const cache = new CareCache({
      ttlSeconds: settings.cacheTtlSeconds ?? DEFAULT_CACHE_TTL_S,
      maxEntries: options.cacheMaxEntries,
      now: options.now,
      apiKey: settings.apiKey,
      baseUrl: settings.baseUrl.href,
      changedSince,
    });
    const bookingIds = new BookingIds();
    // A rejected key empties the cache: nothing read with it is shown again.
    const transport = new Transport({
      ...options,
      onAuthFailure: () => {
        cache.clear();
        bookingIds.clear();
      },
    });
    this.baseUrl = transport.baseUrl;
    this.timeoutMs = transport.timeoutMs;
    this.limiter = transport.limiter;
    this.#cache = cache;
    this.#ep = { transport, log: options.log, cache, bookingIds, keepRaw: options.keepRaw ?? true };
  }

  // Bookings: never cached.

  /** GET /bookings: one page of bookings matching the filter. */
  listBookings(filter: BookingFilter = {}, page: PageRequest = {}): Promise<KennelResult<Page<Booking>>> {
    return bookings.listBookings(this.#ep, filter, page);
  }

  /** Every page of GET /bookings, page by page. */
  iterateBookings(filter: BookingFilter = {}, pageSize?: number): AsyncGenerator<PagedResult<Booking>> {
    return bookings.iterateBookings(this.#ep, filter, pageSize);
  }

  /** GET /bookings/{id}: the full booking. */
  getBooking(id: number): Promise<KennelResult<Booking>> {
    return bookings.getBooking(this.#ep, id);
  }

  /** GET /bookings/reference/{reference}: the reduced booking (no contact details, no room). */
  getBookingByReference(reference: string): Promise<KennelResult<ReducedBooking>> {
    return bookings.getBookingByReference(this.#ep, reference);
  }

  /** The id of the booking with exactly this reference, when a full booking with it was read (no call). */
  bookingIdOf(reference: string): number | undefined {
    return this.#ep.bookingIds.of(reference);
  }

  /** GET /bookings/checkin?date=YYYY-MM-DD: one day's arrivals. */
  listArrivals(date: string): Promise<KennelResult<Booking[]>> {
    return bookings.listDay(this.#ep, "checkin", date);
  }

  /** GET /bookings/checkout?date=YYYY-MM-DD: one day's departures (a plain array, per the spec). */
  listDepartures(date: string): Promise<KennelResult<Booking[]>> {
    return bookings.listDay(this.#ep, "checkout", date);
  }

  // Customers: one customer and a customer's pets are cached.

  /** GET /customers: one page of customers (with consent flags and embedded pets). */
  listCustomers(filter: CustomerFilter = {}, page: PageRequest = {}): Promise<KennelResult<Page<Customer>>> {
    return customers.listCustomers(this.#ep, filter, page);
  }

  iterateCustomers(filter: CustomerFilter = {}, pageSize?: number): AsyncGenerator<PagedResult<Customer>> {
    return customers.iterateCustomers(this.#ep, filter, pageSize);
  }

  /** GET /customers/{id}: one customer with contact details, consent and pets (cached). */
  getCustomer(id: number): Promise<KennelResult<Customer>> {
    return customers.getCustomer(this.#ep, id);
  }

  /** GET /customers/{id}/pets (cached). */
  listCustomerPets(customerId: number): Promise<KennelResult<Pet[]>> {
    return customers.listCustomerPets(this.#ep, customerId);
  }

  /**
   * A customer's pets for their care: GET /customers/{id} (cached), its embedded pets, so the
   * customer is read too; GET /customers/{id}/pets when it comes without them (customers.ts).
   */
  petsOfCustomer(customerId: number): Promise<KennelResult<Pet[]>> {
    return customers.petsOfCustomer(this.#ep, customerId);
  }

  /** GET /customers/{id}/bookings: the customer's booking history, paged. */
  listCustomerBookings(
    customerId: number,
    filter: Omit<BookingFilter, "customerId"> = {},
    page: PageRequest = {},
  ): Promise<KennelResult<Page<Booking>>> {
    return customers.listCustomerBookings(this.#ep, customerId, filter, page);
  }

  iterateCustomerBookings(
    customerId: number,
    filter: Omit<BookingFilter, "customerId"> = {},
    pageSize?: number,
  ): AsyncGenerator<PagedResult<Booking>> {
    return customers.iterateCustomerBookings(this.#ep, customerId, filter, pageSize);
  }

  // Pets: one pet's care record is cached.

  /** GET /pets: pets by name, owner, species or breed; paged. */
  listPets(filter: PetFilter = {}, page: PageRequest = {}): Promise<KennelResult<Page<Pet>>> {
    return pets.listPets(this.#ep, filter, page);
  }

  iteratePets(filter: PetFilter = {}, pageSize?: number): AsyncGenerator<PagedResult<Pet>> {
    return pets.iteratePets(this.#ep, filter, pageSize);
  }

  /**
   * GET /pets/{id}: one pet's full care record (cached). `fresh`: asked of the API now (a care plan
   * confirmed compares the words now with those it was drafted from), and cached again.
   */
  getPet(id: number, options: { fresh?: boolean } = {}): Promise<KennelResult<Pet>> {
    return pets.getPet(this.#ep, id, options.fresh === true);
  }

  // Health, status and the cache.

  /** GET /health: any 200 means up and the key accepted. */
  health(): Promise<KennelResult<unknown>> {
    return healthCheck.health(this.#ep);
  }

  /** OK, unreachable, wrong address or key rejected. Never throws a KennelError. */
  checkStatus(): Promise<StatusReport> {
    return healthCheck.checkStatus(this.#ep);
  }

  /** What the care cache holds and for how long (for `/kennel status` and the CLI's status). */
  cacheInfo(): CacheInfo {
    return this.#cache.info();
  }

  /** Empties the care cache (done by itself on a 401). */
  clearCache(): void {
    this.#cache.clear();
  }

  /**
   * Reads each customer with its pets into the care cache (say, for today's arrivals, departures and
   * in-house pets before the morning post). Never throws: a failure only means that answer asks again.
   */
  async warmCare(customerIds: Iterable<number>): Promise<WarmResult> {
    const ids = [...new Set(customerIds)].filter((id) => Number.isSafeInteger(id) && id >= 0);
    if (!this.#cache.enabled) return { warmed: 0, failed: 0 };
    const results = await Promise.allSettled(ids.map((id) => this.petsOfCustomer(id)));
    const failed = results.filter((r) => r.status === "rejected").length;
    return { warmed: results.length - failed, failed };
  }
}

/** Builds a client with its own limit on requests in flight and its own care cache. */
export function createKennelClient(
  settings: KennelSettings,
  options: Omit<KennelClientOptions, "settings">,
): KennelClient {
  return new KennelClient({ ...options, settings });
}
