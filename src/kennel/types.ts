/** The kennel client's public types, and the request shapes its parts pass to each other. */
import type { KennelSettings } from "../config.ts";
import type { Logger } from "../log.ts";
import type { KennelError } from "./errors.ts";

export interface KennelResult<T> {
  data: T;
  /** The API's JSON, unchanged (for KENNEL_RAW_RESPONSES=1); undefined when the client keeps none (`keepRaw`). */
  raw: unknown;
  /** The API's request id (cleaned: safe characters, never a secret), or the one the client sent. */
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
  /** Requests in flight at once, shared by every caller of this client. Default settings.concurrency, else 6. */
  maxConcurrent?: number;
  /** Retries of a failed GET. Default 2. */
  retryLimit?: number;
  /** Longest Retry-After honoured, ms; longer waits are shortened to this. Default 10000. */
  maxRetryAfterMs?: number;
  /** Backoff before retry n (1-based), ms. Default 300 * 2^(n-1), at most 5 s. */
  retryDelay?: (attempt: number) => number;
  /** Makes the X-Request-Id the client sends. Default a random UUID. */
  newRequestId?: () => string;
  /** Other secret values (Slack tokens…) that must never appear in a request id; the API key always is one. */
  secrets?: readonly string[];
  /** The clock of the care cache, in ms; default performance.now. Tests pass a fake one. */
  now?: () => number;
  /** Most records the care cache holds. Default 5000. */
  cacheMaxEntries?: number;
  /**
   * Keep the API's JSON with every answer read (`raw`: the answers of KENNEL_RAW_RESPONSES=1 show it).
   * Default true. False (the bot without raw answers): the JSON is let go once its records are read,
   * so neither an answer waiting on its next call nor the care cache (a third of what it held) keeps it.
   */
  keepRaw?: boolean;
}

export type Query = Record<string, string | number | boolean | undefined>;

export interface RequestSpec {
  segments: string[];
  query?: Query | undefined;
  /** Words for a 404: "booking with reference ABC". */
  what: string;
  /**
   * A 404 here means the address is wrong: /health, and the lists that name no identifier (the
   * spec's 404 is "the identifier does not exist"; a list with none has no such answer).
   */
  notFoundIsWrongAddress?: boolean;
  /** A 200 with an empty body is fine (the /health endpoint). */
  allowEmpty?: boolean;
}

export interface RawAnswer {
  body: unknown;
  requestId: string;
  status: number;
}
