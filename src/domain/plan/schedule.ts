/**
 * The schedule: what a plan's item asks of one round on one day, and whether the pet's round may be
 * signed off in one tap. Pure: the stay's times and the round times are passed in.
 *
 * Days are the kennel's calendar days: "every other day" counts calendar days from its on-day (a
 * month's end and a clock change are no different from any other day), never 48-hour periods. A
 * round is owed only when its time falls within the stay: a pet arriving at 23:30 owes nothing that
 * day, one arriving at 14:00 owes no breakfast nor lunch.
 */
import { localDate, weekday, zonedInstant } from "../../time.ts";
import type { Round } from "../care.ts";
import { type DoseSettings, doseWindow } from "../doses.ts";
import type { RoundTimes } from "../rounds.ts";
import { writtenTwice } from "./questions.ts";
import type { AllergyMatch, Days, Doubt, Fast, PlanItem, PlanState } from "./types.ts";

export interface StayTimes {
  /** ISO 8601 instants; a stay with no departure is open. */
  arrival: string;
  departure: string | undefined;
  timeZone: string;
  /** When each round is (ROUNDS_TIMES). */
  roundTimes: RoundTimes;
  /**
   * The dose windows (DOSE_WINDOW_…), where a round's sheet reads the plan: a pet arriving on the
   * round's day after its time, before its dose's window closes, owes that dose on arrival; after
   * it closes, the owner is asked (`arrives_after_round`). Without them, nothing before arrival is owed.
   */
  doses?: DoseSettings | undefined;
}

/** Why an item is not due this round. */
export type NotDueWhy =
  | "before_arrival"
  /**
   * The pet arrives on the round's day after the dose's window closed: not given here, and the
   * owner is asked whether it was given (`check`: a dose left to a person, printed where the
   * sheet's own reading puts it).
   */
  | "arrives_after_round"
  | "after_departure"
  | "before_start"
  | "after_stop"
  | "off_day"
  | "not_this_round"
  /** The feeding item, in a fast for a procedure (`PlanItem.fast`: the sheet says why). */
  | "fasting"
  /** The same dose written in two slots, settled by a person: given as the other slot says. */
  | "written_twice";

export type ItemOnRound =
  /** To give (or feed) this round: today's amount (the taper step's, the round's own field's, or the item's). */
  | { status: "due"; amount: string | undefined; step?: number; onArrival?: true }
  /** To give this round if its condition holds: shown with it, never in one tap. */
  | { status: "conditional"; amount: string | undefined; condition: string; step?: number; onArrival?: true }
  /** "Give if needed": never due, never missed. */
  | { status: "as_needed"; reason?: string; maxPer24h?: number; minHoursBetween?: number }
  /** `days`: an off day's item's days, said beside it ("not today: every day but Sunday"). */
  | { status: "not_due"; why: NotDueWhy; fast?: Fast; check?: true; days?: Days }
  /**
   * Read by nobody yet: what to check, shown whole, never counted as missed; an allergy it is held
   * against, and a fast's words, said until a person clears it.
   */
  | {
      status: "check";
      doubts: Doubt[];
      unplaced?: string[];
      allergies?: AllergyMatch[];
      fast?: Fast;
      /** The pet arrives after the round's time, in the dose's window: due on arrival, the owner asked. */
      onArrival?: true;
    };

const DAY_MS = 86_400_000;

/** Whole calendar days from one date to another (dates, not instants: no clock change in between). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** Is the date one of the item's days? */
function onDay(item: PlanItem, date: string): boolean {
  const days = item.when.days;
  switch (days.every) {
    case "day":
      return true;
    case "n_days":
      return days.n >= 1 && ((daysBetween(days.from, date) % days.n) + days.n) % days.n === 0;
    case "weekdays":
      return days.weekdays.includes(weekday(date));
    case "dates":
      return days.dates.includes(date);
  }
}

/** The taper step of a date: its index, or why there is none (before the first, after the last). */
function stepOf(item: PlanItem, date: string): number | NotDueWhy {
  const steps = item.when.steps;
  const i = steps.findIndex((s) => (!s.from || s.from <= date) && (!s.to || date <= s.to));
  if (i >= 0) return i;
  return steps[0]?.from && date < steps[0].from ? "before_start" : "after_stop";
}

/**
 * What an item asks of one round (`round`) on one day (`date`, the kennel's calendar date). A slot
 * holding several drugs, as the reader read it, is due when any of them is, with those due named
 * and their amounts ("Vetmedin 5mg 1 tab + Furosemide 20mg 1 tab").
 */
export function itemOnRound(item: PlanItem, date: string, round: Round, stay: StayTimes): ItemOnRound {
  if (item.parts && item.readBy === "reader") {
    const each = item.parts.map((p) => ({
      part: p,
      on: oneItemOnRound({ ...item, ...p, parts: undefined }, date, round, stay),
    }));
    const due = each.filter((e) => e.on.status === "due");
    if (due.length === 0) return (each[0]?.on ?? { status: "not_due", why: "not_this_round" }) as ItemOnRound;
    const amount = due
      .map((e) =>
        [e.part.what.name, e.on.status === "due" ? e.on.amount : undefined].filter(Boolean).join(" "),
      )
      .join(" + ");
    return { status: "due", amount };
  }
  return oneItemOnRound(item, date, round, stay);
}

/**
 * A medication of a round whose time is before the pet's arrival: owed on arrival when the pet comes that
 * day before the dose's window closes (the owner asked whether it was given), as the round asks it;
 * said "arrives after this round" when it comes after the close; otherwise not yet arrived.
 */
function beforeArrival(item: PlanItem, date: string, round: Round, stay: StayTimes): ItemOnRound {
  const not = { status: "not_due", why: "before_arrival" } as const;
  // A meal is fed from arrival on; a dose may have been given at home, so the owner is asked.
  if (item.key === "meal" || !stay.doses || localDate(stay.arrival, stay.timeZone) !== date) return not;
  const here = oneItemOnRound(item, date, round, { ...stay, arrival: new Date(0).toISOString() });
  if (here.status !== "due" && here.status !== "conditional" && here.status !== "check") return not;
  const w = { highAlert: item.highAlert !== undefined, window: item.window };
  const closes = doseWindow(w, date, round, stay.roundTimes, stay.timeZone, stay.doses).closesAt;
  if (Date.parse(stay.arrival) <= Date.parse(closes)) return { ...here, onArrival: true };
  return {
    status: "not_due",
    why: "arrives_after_round",
    ...(here.status === "check" ? { check: true } : {}),
  };
}

function oneItemOnRound(item: PlanItem, date: string, round: Round, stay: StayTimes): ItemOnRound {
  const at = zonedInstant(date, stay.roundTimes[round], stay.timeZone).getTime();
  if (at < Date.parse(stay.arrival)) return beforeArrival(item, date, round, stay);
  if (stay.departure && at > Date.parse(stay.departure)) return { status: "not_due", why: "after_departure" };
  if (item.readBy === "nobody") {
    return {
      status: "check",
      doubts: item.doubts,
      ...(item.unplaced ? { unplaced: item.unplaced } : {}),
      ...(item.allergies ? { allergies: item.allergies } : {}),
    };
  }
  if (item.fast) {
    const fasting = inFast(item.fast, date, stay.roundTimes[round]);
    if (fasting === "fasting") return { status: "not_due", why: "fasting", fast: item.fast };
    if (fasting === "after") return { status: "check", doubts: ["fasting"], fast: item.fast };
  }
  const { start, stop } = item.when;
  if (start && date < start) return { status: "not_due", why: "before_start" };
  if (stop && date > stop) return { status: "not_due", why: "after_stop" };
  let step: number | undefined;
  if (item.when.steps.length > 0) {
    const found = stepOf(item, date);
    if (typeof found === "string") return { status: "not_due", why: found };
    step = found;
  }
  if (!onDay(item, date)) return { status: "not_due", why: "off_day", days: item.when.days };
  const kind = item.kind;
  if (kind.kind === "as_needed") {
    const { kind: _, ...limits } = kind;
    return { status: "as_needed", ...limits };
  }
  const dose = item.when.rounds.find((d) => d.round === round);
  if (!dose) return { status: "not_due", why: writtenTwice(item) ? "written_twice" : "not_this_round" };
  const amount = step !== undefined ? item.when.steps[step]?.amount : (dose.amount ?? item.what.amount);
  const stepped = step !== undefined ? { step } : {};
  return kind.kind === "conditional"
    ? { status: "conditional", amount, condition: kind.condition, ...stepped }
    : { status: "due", amount, ...stepped };
}

/**
 * Is a round (its date and HH:MM) in a fast: from its start until its end on the procedure day;
 * where the words give no end, the procedure day's rounds from noon are "after" (the vet says when
 * the pet eats again).
 */
function inFast(fast: Fast, date: string, time: string): "fasting" | "after" | undefined {
  const at = `${date}T${time}`;
  if (at < `${fast.from.date}T${fast.from.time}` || date > fast.day) return undefined;
  if (date < fast.day) return "fasting";
  if (fast.until !== undefined) return time < fast.until ? "fasting" : undefined;
  return time < "12:00" ? "fasting" : "after";
}

/** Why a pet's round has no one tap "All given & eaten". */
export type NoOneTap =
  | "plan_not_confirmed"
  | "check_instruction"
  | "conditional"
  | "same_drug_twice"
  | "nothing_due";

/**
 * May the pet's round be signed off in one tap? Only when its plan is confirmed, nothing is left to
 * check, every item due is routine and unconditional, and no drug is due twice (two slots, one
 * drug). As-needed items are not due, so they do not stand in the way (one tap never records them).
 * The caller adds its own rules (a fasting pet: src/domain/record.ts `oneTapAllowed`).
 */
export function oneTap(
  state: PlanState,
  round: Array<{ item: PlanItem; on: ItemOnRound }>,
): { offered: true } | { offered: false; why: NoOneTap } {
  if (state !== "confirmed") return { offered: false, why: "plan_not_confirmed" };
  if (round.some((r) => r.on.status === "check")) return { offered: false, why: "check_instruction" };
  if (round.some((r) => r.on.status === "conditional")) return { offered: false, why: "conditional" };
  const due = round.filter((r) => r.on.status === "due");
  if (due.length === 0) return { offered: false, why: "nothing_due" };
  const drugs = due.map((r) => r.item.what.drug).filter((d): d is string => d !== undefined);
  const keys = new Set(due.map((r) => r.item.key));
  const twice =
    new Set(drugs).size < drugs.length || due.some((r) => r.item.sameDrugAs.some((k) => keys.has(k)));
  return twice ? { offered: false, why: "same_drug_twice" } : { offered: true };
}
