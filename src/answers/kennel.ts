/** /kennel: help, status, and searches over bookings, customers and pets. */
import { bookingList } from "../blocks/customer.ts";
import { helpMessage, noticeMessage, rawMessages, statusMessage } from "../blocks/misc.ts";
import { esc } from "../blocks/mrkdwn.ts";
import type { Message } from "../blocks/types.ts";
import { parseBookingsQuery } from "../dates.ts";
import type { Deps } from "../deps.ts";
import { describeStatus } from "../kennel/status.ts";
import { dayEndIso, dayStartIso, localDate } from "../time.ts";
import { customerAnswer, LIST_PAGE_SIZE, petAnswer } from "./records.ts";

export async function statusAnswer(deps: Deps): Promise<Message[]> {
  const report = await deps.kennel.checkStatus();
  return [statusMessage(describeStatus(report), report.baseUrl, report.requestId, report.durationMs)];
}

export interface BookingsSearchState {
  /** The command text, re-parsed on every page (the state travels in the button). */
  q: string;
  /** The calendar date the text was first read on, so "today" keeps its meaning across pages. */
  t: string;
}

/** `/kennel bookings [from] [to] [status:…] [type:…] [customer:ID] [text]`, paged. */
export async function bookingsSearchAnswer(
  deps: Deps,
  text: string,
  page = 1,
  asOf?: Date,
): Promise<Message[]> {
  const now = asOf ?? deps.clock.now();
  const parsed = parseBookingsQuery(text, now, deps.config.timezone);
  if (!parsed.ok) return [noticeMessage(`⚠️ ${esc(parsed.message)}`)];
  const q = parsed.query;
  const tz = deps.config.timezone;
  const r = await deps.kennel.listBookings(
    {
      // A day range covers the whole of each day in the kennel's time zone, sent as UTC.
      from: q.from ? dayStartIso(q.from, tz) : undefined,
      to: q.to ? dayEndIso(q.to, tz) : q.from ? dayEndIso(q.from, tz) : undefined,
      status: q.status,
      bookingType: q.type,
      customerId: q.customerId,
      search: q.text,
    },
    { page, pageSize: LIST_PAGE_SIZE },
  );
  if (deps.config.rawResponses) return rawMessages("Bookings", r.raw);
  const describe = [
    q.from ? (q.to && q.to !== q.from ? `${q.from} to ${q.to}` : q.from) : undefined,
    q.status ? `status ${q.status}` : undefined,
    q.type ? `type ${q.type}` : undefined,
    q.customerId !== undefined ? `customer ${q.customerId}` : undefined,
    q.text ? `“${q.text}”` : undefined,
  ].filter(Boolean);
  return [
    bookingList({
      title: `Bookings${describe.length ? `: ${describe.join(", ")}` : ""}`,
      bookings: r.data.items,
      page: r.data.page,
      totalPages: r.data.totalPages,
      totalRecords: r.data.totalRecords,
      timezone: tz,
      thisYear: localDate(now, tz).slice(0, 4),
      pageAction: "bookings_page",
      state: { q: text.slice(0, 300), t: now.toISOString().slice(0, 10) },
      emptyText: "No bookings match. Widen the dates or drop a filter.",
    }),
  ];
}

/** `/kennel …`: the subcommand, or the help for anything unknown. */
export async function kennelAnswer(deps: Deps, text: string): Promise<Message[]> {
  const trimmed = text.trim();
  const [sub = ""] = trimmed.split(/\s+/);
  const args = trimmed.slice(sub.length).trim();
  switch (sub.toLowerCase()) {
    case "":
    case "help":
      return [helpMessage(deps.config.timezone)];
    case "status":
      return statusAnswer(deps);
    case "bookings":
    case "booking":
      return bookingsSearchAnswer(deps, args);
    case "customers":
    case "customer":
      return args
        ? customerAnswer(deps, args)
        : [noticeMessage("Search for what? For example `/kennel customers O'Brien`.")];
    case "pets":
    case "pet":
      return args
        ? petAnswer(deps, args)
        : [noticeMessage("Search for what? For example `/kennel pets Biscuit`.")];
    default:
      return [
        helpMessage(
          deps.config.timezone,
          `I don't know “${sub.slice(0, 40).replace(/[<>&]/g, "")}”. Here is what I can do:`,
        ),
      ];
  }
}
