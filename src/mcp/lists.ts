/**
 * The connector's paged lists: the line that says how to ask for the next page, the page's numbers,
 * a title naming the filters, and date ranges read in the kennel's time zone.
 */
import { UsageError } from "../answers/failure.ts";
import type { Deps } from "../deps.ts";
import type { Page } from "../kennel/schemas.ts";
import { dayEndIso, dayStartIso, isIsoDate } from "../time.ts";

/** "Page 2 of 5 (page size 25, 113 bookings in all). Ask for page 3 for more." */
function pageLine(
  page: Pick<Page<unknown>, "page" | "pageSize" | "totalPages" | "totalRecords">,
  noun: string,
): string {
  const more =
    page.page < page.totalPages ? ` Ask for page ${page.page + 1} for more.` : " This is the last page.";
  return `Page ${page.page} of ${page.totalPages} (page size ${page.pageSize}, ${page.totalRecords} ${noun} in all).${page.totalRecords ? more : ""}`;
}

/**
 * A page of a list as the connector gives it: the list first (its title, its rows, or what it says
 * when nothing matched), then the page line; no page line when nothing matched ("Page 1 of 0").
 */
export function withPageLine(
  text: string,
  page: Pick<Page<unknown>, "page" | "pageSize" | "totalPages" | "totalRecords">,
  noun: string,
): string {
  return page.totalRecords === 0 ? text : `${text}\n${pageLine(page, noun)}`;
}

/** A day's list beyond its first page: "Page 1 of 13 of this day's list. Ask for page 2 for more." */
export function dayPageLine(r: { page: number; pages: number }): string {
  if (r.pages <= 1) return "";
  const more = r.page < r.pages ? ` Ask for page ${r.page + 1} for more.` : " This is the last page.";
  return `Page ${r.page} of ${r.pages} of this day's list.${more}`;
}

/** The words of a bookings list's title for the filters given: "Bookings: 2026-11-24 to 2026-11-25, status confirmed". */
export function filterTitle(head: string, f: Record<string, string | number | undefined>): string {
  const parts = [
    f.from || f.to ? `${f.from ?? "…"} to ${f.to ?? "…"}` : undefined,
    f.status ? `status ${f.status}` : undefined,
    f.bookingType ? `type ${f.bookingType}` : undefined,
    f.customerId !== undefined ? `customer ${f.customerId}` : undefined,
    f.serviceId !== undefined ? `service ${f.serviceId}` : undefined,
    f.search ? `“${f.search}”` : undefined,
  ].filter(Boolean);
  return `${head}${parts.length ? `: ${parts.join(", ")}` : ""}`;
}

/** A date alone is the whole of that day in the kennel's time zone, sent as UTC; a date-time passes through. */
export const rangeStart = (deps: Deps, s?: string) =>
  s && isIsoDate(s) ? dayStartIso(s, deps.config.timezone) : s;
const rangeEnd = (deps: Deps, s?: string) => (s && isIsoDate(s) ? dayEndIso(s, deps.config.timezone) : s);

/**
 * A tool's from and to as sent (each day whole, in the kennel's time zone). A range that ends before
 * it starts is refused before any request, in the terminal's words (`kennel-desk bookings 2026-12-10
 * 2026-12-01`), rather than sent for the API to answer with a bad request.
 */
export function dateRange(
  deps: Deps,
  tool: string,
  a: { from?: string | undefined; to?: string | undefined },
): { from: string | undefined; to: string | undefined } {
  const from = rangeStart(deps, a.from);
  const to = rangeEnd(deps, a.to);
  if (from !== undefined && to !== undefined && Date.parse(from) > Date.parse(to)) {
    throw new UsageError(
      `The range ends (${a.to}) before it starts (${a.from}).`,
      `Give a from on or before to, and call ${tool} again.`,
    );
  }
  return { from, to };
}
