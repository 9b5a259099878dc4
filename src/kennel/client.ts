/**
 * The kennel API client: every endpoint of the spec, typed and safe.
 *
 * Safety rules kept here, in one place:
 * - The key goes only to the configured base URL's origin (checked on every attempt, in the fetch
 *   wrapper), only over HTTPS or loopback HTTP (checked by config), never across a redirect
 *   (`redirect: "manual"`; a 3xx is a wrong address, never followed), never into a log line.
 * - Path values are encoded as one segment; query values are percent-encoded.
 * - GETs are retried on network errors, 408, 429 and 5xx (at most 2 retries, honouring Retry-After),
 *   never on 401 or 404, never on a timeout.
 * - One shared limit on requests in flight, and identical GETs in flight share one request.
 */
import { randomUUID } from "node:crypto";
import ky, { type HTTPError, isHTTPError, isNetworkError, isTimeoutError } from "ky";
import type { KennelSettings } from "../config.ts";
import { type Logger, scrubSecrets } from "../log.ts";
import { isIsoDate } from "../time.ts";
import {
  AuthenticationError,
  BadRequestError,
  InvalidResponseError,
  KennelError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  UnreachableError,
  WrongAddressError,
} from "./errors.ts";
import { Limiter } from "./limiter.ts";
import { collectAll, type PagedResult, paginate } from "./pagination.ts";
import {
  type Booking,
  type Customer,
  type Page,
  type Pet,
  type ReducedBooking,
  readBooking,
  readCustomer,
  readList,
  readPageOrArray,
  readPet,
  readReducedBooking,
} from "./schemas.ts";

export interface KennelResult<T> {
  data: T;
  /** The API's JSON, unchanged (for KENNEL_RAW_RESPONSES=1). */
  raw: unknown;
  /** The API's request id, or the one the client sent when the API gave none. */
  requestId: string;
}

export interface BookingFilter {
  /** ISO 8601 date-time (or date); lower bound of the booking date range. */
  from?: string | undefined;
  to?: string | undefined;
  bookingType?: string | undefined;
  status?: string | undefined;
  customerId?: number | undefined;
  serviceId?: number | undefined;
  search?: string | undefined;
}

export interface CustomerFilter {
  search?: string | undefined;
  createdSince?: string | undefined;
  updatedSince?: string | undefined;
  archived?: boolean | undefined;
}

export interface PetFilter {
  name?: string | undefined;
  owner?: string | undefined;
  species?: string | undefined;
  breed?: string | undefined;
}

export interface PageRequest {
  page?: number | undefined;
  pageSize?: number | undefined;
}

export type ApiState = "ok" | "unreachable" | "wrong_address" | "key_rejected";

export interface StatusReport {
  state: ApiState;
  /** The base URL checked (never the key). */
  baseUrl: string;
  requestId: string | undefined;
  /** What went wrong, for the states other than ok. */
  error: KennelError | undefined;
  durationMs: number;
}

export interface KennelClientOptions {
  settings: KennelSettings;
  log: Logger;
  /** Injected fetch, for tests; default the global fetch. */
  fetch?: typeof fetch;
  /** Requests in flight at once, shared by every caller of this client. Default 6. */
  maxConcurrent?: number;
  /** Retries of a failed GET. Default 2. */
  retryLimit?: number;
  /** Longest Retry-After honoured, ms; longer waits are shortened to this. Default 10000. */
  maxRetryAfterMs?: number;
  /** Backoff before retry n (1-based), ms. Default 300 * 2^(n-1), at most 5 s. */
  retryDelay?: (attempt: number) => number;
  /** Makes the X-Request-Id the client sends. Default a random UUID. */
  newRequestId?: () => string;
}

type Query = Record<string, string | number | boolean | undefined>;

interface RequestSpec {
  segments: string[];
  query?: Query | undefined;
  /** Words for a 404: "booking with reference ABC". */
  what: string;
  /** Lists get a timeout hint about page size. */
  isList?: boolean;
  /** A 404 here means the address is wrong (the /health endpoint). */
  notFoundIsWrongAddress?: boolean;
  /** A 200 with an empty body is fine (the /health endpoint). */
  allowEmpty?: boolean;
}

interface RawAnswer {
  body: unknown;
  requestId: string;
  status: number;
}

const REQUEST_ID_HEADERS = [
  "x-request-id",
  "request-id",
  "x-correlation-id",
  "correlation-id",
  "x-trace-id",
  "trace-id",
  "x-amzn-requestid",
  "x-amz-request-id",
  "x-ms-request-id",
];
const REQUEST_ID_BODY_FIELDS = ["requestId", "request_id", "traceId", "trace_id", "correlationId"];

const RETRY_STATUS = [408, 429, ...Array.from({ length: 100 }, (_, i) => 500 + i)];

/** The API's request id: from a response header, or the (error) body, in that order. */
export function findRequestId(headers: Headers | undefined, body: unknown): string | undefined {
  if (headers) {
    for (const name of REQUEST_ID_HEADERS) {
      const value = headers.get(name);
      if (value?.trim()) return value.trim().slice(0, 200);
    }
  }
  const candidates: unknown[] = [body];
  if (typeof body === "object" && body !== null) {
    const inner = (body as Record<string, unknown>).error;
    if (typeof inner === "object" && inner !== null) candidates.push(inner);
  }
  for (const c of candidates) {
    if (typeof c !== "object" || c === null) continue;
    for (const field of REQUEST_ID_BODY_FIELDS) {
      const value = (c as Record<string, unknown>)[field];
      if (typeof value === "string" && value.trim()) return value.trim().slice(0, 200);
      if (typeof value === "number") return String(value);
    }
  }
  return undefined;
}

/** Retry-After as seconds: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.ceil(Number(trimmed));
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** The error body's own words, if it has any (field names are not shown by the spec). */
function errorDetail(body: unknown): string | undefined {
  if (typeof body === "string") {
    const text = body.trim();
    return text && !text.startsWith("<") ? text.slice(0, 300) : undefined;
  }
  if (typeof body !== "object" || body === null) return undefined;
  const b = body as Record<string, unknown>;
  const inner = typeof b.error === "object" && b.error !== null ? (b.error as Record<string, unknown>) : {};
  for (const v of [b.message, b.detail, b.title, inner.message, b.error, b.code, inner.code]) {
    if (typeof v === "string" && v.trim()) return v.trim().slice(0, 300);
  }
  if (typeof b.errors === "object" && b.errors !== null) return JSON.stringify(b.errors).slice(0, 300);
  return undefined;
}

function looksLikeHtml(contentType: string, text: string): boolean {
  return /html|xml/i.test(contentType) || /^\s*</.test(text);
}

/** The code of a network failure, walking the cause chain (undici puts it on the cause). */
function networkReason(error: unknown): string {
  let e: unknown = error;
  let deepest = "";
  for (let depth = 0; e && depth < 6; depth++) {
    const message = (e as { message?: unknown }).message;
    if (typeof message === "string" && message && !/fetch failed|network error/i.test(message))
      deepest = message;
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") {
      switch (code) {
        case "ENOTFOUND":
        case "EAI_AGAIN":
          return "its host name could not be found (DNS)";
        case "ECONNREFUSED":
          return "the connection was refused";
        case "ECONNRESET":
        case "UND_ERR_SOCKET":
          return "the connection was reset";
        case "ETIMEDOUT":
        case "UND_ERR_CONNECT_TIMEOUT":
          return "the connection timed out";
        case "EHOSTUNREACH":
        case "ENETUNREACH":
          return "the network is unreachable";
        default:
          if (/CERT|SSL|TLS|SELF_SIGNED|VERIFY/i.test(code))
            return `its HTTPS certificate was not accepted (${code})`;
          return code;
      }
    }
    e = (e as { cause?: unknown }).cause;
  }
  return deepest ? `the network request failed: ${deepest.slice(0, 120)}` : "the network request failed";
}

function encodeSegment(value: string): string {
  const trimmed = value.trim();
  if (trimmed === "" || trimmed === "." || trimmed === "..") {
    throw new BadRequestError(`"${value}" cannot be used as an identifier or reference.`);
  }
  return encodeURIComponent(trimmed);
}

function checkPageRequest(p: PageRequest): void {
  if (p.page !== undefined && (!Number.isInteger(p.page) || p.page < 1)) {
    throw new BadRequestError(`page must be a whole number of 1 or more, not ${p.page}.`);
  }
  if (p.pageSize !== undefined && (!Number.isInteger(p.pageSize) || p.pageSize < 1)) {
    throw new BadRequestError(`pageSize must be a whole number of 1 or more, not ${p.pageSize}.`);
  }
}

function checkId(id: number, what: string): void {
  if (!Number.isSafeInteger(id) || id < 0)
    throw new BadRequestError(`${what} must be a whole number, not ${id}.`);
}

function bookingQuery(filter: BookingFilter, page: PageRequest): Query {
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

export class KennelClient {
  readonly baseUrl: URL;
  readonly timeoutMs: number;
  readonly #apiKey: string;
  readonly #log: Logger;
  readonly #debug: boolean;
  readonly #fetch: typeof fetch;
  /** The shared limit on requests in flight (exposed for tests and figures). */
  readonly limiter: Limiter;
  readonly #retryLimit: number;
  readonly #maxRetryAfterMs: number;
  readonly #retryDelay: (attempt: number) => number;
  readonly #newRequestId: () => string;

  constructor(options: KennelClientOptions) {
    this.baseUrl = new URL(options.settings.baseUrl.href.replace(/\/+$/, ""));
    this.timeoutMs = options.settings.timeoutMs;
    this.#apiKey = options.settings.apiKey;
    this.#log = options.log;
    this.#debug = options.settings.debug;
    this.#fetch = options.fetch ?? globalThis.fetch;
    this.limiter = new Limiter(options.maxConcurrent ?? 6);
    this.#retryLimit = options.retryLimit ?? 2;
    this.#maxRetryAfterMs = options.maxRetryAfterMs ?? 10_000;
    this.#retryDelay = options.retryDelay ?? ((n) => Math.min(5_000, 300 * 2 ** (n - 1)));
    this.#newRequestId = options.newRequestId ?? randomUUID;
  }

  // -------------------------------------------------------------------------------------------
  // Bookings

  /** GET /bookings: one page of bookings matching the filter. */
  async listBookings(
    filter: BookingFilter = {},
    page: PageRequest = {},
  ): Promise<KennelResult<Page<Booking>>> {
    checkPageRequest(page);
    const answer = await this.#get({
      segments: ["bookings"],
      query: bookingQuery(filter, page),
      what: "bookings",
      isList: true,
    });
    return this.#page(answer, readBooking, "bookings");
  }

  /** Every page of GET /bookings, page by page. */
  iterateBookings(filter: BookingFilter = {}, pageSize?: number): AsyncGenerator<PagedResult<Booking>> {
    return paginate((page) => this.listBookings(filter, { page, pageSize }));
  }

  /**
   * GET /bookings/{id}. ASSUMPTION (shape not shown): a full booking object; a one-element array,
   * a page envelope or an object wrapping it as `booking` are accepted too.
   */
  async getBooking(id: number): Promise<KennelResult<Booking>> {
    checkId(id, "A booking id");
    const answer = await this.#get({ segments: ["bookings", String(id)], what: `booking with id ${id}` });
    const body = this.#single(answer.body, "booking");
    const data = readBooking(body, this.#log);
    if (!data)
      throw new InvalidResponseError("the booking is not an object", { requestId: answer.requestId });
    return { data, raw: answer.body, requestId: answer.requestId };
  }

  /** GET /bookings/reference/{reference}: the reduced booking (no contact details, no room). */
  async getBookingByReference(reference: string): Promise<KennelResult<ReducedBooking>> {
    const answer = await this.#get({
      segments: ["bookings", "reference", reference],
      what: `booking with reference "${reference.trim()}"`,
    });
    const body = this.#single(answer.body, "booking");
    const data = readReducedBooking(body, this.#log);
    if (!data)
      throw new InvalidResponseError("the booking is not an object", { requestId: answer.requestId });
    return { data, raw: answer.body, requestId: answer.requestId };
  }

  /**
   * GET /bookings/checkin?date=YYYY-MM-DD: one day's arrivals.
   * ASSUMPTION (parameters and shape not shown): it mirrors checkout (a `date` parameter and a plain
   * array); a page envelope is accepted too, and then every page is read.
   */
  listArrivals(date: string): Promise<KennelResult<Booking[]>> {
    return this.#day("checkin", date, "arrivals");
  }

  /** GET /bookings/checkout?date=YYYY-MM-DD: one day's departures (a plain array, per the spec). */
  listDepartures(date: string): Promise<KennelResult<Booking[]>> {
    return this.#day("checkout", date, "departures");
  }

  async #day(which: "checkin" | "checkout", date: string, words: string): Promise<KennelResult<Booking[]>> {
    if (!isIsoDate(date)) throw new BadRequestError(`"${date}" is not a date written YYYY-MM-DD.`);
    return this.#arrayOrEveryPage(
      { segments: ["bookings", which], query: { date }, what: `${words} on ${date}`, isList: true },
      readBooking,
      words,
    );
  }

  /**
   * An endpoint whose shape the spec does not show: a plain array, or a page envelope whose every
   * page is then read (ASSUMPTION: with the request.page convention of the other lists), under the
   * same rules and guard as every other walk over pages.
   */
  async #arrayOrEveryPage<T>(
    spec: RequestSpec,
    read: (raw: unknown, log: Logger) => T | undefined,
    words: string,
  ): Promise<KennelResult<T[]>> {
    const first = await this.#get(spec);
    const page = readPageOrArray(first.body);
    if (!page) {
      throw new InvalidResponseError(`the ${words} are neither a list nor a page`, {
        requestId: first.requestId,
      });
    }
    if (page.totalPages <= 1) {
      return { data: readList(page.items, read, this.#log), raw: first.body, requestId: first.requestId };
    }
    const raws: unknown[] = [first.body];
    const pages = paginate<unknown>(async (n) => {
      if (n === 1) return { data: page, requestId: first.requestId };
      const next = await this.#get({
        ...spec,
        query: { ...spec.query, "request.page": n, "request.pageSize": page.pageSize },
      });
      raws.push(next.body);
      const p = readPageOrArray(next.body);
      if (!p)
        throw new InvalidResponseError(`page ${n} of the ${words} is not a page`, {
          requestId: next.requestId,
        });
      return { data: p, requestId: next.requestId };
    });
    const items = await collectAll(pages);
    return { data: readList(items, read, this.#log), raw: raws, requestId: first.requestId };
  }

  // -------------------------------------------------------------------------------------------
  // Customers

  /** GET /customers: one page of customers (with consent flags and embedded pets). */
  async listCustomers(
    filter: CustomerFilter = {},
    page: PageRequest = {},
  ): Promise<KennelResult<Page<Customer>>> {
    checkPageRequest(page);
    const answer = await this.#get({
      segments: ["customers"],
      query: {
        "request.createdSince": filter.createdSince,
        "request.updatedSince": filter.updatedSince,
        "request.search": filter.search,
        "request.archived": filter.archived,
        "request.page": page.page,
        "request.pageSize": page.pageSize,
      },
      what: "customers",
      isList: true,
    });
    return this.#page(answer, readCustomer, "customers");
  }

  iterateCustomers(filter: CustomerFilter = {}, pageSize?: number): AsyncGenerator<PagedResult<Customer>> {
    return paginate((page) => this.listCustomers(filter, { page, pageSize }));
  }

  /** GET /customers/{id}: one customer with contact details, consent and pets. */
  async getCustomer(id: number): Promise<KennelResult<Customer>> {
    checkId(id, "A customer id");
    const answer = await this.#get({ segments: ["customers", String(id)], what: `customer with id ${id}` });
    const data = readCustomer(this.#single(answer.body, "customer"), this.#log);
    if (!data)
      throw new InvalidResponseError("the customer is not an object", { requestId: answer.requestId });
    return { data, raw: answer.body, requestId: answer.requestId };
  }

  /**
   * GET /customers/{id}/pets. ASSUMPTION (parameters and shape not shown): no parameters; a plain
   * array or a page envelope (every page is then read).
   */
  async listCustomerPets(customerId: number): Promise<KennelResult<Pet[]>> {
    checkId(customerId, "A customer id");
    return this.#arrayOrEveryPage(
      {
        segments: ["customers", String(customerId), "pets"],
        what: `customer with id ${customerId}`,
        isList: true,
      },
      readPet,
      "pets",
    );
  }

  /**
   * GET /customers/{id}/bookings: the customer's booking history, paged. The customer is given by
   * the path only. ASSUMPTION: request.customerId is not sent (how the two interact is not shown).
   */
  async listCustomerBookings(
    customerId: number,
    filter: Omit<BookingFilter, "customerId"> = {},
    page: PageRequest = {},
  ): Promise<KennelResult<Page<Booking>>> {
    checkId(customerId, "A customer id");
    checkPageRequest(page);
    const answer = await this.#get({
      segments: ["customers", String(customerId), "bookings"],
      query: bookingQuery({ ...filter, customerId: undefined }, page),
      what: `customer with id ${customerId}`,
      isList: true,
    });
    return this.#page(answer, readBooking, "bookings");
  }

  iterateCustomerBookings(
    customerId: number,
    filter: Omit<BookingFilter, "customerId"> = {},
    pageSize?: number,
  ): AsyncGenerator<PagedResult<Booking>> {
    return paginate((page) => this.listCustomerBookings(customerId, filter, { page, pageSize }));
  }

  // -------------------------------------------------------------------------------------------
  // Pets

  /**
   * GET /pets: pets by name, owner, species or breed; paged.
   * ASSUMPTION (parameter names not shown): the API's `request.` convention, i.e. request.name,
   * request.owner, request.species, request.breed, request.page, request.pageSize; a plain array
   * is accepted as one page.
   */
  async listPets(filter: PetFilter = {}, page: PageRequest = {}): Promise<KennelResult<Page<Pet>>> {
    checkPageRequest(page);
    const answer = await this.#get({
      segments: ["pets"],
      query: {
        "request.name": filter.name,
        "request.owner": filter.owner,
        "request.species": filter.species,
        "request.breed": filter.breed,
        "request.page": page.page,
        "request.pageSize": page.pageSize,
      },
      what: "pets",
      isList: true,
    });
    return this.#page(answer, readPet, "pets");
  }

  iteratePets(filter: PetFilter = {}, pageSize?: number): AsyncGenerator<PagedResult<Pet>> {
    return paginate((page) => this.listPets(filter, { page, pageSize }));
  }

  /** GET /pets/{id}: one pet's full care record. */
  async getPet(id: number): Promise<KennelResult<Pet>> {
    checkId(id, "A pet id");
    const answer = await this.#get({ segments: ["pets", String(id)], what: `pet with id ${id}` });
    const data = readPet(this.#single(answer.body, "pet"), this.#log);
    if (!data) throw new InvalidResponseError("the pet is not an object", { requestId: answer.requestId });
    return { data, raw: answer.body, requestId: answer.requestId };
  }

  // -------------------------------------------------------------------------------------------
  // Health and status

  /**
   * GET /health. ASSUMPTION (shape not shown): any JSON body (or none) with 200 means up and the
   * key accepted; the body is returned as it came. A 404 here means the base URL is wrong.
   */
  async health(): Promise<KennelResult<unknown>> {
    const answer = await this.#get({
      segments: ["health"],
      what: "health endpoint",
      notFoundIsWrongAddress: true,
      allowEmpty: true,
    });
    return { data: answer.body, raw: answer.body, requestId: answer.requestId };
  }

  /**
   * The status check, as the connector's: OK, API unreachable (also: down, too slow, failing),
   * wrong address, key rejected. Never throws a KennelError.
   */
  async checkStatus(): Promise<StatusReport> {
    const started = performance.now();
    const baseUrl = this.baseUrl.href;
    const done = (state: ApiState, requestId: string | undefined, error?: KennelError): StatusReport => ({
      state,
      baseUrl,
      requestId,
      error,
      durationMs: Math.round(performance.now() - started),
    });
    try {
      const result = await this.health();
      return done("ok", result.requestId);
    } catch (error) {
      if (!(error instanceof KennelError)) throw error;
      switch (error.kind) {
        case "authentication":
          return done("key_rejected", error.requestId, error);
        case "wrong_address":
        case "not_found":
        case "invalid_response":
        case "bad_request":
          return done("wrong_address", error.requestId, error);
        default:
          return done("unreachable", error.requestId, error);
      }
    }
  }

  // -------------------------------------------------------------------------------------------
  // Internals

  /** Text that came from outside (an error's words, a Location) never carries the key on. */
  #scrub(text: string): string {
    return scrubSecrets(text, [this.#apiKey]);
  }

  #single(body: unknown, key: string): unknown {
    if (Array.isArray(body)) return body.length === 1 ? body[0] : body;
    if (typeof body === "object" && body !== null) {
      const b = body as Record<string, unknown>;
      if (Array.isArray(b.items) && b.items.length === 1) return b.items[0];
      if (typeof b[key] === "object" && b[key] !== null && !Array.isArray(b[key])) return b[key];
    }
    return body;
  }

  #page<T>(
    answer: RawAnswer,
    read: (raw: unknown, log: Logger) => T | undefined,
    words: string,
  ): KennelResult<Page<T>> {
    const page = readPageOrArray(answer.body);
    if (!page) {
      throw new InvalidResponseError(`the ${words} are not a page (no items list)`, {
        requestId: answer.requestId,
      });
    }
    return {
      data: { ...page, items: readList(page.items, read, this.#log) },
      raw: answer.body,
      requestId: answer.requestId,
    };
  }

  #url(spec: RequestSpec): URL {
    const path = spec.segments.map(encodeSegment).join("/");
    const parts: string[] = [];
    for (const [key, value] of Object.entries(spec.query ?? {})) {
      if (value === undefined || value === "") continue;
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
    }
    const url = new URL(`${this.baseUrl.href}/${path}${parts.length ? `?${parts.join("&")}` : ""}`);
    // Defence in depth: the URL can only ever be below the base address.
    if (url.origin !== this.baseUrl.origin || !url.pathname.startsWith(`${this.baseUrl.pathname}/`)) {
      throw new BadRequestError("the request would leave the configured API address.");
    }
    return url;
  }

  async #get(spec: RequestSpec): Promise<RawAnswer> {
    const url = this.#url(spec);
    // Identical GETs in flight share one request (and one slot of the limit).
    return this.limiter.shared(url.href, () => this.#send(url, spec));
  }

  /** The fetch every attempt goes through: origin check, timing, debug log. */
  #attemptFetch = async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    if (url.origin !== this.baseUrl.origin) {
      // Never reached through ky (no redirects are followed), kept as the last line of defence.
      throw new WrongAddressError(`a request to another address (${url.origin}) was refused`);
    }
    const sentId = request.headers.get("x-request-id") ?? undefined;
    const started = performance.now();
    const logLine = (fields: Record<string, unknown>) => {
      const line = {
        method: request.method,
        path: `${url.pathname}${url.search}`,
        durationMs: Math.round(performance.now() - started),
        ...fields,
      };
      if (this.#debug) this.#log.info(line, "kennel API request");
      else this.#log.debug(line, "kennel API request");
    };
    try {
      const response = await this.#fetch(input, init);
      logLine({ status: response.status, requestId: findRequestId(response.headers, undefined) ?? sentId });
      return response;
    } catch (error) {
      logLine({ error: this.#scrub(networkReason(error)), requestId: sentId });
      throw error;
    }
  };

  async #send(url: URL, spec: RequestSpec): Promise<RawAnswer> {
    const sentId = this.#newRequestId();
    const path = `GET ${url.pathname}`;
    const ctx = { requestId: sentId, path };
    let response: Response;
    try {
      response = await ky.get(url, {
        headers: { "X-Api-Key": this.#apiKey, Accept: "application/json", "X-Request-Id": sentId },
        redirect: "manual",
        timeout: this.timeoutMs,
        retry: {
          limit: this.#retryLimit,
          methods: ["get"],
          statusCodes: RETRY_STATUS,
          afterStatusCodes: [429, 503],
          maxRetryAfter: this.#maxRetryAfterMs,
          delay: this.#retryDelay,
          retryOnTimeout: false,
        },
        fetch: this.#attemptFetch,
      });
    } catch (error) {
      throw this.#mapError(error, spec, sentId, url);
    }
    const requestId = findRequestId(response.headers, undefined) ?? sentId;
    // A 3xx never reaches here as an error with redirect: "manual" in every runtime, so check it.
    if (response.status >= 300 && response.status < 400) {
      throw this.#redirectError(response, { ...ctx, requestId, status: response.status });
    }
    const text = await this.#readBody(response, { ...ctx, requestId });
    const contentType = response.headers.get("content-type") ?? "";
    if (text.trim() === "") {
      if (spec.allowEmpty) return { body: undefined, requestId, status: response.status };
      throw new InvalidResponseError("the answer was empty", { ...ctx, requestId, status: response.status });
    }
    if (looksLikeHtml(contentType, text)) {
      throw new WrongAddressError("it answered with a web page (HTML) instead of JSON", {
        ...ctx,
        requestId,
        status: response.status,
      });
    }
    try {
      const body: unknown = JSON.parse(text);
      return { body, requestId: findRequestId(response.headers, body) ?? sentId, status: response.status };
    } catch {
      if (/json/i.test(contentType)) {
        throw new InvalidResponseError("the answer is not valid JSON", {
          ...ctx,
          requestId,
          status: response.status,
        });
      }
      throw new WrongAddressError(`it answered with ${contentType || "an unknown type"} instead of JSON`, {
        ...ctx,
        requestId,
        status: response.status,
      });
    }
  }

  async #readBody(response: Response, ctx: { requestId: string; path: string }): Promise<string> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new TimeoutError(this.timeoutMs, true, ctx)), this.timeoutMs);
    });
    try {
      return await Promise.race([response.text(), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  #redirectError(
    response: Response,
    ctx: { requestId: string; path: string; status: number },
  ): WrongAddressError {
    const location = response.headers.get("location");
    let where = "elsewhere";
    if (location) {
      try {
        const target = new URL(location, this.baseUrl);
        where = this.#scrub(`to ${target.origin}${target.pathname}`);
      } catch {
        where = "to an unreadable address";
      }
    }
    return new WrongAddressError(
      `it redirected (HTTP ${ctx.status}) ${where}, and redirects are never followed`,
      ctx,
    );
  }

  #mapError(error: unknown, spec: RequestSpec, sentId: string, url: URL): Error {
    const path = `GET ${url.pathname}`;
    if (error instanceof KennelError) return error;
    if (isTimeoutError(error)) {
      return new TimeoutError(this.timeoutMs, spec.isList === true, {
        requestId: sentId,
        path,
        cause: error,
      });
    }
    if (isHTTPError(error)) return this.#mapHttpError(error, spec, sentId, path);
    // The request never reached the API: there is no request id to quote.
    if (isNetworkError(error)) {
      return new UnreachableError(this.baseUrl.origin, this.#scrub(networkReason(error.cause ?? error)), {
        path,
        cause: error,
      });
    }
    if (error instanceof Error && error.name === "AbortError") return error;
    return new UnreachableError(this.baseUrl.origin, this.#scrub(networkReason(error)), {
      path,
      cause: error,
    });
  }

  #mapHttpError(error: HTTPError, spec: RequestSpec, sentId: string, path: string): KennelError {
    const { response } = error;
    const status = response.status;
    const body = error.data;
    const requestId = findRequestId(response.headers, body) ?? sentId;
    const ctx = { requestId, status, path };
    const contentType = response.headers.get("content-type") ?? "";
    const html = typeof body === "string" && looksLikeHtml(contentType, body);
    if (status >= 300 && status < 400) return this.#redirectError(response, ctx);
    if (status === 401) return new AuthenticationError(ctx);
    if (status === 404) {
      if (spec.notFoundIsWrongAddress || html) {
        return new WrongAddressError(
          `${path.replace(/^GET /, "")} answered 404 Not Found${html ? " with a web page" : ""}`,
          ctx,
        );
      }
      return new NotFoundError(spec.what, ctx);
    }
    if (status === 429)
      return new RateLimitedError(parseRetryAfter(response.headers.get("retry-after")), ctx);
    if (status >= 500) return new ServerError(status, ctx);
    if (status === 408) return new TimeoutError(this.timeoutMs, spec.isList === true, ctx);
    if (html) return new WrongAddressError(`it answered HTTP ${status} with a web page`, ctx);
    return new BadRequestError(this.#scrub(errorDetail(body) ?? `HTTP ${status}`), ctx);
  }
}

/** Builds a client with its own shared limit on requests in flight. */
export function createKennelClient(
  settings: KennelSettings,
  options: Omit<KennelClientOptions, "settings">,
): KennelClient {
  return new KennelClient({ ...options, settings });
}
