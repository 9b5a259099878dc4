/**
 * The care day as data: who is in house (/inhouse), the feeding and medication round (/rounds and
 * the round posts), tomorrow's check (arrivals whose care details are missing) and the Today home.
 */
import type { Deps } from "../deps.ts";
import { uniqueBookings } from "../domain/bookings.ts";
import { type DayEntry, entryOf } from "../domain/day.ts";
import {
  arrivesOn,
  goesHomeOn,
  type HouseTotals,
  houseTotalsOf,
  inHouseOn,
  sortByRoom,
} from "../domain/house.ts";
import type { OffFoodPet } from "../domain/off-food.ts";
import { pageOf } from "../domain/paging.ts";
import type { Booking } from "../kennel/schemas.ts";
import { dayEndIso, dayStartIso } from "../time.ts";
import { lookUpCare } from "./care-lookup.ts";
import { offFood } from "./off-food.ts";

export interface HouseEntry extends DayEntry {
  goingHome: boolean;
  arriving: boolean;
  /** The board's pets off their food (from the care record), when any. */
  offFood?: OffFoodPet[];
}

export interface HouseReport {
  date: string;
  /** The entries shown (one page, or the whole day), by room. */
  entries: HouseEntry[];
  /** The whole day's counts, whatever page is shown. */
  totals: HouseTotals;
  page: number;
  pages: number;
  from: number;
  requestId: string;
  careProblem: string | undefined;
  /** API calls made for this answer. */
  calls: number;
}

/** Stays on the house board per page (each pet's care takes a few lines). */
const HOUSE_PAGE = { maxEntries: 20, maxChars: 10_000 } as const;

/**
 * Every booking staying on a local date: GET /bookings over that day, every page. ASSUMPTION (as
 * the sandbox and docs/kennel-api.md's request.from/request.to): the range selects bookings whose
 * stay overlaps it; the domain's rule then keeps exactly the stays in house on the date.
 */
export async function stayingOn(
  deps: Deps,
  date: string,
): Promise<{ bookings: Booking[]; requestId: string; calls: number }> {
  const tz = deps.config.timezone;
  const all: Booking[] = [];
  let requestId = "";
  let calls = 0;
  for await (const p of deps.kennel.iterateBookings(
    { from: dayStartIso(date, tz), to: dayEndIso(date, tz) },
    100,
  )) {
    all.push(...p.data.items);
    requestId ||= p.requestId;
    calls++;
  }
  return { bookings: sortByRoom(inHouseOn(uniqueBookings(all), date, tz)), requestId, calls };
}

/**
 * Who is in house on a date, by room. Care is looked up for every stay of the day, so the counts
 * (care details not matched or not loaded) are the day's whatever page is shown; `entries` is the
 * page asked for, or every stay with `wholeDay`.
 */
export async function houseReport(
  deps: Deps,
  date: string,
  options: { page?: number; wholeDay?: boolean } = {},
): Promise<HouseReport> {
  const tz = deps.config.timezone;
  const stay = await stayingOn(deps, date);
  const care = await lookUpCare(deps, stay.bookings);
  const entries: HouseEntry[] = stay.bookings.map((b) => ({
    ...entryOf(b, care.careOf(b)),
    goingHome: goesHomeOn(b, date, tz),
    arriving: arrivesOn(b, date, tz),
  }));
  // The board (/inhouse, the terminal) flags pets off their food; the round sheet reads its own.
  const flags = options.wholeDay ? undefined : await offFood(deps, date);
  for (const e of entries) {
    const id = e.booking.bookingId;
    const mine = flags && id !== undefined ? [...flags.values()].filter((f) => f.bookingId === id) : [];
    if (mine.length) e.offFood = mine;
  }
  const whole: HouseReport = {
    date,
    entries,
    totals: houseTotalsOf(entries),
    page: 1,
    pages: 1,
    from: 0,
    requestId: stay.requestId,
    careProblem: care.problem,
    calls: stay.calls + care.customers,
  };
  return options.wholeDay ? whole : pageOfHouse(whole, options.page ?? 1);
}

/** One page of the whole day's board, as Slack pages it: the page's stays, the day's counts. Pure. */
export function pageOfHouse(whole: HouseReport, page: number): HouseReport {
  const shown = pageOf(
    whole.entries.map((e) => e.booking),
    page,
    houseEntrySize,
    HOUSE_PAGE,
  );
  return {
    ...whole,
    entries: whole.entries.slice(shown.from, shown.from + shown.items.length),
    page: shown.page,
    pages: shown.pages,
    from: shown.from,
  };
}

function houseEntrySize(b: Booking): number {
  // Its own text, and an allowance for each pet's care lines (as a day list's entries).
  const pets = Math.max(1, Math.min(b.numberOfPets ?? 1, 4));
  return (
    Math.min(b.petNames?.length ?? 20, 300) + Math.min(b.customerName?.length ?? 20, 150) + 200 + 140 * pets
  );
}
