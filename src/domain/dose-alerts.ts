/**
 * The replies dose times make (issue 35), as rules with no Slack and no I/O: a high-alert dose's
 * nudge 15 minutes before its window opens, and each transition of doses not recorded to late and
 * to missed. Doses whose transition falls at the same instant share one reply. What is true at an
 * instant is said then, and only while it is still true: a late reply while the dose is late (a
 * start after its window closed says "missed" only), a nudge until the dose is late, a missed
 * reply on the day its window closed. A dose recorded by then is in none.
 *
 * The instants a job wakes at come from the settings (each round's normal and high-alert windows)
 * and from the doses read (a care plan's own window adds its instants).
 */
import { codeOrder } from "../words/order.ts";
import type { Round } from "./care.ts";
import {
  type DoseSettings,
  type DoseState,
  type DoseWindow,
  doseWindow,
  openState,
  type WindowOf,
} from "./doses.ts";
import type { DueItem } from "./record.ts";
import type { RoundTimes } from "./rounds.ts";

/** A high-alert dose's nudge, a transition to late, a transition to missed. */
export type AlertKind = "nudge" | "late" | "missed";

/** How long before a high-alert dose's window opens its nudge is posted. */
const NUDGE_BEFORE_MINUTES = 15;

/** What an alert needs of a dose (src/answers/doses.ts RoundDose has it all). */
export interface AlertDose {
  bookingId: number;
  petId: number;
  petName: string;
  room: string | undefined;
  due: DueItem;
  window: DoseWindow;
  state: DoseState;
}

export interface DoseAlert {
  kind: AlertKind;
  date: string;
  round: Round;
  /** The instant of the transition (ISO 8601 UTC): late at 08:45:01, missed at 10:00:01, a nudge at 06:15. */
  at: string;
  /** The doses it names, in the round's order. */
  doses: AlertDose[];
}

const SECOND = 1000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The instant a window makes an alert of this kind: the nudge 15 minutes before it opens; late and
 * missed just after their instants (as src/domain/doses.ts nextChange has them).
 */
export function alertInstant(kind: AlertKind, w: DoseWindow): string {
  if (kind === "nudge") return iso(Date.parse(w.opensAt) - NUDGE_BEFORE_MINUTES * 60_000);
  if (kind === "late") return iso(Date.parse(w.lateAt) + SECOND);
  return iso(Date.parse(w.closesAt) + SECOND);
}

/** The kinds of alert a dose may make: the nudge only for a high-alert drug. */
const kindsOf = (item: WindowOf): AlertKind[] =>
  item.highAlert ? ["nudge", "late", "missed"] : ["late", "missed"];

/** Is an alert of this kind about this dose true at `now` (ISO)? Only while it is not recorded. */
function trueAt(kind: AlertKind, d: AlertDose, now: string): boolean {
  // Recorded, or not due in the end (the pet went home, or came after the window): nothing to say.
  if (d.state.state === "recorded" || d.state.state === "not_due") return false;
  const t = Date.parse(now);
  if (t < Date.parse(alertInstant(kind, d.window))) return false;
  const state = openState(d.window, now);
  if (kind === "nudge") return state === "upcoming" || state === "due";
  return state === kind;
}

/**
 * The alerts of a round true at `now`: for each kind, its doses grouped by their instant, earliest
 * first. `today` (the kennel's date now) and `timeZone`: a missed reply is said on the day its
 * window closed (a start the next morning does not post yesterday's).
 */
export function alertsAt(
  date: string,
  round: Round,
  doses: readonly AlertDose[],
  now: string,
  o: { today: string; localDate: (iso: string) => string },
): DoseAlert[] {
  const groups = new Map<string, DoseAlert>();
  for (const d of doses) {
    for (const kind of kindsOf(d.due)) {
      if (!trueAt(kind, d, now)) continue;
      const at = alertInstant(kind, d.window);
      if (kind === "missed" && o.localDate(at) !== o.today) continue;
      const key = `${kind}|${at}`;
      const group = groups.get(key) ?? { kind, date, round, at, doses: [] };
      group.doses.push(d);
      groups.set(key, group);
    }
  }
  return [...groups.values()].sort((a, b) => codeOrder(a.at, b.at) || codeOrder(a.kind, b.kind));
}

/** Does an alert name a high-alert drug (a late one also mentions ROUND_ESCALATE_MENTION)? */
export const namesHighAlert = (a: Pick<DoseAlert, "doses">): boolean => a.doses.some((d) => d.due.highAlert);

export interface AlertInstant {
  kind: AlertKind;
  date: string;
  round: Round;
  at: string;
}

/**
 * The instants a round's alerts may fall at by the settings alone: a normal window's late and
 * missed, a high-alert window's nudge, late and missed. A care plan's own window adds its own
 * (`doseInstants`).
 */
export function settingsInstants(
  date: string,
  round: Round,
  times: RoundTimes,
  timeZone: string,
  s: DoseSettings,
): AlertInstant[] {
  const out: AlertInstant[] = [];
  for (const item of [{}, { highAlert: true }] as WindowOf[]) {
    const w = doseWindow(item, date, round, times, timeZone, s);
    for (const kind of kindsOf(item)) out.push({ kind, date, round, at: alertInstant(kind, w) });
  }
  return out;
}

/** The instants the doses read may make alerts at (their own windows included). */
export function doseInstants(
  date: string,
  round: Round,
  doses: ReadonlyArray<Pick<AlertDose, "due" | "window">>,
): AlertInstant[] {
  const seen = new Set<string>();
  const out: AlertInstant[] = [];
  for (const d of doses) {
    for (const kind of kindsOf(d.due)) {
      const at = alertInstant(kind, d.window);
      if (seen.has(`${kind}|${at}`)) continue;
      seen.add(`${kind}|${at}`);
      out.push({ kind, date, round, at });
    }
  }
  return out;
}
