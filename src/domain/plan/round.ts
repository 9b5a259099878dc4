/**
 * A pet's round from its care plan (issue 34): what each item of the plan asks of this round, what
 * is due (to record, and counted if missed), and whether one tap may sign the round off. The sheet
 * still shows every instruction whole (src/domain/rounds.ts: never hide a dose); the plan decides
 * what is due. Pure.
 *
 * - Confirmed: due are the items due or conditional this round (a conditional one shows its
 *   condition and is never in one tap); as-needed items are never due ("give if needed"); one tap
 *   only when every due item is routine and unconditional, no drug twice (`oneTap`).
 * - Not confirmed yet (a draft, or a high-alert plan awaiting its second person): due only where the
 *   reader was certain; an item it left to a person is to check ("check: …"), never counted as
 *   missed; no one tap.
 * - Changed in the kennel system: the plan drafted again from the new words (`redraft`), read as a
 *   draft: no one tap until someone confirms it again.
 */
import type { Round } from "../care.ts";
import { type DueItem, sheetItem } from "../record.ts";
import type { RoundSheet } from "../rounds.ts";
import { shorten } from "../text.ts";
import { type ItemOnRound, itemOnRound, type NoOneTap, oneTap, type StayTimes } from "./schedule.ts";
import { planState } from "./state.ts";
import type { Plan, PlanItem, PlanState } from "./types.ts";

export interface PlanRound {
  state: PlanState;
  /** Every item of the plan, with what it asks of this round, in the plan's order. */
  items: Array<{ item: PlanItem; on: ItemOnRound }>;
  /** What is due this round, as the sheet shows each item (the taper's amount, the condition added). */
  due: DueItem[];
  oneTap: { offered: true } | { offered: false; why: NoOneTap };
}

/** Longest item text kept with an entry (as src/domain/record.ts). */
const TEXT_MAX = 200;
/** Most of it the plan's words after the instruction may take (today's amount, the condition). */
const MORE_MAX = 130;

/**
 * The instruction, then what the plan adds ("today: 0.75 ml · only if: …"), within TEXT_MAX: the
 * instruction is the one shortened (the sheet shows it whole), never what says whether and how much.
 */
function withMore(text: string, more: string[]): string {
  if (more.length === 0) return text;
  const tail = shorten(more.join(" · "), MORE_MAX);
  return `${shorten(text, TEXT_MAX - Array.from(tail).length - 3)} · ${tail}`;
}

/** The due item of a plan's item on the sheet: the sheet's own text, with today's amount and the condition. */
function dueOf(sheet: RoundSheet, r: { item: PlanItem; on: ItemOnRound }): DueItem | undefined {
  if (r.on.status !== "due" && r.on.status !== "conditional") return undefined;
  const base = sheetItem(sheet, r.item.key) ?? {
    item: r.item.key,
    label: r.item.key === "meal" ? "meal" : (r.item.what.name ?? r.item.key),
    text: r.item.what.text,
  };
  const marks = {
    ...(r.item.highAlert ? { highAlert: true } : {}),
    ...(r.item.window ? { window: r.item.window } : {}),
  };
  const more = [
    r.on.step !== undefined && r.on.amount ? `today: ${r.on.amount}` : "",
    r.on.status === "conditional" ? `only if: ${r.on.condition}` : "",
  ].filter(Boolean);
  return more.length ? { ...base, ...marks, text: withMore(base.text, more) } : { ...base, ...marks };
}

export function planRound(
  plan: Plan,
  sheet: RoundSheet,
  date: string,
  round: Round,
  stay: StayTimes,
): PlanRound {
  const state = planState(plan);
  const items = plan.items.map((item) => ({ item, on: itemOnRound(item, date, round, stay) }));
  const due = items.map((r) => dueOf(sheet, r)).filter((d): d is DueItem => d !== undefined);
  return { state, items, due, oneTap: oneTap(state, items) };
}
