/** /kennel: help, status and the bookings search, as data. */
import { parseBookingsQuery } from "../dates.ts";
import type { Deps } from "../deps.ts";
import { LIKELY_STATUSES, statusValue } from "../domain/bookings.ts";
import { houseMealsWords } from "../domain/house-routine.ts";
import { didYouMean } from "../domain/suggest.ts";
import type { KennelClient, StatusReport } from "../kennel/client.ts";
import { askLess, KennelError } from "../kennel/errors.ts";
import { describeStatus, type StatusWords } from "../kennel/status.ts";
import { dayEndIso, dayStartIso } from "../time.ts";
import { dayHeading } from "../words/dates.ts";
import { type Surface, typedOn } from "../words/surface.ts";
import type { BookingsPage } from "./customers.ts";
import { UsageError } from "./failure.ts";
import { freeText, TEXT_RULES } from "./input.ts";
import { byStatus } from "./lists.ts";
import { LIST_PAGE_SIZE } from "./records.ts";

export interface StatusAnswer {
  report: StatusReport;
  words: StatusWords;
  /** What the client caches and for how long, and what it always asks the API for. */
  cache: string | undefined;
  /** The bot's link to Slack in words ("connected", "reconnecting since …"), when known. */
  slack: string | undefined;
  /** Who can read the posts' channels (guest accounts among the members), when the bot knows. */
  channels?: string | undefined;
  /** The house routine (KENNEL_HOUSE_MEALS) in words: the rounds a pet with no diet on record is fed at. */
  houseMeals?: string | undefined;
}

/**
 * The kennel API's state, what is cached, and (given by the caller, who knows them) the link to
 * Slack and who can read the posts' channels; what to do worded for the surface (the bot and the
 * connector restart Kennel Desk, a command in a terminal is run again).
 */
export async function statusAnswer(
  deps: Deps,
  surface: Surface,
  slack?: string,
  channels?: string,
): Promise<StatusAnswer> {
  const report = await deps.kennel.checkStatus();
  const info = deps.kennel.cacheInfo();
  return {
    report,
    words: describeStatus(report, surface),
    // "on (pet records…, for 5 minutes); always asked fresh: day lists…", or "off (…)".
    cache: info.enabled
      ? `on (${info.cached}); always asked fresh: ${info.fresh}.`
      : "off (KENNEL_CACHE_TTL_S=0): everything is asked fresh.",
    slack,
    ...(channels ? { channels } : {}),
    houseMeals: houseMealsWords(deps.config.rounds.houseMeals),
  };
}

interface BookingsSearchState {
  /** The command text, re-read on every page (the state travels in the button). */
  q: string;
  /** The calendar date the text was first read on, so "today" keeps its meaning across pages. */
  t: string;
}

export interface BookingsSearch extends BookingsPage {
  /** The text as typed, and the date it was read on: what the paging buttons carry. */
  state: BookingsSearchState;
}

const NO_BOOKINGS_MATCH = "No bookings match. Widen the dates or drop a filter.";

/**
 * A list of bookings with none in it (`none`: what it says then). A status asked for that Kennel Desk
 * does not know (none of LIKELY_STATUSES, in any case or with spaces for underscores): a near one is
 * suggested, the same in Slack's /kennel bookings, `kennel-desk bookings` and the connector's
 * list_bookings.
 */
export function bookingsEmptyText(status: string | undefined, none = NO_BOOKINGS_MATCH): string {
  if (!status || LIKELY_STATUSES.includes(statusValue(status))) return none;
  return `No bookings have the status “${status.slice(0, 40)}”.${didYouMean(status.toLowerCase(), LIKELY_STATUSES) || " For example: status:confirmed."}`;
}

/** `/kennel bookings [from] [to] [status:…] [type:…] [customer:ID] [text]`, one page. */
export async function bookingsSearch(
  deps: Deps,
  input: string,
  page = 1,
  asOf?: Date,
): Promise<BookingsSearch> {
  const text = freeText(input, TEXT_RULES.search);
  const now = asOf ?? deps.clock.now();
  const tz = deps.config.timezone;
  const parsed = parseBookingsQuery(text, now, tz, deps.config.dateOrder);
  if (!parsed.ok)
    throw new UsageError(
      parsed.message,
      (surface) => `For example: ${typedOn("/kennel bookings tomorrow status:confirmed", surface)}`,
    );
  const q = parsed.query;
  const filter = {
    // A day range covers the whole of each day in the kennel's time zone, sent as UTC.
    from: q.from ? dayStartIso(q.from, tz) : undefined,
    to: q.to ? dayEndIso(q.to, tz) : q.from ? dayEndIso(q.from, tz) : undefined,
    bookingType: q.type,
    customerId: q.customerId,
    search: q.text,
  };
  const read = (status: string | undefined) =>
    deps.kennel
      .listBookings({ ...filter, status }, { page, pageSize: LIST_PAGE_SIZE })
      // A range of days the person typed: a narrower one may answer in time (one day cannot be
      // narrowed); its pages are fixed here, so a page size is never said.
      .catch((error: unknown) => Promise.reject(q.to && q.to !== q.from ? askLess(error, "dates") : error));
  // The status as typed, or its value when as typed finds none (the one rule: answers/lists.ts).
  const { r, statusUsed, statusNote } = await byStatus(q.status, read);
  return {
    title: searchTitle({ ...q, status: statusUsed }),
    emptyText: bookingsEmptyText(q.status),
    ...(statusNote ? { statusNote } : {}),
    items: r.data.items,
    page: r.data.page,
    totalPages: r.data.totalPages,
    totalRecords: r.data.totalRecords,
    requestId: r.requestId,
    state: { q: text, t: now.toISOString().slice(0, 10) },
    ...(deps.config.rawResponses ? { raw: r.raw } : {}),
  };
}

/** "Bookings: Sun 22 Nov to Tue 24 Nov, status checked_in, type boarding, customer 1402, “Biscuit”". */
function searchTitle(q: {
  from?: string | undefined;
  to?: string | undefined;
  status?: string | undefined;
  type?: string | undefined;
  customerId?: number | undefined;
  text?: string | undefined;
}): string {
  const describe = [
    q.from
      ? q.to && q.to !== q.from
        ? `${dayHeading(q.from)} to ${dayHeading(q.to)}`
        : dayHeading(q.from)
      : undefined,
    q.status ? `status ${q.status}` : undefined,
    q.type ? `type ${q.type}` : undefined,
    q.customerId !== undefined ? `customer ${q.customerId}` : undefined,
    q.text ? `“${q.text}”` : undefined,
  ].filter(Boolean);
  return `Bookings${describe.length ? `: ${describe.join(", ")}` : ""}`;
}

/**
 * The setup page's check of a key: the status, and (/health's shape is not shown in the spec) one
 * authenticated call that shows the key reads records, with the business's count of bookings. A
 * failed call reads as the status check reads an error (src/kennel/health.ts).
 */
export async function keyCheck(kennel: KennelClient): Promise<{ report: StatusReport; bookings?: number }> {
  const report = await kennel.checkStatus();
  if (report.state !== "ok") return { report };
  try {
    const page = await kennel.listBookings({}, { page: 1, pageSize: 1 });
    return { report, bookings: page.data.totalRecords };
  } catch (error) {
    if (!(error instanceof KennelError)) throw error;
    const state =
      error.kind === "authentication"
        ? "key_rejected"
        : ["wrong_address", "not_found", "invalid_response", "bad_request"].includes(error.kind)
          ? "wrong_address"
          : "unreachable";
    return { report: { ...report, state, error, requestId: error.requestId } };
  }
}

/** The kennel API's status (/health), as the bot's readiness and its first look at start read it. */
export function apiStatus(kennel: KennelClient): Promise<StatusReport> {
  return kennel.checkStatus();
}
