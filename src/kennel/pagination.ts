/**
 * Pagination by the spec's (docs/kennel-api.md) rules: one-based pages; totalRecords and totalPages read fresh from every
 * response; stop when the page reaches totalPages; never infer the end from the item count; and a
 * guard against a total that keeps growing while we read (records may change while paging).
 */
import { InvalidResponseError } from "./errors.ts";
import type { Page } from "./schemas.ts";

export interface PagedResult<T> {
  data: Page<T>;
  requestId: string;
}

export interface PaginateOptions {
  /** First page to read (one-based). */
  startPage?: number;
  /** Hard ceiling on pages read in one walk, whatever totalPages says. */
  maxPages?: number;
}

const DEFAULT_MAX_PAGES = 2_000;

/**
 * Yields every page from `startPage` to the last. `fetchPage(n)` fetches page n.
 * Throws InvalidResponseError when the walk would exceed `maxPages`, or when totalPages grows to
 * more than twice the first answer's (plus a small margin): a list that keeps growing while read.
 */
export async function* paginate<T>(
  fetchPage: (page: number) => Promise<PagedResult<T>>,
  options: PaginateOptions = {},
): AsyncGenerator<PagedResult<T>> {
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  let page = options.startPage ?? 1;
  let firstTotal: number | undefined;
  let read = 0;
  for (;;) {
    const result = await fetchPage(page);
    read++;
    yield result;
    // Read fresh from this response (docs/kennel-api.md, Pagination rules, 6).
    const totalPages = result.data.totalPages;
    firstTotal ??= totalPages;
    if (page >= totalPages) return;
    if (read >= maxPages || totalPages > firstTotal * 2 + 10) {
      throw new InvalidResponseError(
        `the list kept growing while it was being read (now ${totalPages} pages, ${firstTotal} at first); stopped after ${read} pages`,
        { requestId: result.requestId },
      );
    }
    page++;
  }
}

/** Collects every item of every page. */
export async function collectAll<T>(pages: AsyncIterable<PagedResult<T>>): Promise<T[]> {
  const out: T[] = [];
  for await (const p of pages) out.push(...p.data.items);
  return out;
}
