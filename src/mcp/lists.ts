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
import { dayHeading } from "../words/dates.ts";

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

/**
 * What every paged tool says first, and alone, of a page asked for past its list's last, in the
 * list's own nouns: "There is no page 99 of today's in-house board; the last is 4. Ask for page 4 or
 * an earlier one." (`counted`: " (page size 25, 657 bookings in all)" after the last page.)
 */
function noSuchPage(asked: number, last: number, of: string, counted = ""): string {
  const where =
    last <= 1
      ? `it is all on page 1${counted}. Ask for page 1.`
      : `the last is ${last}${counted}. Ask for page ${last} or an earlier one.`;
  return `There is no page ${asked} of ${of}; ${where}`;
}

/** The same in every paged tool's structured content: the page asked for and the last there is. */
const noSuchPageData = (asked: number, last: number) => ({
  noSuchPage: { page: asked, lastPage: Math.max(1, last) },
});

/** A paged list's structured content, saying so when its page is past the last (its items then none). */
export const pagedData = <P extends PageOf>(page: P): P =>
  pastTheEnd(page) ? { ...page, ...noSuchPageData(page.page, page.totalPages) } : page;

/** The shared list documents' own page note ("page 2 of 5"): the connector says it once, in its page line. */
const isPageNote = (p: Part) =>
  p.kind === "note" && p.lines.length === 1 && /^page \d+ of \d+$/.test(lineText(p.lines[0] as Line));

/**
 * A page of a list as the connector gives it: the list first (its title, its rows, or what it says
 * when nothing matched), then one page line; no page line when nothing matched ("Page 1 of 0"). A
 * page past the last says so first, with the last page (spec: the last page is totalPages, never
 * inferred from an empty page), then the list's title; never "No bookings match" nor "This is the
 * last page" over no rows.
 */
export function listText(doc: Doc, page: PageOf, noun: string, o: TextOptions): string {
  if (pastTheEnd(page)) {
    const title = doc.parts.filter((p) => p.kind === "title" || p.kind === "summary");
    const there = noSuchPage(page.page, page.totalPages, `these ${noun}s`, ` ${counted(page, noun)}`);
    return `${there}\n\n${docText({ ...doc, parts: title }, o)}`;
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

/** A day's list in words: "today's arrivals", "the in-house board for Mon 23 Nov", "… Fri 1 Jan 1999". */
export function dayListWords(list: string, date: string, today: string, thisYear: string): string {
  if (date === today) return `today's ${list}`;
  const year = date.slice(0, 4) === thisYear ? "" : ` ${date.slice(0, 4)}`;
  return `the ${list} for ${dayHeading(date)}${year}`;
}

type DayPage = { page: number; pages: number; from: number };

/**
 * A page of a day's list (arrivals, departures, in house) as the connector gives it: the page asked
 * for (`shown`) with its page line. A page past the last says so first ("There is no page 50 of
 * today's arrivals; the last is 7. Ask for page 7 or an earlier one."), then the whole day's title
 * and counts, never another page's entries or "page 7 of 7" in its place. `data`: what the
 * structured content adds to the whole day: `textPage`, which page the text shows (none: `shown`
 * false), and past the last `noSuchPage`, as every paged tool says it.
 */
export function dayPageAnswer<R extends DayPage>(
  day: { whole: R; shown: R; asked: number; of: string },
  toDoc: (r: R) => Doc,
  o: TextOptions,
): { doc: Doc; text: string; data: Record<string, unknown> } {
  const { whole, shown, asked } = day;
  const pages = Math.max(1, shown.pages);
  if (asked <= pages) {
    const doc = toDoc(shown);
    const text = [docText(doc, o), dayPageLine(shown)].filter(Boolean).join("\n");
    return { doc, text, data: { textPage: { page: shown.page, pages: shown.pages, from: shown.from } } };
  }
  // The whole day's document: its title and counts, with no page's place ("page 7 of 7") in them.
  const wholeDoc = toDoc(whole);
  const none: Doc = {
    fallback: wholeDoc.fallback,
    parts: [
      { kind: "text", lines: [[{ text: noSuchPage(asked, pages, day.of) }]] },
      ...wholeDoc.parts.filter((p) => p.kind === "title" || p.kind === "summary" || p.kind === "text"),
    ],
  };
  const textPage = { page: asked, pages: shown.pages, shown: false };
  return { doc: none, text: docText(none, o), data: { textPage, ...noSuchPageData(asked, pages) } };
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
