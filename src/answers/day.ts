/**
 * /arrivals and /departures (their paging buttons, the terminal, the connector, the 07:00 post):
 * one day's list as data. Care records are looked up for the entries shown, so a 150-departure day
 * costs one list call and the customers of one page.
 */
import type { Deps } from "../deps.ts";
import { bookingsThatCount } from "../domain/bookings.ts";
import { type DayEntry, type DayKind, type DayTotals, entryOf, pageOfDay, sortForDay, totalsOf } from "../domain/day.ts";
import { withoutContacts } from "../domain/privacy.ts";
import { lookUpCare } from "./care-lookup.ts";

export interface DayReport {
  kind: DayKind;
  date: string;
  /** The entries shown (one page, or the whole day), in order, with their care. */
  entries: DayEntry[];
  /** The whole day's totals (care counts cover the entries looked up; see careKnownForAll). */
  totals: DayTotals;
  page: number;
  pages: number;
  /** Zero-based position of the first entry shown in the whole day. */
  from: number;
  requestId: string;
  /** Set when some pets' care could not be loaded. */
  careProblem: string | undefined;
  /** With KENNEL_RAW_RESPONSES=1: the API's JSON, without contact fields (it goes to a channel). */
  raw?: unknown;
}

export interface DayOptions {
  /** One-based page; ignored with wholeDay. */
  page?: number;
  /** Every entry with its care (the 07:00 post, the connector's whole list). */
  wholeDay?: boolean;
}

export async function dayReport(deps: Deps, kind: DayKind, date: string, options: DayOptions = {}): Promise<DayReport> {
  const list = kind === "arrivals" ? await deps.kennel.listArrivals(date) : await deps.kennel.listDepartures(date);
  const { kept, leftOut } = bookingsThatCount(list.data);
  const sorted = sortForDay(kind, kept);
  const base = { kind, date, requestId: list.requestId };
  if (deps.config.rawResponses) {
    const entries = sorted.map((b) => entryOf(b));
    return {
      ...base,
      entries: [],
      totals: totalsOf(entries, leftOut),
      page: 1,
      pages: 1,
      from: 0,
      careProblem: undefined,
      raw: withoutContacts(list.raw),
    };
  }
  const shown = options.wholeDay
    ? { items: sorted, page: 1, pages: 1, from: 0 }
    : pageOfDay(sorted, options.page ?? 1);
  const care = await lookUpCare(deps, shown.items);
  const onPage = new Set(shown.items);
  const all = sorted.map((b) => entryOf(b, onPage.has(b) ? care.careOf(b) : undefined));
  return {
    ...base,
    entries: all.slice(shown.from, shown.from + shown.items.length),
    totals: totalsOf(all, leftOut),
    page: shown.page,
    pages: shown.pages,
    from: shown.from,
    careProblem: care.problem,
  };
}
