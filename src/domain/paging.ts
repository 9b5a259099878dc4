/**
 * Pages of a list, within a count and a size budget: an entry with long names takes more room,
 * so a page of long entries holds fewer of them. The breaks depend only on the list itself, so a
 * page number carried in a button finds the same entries again.
 */
export interface PageLimits {
  /** Most entries on a page. */
  maxEntries: number;
  /** Most characters (as estimated by `sizeOf`) on a page. */
  maxChars: number;
}

/**
 * A page of a list as one message shows it (a day's arrivals or departures, the house board): at
 * most 20 entries and about 10,000 characters of their text, inside a Slack message's 12,000.
 */
export const LIST_PAGE: PageLimits = { maxEntries: 20, maxChars: 10_000 };

/** The start index of each page; always at least one page (possibly empty). */
function pageStarts<T>(items: readonly T[], sizeOf: (item: T) => number, limits: PageLimits): number[] {
  const starts = [0];
  let count = 0;
  let chars = 0;
  items.forEach((item, i) => {
    const size = sizeOf(item);
    if (count > 0 && (count + 1 > limits.maxEntries || chars + size > limits.maxChars)) {
      starts.push(i);
      count = 0;
      chars = 0;
    }
    count++;
    chars += size;
  });
  return starts;
}

export interface PageOf<T> {
  items: T[];
  /** One-based page shown (clamped to the pages there are). */
  page: number;
  pages: number;
  /** Zero-based index of the first item shown, in the whole list. */
  from: number;
  total: number;
}

export function pageOf<T>(
  items: readonly T[],
  page: number,
  sizeOf: (item: T) => number,
  limits: PageLimits,
): PageOf<T> {
  const starts = pageStarts(items, sizeOf, limits);
  const pages = starts.length;
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pages);
  const from = starts[current - 1] ?? 0;
  const to = starts[current] ?? items.length;
  return { items: items.slice(from, to), page: current, pages, from, total: items.length };
}

/** A whole list's report cut to the page shown: its entries of that page, and where the page stands. */
export function onPage<R extends { entries: readonly unknown[] }>(
  whole: R,
  shown: Pick<PageOf<unknown>, "items" | "page" | "pages" | "from">,
): R & { page: number; pages: number; from: number } {
  return {
    ...whole,
    entries: whole.entries.slice(shown.from, shown.from + shown.items.length),
    page: shown.page,
    pages: shown.pages,
    from: shown.from,
  };
}
