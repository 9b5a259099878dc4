/**
 * As-needed doses (issue 35, "give if needed"): which of a pet's care plan items may be given if
 * needed now, and whether one more dose of an item keeps within the plan's limits: the most per 24
 * hours (the doses of that item in any 24 hours that hold the time given, before it and after it:
 * a dose recorded late counts against those given since) and the least time between doses (the
 * nearest dose, before or after it). Going past a limit is possible, never silent: the person
 * giving it acknowledges it, and the record keeps that with the dose. Pure: the plan, the doses and
 * the instants are passed in; instants are ISO 8601 UTC.
 */
import type { ItemKey } from "../record/items.ts";
import type { Entry } from "../record/types.ts";
import { itemOnRound } from "./plan/schedule.ts";
import type { Plan, PlanItem, PlanState } from "./plan/types.ts";
import type { PrnEffect } from "./prn-effects.ts";
import type { RoundTimes } from "./rounds.ts";
import type { WitnessState } from "./witness.ts";

/** Which of the plan's limits a dose goes past. */
export type PrnRule = "max_per_24h" | "min_interval";

/** An as-needed dose as kept in the record (care_log kind `prn`), with its effect once answered. */
export interface PrnDose {
  /** Its id in the record (the follow-up's buttons name it). */
  id: number;
  /** Its place in the record's chain, and the Slack request that made it (the exports name both). */
  seq?: number | undefined;
  requestKey?: string | undefined;
  /** The kennel's local date it was given. */
  date: string;
  bookingId: number;
  petId: number;
  /** Who recorded it (who gave it, unless `givenBy` says another): Slack user id (the follow-up goes to them) and name. */
  userId: string | undefined;
  userName: string;
  /**
   * Who gave it, when ✏️ Record each…'s "Given by (if not you)" named someone else (as a round
   * entry's, src/domain/giver.ts giverOf): "unnamed" until Slack names them, "notStaff" when Slack said so.
   */
  givenBy?: Entry["givenBy"];
  item: ItemKey;
  /** The drug as the plan names it ("Piriton 4mg"). */
  label: string;
  /** The plan item's words whole. */
  itemText: string;
  /** Why it was given, as the giver wrote it. */
  reason: string;
  givenAt: string;
  recordedAt: string;
  /** Given from the words, the pet's care plan not confirmed (issue 44: from the round's form). */
  unconfirmed?: boolean | undefined;
  /** Its medicine past its discard-by or handed back, checked by the giver first (issue 49). */
  checked?: PrnChecked | undefined;
  /** Given past a limit of the plan, acknowledged: which, and the words the giver was shown. */
  ack?: { rule: PrnRule; words: string } | undefined;
  note?: string | undefined;
  /** The effect, once the giver (or another) answered. */
  effect?: PrnEffectEntry | undefined;
  /** A high-alert drug (its plan item's): a second person witnesses it, as a routine dose. */
  highAlert?: boolean | undefined;
  /** A high-alert dose's witness, as it stands when read (witnessed, awaiting one, unwitnessed). */
  witness?: WitnessState | undefined;
  /** The kennel its record carries, and the pet's name as its plan had it when given. */
  kennel?: string | undefined;
  petName?: string | undefined;
}

/**
 * What the give form asked about a dose's medicine and its giver checked first ("I have checked:
 * give it anyway"): the supply's discard-by it was past, or whom it was handed back to and when.
 */
export interface PrnChecked {
  discardBy?: string | undefined;
  handedBack?: { to: string; date: string } | undefined;
}

export interface PrnEffectEntry {
  id: number;
  effect: PrnEffect;
  note?: string | undefined;
  userName: string;
  recordedAt: string;
}

/** An as-needed item of a plan, with the limits the plan sets. */
export interface AsNeededItem {
  key: ItemKey;
  label: string;
  text: string;
  /** The plan's own reason ("only if scratching"), the form's hint. */
  reason?: string | undefined;
  maxPer24h?: number | undefined;
  minHoursBetween?: number | undefined;
  /** A high-alert drug (insulin, an anticonvulsant, a controlled drug): each dose is witnessed. */
  highAlert?: boolean | undefined;
  /** Given from the words, the pet's care plan not confirmed (issue 44: from the round's form). */
  unconfirmed?: boolean | undefined;
}

/** The item's short name: the drug as the plan reads it, else its words. */
const asNeededLabel = (item: PlanItem): string =>
  item.what.name ?? Array.from(item.what.text).slice(0, 40).join("");

/**
 * The plan's items that may be given if needed on `date` (the kennel's calendar date): only from a
 * plan a person confirmed (a dose is offered as the confirmed plan says, never from a draft), each
 * as-needed item read by the reader or set by a person, within its first and last day and on its days.
 */
export function asNeededItems(
  plan: Plan,
  state: PlanState,
  date: string,
  o: { timeZone: string; roundTimes: RoundTimes },
): AsNeededItem[] {
  if (state !== "confirmed") return [];
  // Any round: an as-needed item asks the same of each. The stay is the caller's to check.
  const stay = { arrival: "1970-01-01T00:00:00Z", departure: undefined, ...o };
  const out: AsNeededItem[] = [];
  for (const item of plan.items) {
    const on = itemOnRound(item, date, "morning", stay);
    if (on.status !== "as_needed") continue;
    out.push({
      key: item.key,
      label: asNeededLabel(item),
      text: item.what.text,
      ...(on.reason ? { reason: on.reason } : {}),
      ...(on.maxPer24h !== undefined ? { maxPer24h: on.maxPer24h } : {}),
      ...(on.minHoursBetween !== undefined ? { minHoursBetween: on.minHoursBetween } : {}),
      ...(item.highAlert ? { highAlert: true } : {}),
    });
  }
  return out;
}

/**
 * Why one more dose goes past the plan: how many already in the same 24 hours (`laterAt`: the
 * busiest 24 hours end at a dose given after it), or the nearest dose too close (`after`: given
 * after it).
 */
export type PrnProblem =
  | { rule: "max_per_24h"; count: number; max: number; laterAt?: string | undefined }
  | { rule: "min_interval"; otherAt: string; minutesApart: number; minHours: number; after?: boolean };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The most of `times` in any 24 hours that hold `t`: those ending at `t`, or at a dose given
 * within the 24 hours after it; the latest such end when it is not `t` itself.
 */
function busiestDay(times: number[], t: number): { count: number; laterAt?: number } {
  let best: { count: number; laterAt?: number } = { count: -1 };
  for (const end of [t, ...times.filter((x) => x > t && x < t + DAY)]) {
    const count = times.filter((x) => x > end - DAY && x <= end).length;
    if (count > best.count) best = end > t ? { count, laterAt: end } : { count };
  }
  return best;
}

/**
 * One more dose of an item given at `givenAt`, against the other doses of that item for the same
 * pet and stay, on both sides of it: at most `maxPer24h` in any 24 hours that hold it (this one
 * included), and at least `minHoursBetween` from the nearest. A dose said to be given an hour ago,
 * after one given now, is as close to it as the other way round. Empty: within the plan.
 */
export function prnProblems(
  others: Array<Pick<PrnDose, "givenAt">>,
  givenAt: string,
  limits: Pick<AsNeededItem, "maxPer24h" | "minHoursBetween">,
): PrnProblem[] {
  const t = Date.parse(givenAt);
  const times = others.map((d) => Date.parse(d.givenAt)).sort((a, b) => a - b);
  const problems: PrnProblem[] = [];
  if (limits.maxPer24h !== undefined) {
    const { count, laterAt } = busiestDay(times, t);
    if (count + 1 > limits.maxPer24h)
      problems.push({
        rule: "max_per_24h",
        count,
        max: limits.maxPer24h,
        ...(laterAt !== undefined ? { laterAt: new Date(laterAt).toISOString() } : {}),
      });
  }
  const nearest = times.reduce<number | undefined>(
    (best, x) => (best === undefined || Math.abs(x - t) < Math.abs(best - t) ? x : best),
    undefined,
  );
  if (limits.minHoursBetween !== undefined && nearest !== undefined) {
    const apart = Math.abs(t - nearest);
    if (apart < limits.minHoursBetween * HOUR)
      problems.push({
        rule: "min_interval",
        otherAt: new Date(nearest).toISOString(),
        minutesApart: Math.floor(apart / 60_000),
        minHours: limits.minHoursBetween,
        ...(nearest > t ? { after: true } : {}),
      });
  }
  return problems;
}

/** A dose may be recorded up to a day after it was given; older is another kind of record. */
const BACK_MS = DAY;

/**
 * Why `givenAt` cannot be when an as-needed dose was given: later than a minute past `now` (the
 * store's allowance), before the pet arrived, after it went home (its stay's check-out), or more
 * than a day back (the manager records those). Undefined: it may stand; within that minute ahead,
 * the time given is `now` (`prnGivenAt`).
 */
export function prnGivenAtProblem(
  givenAt: number,
  o: { now: string; arrival?: string | undefined; departure?: string | undefined },
): "future" | "before_arrival" | "after_departure" | "too_far_back" | undefined {
  const now = Date.parse(o.now);
  if (givenAt > now + 60_000) return "future";
  if (o.arrival && givenAt < Date.parse(o.arrival)) return "before_arrival";
  if (o.departure && Math.min(givenAt, now) > Date.parse(o.departure)) return "after_departure";
  if (givenAt < now - BACK_MS) return "too_far_back";
  return undefined;
}

/** The time a dose is recorded as given: the one said, never after it was recorded. */
export const prnGivenAt = (givenAt: number, now: string): string =>
  new Date(Math.min(givenAt, Date.parse(now))).toISOString();

/** A dose recorded more than a minute after it was given: its record says both times. */
export const recordedLater = (d: Pick<PrnDose, "givenAt" | "recordedAt">): boolean =>
  Date.parse(d.recordedAt) - Date.parse(d.givenAt) > 60_000;

/** When the giver is asked how it worked: `minutes` (PRN_FOLLOW_UP) after it was given. */
export const followUpAt = (givenAt: string, minutes: number): string =>
  new Date(Date.parse(givenAt) + minutes * 60_000).toISOString();

/** A pet in house with a dose to give if needed: its items by its confirmed plan, and today's doses. */
export interface AsNeededPet {
  bookingId: number;
  petId: number;
  name: string;
  room?: string | undefined;
  items: AsNeededItem[];
  /** The doses given on the day, oldest first. */
  doses: PrnDose[];
}

/**
 * The figures of a set of as-needed doses (a stay's, or the kennel's 28 days for the audit): how
 * many, with an effect recorded and without, given past the plan's limit, and how many made it worse.
 */
export interface PrnFigures {
  doses: number;
  withEffect: number;
  awaiting: number;
  pastLimit: number;
  worse: number;
}

export function prnFigures(doses: Array<Pick<PrnDose, "effect" | "ack">>): PrnFigures {
  const withEffect = doses.filter((d) => d.effect).length;
  return {
    doses: doses.length,
    withEffect,
    awaiting: doses.length - withEffect,
    pastLimit: doses.filter((d) => d.ack).length,
    worse: doses.filter((d) => d.effect?.effect === "worse").length,
  };
}

/** What a dose past the plan's limits still needs before it is recorded, or that it may be. */
export type PrnOverride =
  | { ok: true; problems: PrnProblem[] }
  | { ok: false; need: "warning" | "acknowledgement" | "note"; problems: PrnProblem[] };

/**
 * Whether one more dose may be recorded now, given the plan's limits (`prnProblems`, counted when it
 * is written) and what the giver has done on the form: never past a limit silently. Within the
 * limits, it may. Past one, the form first says why (`warning`); then only an explicit "I have
 * checked: give it anyway" (`acknowledgement`: the rules the form showed, which the box names) with
 * a note saying who was asked and why (`note`) records it, the first problem's rule and their words
 * kept with the dose. Past a limit the form did not show (a dose given meanwhile), it says why again.
 */
export function prnOverride(
  problems: PrnProblem[],
  form: { warned: boolean; acked: readonly PrnRule[]; note: string | undefined },
): PrnOverride {
  if (problems.length === 0) return { ok: true, problems };
  if (!form.warned) return { ok: false, need: "warning", problems };
  if (form.acked.length === 0) return { ok: false, need: "acknowledgement", problems };
  if (problems.some((p) => !form.acked.includes(p.rule))) return { ok: false, need: "warning", problems };
  if (!form.note) return { ok: false, need: "note", problems };
  return { ok: true, problems };
}
