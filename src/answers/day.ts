/**
 * /arrivals and /departures (their paging buttons, the terminal, the connector, the 07:00 post):
 * one day's list as data. Care records are looked up for every entry of the day, so the summary's
 * counts (medication, allergies, care details not matched…) are the whole day's whatever page is
 * shown; the care cache makes the next page's answer cost one list call. In Slack (`readAhead`) a
 * day nobody has asked for answers once its page's care is read, the rest read ahead for its later
 * pages and the next person asking; until then its counts are the page's and say so (issue 48).
 * The number of pages is then reckoned with the unread entries' care estimated (src/domain/day.ts
 * entrySize), so "page 1 of 2" may read "of 3" on page 2; the entries of each page never change.
 */
import type { Deps } from "../deps.ts";
import { bookingsThatCount, DAY_ONLY, type DayOnly, type LeftOut } from "../domain/bookings.ts";
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
import { asBulk } from "../kennel/limiter.ts";
import type { Booking } from "../kennel/schemas.ts";
import { lookUpCare } from "./care-lookup.ts";
import { toHandBack } from "./custody-stock.ts";
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
  /** Only the departures a Home figure counts (money to take…), and how many the whole day lists. */
  only?: { only: DayOnly; of: number };
}

export interface DayOptions {
  /** One-based page; ignored with wholeDay. */
  page?: number;
  /** Every entry with its care (the 07:00 post, the connector's whole list). */
  wholeDay?: boolean;
  /**
   * Reads the day's care past the page ahead, as bulk, without waiting for it (Slack's day lists:
   * their later pages and the next person asking use it); until it is read, the counts are the
   * page's ("on this page"). Unset: the whole day's care is waited for (the whole day's counts).
   */
  readAhead?: boolean;
  /**
   * The API's JSON instead of entries (KENNEL_RAW_RESPONSES=1 on /arrivals and /departures), without
   * contact fields: it goes to a channel. Only the channel commands ask for it; the posts, tomorrow's
   * check and the other surfaces always get the entries.
   */
  raw?: boolean;
  /**
   * Told once the day's list has been read: until then, another answer asking for the same page
   * would have shared this one's list call, so it may share the whole answer (src/listeners/replies.ts).
   */
  onListed?: () => void;
  /**
   * Only the bookings a Home figure counts (its button's list: the departures with money to take),
   * every total and page of those alone; the whole day's count beside them.
   */
  only?: DayOnly;
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
  careOf?: (b: Booking) => EntryCare | undefined,
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
  careOf: (b: Booking) => EntryCare | undefined,
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
  const listed = await listDay(deps, kind, date).finally(() => options.onListed?.());
  const only = options.only;
  const list = only ? { ...listed, data: listed.data.filter(DAY_ONLY[only]) } : listed;
  const narrowed = only ? { only: { only, of: bookingsThatCount(listed.data).kept.length } } : {};
  if (options.raw && !only) {
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
  const { careOf, problem } = await dayCare(
    deps,
    planDay(kind, date, list.data, { wholeDay: true }).sorted,
    options,
  );
  const plan = planDay(kind, date, list.data, options, careOf);
  // Counts of the page alone ("on this page") when the rest of the day's care is not read yet.
  const counted = careOf.whole ? careOf : careOfShown(plan, careOf);
  const report: DayReport = { ...assembleDay(plan, counted, list.requestId, problem), ...narrowed };
  // Departures carry each stay's care record, for the handover at pick-up.
  if (kind === "departures") {
    const stays = await stayRecords(deps, report.entries);
    for (const e of report.entries) {
      const stay = e.booking.bookingId !== undefined ? stays?.get(e.booking.bookingId) : undefined;
      if (stay) e.stay = stay;
    }
    await withHeld(deps, report.entries);
  }
  return report;
}

/**
 * The departures' medicines still held in custody, on their entries: the going-home check says each
 * with its balance ("≈ 8 tablets left"), as the departures post's thread does. The record not read:
 * the names alone, as before, and logged.
 */
async function withHeld(deps: Deps, entries: DayEntry[]): Promise<void> {
  const ids = entries.flatMap((e) => (e.booking.bookingId !== undefined ? [e.booking.bookingId] : []));
  const held = await toHandBack(deps, ids).catch((error: unknown) => {
    deps.log.warn({ error: String(error) }, "the medicines held could not be read for the departures");
    return [];
  });
  for (const e of entries) {
    const mine = held.filter((h) => h.bookingId === e.booking.bookingId).flatMap((h) => h.medicines);
    if (mine.length) e.held = mine;
  }
}

type DayCareOf = ((b: Booking) => EntryCare | undefined) & { whole: boolean };

/**
 * The care of the day's bookings (in the day's order) that the page asked for needs: each entry's
 * page is sized with its care, whole, so the entries up to the page's end (at most 20 a page) are
 * read as the answer's own calls. The rest of the day's (its counts):
 * - waited for (the whole day's counts), read as bulk, after every other answer's calls (issue 48);
 * - or, with `readAhead`, read ahead as bulk and not waited for (a later page, the next person
 *   asking): used when it is already there once the page's own is read (the care cache), and
 *   otherwise the counts are the page's own, saying so.
 */
async function dayCare(
  deps: Deps,
  sorted: Booking[],
  options: DayOptions,
): Promise<{ careOf: DayCareOf; problem: string | undefined }> {
  const upTo = options.wholeDay ? sorted.length : (options.page ?? 1) * LIST_PAGE.maxEntries;
  if (!options.readAhead || upTo >= sorted.length) {
    const care = await lookUpCare(deps, sorted, { shown: upTo });
    return { careOf: Object.assign((b: Booking) => care.careOf(b), { whole: true }), problem: care.problem };
  }
  // The page's own asked first: the read ahead never takes a slot before them.
  const reading = lookUpCare(deps, sorted.slice(0, upTo));
  const rest = asBulk(() => lookUpCare(deps, sorted.slice(upTo)));
  rest.catch(() => undefined);
  const own = await reading;
  const ready = await Promise.race([rest, new Promise<undefined>((r) => setImmediate(() => r(undefined)))]);
  const head = new Set(sorted.slice(0, upTo));
  const careOf = (b: Booking) => (head.has(b) ? own.careOf(b) : ready?.careOf(b));
  return {
    careOf: Object.assign(careOf, { whole: ready !== undefined }),
    problem: own.problem ?? ready?.problem,
  };
}

/** The care of the page's own entries only (the others' undefined): counts that are the page's. */
function careOfShown(plan: DayPlan, careOf: (b: Booking) => EntryCare | undefined) {
  const shown = new Set(plan.shown.items);
  return (b: Booking) => (shown.has(b) ? careOf(b) : undefined);
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
