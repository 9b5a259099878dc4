/**
 * The connector's paged lists: the line that says how to ask for the next page, the page's numbers,
 * a title naming the filters, and date ranges read in the kennel's time zone.
 */
import { UsageError } from "../answers/failure.ts";
import type { Deps } from "../deps.ts";
import { plural } from "../domain/text.ts";
import type { Page } from "../kennel/schemas.ts";
import { type Doc, type Line, lineText, type Part } from "../present/doc.ts";
import { docText } from "../text/doc.ts";
import type { TextOptions } from "../text/index.ts";
import { dayEndIso, dayStartIso, isIsoDate } from "../time.ts";

type PageOf = Pick<Page<unknown>, "page" | "pageSize" | "totalPages" | "totalRecords">;

/** "(page size 25, 113 bookings in all)", "(page size 25, 1 booking in all)". */
const counted = (page: PageOf, noun: string) =>
  `(page size ${page.pageSize}, ${plural(page.totalRecords, noun)} in all)`;

/** "Page 2 of 5 (page size 25, 113 bookings in all). Ask for page 3 for more." */
function pageLine(page: PageOf, noun: string): string {
  const more =
    page.page < page.totalPages ? ` Ask for page ${page.page + 1} for more.` : " This is the last page.";
  return `Page ${page.page} of ${page.totalPages} ${counted(page, noun)}.${more}`;
}

/** A page asked for past the last of a list that has records: "There is no page 72; the last is 71." */
const pastTheEnd = (page: PageOf) => page.totalRecords > 0 && page.page > page.totalPages;

/** The shared list documents' own page note ("page 2 of 5"): the connector says it once, in its page line. */
const isPageNote = (p: Part) =>
  p.kind === "note" && p.lines.length === 1 && /^page \d+ of \d+$/.test(lineText(p.lines[0] as Line));

/**
 * A page of a list as the connector gives it: the list first (its title, its rows, or what it says
 * when nothing matched), then one page line; no page line when nothing matched ("Page 1 of 0"). A
 * page past the last says so, with the last page (spec: the last page is totalPages, never inferred
 * from an empty page), never "No bookings match" nor "This is the last page" over no rows.
 */
export function listText(doc: Doc, page: PageOf, noun: string, o: TextOptions): string {
  if (pastTheEnd(page)) {
    const title = doc.parts.filter((p) => p.kind === "title" || p.kind === "summary");
    const there = `There is no page ${page.page}; the last is ${page.totalPages} ${counted(page, noun)}. Ask for page ${page.totalPages} or an earlier one.`;
    return `${docText({ ...doc, parts: title }, o)}\n${there}`;
  }
  const text = docText({ ...doc, parts: doc.parts.filter((p) => !isPageNote(p)) }, o);
  return page.totalRecords === 0 ? text : `${text}\n${pageLine(page, noun)}`;
}

/** A day's list beyond its first page: "Page 1 of 13 of this day's list. Ask for page 2 for more." */
function dayPageLine(r: { page: number; pages: number }): string {
  if (r.pages <= 1) return "";
  const more = r.page < r.pages ? ` Ask for page ${r.page + 1} for more.` : " This is the last page.";
  return `Page ${r.page} of ${r.pages} of this day's list.${more}`;
}

/**
 * A page of a day's list (arrivals, departures, in house) as the connector gives it: the page asked
 * for with its page line; a page past the last is its title and summary, then that there is no such
 * page ("There is no page 50 of this day's list; the last is 7."), never another page shown in its
 * place. `textPage`: which page the text shows (none: `shown` false).
 */
export function dayPageAnswer(
  doc: Doc,
  shown: { page: number; pages: number; from: number },
  asked: number,
  o: TextOptions,
): { doc: Doc; text: string; textPage: Record<string, number | boolean> } {
  const pages = Math.max(1, shown.pages);
  if (asked <= pages) {
    const text = [docText(doc, o), dayPageLine(shown)].filter(Boolean).join("\n");
    return { doc, text, textPage: { page: shown.page, pages: shown.pages, from: shown.from } };
  }
  const last = pages === 1 ? "it is all on page 1" : `the last is ${pages}`;
  const none: Doc = {
    fallback: doc.fallback,
    parts: [
      ...doc.parts.filter((p) => p.kind === "title" || p.kind === "summary"),
      { kind: "text", lines: [[{ text: `There is no page ${asked} of this day's list; ${last}.` }]] },
    ],
  };
  return { doc: none, text: docText(none, o), textPage: { page: asked, pages: shown.pages, shown: false } };
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
