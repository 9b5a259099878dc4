/**
 * A pet's round from its care plan (issue 34): what each item of the plan asks of this round, what
 * is due (to record, and counted if missed), and whether one tap may sign the round off. The sheet
 * still shows every instruction whole (src/domain/rounds.ts: never hide a dose); the plan decides
 * what is due. Pure.
 *
 * - Confirmed: due are the items due or conditional this round (a conditional one shows its
 *   condition and is never in one tap); as-needed items are never due ("give if needed"); one tap
 *   only when every due item is routine and unconditional, no drug twice (`oneTap`).
 * - Not confirmed yet (a draft, or a high-alert plan awaiting its second person): due where the
 *   reader was certain, and where an item it left to a person ("check: …") is printed
 *   at this round by the sheet's own reading of the words (issue 44: every dose a sheet prints can be
 *   signed there and is chased); each such dose is due "from the words, plan not confirmed"
 *   (`unconfirmed`; a meal is fed as the diet's words say either way, never marked); no one tap.
 * - As needed, confirmed or not: printed "give if needed", recorded from the sheet's form with why it
 *   was given (`ifNeeded`), never due.
 * - Not confirmed, a line the sheet prints not due by its days' words ("every other day: was it given
 *   yesterday?", "not today: its words say …") or printed whole where its words name another round
 *   ("its words name the morning ("AM")": `other_round`), left to a person or not due by the draft
 *   either: recorded from the sheet's form if it is given (`byDays`), never due, counted nor chased.
 * - Confirmed, a medication whose dose the sheet prints at this round (due by its own rule, not due by
 *   its days' words, or its words naming another round: `printsDose`) that the plan says is not due here (not one of its days, not this round, course
 *   finished…): recorded from the sheet's form if it is given (`byDays`, `plan_not_due`, with the
 *   plan's why), never due, counted nor chased: a dose a sheet prints can always be recorded there.
 * - Changed in the kennel system: the plan drafted again from the new words (`redraft`), read as a
 *   draft: no one tap until someone confirms it again.
 */

import { planNotDueWords } from "../../words/plan.ts";
import type { Round } from "../care.ts";
import { byDaysItems, printsDose } from "../printed-not-due.ts";
import {
  type ByDaysItem,
  type DueItem,
  dueItems,
  type IfNeededItem,
  isMedicationItem,
  sheetItem,
} from "../record.ts";
import { printedOnRound, type RoundSheet } from "../rounds.ts";
import {
  type ItemOnRound,
  itemOnRound,
  type NoOneTap,
  type NotDueWhy,
  oneTap,
  type StayTimes,
} from "./schedule.ts";
import { planState } from "./state.ts";
import type { Plan, PlanItem, PlanState } from "./types.ts";

export interface PlanRound {
  state: PlanState;
  /** Every item of the plan, with what it asks of this round, in the plan's order. */
  items: Array<{ item: PlanItem; on: ItemOnRound }>;
  /** What is due this round, as the sheet shows each item (the taper's amount, the condition added). */
  due: DueItem[];
  /** What the sheet prints to give if needed this round: recorded from its form, never due. */
  ifNeeded: IfNeededItem[];
  /**
   * What the sheet prints that is not due, recorded if given: not confirmed, the lines not due by their
   * days' words left to a person; confirmed, the doses it prints that the plan says are not due here.
   */
  byDays: ByDaysItem[];
  oneTap: { offered: true } | { offered: false; why: NoOneTap };
}

/**
 * The instruction, then what the plan adds ("today: 0.75 ml · only if: …"), each whole: what is due
 * and how much is never shortened (issue 47).
 */
function withMore(text: string, more: string[]): string {
  return more.length === 0 ? text : `${text} · ${more.join(" · ")}`;
}

const saysAlready = (text: string, condition: string) =>
  text.toLowerCase().includes(condition.trim().toLowerCase());

/** The item as the sheet shows it: its label and text, else the plan's words. */
const shownItem = (sheet: RoundSheet, item: PlanItem): DueItem =>
  sheetItem(sheet, item.key) ?? {
    item: item.key,
    label: item.key === "meal" ? "meal" : (item.what.name ?? item.key),
    text: item.what.text,
  };

/**
 * The due item of a plan's item on the sheet: the sheet's own text, with today's amount and the
 * condition; `printed`: the sheet's own rule puts it on this round (an item left to a person is due
 * there, from the words); `unconfirmed`: the plan is not confirmed, so it is due from the words.
 */
function dueOf(
  sheet: RoundSheet,
  r: { item: PlanItem; on: ItemOnRound },
  printed: boolean,
  unconfirmed: boolean,
): DueItem | undefined {
  if (!printedOnRound(r.on, printed)) return undefined;
  // Nil by mouth now: the meal is never due, whatever the plan (src/domain/record.ts dueItems).
  if (r.item.key === "meal" && sheet.fastingNow === true) return undefined;
  const base = shownItem(sheet, r.item);
  const marks = {
    ...(r.item.highAlert ? { highAlert: true } : {}),
    ...(r.item.window ? { window: r.item.window } : {}),
    // A dose from the words (a meal is fed as the diet's words say, confirmed or not: never marked).
    ...(unconfirmed && isMedicationItem(r.item.key) ? { unconfirmed: true } : {}),
  };
  if (r.on.status !== "due" && r.on.status !== "conditional") return { ...base, ...marks };
  const more = [
    r.on.step !== undefined && r.on.amount ? `today: ${r.on.amount}` : "",
    // Its condition, unless the instruction's own words say it already ("ONLY if she has eaten").
    r.on.status === "conditional" && !saysAlready(base.text, r.on.condition)
      ? `only if: ${r.on.condition}`
      : "",
  ].filter(Boolean);
  return more.length ? { ...base, ...marks, text: withMore(base.text, more) } : { ...base, ...marks };
}

/** A medication printed "give if needed" this round, with its reason and limits (as the words give them). */
function ifNeededOf(
  sheet: RoundSheet,
  r: { item: PlanItem; on: ItemOnRound },
  unconfirmed: boolean,
): IfNeededItem | undefined {
  if (r.on.status !== "as_needed" || r.item.key === "meal") return undefined;
  const { status: _, ...limits } = r.on;
  return {
    ...shownItem(sheet, r.item),
    ...(r.item.highAlert ? { highAlert: true } : {}),
    ...(unconfirmed ? { unconfirmed: true } : {}),
    ...limits,
  };
}

/**
 * Why a dose its plan (confirmed or not) says is not due here is not offered to record if given,
 * though printed: the pet is not in at the round (before its arrival, gone home), or the dose is
 * withheld for a procedure (`fasting`: nil by mouth; "record it only if given" would invite giving it),
 * or it is the same dose as another slot's (`written_twice`: recorded there, never twice).
 */
const NOT_OFFERED: ReadonlySet<NotDueWhy> = new Set([
  "before_arrival",
  "arrives_after_round",
  "after_departure",
  "fasting",
  "written_twice",
]);

/**
 * The plan confirmed: each medication whose dose the sheet prints at this round (`printsDose`: due by
 * its own rule, not due by its days' words, or its words naming other rounds) that the plan says is not
 * due here, with why (`plan_not_due`): recorded if given, once. A high-alert drug's is witnessed when
 * it is recorded, as its due dose is.
 */
function planNotDueOf(
  sheet: RoundSheet,
  round: Round,
  items: ReadonlyArray<{ item: PlanItem; on: ItemOnRound }>,
  due: readonly DueItem[],
): ByDaysItem[] {
  const printed = new Set(
    sheet.medications.filter((rm) => printsDose(rm, round)).map((rm) => `med:${rm.medication.n}`),
  );
  // Each item once: one due is never offered again, nor one listed already (Slack refuses a form
  // with two blocks of one id).
  const offered = new Set<string>(due.map((d) => d.item));
  return items.flatMap(({ item, on }) => {
    if (on.status !== "not_due" || NOT_OFFERED.has(on.why) || !isMedicationItem(item.key)) return [];
    if (!printed.has(item.key) || offered.has(item.key)) return [];
    offered.add(item.key);
    const words = planNotDueWords(on);
    const alert = item.highAlert ? { highAlert: true } : {};
    return [{ ...shownItem(sheet, item), ...alert, days: "plan_not_due" as const, words }];
  });
}

/**
 * What the sheet prints not due that its form records if given: the plan confirmed, the doses it
 * says are not due here (`planNotDueOf`); not confirmed, each line the sheet prints not due by its
 * days' words or whole where its words name another round (src/domain/printed-not-due.ts) that the
 * plan does not make due: left to a person ("check: …"), or not due by the draft's reading too, unless
 * withheld or the pet not in (`NOT_OFFERED`). A high-alert drug's is witnessed, as in `planNotDueOf`.
 */
function byDaysOf(
  sheet: RoundSheet,
  round: Round,
  items: ReadonlyArray<{ item: PlanItem; on: ItemOnRound }>,
  due: readonly DueItem[],
  unconfirmed: boolean,
): ByDaysItem[] {
  if (!unconfirmed) return planNotDueOf(sheet, round, items, due);
  const dueKeys = new Set(due.map((d) => d.item));
  const on = new Map(items.map((r) => [r.item.key, r.on]));
  const offered = (o: ItemOnRound | undefined) =>
    !o || o.status === "check" || (o.status === "not_due" && !NOT_OFFERED.has(o.why));
  const alert = new Set(items.filter((r) => r.item.highAlert).map((r) => r.item.key));
  return byDaysItems(sheet, round)
    .filter((d) => !dueKeys.has(d.item) && offered(on.get(d.item)))
    .map((d) => (alert.has(d.item) ? { ...d, highAlert: true } : d));
}

/**
 * A dose left to a person of a round before the pet's arrival, after its window: the owner is asked
 * only where the sheet's own reading of the words puts it on this round (printed); elsewhere the pet
 * is not yet arrived, as before.
 */
const askOwnerHere = (on: ItemOnRound, printed: boolean): ItemOnRound =>
  on.status === "not_due" && on.why === "arrives_after_round" && on.check && !printed
    ? { status: "not_due", why: "before_arrival" }
    : on;

export function planRound(
  plan: Plan,
  sheet: RoundSheet,
  date: string,
  round: Round,
  stay: StayTimes,
): PlanRound {
  const state = planState(plan);
  const unconfirmed = state !== "confirmed";
  const printed = new Set(dueItems(sheet).map((d) => d.item));
  const items = plan.items.map((item) => ({
    item,
    on: askOwnerHere(itemOnRound(item, date, round, stay), printed.has(item.key)),
  }));
  const due = items
    .map((r) => dueOf(sheet, r, printed.has(r.item.key), unconfirmed))
    .filter((d): d is DueItem => d !== undefined);
  const ifNeeded = items
    .map((r) => ifNeededOf(sheet, r, unconfirmed))
    .filter((d): d is IfNeededItem => d !== undefined);
  const byDays = byDaysOf(sheet, round, items, due, unconfirmed);
  return { state, items, due, ifNeeded, byDays, oneTap: oneTap(state, items) };
}
