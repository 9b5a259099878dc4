/** What every endpoint group shares: checks of its arguments, and readers of the answer's shape. */
import type { Logger } from "../log.ts";
import type { BookingIds } from "./booking-ids.ts";
import type { CareCache } from "./care-cache.ts";
import { BadRequestError, InvalidResponseError } from "./errors.ts";
import { collectAll, paginate } from "./pagination.ts";
import { type Page, readList, readPageOrArray } from "./schemas.ts";
import type { Transport } from "./transport.ts";
import type { KennelResult, PageRequest, RawAnswer, RequestSpec } from "./types.ts";

/** What an endpoint group is given by the client. */
export interface Endpoints {
  transport: Transport;
  log: Logger;
  cache: CareCache;
  /** Which booking id each reference seen names. */
  bookingIds: BookingIds;
  /** The API's JSON kept with each answer read (KennelClientOptions.keepRaw). */
  keepRaw: boolean;
}

export type Reader<T> = (raw: unknown, log: Logger) => T | undefined;

/** The API's JSON as an answer carries it: only when the client keeps it (KennelClientOptions.keepRaw). */
function rawOf(ep: Endpoints, body: unknown): unknown {
  return ep.keepRaw ? body : undefined;
}

export function checkPageRequest(p: PageRequest): void {
  if (p.page !== undefined && (!Number.isInteger(p.page) || p.page < 1)) {
    throw new BadRequestError(`page must be a whole number of 1 or more, not ${p.page}.`);
  }
  if (p.pageSize !== undefined && (!Number.isInteger(p.pageSize) || p.pageSize < 1)) {
    throw new BadRequestError(`pageSize must be a whole number of 1 or more, not ${p.pageSize}.`);
  }
}

export function checkId(id: number, what: string): void {
  if (!Number.isSafeInteger(id) || id < 0)
    throw new BadRequestError(`${what} must be a whole number, not ${id}.`);
}

/** One record out of the shapes a single-record endpoint may use (bare, [x], {items:[x]}, {key:x}). */
function single(body: unknown, key: string): unknown {
  if (Array.isArray(body)) return body.length === 1 ? body[0] : body;
  if (typeof body === "object" && body !== null) {
    const b = body as Record<string, unknown>;
    if (Array.isArray(b.items) && b.items.length === 1) return b.items[0];
    if (typeof b[key] === "object" && b[key] !== null && !Array.isArray(b[key])) return b[key];
  }
  return body;
}

/** One record, read, or an invalid response naming what it should have been. */
export function one<T>(ep: Endpoints, answer: RawAnswer, key: string, read: Reader<T>): KennelResult<T> {
  const data = read(single(answer.body, key), ep.log);
  if (!data) throw new InvalidResponseError(`the ${key} is not an object`, { requestId: answer.requestId });
  return { data, raw: rawOf(ep, answer.body), requestId: answer.requestId };
}

export function toPage<T>(
  ep: Endpoints,
  answer: RawAnswer,
  read: Reader<T>,
  words: string,
): KennelResult<Page<T>> {
  const page = readPageOrArray(answer.body);
  if (!page) {
    throw new InvalidResponseError(`the ${words} are not a page (no items list)`, {
      requestId: answer.requestId,
    });
  }
  return {
    data: { ...page, items: readList(page.items, read, ep.log) },
    raw: rawOf(ep, answer.body),
    requestId: answer.requestId,
  };
}

/**
 * An endpoint whose shape the spec (docs/kennel-api.md) does not show: a plain array, or a page envelope whose every
 * page is then read (ASSUMPTION: with the request.page convention of the other lists), under the
 * same rules and guard as every other walk over pages.
 */
export async function arrayOrEveryPage<T>(
  ep: Endpoints,
  spec: RequestSpec,
  read: Reader<T>,
  words: string,
): Promise<KennelResult<T[]>> {
  const first = await ep.transport.get(spec);
  const page = readPageOrArray(first.body);
  if (!page) {
    throw new InvalidResponseError(`the ${words} are neither a list nor a page`, {
      requestId: first.requestId,
    });
  }
  if (page.totalPages <= 1) {
    return {
      data: readList(page.items, read, ep.log),
      raw: rawOf(ep, first.body),
      requestId: first.requestId,
    };
  }
  const raws: unknown[] = ep.keepRaw ? [first.body] : [];
  const pages = paginate<unknown>(async (n) => {
    if (n === 1) return { data: page, requestId: first.requestId };
    const next = await ep.transport.get({
      ...spec,
      query: { ...spec.query, "request.page": n, "request.pageSize": page.pageSize },
    });
    if (ep.keepRaw) raws.push(next.body);
    const p = readPageOrArray(next.body);
    if (!p)
      throw new InvalidResponseError(`page ${n} of the ${words} is not a page`, {
        requestId: next.requestId,
      });
    return { data: p, requestId: next.requestId };
  });
  const items = await collectAll(pages);
  return { data: readList(items, read, ep.log), raw: rawOf(ep, raws), requestId: first.requestId };
}
