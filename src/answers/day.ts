/**
 * /arrivals and /departures (their paging buttons, the terminal, the connector, the 07:00 post):
 * one day's list as data. Care records are looked up for every entry of the day, so the summary's
 * counts (medication, allergies, care details not matched…) are the whole day's whatever page is
 * shown; the care cache makes the next page's answer cost one list call.
 */
import type { Deps } from "../deps.ts";
import { bookingsThatCount, type LeftOut } from "../domain/bookings.ts";
import {
  type DayEntry,
  type DayKind,
  type DayTotals,
  type EntryCare,
  entryOf,
  pageOfDay,
  sortForDay,
  totalsOf,
} from "../domain/day.ts";
import { LIST_PAGE, onPage } from "../domain/paging.ts";
import { withoutContacts } from "../domain/privacy.ts";
import type { Booking } from "../kennel/schemas.ts";
import { lookUpCare } from "./care-lookup.ts";
import { listDay } from "./day-query.ts";
import { stayRecords } from "./stay.ts";

export interface DayReport {
  kind: DayKind;
  date: string;
  /** The entries shown (one page, or the whole day), in order, with their care. */
  entries: DayEntry[];
  /** The whole day's totals, care counts included, whatever page is shown. */
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
  /**
   * The API's JSON instead of entries (KENNEL_RAW_RESPONSES=1 on /arrivals and /departures), without
   * contact fields: it goes to a channel. Only the channel commands ask for it; the posts, tomorrow's
   * check and the other surfaces always get the entries.
   */
  raw?: boolean;
}

/** Which bookings a day lists, in order, and which of them are shown. Pure. */
export interface DayPlan {
  kind: DayKind;
  date: string;
  sorted: Booking[];
  leftOut: LeftOut;
  shown: { items: Booking[]; page: number; pages: number; from: number };
}

export function planDay(
  kind: DayKind,
  date: string,
  bookings: Booking[],
  options: DayOptions = {},
  careOf?: (b: Booking) => EntryCare,
): DayPlan {
  const { kept, leftOut } = bookingsThatCount(bookings);
  const sorted = sortForDay(kind, kept);
  const shown = options.wholeDay
    ? { items: sorted, page: 1, pages: 1, from: 0 }
    : pageOfDay(sorted, options.page ?? 1, careOf, kind);
  return { kind, date, sorted, leftOut, shown };
}

/** The report from a plan and the care of every booking of the day (the totals count them all). Pure. */
export function assembleDay(
  plan: DayPlan,
  careOf: (b: Booking) => EntryCare,
  requestId: string,
  careProblem?: string,
): DayReport {
  const all = plan.sorted.map((b) => entryOf(b, careOf(b)));
  return {
    kind: plan.kind,
    date: plan.date,
    entries: all.slice(plan.shown.from, plan.shown.from + plan.shown.items.length),
    totals: totalsOf(all, plan.leftOut),
    page: plan.shown.page,
    pages: plan.shown.pages,
    from: plan.shown.from,
    requestId,
    careProblem,
  };
}

export async function dayReport(
  deps: Deps,
  kind: DayKind,
  date: string,
  options: DayOptions = {},
): Promise<DayReport> {
  const list = await listDay(deps, kind, date);
  if (options.raw) {
    const plan = planDay(kind, date, list.data, { wholeDay: true });
    return {
      ...assembleDay(
        { ...plan, shown: { items: [], page: 1, pages: 1, from: 0 } },
        () => ({ status: "matched", pets: [], unmatched: [] }),
        list.requestId,
      ),
      raw: withoutContacts(list.raw),
    };
  }
  // The care of every booking of the day first: each entry's page is sized with its care, whole.
  // The page's own (and the entries before it, which place it) are the answer's calls; the rest of
  // the day's, for its counts, are read as bulk, after every other answer's calls (issue 48).
  const care = await lookUpCare(deps, planDay(kind, date, list.data, { wholeDay: true }).sorted, {
    shown: options.wholeDay ? undefined : (options.page ?? 1) * LIST_PAGE.maxEntries,
  });
  const plan = planDay(kind, date, list.data, options, care.careOf);
  const report = assembleDay(plan, care.careOf, list.requestId, care.problem);
  // Departures carry each stay's care record, for the handover at pick-up.
  if (kind === "departures") {
    const stays = await stayRecords(deps, report.entries);
    for (const e of report.entries) {
      const stay = e.booking.bookingId !== undefined ? stays?.get(e.booking.bookingId) : undefined;
      if (stay) e.stay = stay;
    }
  }
  return report;
}

/**
 * One page of a whole day's report, as Slack pages it: the page's entries, the whole day's totals.
 * Pure: the connector answers with the whole day as data and this page as text, from one lookup.
 */
export function pageOfReport(whole: DayReport, page: number): DayReport {
  const care = new Map(whole.entries.map((e) => [e.booking, e.care]));
  const shown = pageOfDay(
    whole.entries.map((e) => e.booking),
    page,
    (b) => care.get(b),
    whole.kind,
  );
  return onPage(whole, shown);
}
