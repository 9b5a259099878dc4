/**
 * The care day as data: who is in house (/inhouse), the feeding and medication round (/rounds and
 * the round posts), tomorrow's check (arrivals whose care details are missing) and the Today home.
 */
import type { Deps } from "../deps.ts";
import { bookingsThatCount, counts, type LeftOut, owes } from "../domain/bookings.ts";
import type { Round } from "../domain/care.ts";
import { type DayEntry, entryOf, type PetCare, sortForDay } from "../domain/day.ts";
import { missingCare, type PetFlags } from "../domain/flags.ts";
import { arrivesOn, goesHomeOn, inHouseOn, sortByRoom } from "../domain/house.ts";
import { pageOf } from "../domain/paging.ts";
import { type RoundSheet, roundAt, roundSheet } from "../domain/rounds.ts";
import type { Booking } from "../kennel/schemas.ts";
import { addDays, dayEndIso, dayStartIso, localDate } from "../time.ts";
import { lookUpCare } from "./care-lookup.ts";
import { dayReport } from "./day.ts";

export interface HouseEntry extends DayEntry {
  goingHome: boolean;
  arriving: boolean;
}

export interface HouseReport {
  date: string;
  /** The entries shown, by room. */
  entries: HouseEntry[];
  totals: {
    bookings: number;
    pets: number;
    rooms: number;
    goingHome: number;
    arriving: number;
    careNotMatched: number;
    careNotLoaded: number;
  };
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
async function stayingOn(
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
  return { bookings: sortByRoom(inHouseOn(all, date, tz)), requestId, calls };
}

export async function houseReport(
  deps: Deps,
  date: string,
  options: { page?: number; wholeDay?: boolean } = {},
): Promise<HouseReport> {
  const tz = deps.config.timezone;
  const stay = await stayingOn(deps, date);
  const shown = options.wholeDay
    ? { items: stay.bookings, page: 1, pages: 1, from: 0 }
    : pageOf(stay.bookings, options.page ?? 1, houseEntrySize, HOUSE_PAGE);
  const care = await lookUpCare(deps, shown.items);
  const entries: HouseEntry[] = shown.items.map((b) => ({
    ...entryOf(b, care.careOf(b)),
    goingHome: goesHomeOn(b, date, tz),
    arriving: arrivesOn(b, date, tz),
  }));
  const pets = (b: Booking) => b.numberOfPets ?? 1;
  return {
    date,
    entries,
    totals: {
      bookings: stay.bookings.length,
      pets: stay.bookings.reduce((s, b) => s + pets(b), 0),
      rooms: new Set(stay.bookings.map((b) => b.roomName ?? "")).size,
      goingHome: stay.bookings.filter((b) => goesHomeOn(b, date, tz)).reduce((s, b) => s + pets(b), 0),
      arriving: stay.bookings.filter((b) => arrivesOn(b, date, tz)).reduce((s, b) => s + pets(b), 0),
      careNotMatched: entries.filter((e) => e.care?.status === "not_matched").length,
      careNotLoaded: entries.filter((e) => e.care?.status === "not_loaded").length,
    },
    page: shown.page,
    pages: shown.pages,
    from: shown.from,
    requestId: stay.requestId,
    careProblem: care.problem,
    calls: stay.calls + care.customers,
  };
}

function houseEntrySize(b: Booking): number {
  return Math.min(b.petNames?.length ?? 20, 400) + Math.min(b.customerName?.length ?? 20, 200) + 900;
}

// --- rounds --------------------------------------------------------------------------------------

export interface RoundPet {
  booking: Booking;
  /** The pet (its care), or undefined for a booking whose pets could not be matched or loaded. */
  pet: PetCare | undefined;
  sheet: RoundSheet | undefined;
  /** For an unmatched or unloaded booking: why its care is not here. */
  careStatus: "matched" | "not_matched" | "not_loaded" | "no_customer";
  unmatched: string[];
}

export interface RoundReport {
  date: string;
  round: Round;
  /** Every pet in house, by room (an unmatched booking is one row that says so). */
  pets: RoundPet[];
  totals: {
    pets: number;
    withMedication: number;
    fed: number;
    nothing: number;
    careMissing: number;
  };
  requestId: string;
  careProblem: string | undefined;
  calls: number;
}

export function currentRound(deps: Deps): Round {
  const now = deps.clock.now();
  const hhmm = new Intl.DateTimeFormat("en-GB", {
    timeZone: deps.config.timezone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(now);
  return roundAt(hhmm, deps.config.rounds.times);
}

export async function roundReport(deps: Deps, round: Round, date: string): Promise<RoundReport> {
  const house = await houseReport(deps, date, { wholeDay: true });
  const pets: RoundPet[] = [];
  for (const e of house.entries) {
    const care = e.care;
    const status = care?.status ?? "not_loaded";
    for (const pet of care?.pets ?? []) {
      pets.push({
        booking: e.booking,
        pet,
        sheet: roundSheet(pet.care, round),
        careStatus: "matched",
        unmatched: [],
      });
    }
    if (status !== "matched") {
      pets.push({
        booking: e.booking,
        pet: undefined,
        sheet: undefined,
        careStatus: status,
        unmatched: care?.unmatched ?? [],
      });
    }
  }
  const sheets = pets.map((p) => p.sheet).filter((s): s is RoundSheet => s !== undefined);
  return {
    date,
    round,
    pets,
    totals: {
      pets: pets.filter((p) => p.pet).length,
      withMedication: sheets.filter((s) => s.medications.some((m) => m.state !== "other_rounds")).length,
      fed: sheets.filter((s) => s.diet.round || s.diet.general).length,
      nothing: sheets.filter((s) => s.nothing).length,
      careMissing: pets.filter((p) => !p.pet).length,
    },
    requestId: house.requestId,
    careProblem: house.careProblem,
    calls: house.calls,
  };
}

// --- tomorrow's check ----------------------------------------------------------------------------

interface MissingCareEntry {
  booking: Booking;
  /** Per pet: what is missing. */
  pets: Array<{ flags: PetFlags; missing: string[] }>;
  /** The booking's pets could not all be matched or loaded. */
  careStatus: "matched" | "not_matched" | "not_loaded" | "no_customer";
  unmatched: string[];
}

export interface TomorrowCheck {
  date: string;
  /** Arrivals whose pets lack care details, in arrival order. */
  entries: MissingCareEntry[];
  arrivals: number;
  leftOut: LeftOut;
  requestId: string;
  careProblem: string | undefined;
}

export async function tomorrowCheck(deps: Deps, date?: string): Promise<TomorrowCheck> {
  const day = date ?? addDays(localDate(deps.clock.now(), deps.config.timezone), 1);
  const report = await dayReport(deps, "arrivals", day, { wholeDay: true });
  const entries: MissingCareEntry[] = [];
  for (const e of report.entries) {
    const care = e.care;
    const pets = (care?.pets ?? [])
      .map((p) => ({ flags: p.flags, missing: missingCare(p.flags) as string[] }))
      .filter((p) => p.missing.length > 0);
    const status = care?.status ?? "not_loaded";
    if (pets.length > 0 || status !== "matched") {
      entries.push({ booking: e.booking, pets, careStatus: status, unmatched: care?.unmatched ?? [] });
    }
  }
  return {
    date: day,
    entries,
    arrivals: report.totals.bookings,
    leftOut: report.totals.leftOut,
    requestId: report.requestId,
    careProblem: report.careProblem,
  };
}

// --- the Today home ------------------------------------------------------------------------------

export interface TodayOverview {
  date: string;
  round: Round;
  arrivals: number | undefined;
  departures: number | undefined;
  unpaidDepartures: number | undefined;
  inHouse: number | undefined;
  medicationThisRound: number | undefined;
  careMissingTomorrow: number | undefined;
  /** Parts that could not be loaded, in words (the API's state when it is down). */
  problems: string[];
}

/** Today at a glance: every figure fetched at once; a part that fails says so, the rest stand. */
export async function todayOverview(deps: Deps): Promise<TodayOverview> {
  const date = localDate(deps.clock.now(), deps.config.timezone);
  const round = currentRound(deps);
  const [arr, dep, rounds, tomorrow] = await Promise.allSettled([
    deps.kennel.listArrivals(date),
    deps.kennel.listDepartures(date),
    roundReport(deps, round, date),
    tomorrowCheck(deps),
  ]);
  const problems: string[] = [];
  const value = <T, R>(r: PromiseSettledResult<T>, what: string, pick: (v: T) => R): R | undefined => {
    if (r.status === "fulfilled") return pick(r.value);
    const e = r.reason as { message?: string; requestId?: string };
    problems.push(`${what}: ${e?.message ?? String(e)}${e?.requestId ? ` (request id ${e.requestId})` : ""}`);
    return undefined;
  };
  const kept = (list: Booking[]) => bookingsThatCount(list).kept;
  const departures = value(dep, "departures", (r) => sortForDay("departures", kept(r.data)));
  return {
    date,
    round,
    arrivals: value(arr, "arrivals", (r) => kept(r.data).length),
    departures: departures?.length,
    unpaidDepartures: departures?.filter(owes).length,
    inHouse: value(rounds, "in house", (r) => r.totals.pets + r.totals.careMissing),
    medicationThisRound: value(rounds, "medication this round", (r) => r.totals.withMedication),
    careMissingTomorrow: value(tomorrow, "tomorrow's arrivals", (r) => r.entries.length),
    problems: [...new Set(problems)],
  };
}

/**
 * Reads the care records of today's arrivals, departures and in-house pets into the client's care
 * cache, so the day's first answers are as fast as one API call. Run at start and by the 07:00
 * post; never throws (a failure only means that answer asks the API again).
 */
export async function warmTodaysCare(deps: Deps): Promise<{ warmed: number; failed: number }> {
  const date = localDate(deps.clock.now(), deps.config.timezone);
  const [arr, dep, stay] = await Promise.allSettled([
    deps.kennel.listArrivals(date),
    deps.kennel.listDepartures(date),
    stayingOn(deps, date),
  ]);
  const ids = new Set<number>();
  const add = (bookings: Booking[]) => {
    for (const b of bookings) if (b.customerId !== undefined && counts(b)) ids.add(b.customerId);
  };
  if (arr.status === "fulfilled") add(arr.value.data);
  if (dep.status === "fulfilled") add(dep.value.data);
  if (stay.status === "fulfilled") add(stay.value.bookings);
  const result = await deps.kennel.warmCare(ids);
  deps.log.info({ date, customers: ids.size, ...result }, "care cache warmed for today");
  return result;
}
