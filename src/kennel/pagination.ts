/**
 * Pagination by the spec's (docs/kennel-api.md) rules: one-based pages; totalRecords and totalPages read fresh from every
 * response; stop when the page reaches totalPages; never infer the end from the item count; a
 * guard against a total that keeps growing while we read (records may change while paging); and
 * one bound for every walk over a list: pages, time and memory, and a stop when the paging itself
 * is wrong (pages that repeat or contradict the request).
 */
import { createHash } from "node:crypto";
import { thousands } from "../words/numbers.ts";
import { InvalidResponseError } from "./errors.ts";
import type { Page } from "./schemas.ts";

export interface PagedResult<T> {
  data: Page<T>;
  requestId: string;
}

export interface PaginateOptions {
  /** First page to read (one-based). */
  startPage?: number;
  /** Page budget: the most pages read in one walk, whatever totalPages says. */
  maxPages?: number;
  /** Time budget: the most milliseconds one walk may take (checked before each further page). */
  maxMs?: number;
  /** Memory budget: the most bytes of records (as JSON) one walk may hold. */
  maxBytes?: number;
  /** The clock for the time budget (tests pass a fake one). */
  now?: () => number;
}

const DEFAULT_MAX_PAGES = 1_000;
const DEFAULT_MAX_MS = 120_000;
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

const LOOKS_WRONG = "the API's paging looks wrong";

/** Why a page claims fewer pages than its own records need (zero pages with records, or too many records), if it does. */
function pagesTooFew(
  data: { totalPages: number; totalRecords: number; items: unknown[] },
  page: number,
  widest: number,
): string | undefined {
  const { totalPages } = data;
  if (totalPages < 1 && data.items.length > 0)
    return `it said there are ${totalPages} pages, with ${data.items.length} records on this one`;
  if (page >= totalPages && widest > 0 && data.totalRecords > widest * Math.max(totalPages, 1))
    return `it said ${data.totalRecords} records in ${totalPages} page${totalPages === 1 ? "" : "s"} of at most ${widest}`;
  return undefined;
}

/** Why reading stops before the last page (the list grew, the page or time budget ran out), if it does. */
function overBudget(s: {
  totalPages: number;
  firstTotal: number;
  read: number;
  maxPages: number;
  maxMs: number;
  spent: number;
}): string | undefined {
  if (s.totalPages > s.firstTotal * 2 + 10)
    return `the list kept growing while it was being read (now ${thousands(s.totalPages)} pages, ${thousands(s.firstTotal)} at first); stopped after ${thousands(s.read)} pages`;
  // A count the page budget cannot reach: the API claimed it (it did not grow); said as it is.
  if (s.read >= s.maxPages)
    return `the API claimed ${thousands(s.totalPages)} pages; stopped after ${thousands(s.read)} (the budget)`;
  if (s.spent > s.maxMs)
    return `reading the list took longer than ${Math.round(s.maxMs / 1000)} s (${s.read} of ${s.totalPages} pages read)`;
  return undefined;
}

/**
 * Yields every page from `startPage` to the last, within a page, a time and a memory budget.
 * `fetchPage(n)` fetches page n. Throws InvalidResponseError (with the last request id) when a
 * budget runs out (the page budget: "the API claimed 1,000,000,000 pages; stopped after 1,000 (the
 * budget)"); when the list keeps growing while read (totalPages more than twice the first
 * answer's, plus a margin); and, saying "the API's paging looks wrong", when a page repeats an
 * earlier one, answers for another page than the one asked, or claims fewer pages than its own
 * records need (zero pages with records, or 124 records in one page of 100), so a broken paging
 * never loops, never fills memory and never shortens a list in silence.
 */
export async function* paginate<T>(
  fetchPage: (page: number) => Promise<PagedResult<T>>,
  options: PaginateOptions = {},
): AsyncGenerator<PagedResult<T>> {
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  const maxMs = options.maxMs ?? DEFAULT_MAX_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const now = options.now ?? Date.now;
  const started = now();
  let page = options.startPage ?? 1;
  let firstTotal: number | undefined;
  let read = 0;
  let bytes = 0;
  let widest = 0;
  const seen = new Map<string, number>();
  for (;;) {
    const result = await fetchPage(page);
    read++;
    const { data, requestId } = result;
    const wrong = (why: string) => new InvalidResponseError(`${LOOKS_WRONG}: ${why}`, { requestId });
    // An API that leaves out the page number reads as page 1 (schemas.ts): only another number contradicts.
    if (data.page !== page && data.page !== 1)
      throw wrong(`asked for page ${page}, it answered page ${data.page}`);
    const json = JSON.stringify(data.items);
    bytes += json.length;
    if (bytes > maxBytes) {
      throw new InvalidResponseError(
        `the list is larger than Kennel Desk will hold (over ${Math.round(maxBytes / 1024 / 1024)} MB after ${read} pages)`,
        { requestId },
      );
    }
    if (data.items.length > 0) {
      const fingerprint = createHash("sha256").update(json).digest("base64");
      const earlier = seen.get(fingerprint);
      if (earlier !== undefined) throw wrong(`page ${page} repeated page ${earlier}`);
      seen.set(fingerprint, page);
    }
    widest = Math.max(widest, data.pageSize, data.items.length);
    const totalPages = data.totalPages;
    const short = pagesTooFew(data, page, widest);
    if (short) throw wrong(short);
    yield result;
    // Read fresh from this response (docs/kennel-api.md, Pagination rules, 6).
    firstTotal ??= totalPages;
    if (page >= totalPages) return;
    const over = overBudget({ totalPages, firstTotal, read, maxPages, maxMs, spent: now() - started });
    if (over) throw new InvalidResponseError(over, { requestId });
    page++;
  }
}

/** Collects every item of every page. */
export async function collectAll<T>(pages: AsyncIterable<PagedResult<T>>): Promise<T[]> {
  const out: T[] = [];
  for await (const p of pages) out.push(...p.data.items);
  return out;
}
