/**
 * The care day as data: who is in house (/inhouse), the feeding and medication round (/rounds and
 * the round posts), tomorrow's check (arrivals whose care details are missing) and the Today home.
 */
import type { Deps } from "../deps.ts";
import { counts, pastCheckOut, saysCheckedIn, saysLeft, uniqueBookings } from "../domain/bookings.ts";
import { type DayEntry, entryOf, entrySize } from "../domain/day.ts";
import {
  arrivesOn,
  goesHomeOn,
  type HouseTotals,
  houseTotalsOf,
  inHouseOn,
  sortByRoom,
  stayCountsAt,
  undatedOn,
} from "../domain/house.ts";
import type { OffFoodPet } from "../domain/off-food.ts";
import { LIST_PAGE, onPage, pageOf } from "../domain/paging.ts";
import type { WelfareFlag } from "../domain/welfare-flag.ts";
import type { Booking } from "../kennel/schemas.ts";
import type { BookingFilter } from "../kennel/types.ts";
import { addDays, dayEndIso, dayStartIso, localDate } from "../time.ts";
import { dayHeading, timeOf } from "../words/dates.ts";
import { undatedWords } from "../words/house.ts";
import { lookUpCare } from "./care-lookup.ts";
import { listDay } from "./day-query.ts";
import { describeFailure } from "./failure.ts";
import { houseCount } from "./house-count.ts";
import { rememberHouse } from "./house-known.ts";
import { offFood } from "./off-food.ts";
import { openWelfareFlags } from "./welfare-flags.ts";

export interface HouseEntry extends DayEntry {
  goingHome: boolean;
  arriving: boolean;
  /** The stay has no check-out date: in house from its check-in on. */
  noCheckOut?: boolean;
  /** Its status says the pet has left (checked out): on no round's sheet from today on. */
  left?: boolean;
  /**
   * Still checked in past its check-out (the owner did not come): when it was due to go, "Sat 21 Nov
   * 10:00". Shown "⚠️ past check-out (Sat 21 Nov 10:00): still here?".
   */
  pastCheckOut?: string;
  /** Checked out that day at a time the API states (its check-out, now past): "08:30". */
  checkedOutAt?: string;
  /** The board's pets off their food (from the care record), when any. */
  offFood?: OffFoodPet[];
  /** The stay's open welfare flags (issue 38), when any. */
  welfare?: WelfareFlag[];
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
  /**
   * The day's departures that the API's list of stays left out (its date range read another way),
   * added to the house, in words; undefined when there were none.
   */
  houseNote?: string | undefined;
  /** API calls made for this answer. */
  calls: number;
}

/**
 * The longest stay the house query reaches back for when it must. The spec does not say whether
 * request.from/request.to bound the check-in or the whole stay (docs/kennel-api.md, "Spec
 * readings"): unless the API's answer for the day proves it selects by stay, the query starts this
 * many days before the date, so a stay that began up to six weeks earlier is returned either way.
 */
const LONGEST_STAY_DAYS = 42;

interface Staying {
  bookings: Booking[];
  requestId: string;
  calls: number;
  /** The day's departures (undefined when they could not be loaded). */
  departures: Booking[] | undefined;
  /** The stays among `bookings` whose check-in date could not be read (`undatedOn`). */
  undated: Booking[];
}

/** Every booking GET /bookings gives for a range (and a status, when given), every page. */
async function bookingsOver(
  deps: Deps,
  from: string,
  to: string,
  status?: string,
): Promise<{ all: Booking[]; requestId: string; calls: number }> {
  const all: Booking[] = [];
  let requestId = "";
  let calls = 0;
  const filter: BookingFilter = status === undefined ? { from, to } : { from, to, status };
  for await (const p of deps.kennel.iterateBookings(filter, 100)) {
    all.push(...p.data.items);
    requestId ||= p.requestId;
    calls++;
  }
  return { all, requestId, calls };
}

/**
 * Every booking staying on a local date, read both ways safely. GET /bookings over the day, and
 * the day's departures, at once. When every departure that checked in before the day is in the
 * day's answer, the API selects by stay (overlap) and the answer is whole. Otherwise (it selects by
 * check-in, or the day gives no proof), GET /bookings again from LONGEST_STAY_DAYS before the day.
 * The domain's rule then keeps exactly the stays in house on the date.
 */
export async function stayingOn(deps: Deps, date: string): Promise<Staying> {
  const tz = deps.config.timezone;
  const [day, departures] = await Promise.all([
    bookingsOver(deps, dayStartIso(date, tz), dayEndIso(date, tz)),
    listDay(deps, "departures", date).then(
      (list) => ({ list }),
      (error: unknown) => ({ error }),
    ),
  ]);
  // Noted only once the day's bookings were read: when they failed too (a wrong address), the
  // answer's own error says it, and a second note for the same failure would only repeat it.
  if ("error" in departures)
    deps.log.warn({ err: describeFailure(departures.error) }, "departures not loaded for the house check");
  const departing = "list" in departures ? departures.list : undefined;
  const inDay = new Set(day.all.map((b) => b.bookingId));
  const earlier = (departing?.data ?? []).filter(
    (b) => counts(b) && b.bookingId !== undefined && b.checkInDate && localDate(b.checkInDate, tz) < date,
  );
  const byStay = earlier.length > 0 && earlier.every((b) => inDay.has(b.bookingId));
  const answer = byStay
    ? day
    : await bookingsOver(deps, dayStartIso(addDays(date, -LONGEST_STAY_DAYS), tz), dayEndIso(date, tz));
  // Read by stay, the day's answer leaves out a stay still checked in past its check-out: asked for.
  const still = byStay
    ? await stillCheckedIn(deps, date, [...day.all, ...(departing?.data ?? [])])
    : undefined;
  const now = deps.clock.now().getTime();
  const all = uniqueBookings([...answer.all, ...(still?.all ?? []).filter((b) => pastCheckOut(b, now))]);
  // A stay the API answered for the day itself whose check-in date cannot be read: shown, and said.
  const undated = undatedOn(day.all, date, tz);
  return {
    bookings: sortByRoom([...inHouseOn(all, date, tz, now), ...undated]),
    undated,
    requestId: answer.requestId,
    calls: day.calls + (byStay ? 0 : answer.calls) + (departing ? 1 : 0) + (still?.calls ?? 0),
    departures: departing?.data,
  };
}

/**
 * The stays still checked in up to a date, over the LONGEST_STAY_DAYS before it, when the API reads
 * its range by stay (the day's answer then holds only stays that overlap the day, and one whose
 * check-out has passed is not among them). Asked by status, as the API spells "checked in" in the
 * answers already read (the spec shows no list of statuses: Kennel Desk sends none of its own); when
 * none of them says it, by the whole look-back (every stay that overlaps it), within the pager's
 * bounds. The domain's rule (pastCheckOut) keeps those whose check-out has passed.
 */
async function stillCheckedIn(
  deps: Deps,
  date: string,
  seen: Booking[],
): Promise<{ all: Booking[]; calls: number }> {
  const tz = deps.config.timezone;
  const from = dayStartIso(addDays(date, -LONGEST_STAY_DAYS), tz);
  const statuses = [...new Set(seen.filter(saysCheckedIn).map((b) => b.status as string))];
  if (statuses.length === 0) {
    const back = await bookingsOver(deps, from, dayStartIso(date, tz));
    return { all: back.all, calls: back.calls };
  }
  const answers = await Promise.all(statuses.map((s) => bookingsOver(deps, from, dayEndIso(date, tz), s)));
  return { all: answers.flatMap((a) => a.all), calls: answers.reduce((n, a) => n + a.calls, 0) };
}

/**
 * How a stay stands on a day beyond its dates: still checked in past its check-out ("Sat 21 Nov
 * 10:00"), on a day after its check-out's or today once its time has passed (a day it was due out
 * before today is its going home, as it was that day), or checked out that day at the time its
 * check-out states, now past ("08:30"). Never a time the API did not state; never on a later day
 * (not in house then: src/domain/house.ts inHouseOn).
 */
function stayMarks(
  b: Booking,
  date: string,
  tz: string,
  now: number,
): Pick<HouseEntry, "pastCheckOut" | "checkedOutAt"> {
  const out = b.checkOutDate;
  if (!out) return {};
  const outDay = localDate(out, tz);
  const today = localDate(now, tz);
  if (pastCheckOut(b, now) && date <= today && (date > outDay || date === today))
    return { pastCheckOut: `${dayHeading(outDay)} ${timeOf(out, tz)}` };
  if (saysLeft(b) && Date.parse(out) <= now && outDay === date) return { checkedOutAt: timeOf(out, tz) };
  return {};
}

/** The stays in house on a date, by room, before any care is looked up (the round picks its own first). */
export interface HouseStays {
  date: string;
  bookings: Booking[];
  requestId: string;
  /** The day's departures the API's list of stays left out, added, in words. */
  houseNote: string | undefined;
  calls: number;
}

/** Who stays on a date, by room: the stays, and the day's departures the stays left out (said). */
export async function houseStays(deps: Deps, date: string): Promise<HouseStays> {
  const tz = deps.config.timezone;
  const staying = await stayingOn(deps, date);
  // The day's departures are all in house that day: one the stays left out is added, and said.
  const known = new Set(staying.bookings.map((b) => b.bookingId));
  const missing = inHouseOn(
    (staying.departures ?? []).filter((b) => b.bookingId !== undefined && !known.has(b.bookingId)),
    date,
    tz,
    deps.clock.now().getTime(),
  );
  return {
    date,
    bookings: missing.length ? sortByRoom([...staying.bookings, ...missing]) : staying.bookings,
    requestId: staying.requestId,
    houseNote:
      [
        missing.length
          ? `${missing.length} of the day's departures ${missing.length === 1 ? "was" : "were"} not in the API's list of stays, and ${missing.length === 1 ? "is" : "are"} shown here: check the booking dates`
          : undefined,
        staying.undated.length ? undatedWords(staying.undated) : undefined,
      ]
        .filter(Boolean)
        .join(" · ") || undefined,
    calls: staying.calls,
  };
}

/** A stay on the day's board: its care, going home or arriving, and how it stands (left, past check-out). */
export function houseEntry(deps: Deps, b: Booking, care: DayEntry["care"], date: string): HouseEntry {
  const tz = deps.config.timezone;
  const now = deps.clock.now();
  // A status that says the pet has left counts from today on (a past day's stays all say it).
  const left = saysLeft(b) && date >= localDate(now, tz);
  const marks = stayMarks(b, date, tz, now.getTime());
  return {
    ...entryOf(b, care),
    goingHome: (goesHomeOn(b, date, tz) && !marks.pastCheckOut) || left,
    arriving: arrivesOn(b, date, tz),
    noCheckOut: !b.checkOutDate,
    left,
    ...marks,
  };
}

/**
 * Who is in house on a date, by room. Care is looked up for every stay of the day, so the counts
 * (care details not matched or not loaded) are the day's whatever page is shown; `entries` is the
 * page asked for, or every stay with `wholeDay`.
 */
export async function houseReport(
  deps: Deps,
  date: string,
  options: { page?: number; wholeDay?: boolean; offFood?: boolean } = {},
): Promise<HouseReport> {
  const stays = await houseStays(deps, date);
  // The pets off their food, on every surface that reads this answer (the board, --json, the
  // connector), read beside the care; a round asks for its own, as of the rounds before it. And the
  // welfare flags open (issue 38), under the same rule (a round reads its own).
  const own = options.offFood !== false;
  const [care, flags, welfare] = await Promise.all([
    lookUpCare(deps, stays.bookings),
    own ? offFood(deps, date) : undefined,
    own ? openWelfareFlags(deps, date) : undefined,
  ]);
  const entries = stays.bookings.map((b) => houseEntry(deps, b, care.careOf(b), date));
  for (const e of entries) {
    const id = e.booking.bookingId;
    const mine = flags && id !== undefined ? [...flags.values()].filter((f) => f.bookingId === id) : [];
    if (mine.length) e.offFood = mine;
    const raised = (welfare ?? []).filter((f) => f.bookingId === id);
    if (raised.length) e.welfare = raised;
  }
  rememberHouse(
    deps,
    date,
    entries.map((e) => ({ booking: e.booking, pets: (e.care?.pets ?? []).map((p) => p.pet) })),
  );
  const whole: HouseReport = {
    date,
    entries,
    totals: {
      ...houseTotalsOf(entries),
      count: await houseCount(
        deps,
        date,
        stayCountsAt(stays.bookings, deps.clock.now().getTime(), care.careOf),
      ),
    },
    page: 1,
    pages: 1,
    from: 0,
    requestId: stays.requestId,
    careProblem: care.problem,
    houseNote: stays.houseNote,
    calls: stays.calls + care.customers,
  };
  return options.wholeDay ? whole : pageOfHouse(whole, options.page ?? 1);
}

/** One page of the whole day's board, as Slack pages it: the page's stays, the day's counts. Pure. */
export function pageOfHouse(whole: HouseReport, page: number): HouseReport {
  return onPage(
    whole,
    pageOf(whole.entries, page, (e) => entrySize(e.booking, e.care), LIST_PAGE),
  );
}
