/**
 * Medicine custody's rules over time (issue 49): how long a supply lasts by the pet's confirmed plan
 * (its runway: the last day every dose is covered, the day it runs out and how many days of the stay
 * are short), when an opened medicine is to be discarded (opened on + its days, or its expiry, the
 * earlier), when a controlled drug's count is due (MEDICINE_COUNT_EVERY days after its last, and at each
 * handover the kennel sets, MEDICINE_COUNT_AT), and
 * which medicines are controlled. Pure: the plan, the stay's times and "now" are passed in.
 */
import { addDays, localDate, zonedInstant } from "../time.ts";
import { drugName, ROUNDS, type Round } from "./care.ts";
import type { Counter, MedicineCount, MedicineCustody } from "./custody.ts";
import { amountIn, type CountUnit, type DoseReading, readAmount } from "./custody-units.ts";
import { daysBetween, itemOnRound, type StayTimes } from "./plan/schedule.ts";
import type { PlanItem, PlanState } from "./plan/types.ts";

/** How far ahead a stay with no departure is looked at. */
const OPEN_STAY_DAYS = 60;

export type Runway =
  /** Enough to the end of the stay (or `OPEN_STAY_DAYS` ahead of an open one). */
  | { status: "enough"; lastsTo: string | undefined }
  /**
   * Not enough: the last day every dose is covered (undefined: not today's either), the first dose
   * short (its day `runsOut` and its round `runsOutAt`), the days with a dose short, and the doses short.
   */
  | {
      status: "short";
      lastsTo: string | undefined;
      runsOut: string;
      runsOutAt: Round;
      goesHome: string | undefined;
      daysShort: number;
      dosesShort: number;
    }
  /**
   * A dose's amount is not in the counted unit (`dose`: the plan's amount as written, and the counted
   * unit), or the balance is to count by hand (no `dose`): no runway but by hand.
   */
  | {
      status: "count_by_hand";
      dose?: { amount: string | undefined; unit: CountUnit; reading?: DoseReading | undefined };
    }
  /** Nothing to count ahead: given only if needed (`as_needed`), or no dose of it due from now (`none_due`). */
  | { status: "not_scheduled"; why: "as_needed" | "none_due" }
  /** Not counted ahead, and why (`RunwayWhy`): the plan is not confirmed, the check-out not read… */
  | { status: "not_known"; why: RunwayWhy };

/**
 * Why a held medicine's runway is not counted: no care plan kept for the stay yet; the plan kept has
 * no such item now; the plan is a draft, awaits its second confirmation (high-alert), or its words
 * changed in the kennel system since (a runway is counted by the confirmed plan only); no kennel API
 * here to read the stay's check-out; or the kennel API did not answer.
 */
export type RunwayWhy =
  | "no_plan"
  | "not_on_plan"
  | "plan_not_confirmed"
  | "plan_awaiting_second"
  | "plan_changed"
  | "no_kennel_api"
  | "check_out_not_read";

/**
 * Is a medicine's item counted ahead by its pet's plan (`state`: the plan's, undefined with none
 * kept): its item, on a confirmed plan; else why not.
 */
export function planRunway(
  state: PlanState | undefined,
  item: PlanItem | undefined,
): { item: PlanItem } | { why: RunwayWhy } {
  if (state === undefined) return { why: "no_plan" };
  if (!item) return { why: "not_on_plan" };
  if (state === "draft") return { why: "plan_not_confirmed" };
  if (state === "awaiting_second") return { why: "plan_awaiting_second" };
  return state === "changed_in_source" ? { why: "plan_changed" } : { item };
}

/**
 * How long `balance` of `unit` lasts by the plan's item, from `now` to the stay's departure: each
 * round after `now`, in order, takes its due amount (a conditional dose counted as given); the first
 * round the balance cannot cover is the day it runs out.
 */
export function runway(
  item: PlanItem,
  balance: number | undefined,
  unit: CountUnit,
  stay: StayTimes,
  now: Date,
  today: string,
  reading?: DoseReading,
): Runway {
  if (item.kind.kind === "as_needed") return { status: "not_scheduled", why: "as_needed" };
  if (balance === undefined) return { status: "count_by_hand" };
  const last = stay.departure ? daysBetween(today, stay.departure.slice(0, 10)) + 1 : OPEN_STAY_DAYS;
  let left = balance;
  let lastsTo: string | undefined;
  let scheduled = false;
  const shortDays = new Set<string>();
  const short: Array<{ date: string; round: Round }> = [];
  for (let d = 0; d <= last; d++) {
    const date = addDays(today, d);
    let covered = true;
    for (const round of ROUNDS) {
      if (zonedInstant(date, stay.roundTimes[round], stay.timeZone).getTime() <= now.getTime()) continue;
      const asks = itemOnRound(item, date, round, stay);
      if (asks.status !== "due" && asks.status !== "conditional") continue;
      scheduled = true;
      const amount = amountIn(asks.amount, unit, reading);
      if (amount === undefined)
        return {
          status: "count_by_hand",
          dose: { amount: asks.amount, unit, ...(reading ? { reading } : {}) },
        };
      if (left + 1e-9 >= amount) left -= amount;
      else {
        covered = false;
        shortDays.add(date);
        short.push({ date, round });
      }
    }
    if (covered && shortDays.size === 0) lastsTo = date;
  }
  if (!scheduled) return { status: "not_scheduled", why: "none_due" };
  const first = short[0];
  if (!first) return { status: "enough", lastsTo: stay.departure ? undefined : lastsTo };
  const goesHome = stay.departure ? goHomeDate(stay) : undefined;
  const counts = { daysShort: shortDays.size, dosesShort: short.length };
  return { status: "short", lastsTo, runsOut: first.date, runsOutAt: first.round, goesHome, ...counts };
}

/**
 * The last day of the stay a dose of the plan's item is still due after `now` (a conditional dose
 * counted as due); undefined when none is (given only if needed, or none left before check-out, or
 * a stay with no check-out known).
 */
export function lastDoseDue(item: PlanItem, stay: StayTimes, now: Date, today: string): string | undefined {
  if (item.kind.kind === "as_needed" || !stay.departure) return undefined;
  const last = daysBetween(today, stay.departure.slice(0, 10)) + 1;
  let due: string | undefined;
  for (let d = 0; d <= last; d++) {
    const date = addDays(today, d);
    for (const round of ROUNDS) {
      if (zonedInstant(date, stay.roundTimes[round], stay.timeZone).getTime() <= now.getTime()) continue;
      const asks = itemOnRound(item, date, round, stay);
      if (asks.status === "due" || asks.status === "conditional") due = date;
    }
  }
  return due;
}

/** The departure's calendar date in the kennel's zone. */
const goHomeDate = (stay: StayTimes): string | undefined =>
  stay.departure ? localDate(stay.departure, stay.timeZone) : undefined;

/** The days an opened medicine usually lasts, offered in the form: insulin, eye or ear drops, oral liquids. */
export function defaultDiscardDays(label: string, unit: CountUnit, insulin: boolean): number | undefined {
  if (/\bcaninsulin\b/i.test(label) && unit === "vial") return 42;
  if (insulin) return 28;
  if (unit === "drop") return 28;
  if (unit === "ml") return 180;
  return undefined;
}

/** The day an opened medicine is discarded by: opened on + its days, or its expiry when earlier. */
export function discardBy(m: {
  openedOn?: string | undefined;
  discardDays?: number | undefined;
  expiry?: string | undefined;
}): string | undefined {
  const opened = m.openedOn && m.discardDays ? addDays(m.openedOn, m.discardDays) : undefined;
  if (opened && m.expiry) return opened < m.expiry ? opened : m.expiry;
  return opened ?? m.expiry;
}

/** Is a dose on `date` past the medicine's discard-by (after that day): asked first. */
export const pastDiscard = (discard: string | undefined, date: string): boolean =>
  discard !== undefined && date > discard;

/** Controlled drugs kept by two people's counts: the plan's controlled class, and phenobarbital's names. */
const PHENOBARBITAL =
  /(?<![\p{L}\p{N}])(?:phenobarbit(?:al|one)|epiphen|phenoleptil|soliphen)(?![\p{L}\p{N}])/iu;

/** Is a plan's item a controlled drug (UK schedules 2–4, US II–IV): the plan's class, or phenobarbital. */
export function isControlled(item: Pick<PlanItem, "highAlert" | "what">): boolean {
  if (item.highAlert?.class === "controlled") return true;
  return PHENOBARBITAL.test(item.what.text);
}

/**
 * When a controlled medicine's next count is due: `every` days after its last count (or its counting
 * in); `overdue` from that day on, by `days` (0 on the day itself).
 */
export function countDue(
  lastCounted: string,
  every: number,
  today: string,
): { due: string; overdue: boolean; days: number } {
  const due = addDays(lastCounted, every);
  return { due, overdue: today >= due, days: Math.max(0, daysBetween(due, today)) };
}

/** A handover's count missed: the handover's day and time (the kennel's zone). */
export interface HandoverCount {
  due: string;
  at: string;
  overdue: true;
  days: number;
}

/**
 * The kennel's handover counts (MEDICINE_COUNT_AT, times of day): a controlled medicine held is
 * counted by two people at each handover. The last handover passed (today's, else yesterday's)
 * with no count (or counting in) since is overdue, and says which; undefined when the kennel sets
 * no handovers or the medicine was counted since the last one.
 */
export function handoverCountDue(
  lastCountedAt: string,
  handovers: readonly string[],
  now: Date,
  timeZone: string,
): HandoverCount | undefined {
  if (handovers.length === 0) return undefined;
  const today = localDate(now, timeZone);
  const passed = [addDays(today, -1), today]
    .flatMap((day) => handovers.map((at) => ({ day, at, instant: zonedInstant(day, at, timeZone) })))
    .filter((h) => h.instant.getTime() <= now.getTime())
    .sort((a, b) => a.instant.getTime() - b.instant.getTime())
    .at(-1);
  if (!passed || Date.parse(lastCountedAt) >= passed.instant.getTime()) return undefined;
  return { due: passed.day, at: passed.at, overdue: true, days: Math.max(0, daysBetween(passed.day, today)) };
}

/** A plan's medicine as staff name it: the drug the words name ("Caninsulin"), else the instruction's first words. */
export const medicineLabel = (item: Pick<PlanItem, "what">): string =>
  item.what.name ?? drugName(item.what.text);

/** What counting a plan's medicine in starts from: the plan's name, strength and unit, the usual days once opened. */
export interface CountInStart {
  label: string;
  strength?: string | undefined;
  unit?: CountUnit | undefined;
  discardDays?: number | undefined;
  controlled: boolean;
  /** A second, different person counts it in (high-alert or controlled). */
  secondPerson: boolean;
  storage?: "fridge" | "room" | undefined;
  /** The plan's words, shown above the fields. */
  words: string;
}

export function countInStart(item: PlanItem): CountInStart {
  const label = medicineLabel(item);
  const unit = readAmount(item.what.amount)?.unit;
  const insulin = item.highAlert?.class === "insulin";
  const controlled = isControlled(item);
  return {
    label,
    ...(item.what.strength ? { strength: item.what.strength } : {}),
    ...(unit ? { unit } : {}),
    discardDays: defaultDiscardDays(label, unit ?? "tablet", insulin),
    controlled,
    secondPerson: controlled || item.highAlert !== undefined,
    storage: insulin ? "fridge" : "room",
    words: item.what.text,
  };
}

/**
 * Who may close a count's discrepancy: one of the kennel's managers (MEDICINE_MANAGERS, by Slack id);
 * with none set, anyone but the person who counted it.
 */
export function closeProblem(
  managers: readonly string[],
  count: Pick<MedicineCount, "by">,
  by: Counter,
): "not_a_manager" | "own_count" | undefined {
  if (managers.length > 0) return managers.includes(by.userId ?? "") ? undefined : "not_a_manager";
  return by.userId !== undefined && by.userId === count.by.userId ? "own_count" : undefined;
}

/** The count kept for a hand-back that differed from the balance: its last count, of what was handed back. */
export const isHandBackCount = (
  m: Pick<MedicineCustody, "handedBack" | "counts">,
  c: Pick<MedicineCount, "id" | "counted" | "at">,
): boolean =>
  m.handedBack !== undefined &&
  m.counts.at(-1)?.id === c.id &&
  c.counted === m.handedBack.quantity &&
  c.at <= m.handedBack.at;
