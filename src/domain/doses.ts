/**
 * Dose times like a medication record (issue 35): each item due at a round has a window, from the
 * round's time minus DOSE_WINDOW_BEFORE to plus DOSE_WINDOW_AFTER (a high-alert drug: plus
 * DOSE_WINDOW_AFTER_HIGH_ALERT; any item's plan may set its own minutes), and a state at any
 * instant:
 *
 *   upcoming → due (the window opened) → late (after the round's time + DOSE_LATE_AFTER) →
 *   missed (the window closed with nothing recorded)
 *
 * and, once recorded: given (on time, late, or after its window), refused, not given. An entry
 * recorded after its window closed is a late entry: it keeps when the dose was given and when it
 * was recorded, both shown, never back-dated. Pure: the round times, the zone and the settings are
 * passed in; instants are ISO 8601 UTC strings; windows are whole minutes of real time from the
 * round's local wall-clock time (a clock change moves no dose and skips none).
 */
import type { Entry, ItemKey, Outcome } from "../record/types.ts";
import { zonedInstant } from "../time.ts";
import type { Round } from "./care.ts";
import type { RoundTimes } from "./rounds.ts";

/** DOSE_WINDOW_BEFORE, DOSE_WINDOW_AFTER, DOSE_WINDOW_AFTER_HIGH_ALERT, DOSE_LATE_AFTER (minutes). */
export interface DoseSettings {
  beforeMinutes: number;
  afterMinutes: number;
  highAlertAfterMinutes: number;
  lateAfterMinutes: number;
}

export const DEFAULT_DOSE_SETTINGS: DoseSettings = {
  beforeMinutes: 60,
  afterMinutes: 120,
  highAlertAfterMinutes: 30,
  lateAfterMinutes: 45,
};

/** What of an item sets its window: high-alert, and the plan's own minutes when a person set them. */
export interface WindowOf {
  highAlert?: boolean | undefined;
  window?: { beforeMinutes?: number | undefined; afterMinutes?: number | undefined } | undefined;
}

export interface DoseWindow {
  /** When the dose may first be given (the round's time minus the minutes before). */
  opensAt: string;
  /** The round's time. */
  dueAt: string;
  /** From then on it is late. */
  lateAt: string;
  /** After then, with nothing recorded, it is missed. */
  closesAt: string;
}

const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * An item's window at a round. Late comes DOSE_LATE_AFTER after the round's time or, when the
 * window closes sooner than that, half-way to its close (a high-alert drug's 30 minutes: late at
 * 15), so a dose is always late before it is missed.
 */
export function doseWindow(
  item: WindowOf,
  date: string,
  round: Round,
  roundTimes: RoundTimes,
  timeZone: string,
  s: DoseSettings,
): DoseWindow {
  const due = zonedInstant(date, roundTimes[round], timeZone).getTime();
  const before = item.window?.beforeMinutes ?? s.beforeMinutes;
  const after = item.window?.afterMinutes ?? (item.highAlert ? s.highAlertAfterMinutes : s.afterMinutes);
  const late = s.lateAfterMinutes < after ? s.lateAfterMinutes : after / 2;
  return {
    opensAt: iso(due - before * MIN),
    dueAt: iso(due),
    lateAt: iso(due + late * MIN),
    closesAt: iso(due + after * MIN),
  };
}

/** An open window's states, in order: what the sheet, Home and the replies say of a dose not recorded. */
export type OpenState = "upcoming" | "due" | "late" | "missed";

/**
 * When given: before its window opened (early), on time (by late), late (in its window), or after
 * its window closed. A dose given before the window opened is never "on time".
 */
export type Timeliness = "early" | "on_time" | "late" | "after_window";

/**
 * Why a dose the round asked was not due in the end (issue 45): the pet went home before its window
 * closed, or arrived after it closed, with nothing recorded ("not due: gone home 08:30"); or a dose
 * owed once a day from its words (src/domain/day-dose.ts) was settled by an entry at another round
 * or of the same drug in another slot, or is chased at a later round of the day.
 */
export type NotDueWhy = "gone_home" | "arrives_later" | "settled" | "later_round";

/** The entry that settled a dose owed once a day: its round, what it says, who recorded it. */
export interface SettledBy {
  round: Round;
  outcome: Outcome;
  who: string;
  /** Not given, with no time of its own: `at` is when it was recorded. */
  untimed?: true | undefined;
  /** Another slot's entry, the same drug (the plan's question not answered): that slot. */
  item?: ItemKey | undefined;
  /** Recorded at the dose's own round (another slot's entry). */
  here?: true | undefined;
}

/** A dose the round asked, not due in the end (below). */
export type NotDueState = Extract<DoseState, { state: "not_due" }>;

export type DoseState =
  | { state: OpenState }
  /**
   * Asked by the round, then not due: the pet went home (or came) at `at` with nothing recorded; or
   * settled at `at` by another entry of the day (`by`); or chased at a later round (`laterRound`, due `at`).
   */
  | {
      state: "not_due";
      why: NotDueWhy;
      at: string;
      by?: SettledBy | undefined;
      laterRound?: Round | undefined;
    }
  | {
      state: "recorded";
      outcome: Outcome;
      /** Given: when, against the window. */
      timeliness?: Timeliness | undefined;
      /**
       * Recorded after the window closed, with a time of its own: "late entry: given 08:05, recorded
       * 11:00". A dose not given with none (`untimed`) is never one: it was not given late, only said.
       */
      lateEntry: boolean;
      /** The entry's time of its own, else when it was recorded (`untimed`). */
      givenAt: string;
      recordedAt: string;
      /** A dose not given with no time of its own: `givenAt` is only when it was recorded (keepsNoTime). */
      untimed?: true | undefined;
    };

/**
 * An entry that keeps no time of its own: a dose not given, with no time the person or the paper
 * said (a dose given or refused happened at a time; one not given did not). Its one time is when it
 * was recorded, and every surface says so ("not given (recorded 13:01 by Jane)"), never as when it
 * happened, and never as a late entry. What a form asks a time for is the other outcomes.
 */
export const keepsNoTime = (e: Pick<Entry, "outcome" | "givenAt">): boolean =>
  e.outcome === "not_given" && e.givenAt === undefined;

/** A dose's state at `now` (ISO), with its current entry when there is one. */
export function doseState(
  w: DoseWindow,
  now: string,
  entry?: Pick<Entry, "outcome" | "givenAt" | "recordedAt">,
): DoseState {
  if (entry) {
    const givenAt = entry.givenAt ?? entry.recordedAt;
    const timeliness: Timeliness | undefined =
      entry.outcome !== "given"
        ? undefined
        : Date.parse(givenAt) < Date.parse(w.opensAt)
          ? "early"
          : givenAt <= w.lateAt
            ? "on_time"
            : givenAt <= w.closesAt
              ? "late"
              : "after_window";
    const untimed = keepsNoTime(entry);
    return {
      state: "recorded",
      outcome: entry.outcome,
      ...(timeliness ? { timeliness } : {}),
      lateEntry: !untimed && entry.recordedAt > w.closesAt,
      givenAt,
      recordedAt: entry.recordedAt,
      ...(untimed ? { untimed: true as const } : {}),
    };
  }
  return { state: openState(w, now) };
}

/** A dose with nothing recorded, at `now`: upcoming, due, late or missed. */
export function openState(w: DoseWindow, now: string): OpenState {
  const t = Date.parse(now);
  if (t < Date.parse(w.opensAt)) return "upcoming";
  if (t <= Date.parse(w.lateAt)) return "due";
  if (t <= Date.parse(w.closesAt)) return "late";
  return "missed";
}

/**
 * The next instant after `now` at which an open window changes state (opens, turns late, closes),
 * for a job that wakes only when something changes; undefined when none is left.
 */
export function nextChange(w: DoseWindow, now: string): string | undefined {
  const t = Date.parse(now);
  // Late and missed begin just after their instants (late at 08:45:01 for a 08:45 late-at).
  return [w.opensAt, iso(Date.parse(w.lateAt) + 1000), iso(Date.parse(w.closesAt) + 1000)].find(
    (x) => Date.parse(x) > t,
  );
}

/**
 * When a dose may be said to have been given, asked when it is recorded after its window (default
 * now): not in the future, not before the pet arrived, not after it went home (its stay's
 * check-out), not before the window opened by more than the window's own length. Undefined when it
 * may; else why not, in words.
 */
export function givenAtProblem(
  givenAt: string,
  o: { now: string; arrival?: string | undefined; departure?: string | undefined; window: DoseWindow },
): "future" | "before_arrival" | "after_departure" | "too_early" | undefined {
  const t = Date.parse(givenAt);
  if (t > Date.parse(o.now) + MIN) return "future";
  if (o.arrival !== undefined && t < Date.parse(o.arrival)) return "before_arrival";
  if (o.departure !== undefined && t > Date.parse(o.departure)) return "after_departure";
  const length = Date.parse(o.window.closesAt) - Date.parse(o.window.opensAt);
  if (t < Date.parse(o.window.opensAt) - length) return "too_early";
  return undefined;
}
