/** A feeding and medication round (/rounds, the round posts): every pet in house with its sheet. */

import type { Deps } from "../deps.ts";
import type { CareFacts, Round } from "../domain/care.ts";
import type { EntryCare, PetCare } from "../domain/day.ts";
import { houseTotalsOf, type StayCount, stayCountsAt } from "../domain/house.ts";
import { type OffFoodPet, offFoodKey } from "../domain/off-food.ts";
import { stayPets as petsOfStay } from "../domain/pet-match.ts";
import type { ByDaysItem, DueItem, IfNeededItem } from "../domain/record.ts";
import { kennelRoundName } from "../domain/round-names.ts";
import {
  medicationCounts,
  onRoundSheet,
  type RoundSheet,
  roundAt,
  roundCounts,
  roundSheet,
} from "../domain/rounds.ts";
import { openFlagsByStay, type WelfareFlag } from "../domain/welfare-flag.ts";
import type { Booking } from "../kennel/schemas.ts";
import { zonedInstant } from "../time.ts";
import { timeOf } from "../words/dates.ts";
import { lookUpCare } from "./care-lookup.ts";
import { type HouseEntry, houseEntry, houseStays } from "./house.ts";
import { offFood } from "./off-food.ts";
import { type RoundPlan, withPlans } from "./round-plans.ts";
import { openWelfareFlags } from "./welfare-flags.ts";

// --- rounds --------------------------------------------------------------------------------------

export interface RoundPet {
  booking: Booking;
  /** The pet (its care), or undefined for a booking whose pets could not be matched or loaded. */
  pet: PetCare | undefined;
  sheet: RoundSheet | undefined;
  /**
   * For an unmatched or unloaded booking: why its care is not here; `too_long`: a pet whose care is
   * longer than the care record keeps, set aside to be recorded on paper (src/answers/round-paper.ts).
   */
  careStatus: EntryCare["status"] | "too_long";
  unmatched: string[];
  /** Arrives that day after the round's time: "19:00" (listed, with its dose and diet). */
  arrives?: string | undefined;
  /** The stay has no check-out date. */
  noCheckOut?: boolean;
  /** Still checked in past its check-out: when it was due to go ("Sat 21 Nov 10:00"). */
  pastCheckOut?: string | undefined;
  /** Checked out that day, after this round, at the time the API states ("08:30"). */
  checkedOutAt?: string | undefined;
  /** Off its food at the rounds before this one (from the care record, when Kennel Desk keeps one). */
  offFood?: OffFoodPet | undefined;
  /** What is due this round (to record; counted when missed): from the pet's care plan (src/answers/round-plans.ts). */
  due?: DueItem[] | undefined;
  /** What the sheet prints to give if needed this round (issue 44): recorded from its form, never due. */
  ifNeeded?: IfNeededItem[] | undefined;
  /**
   * What the sheet prints not due by its days' words ("every other day", "except Sunday" on a
   * Sunday), its plan not confirmed, or not due here by its confirmed plan: recorded from its form if
   * given, never due nor chased.
   */
  byDays?: ByDaysItem[] | undefined;
  /** May one tap ("All given & eaten") sign the round off: the plan confirmed, every due item routine… */
  oneTap?: boolean | undefined;
  /** The pet's care plan on this round: its state, each item's status, the version it works from. */
  plan?: RoundPlan | undefined;
  /** Its stay's open welfare flags (issue 38), when the care record holds any. */
  welfare?: WelfareFlag[] | undefined;
}

export interface RoundReport {
  date: string;
  round: Round;
  /** The kennel's own name of the round (ROUNDS_NAMES), shown beside it: "Midday round (Lunch)". */
  kennelName?: string;
  /** Every pet in house, by room (an unmatched booking is one row that says so). */
  pets: RoundPet[];
  totals: {
    /** Pets in house, counted as /inhouse counts them (each booking's number of pets): the Home tab's figure. */
    inHouse: number;
    /** Pets in house that day but gone home before the round's time (a pet arriving after it is listed). */
    away: number;
    /** Pets whose care record is on the sheet (the sheet's rows are these and one per booking not matched). */
    pets: number;
    /**
     * Pets with a medication line to act on this round: due by the care plan, or on the sheet with
     * its plan item to check ("📋 plan: check: …"); the Home tab's figure.
     */
    withMedication: number;
    /** Of those, the pets with a dose whose instruction is to check (their plan not confirmed). */
    toCheck?: number | undefined;
    /** Pets with a diet to follow this round. */
    fed: number;
    /** Pets with no diet on record fed this round by the house routine (KENNEL_HOUSE_MEALS). */
    noDiet: number;
    /** Pets with nothing this round, by their record. */
    nothing: number;
    careMissing: number;
  };
  /**
   * The day's stays whose status says the pet has left, with when (its check-out, when the API states
   * one already past, else now): what a round kept earlier records as gone home (issue 45).
   */
  left?: Array<{ bookingId: number; at: string }> | undefined;
  /** The day's stays with their pets and where they are now: Home's count of the house (issue 45). */
  stays?: StayCount[] | undefined;
  requestId: string;
  careProblem: string | undefined;
  calls: number;
}

export interface RoundOptions {
  /**
   * Keep a pet's first draft of its care plan (and one drafted again) in the record: the bot's
   * surfaces do; the terminal and the connector only read the record (default true).
   */
  keepPlans?: boolean;
}

export function currentRound(deps: Pick<Deps, "config" | "clock">): Round {
  const hhmm = timeOf(deps.clock.now().toISOString(), deps.config.timezone);
  return roundAt(hhmm, deps.config.rounds.times);
}

/** A stay's pets on the sheet: each matched pet with its sheet and flags, or the stay's care not known. */
function stayPets(
  e: HouseEntry & { care: EntryCare },
  o: {
    at: number;
    tz: string;
    sheetOf: (care: CareFacts) => RoundSheet;
    flags: Map<string, OffFoodPet> | undefined;
    welfareOf: ReturnType<typeof openFlagsByStay>;
  },
): RoundPet[] {
  const entryCare = e.care;
  const status = entryCare?.status ?? "not_loaded";
  const checkIn = e.booking.checkInDate;
  const stay = {
    arrives: checkIn && Date.parse(checkIn) > o.at ? timeOf(checkIn, o.tz) : undefined,
    noCheckOut: e.noCheckOut === true,
    pastCheckOut: e.pastCheckOut,
    checkedOutAt: e.checkedOutAt,
  };
  const pets: RoundPet[] = (entryCare?.pets ?? []).map((pet) => ({
    booking: e.booking,
    pet,
    sheet: o.sheetOf(pet.care),
    careStatus: "matched",
    unmatched: [],
    ...stay,
    offFood: offFoodOf(o.flags, e.booking.bookingId, pet.pet.petId),
    welfare: o.welfareOf.get(`${e.booking.bookingId}|${pet.pet.petId}`),
  }));
  if (status !== "matched") {
    const unmatched = entryCare?.unmatched ?? [];
    pets.push({
      booking: e.booking,
      pet: undefined,
      sheet: undefined,
      careStatus: status,
      unmatched,
      ...stay,
    });
  }
  return pets;
}

/**
 * A round: who is on its sheet is decided first, from the day's stays alone (onRoundSheet), then the
 * care of those pets only is fetched, with the care record's off-food flags at the same time. One
 * answer for /rounds, the round posts, `kennel-desk rounds` and the connector's get_round.
 */
export async function roundReport(
  deps: Deps,
  round: Round,
  date: string,
  options: RoundOptions = {},
): Promise<RoundReport> {
  const stays = await houseStays(deps, date);
  // The sheet is for the pets on it at the round's time (onRoundSheet): a pet gone home before it
  // (or whose status says it has left) has no feed or dose in this round (the summary counts them). A
  // pet arriving later that day is listed, marked "arrives 19:00", with its dose and diet; one still
  // checked in past its check-out is listed, marked "past check-out: still here?".
  const tz = deps.config.timezone;
  const time = deps.config.rounds.times[round];
  const at = zonedInstant(date, time, tz).getTime();
  const now = deps.clock.now().getTime();
  const all = stays.bookings.map((b) => houseEntry(deps, b, undefined, date));
  const here = (e: HouseEntry) => onRoundSheet(e.booking, e.left === true, at, now);
  const onSheet = all.filter(here);
  // The care of the sheet's pets only, and the pets off their food as of the rounds before this one.
  // And the welfare flags open (issue 38).
  const [care, flags, welfare] = await Promise.all([
    lookUpCare(
      deps,
      onSheet.map((e) => e.booking),
    ),
    offFood(deps, date, round),
    openWelfareFlags(deps, date),
  ]);
  const welfareOf = openFlagsByStay(welfare ?? []);
  const present = onSheet.map((e) => ({ ...e, care: care.careOf(e.booking) }));
  const sheetOf = (care: CareFacts) => roundSheet(care, round, time, deps.config.rounds.houseMeals, date);
  const pets = present.flatMap((e) => stayPets(e, { at, tz, sheetOf, flags, welfareOf }));
  // What is due, and whether one tap may sign it off, from each pet's care plan.
  const planned = await withPlans(deps, pets, date, round, { keep: options.keepPlans ?? true });
  pets.splice(0, pets.length, ...planned.pets);
  const sheets = pets.map((p) => p.sheet).filter((s): s is RoundSheet => s !== undefined);
  return {
    date,
    round,
    kennelName: kennelRoundName(round, deps.config.rounds.names),
    pets,
    totals: {
      inHouse: houseTotalsOf(all).pets,
      away: all.filter((e) => !here(e)).reduce((n, e) => n + petsOfStay(e.booking, e.care), 0),
      pets: pets.filter((p) => p.pet).length,
      ...roundCounts(sheets),
      // The Home tab's figure: pets with a medication line to act on this round (due by their care
      // plans, or theirs to check: a plan not confirmed yet never hides a dose from the count).
      ...medicationCounts(pets),
      careMissing: pets.filter((p) => !p.pet).length,
    },
    left: leftBy(all, now),
    stays: stayCountsAt(stays.bookings, now, care.careOf),
    requestId: stays.requestId,
    // The house check's note (departures the API's stay list left out) travels with the care problem.
    careProblem: [stays.houseNote, care.problem, planned.problem].filter(Boolean).join(" · ") || undefined,
    calls: stays.calls + care.customers,
  };
}

/** The stays that have left, each at its check-out (or now, when that is later than now). */
function leftBy(all: HouseEntry[], now: number): RoundReport["left"] {
  return all.flatMap((e) => {
    const id = e.booking.bookingId;
    if (!e.left || id === undefined) return [];
    const out = e.booking.checkOutDate ? Date.parse(e.booking.checkOutDate) : Number.NaN;
    return [{ bookingId: id, at: new Date(out <= now ? out : now).toISOString() }];
  });
}

/** A pet's off-food flag, by its stay (none without ids). */
function offFoodOf(
  flags: Map<string, OffFoodPet> | undefined,
  bookingId: number | undefined,
  petId: number | undefined,
): OffFoodPet | undefined {
  return bookingId === undefined || petId === undefined
    ? undefined
    : flags?.get(offFoodKey(bookingId, petId));
}
