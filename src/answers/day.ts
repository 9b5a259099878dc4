/** /arrivals and /departures (and their paging buttons): the day's list with care flags. */
import { isCalledOff } from "../blocks/booking-words.ts";
import {
  DAY_PAGE_SIZE,
  type DayEntry,
  type DayKind,
  dayListMessage,
  sortEntries,
} from "../blocks/day-list.ts";
import { rawMessages } from "../blocks/misc.ts";
import type { Message } from "../blocks/types.ts";
import type { Deps } from "../deps.ts";
import { loadPetsOfBookings } from "./pets-of-bookings.ts";

export interface DayAnswer {
  messages: Message[];
  /** API calls made for this answer (for figures). */
  calls: number;
}

/**
 * One page of a day's list. Care records are looked up only for the bookings on the page shown,
 * so a 150-departure day costs one list call and at most DAY_PAGE_SIZE pet lookups per page.
 */
export async function dayAnswer(deps: Deps, kind: DayKind, date: string, page = 1): Promise<DayAnswer> {
  const list =
    kind === "arrivals" ? await deps.kennel.listArrivals(date) : await deps.kennel.listDepartures(date);
  if (deps.config.rawResponses) {
    return {
      messages: rawMessages(`${kind === "arrivals" ? "Arrivals" : "Departures"} ${date}`, list.raw),
      calls: 1,
    };
  }
  const happening = list.data.filter((b) => !isCalledOff(b));
  const sorted = sortEntries(
    kind,
    happening.map((booking) => ({ booking })),
  );
  const pages = Math.max(1, Math.ceil(sorted.length / DAY_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  const onPage = sorted.slice((current - 1) * DAY_PAGE_SIZE, current * DAY_PAGE_SIZE);
  const lookup = await loadPetsOfBookings(
    deps,
    onPage.map((e) => e.booking),
  );
  const shown = new Set(onPage);
  const entries: DayEntry[] = sorted.map((e) =>
    shown.has(e) ? { booking: e.booking, pets: lookup.petsOf(e.booking) } : e,
  );
  const message = dayListMessage({
    kind,
    date,
    entries,
    timezone: deps.config.timezone,
    page: current,
    requestId: list.requestId,
    careProblem: lookup.problem,
    calledOff: list.data.length - happening.length,
  });
  return { messages: [message], calls: 1 + lookup.calls };
}
