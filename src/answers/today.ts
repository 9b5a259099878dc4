/** Tomorrow's check (arrivals whose care details are missing), the Today home, and warming the care cache. */

import type { Deps } from "../deps.ts";
import { bookingsThatCount, counts, type LeftOut, owes, paymentOf } from "../domain/bookings.ts";
import type { Round } from "../domain/care.ts";
import { type EntryCare, sortForDay } from "../domain/day.ts";
import { missingCare, type PetFlags } from "../domain/flags.ts";
import type { HouseCount } from "../domain/house.ts";
import type { AsNeededPet } from "../domain/prn.ts";
import type { Booking } from "../kennel/schemas.ts";
import { addDays, localDate } from "../time.ts";
import { fastingWhenWords, fastPassedWords } from "../words/care.ts";
import { lookUpCare } from "./care-lookup.ts";
import { dayReport } from "./day.ts";
import { listDay } from "./day-query.ts";
import { describeFailure } from "./failure.ts";
import { type HomeRecord, homeRecord } from "./home-record.ts";
import { stayingOn } from "./house.ts";
import { houseCount } from "./house-count.ts";
import { rememberHouse } from "./house-known.ts";
import { withOwed } from "./obligation-body.ts";
import { owedRound } from "./obligations.ts";
import { asNeededOf } from "./prn-pets.ts";
import { currentRound, type RoundPet, type RoundReport, roundReport } from "./rounds.ts";

// --- tomorrow's check ----------------------------------------------------------------------------

interface MissingCareEntry {
  booking: Booking;
  /** Per pet: what is missing. */
  pets: Array<{ flags: PetFlags; missing: string[] }>;
  /** The booking's pets could not all be matched or loaded. */
  careStatus: EntryCare["status"];
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
  /** Departures whose payment the API did not record: to check at the desk. */
  paymentToCheck?: number | undefined;
  /** Departures whose payment the API sent with a value Kennel Desk could not read: to check. */
  paymentNotRead?: number | undefined;
  inHouse: number | undefined;
  /** What the house's count counts: here now, and on the last round's sheet kept today (issue 45). */
  house?: HouseCount | undefined;
  medicationThisRound: number | undefined;
  careMissingTomorrow: number | undefined;
  /** Pets on this round's sheet that are fasting: "Biscuit (Suite A): NIL BY MOUTH – op at 10:00". */
  fasting?: string[] | undefined;
  /** The care record's figures (this round's progress, pets off their food), when Kennel Desk keeps one. */
  record?: HomeRecord;
  /** The pets of this round with a dose to give if needed, by their confirmed plans (issue 35). */
  asNeeded?: AsNeededPet[] | undefined;
  /** Parts that could not be loaded, in words (the API's state when it is down). */
  problems: string[];
}

/**
 * The fasting pets on the round's sheet, those fasting at this round first, each saying from when
 * when its words state a time: "Luna (Kennel 6): NIL BY MOUTH – op at 10:00", "Milo (Kennel 7), from
 * 20:00: Fasting from 8pm"; last, those whose op's time or stated end the round is past, never
 * dropped: "Luna (Kennel 6), fasting for an op at 10:00, now past: ask before feeding: NIL BY MOUTH –
 * op at 10:00".
 */
function fastingList(r: RoundReport): string[] {
  const fasting = r.pets.filter((p) => p.pet?.flags.fasting);
  const later = (p: RoundPet) => (p.sheet?.fastPassed ? 2 : p.sheet?.fastingNow === false ? 1 : 0);
  return [...fasting]
    .sort((a, b) => later(a) - later(b))
    .map((p) => {
      const f = p.pet?.flags;
      const room = p.booking.roomName ? ` (${p.booking.roomName})` : "";
      // Past the op's time or the fast's end: its words whole, and ask before feeding.
      if (p.sheet?.fastPassed)
        return `${f?.name}${room}, ${fastPassedWords(f?.fasting ?? "", p.sheet.fastPassed)}`;
      const when = fastingWhenWords(f?.fastingTimes);
      return `${f?.name}${room}${when ? `, ${when}` : ""}: ${f?.fasting}`;
    });
}

/**
 * The round's answer as the round was kept, once it is (issue 45: what was due is the record's): each
 * pet's due items and the medication figure as it asked them; not kept yet, or the record not read
 * (its figures say why), the answer now.
 */
async function asKept(deps: Deps, report: RoundReport): Promise<RoundReport> {
  if (!deps.record) return report;
  const owed = await owedRound(deps, report.date, report.round).catch(() => undefined);
  return owed ? withOwed(deps, report, owed) : report;
}

/** Today at a glance: every figure fetched at once; a part that fails says so, the rest stand. */
export async function todayOverview(deps: Deps): Promise<TodayOverview> {
  const date = localDate(deps.clock.now(), deps.config.timezone);
  const round = currentRound(deps);
  const [arr, dep, rounds, tomorrow] = await Promise.allSettled([
    listDay(deps, "arrivals", date),
    listDay(deps, "departures", date),
    roundReport(deps, round, date).then((r) => asKept(deps, r)),
    tomorrowCheck(deps),
  ]);
  const problems: string[] = [];
  const value = <T, R>(r: PromiseSettledResult<T>, what: string, pick: (v: T) => R): R | undefined => {
    if (r.status === "fulfilled") return pick(r.value);
    const f = describeFailure(r.reason);
    problems.push(`${what}: ${f.what} ${f.whatToDo}${f.requestId ? ` (request id ${f.requestId})` : ""}`);
    return undefined;
  };
  const kept = (list: Booking[]) => bookingsThatCount(list).kept;
  const departures = value(dep, "departures", (r) => sortForDay("departures", kept(r.data)));
  const record = deps.record
    ? await homeRecord(deps, rounds.status === "fulfilled" ? rounds.value : undefined, date)
    : undefined;
  if (record?.problem) problems.push(record.problem);
  let asNeeded: AsNeededPet[] | undefined;
  if (deps.record && rounds.status === "fulfilled") {
    try {
      asNeeded = await asNeededOf(deps, rounds.value);
    } catch (error) {
      problems.push(`give if needed: ${describeFailure(error).what}`);
    }
  }
  const house =
    rounds.status === "fulfilled" ? await houseCount(deps, date, rounds.value.stays ?? []) : undefined;
  return {
    date,
    round,
    arrivals: value(arr, "arrivals", (r) => kept(r.data).length),
    departures: departures?.length,
    unpaidDepartures: departures?.filter(owes).length,
    paymentToCheck: departures?.filter((b) => paymentOf(b) === "unknown").length,
    paymentNotRead: departures?.filter((b) => paymentOf(b) === "not_read").length,
    inHouse: value(rounds, "in house", (r) => r.totals.inHouse),
    ...(house ? { house } : {}),
    medicationThisRound: value(rounds, "medication this round", (r) => r.totals.withMedication),
    careMissingTomorrow: value(tomorrow, "tomorrow's arrivals", (r) => r.entries.length),
    fasting: value(rounds, "fasting", fastingList),
    ...(record ? { record } : {}),
    ...(asNeeded ? { asNeeded } : {}),
    problems: [...new Set(problems)],
  };
}

/**
 * Reads the care records of today's arrivals, departures and in-house pets into the client's care
 * cache, then those of yesterday's and tomorrow's arrivals and departures (the front desk's next
 * questions), so the first answers about those days are as fast as their one list call. Run at
 * start (as bulk work, after the bot listens) and by the 07:00 post; never throws (a failure only
 * means that answer asks the API again). The care cache keeps each record fresh as for any answer.
 */
export async function warmTodaysCare(deps: Deps): Promise<{ warmed: number; failed: number }> {
  const date = localDate(deps.clock.now(), deps.config.timezone);
  const [arr, dep, stay] = await Promise.allSettled([
    listDay(deps, "arrivals", date),
    listDay(deps, "departures", date),
    stayingOn(deps, date),
  ]);
  const ids = customersOf([
    arr.status === "fulfilled" ? arr.value.data : [],
    dep.status === "fulfilled" ? dep.value.data : [],
    stay.status === "fulfilled" ? stay.value.bookings : [],
  ]);
  const result = await deps.kennel.warmCare(ids);
  // Today's house, for a name search's pets in house first (read from the care just cached).
  if (stay.status === "fulfilled") {
    const care = await lookUpCare(deps, stay.value.bookings);
    rememberHouse(
      deps,
      date,
      stay.value.bookings.map((b) => ({ booking: b, pets: care.careOf(b).pets.map((p) => p.pet) })),
    );
  }
  const around = await warmDaysAround(deps, date, ids);
  deps.log.info(
    { date, customers: ids.size, ...result, around },
    "care cache warmed for today and the days either side",
  );
  return { warmed: result.warmed + around.warmed, failed: result.failed + around.failed };
}

/** The care of yesterday's and tomorrow's arrivals and departures, past the customers `done` already. */
async function warmDaysAround(deps: Deps, date: string, done: ReadonlySet<number>) {
  const lists = await Promise.allSettled(
    [-1, 1].flatMap((n) => [
      listDay(deps, "arrivals", addDays(date, n)),
      listDay(deps, "departures", addDays(date, n)),
    ]),
  );
  const ids = customersOf(
    lists.map((l) => (l.status === "fulfilled" ? l.value.data : [])),
    done,
  );
  return { customers: ids.size, ...(await deps.kennel.warmCare(ids)) };
}

/** The customers of the bookings that count, past those in `except`. */
function customersOf(lists: Booking[][], except: ReadonlySet<number> = new Set()): Set<number> {
  const ids = new Set<number>();
  for (const b of lists.flat())
    if (b.customerId !== undefined && counts(b) && !except.has(b.customerId)) ids.add(b.customerId);
  return ids;
}
