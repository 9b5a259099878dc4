/**
 * Dose times in words (issue 35), the same on every surface: plain text from the domain's data
 * (Block Kit escapes it, the terminal prints it): why a dose was not given, a late entry ("late
 * entry: given 08:05, recorded 11:00"), a high-alert dose's witness ("witnessed by Tom 07:44",
 * "💉 unwitnessed"), the figure a manager reads ("given on time: 46 of 48 due") and the as-needed
 * doses. Kept by theme, so each part's words stay together. Times are in the kennel's zone.
 */

import { chartCode } from "../domain/chart.ts";
import type { DoseState, OpenState, Timeliness } from "../domain/doses.ts";
import { giverOf } from "../domain/giver.ts";
import type { PrnDose, PrnProblem } from "../domain/prn.ts";
import type { PrnEffect } from "../domain/prn-effects.ts";
import type { WitnessState } from "../domain/witness.ts";
import type { NotGivenReason, Outcome } from "../record/types.ts";
import { localDate } from "../time.ts";
import { timeOf, timeOnDay } from "./dates.ts";
import { prnGivenParts } from "./giver.ts";
import { notDueIcon, notDueWords } from "./not-due.ts";
import { markedWords } from "./paper.ts";
import { prnCheckedWords } from "./prn-checked.ts";
import { outcomeWords } from "./record.ts";
import { FROM_THE_WORDS, PLAN_NOT_CONFIRMED } from "./unconfirmed.ts";

// --- reasons a dose was not given ---------------------------------------------------------------

const REASON_WORDS: Record<NotGivenReason, string> = {
  refused: "refused",
  vomited: "vomited within 30 min",
  vet_withheld: "withheld on the vet's advice",
  not_in_kennel: "not in the kennel",
  none_left: "none left",
  asleep: "asleep as instructed",
  other: "other",
};

/** "vomited within 30 min": a reason from the list, as staff say it. */
export function reasonWords(code: NotGivenReason): string {
  return REASON_WORDS[code] ?? String(code);
}

// --- late entries -------------------------------------------------------------------------------

/** "08:05", or "Tue 24 Nov 21:15" when the two instants fall on different days. */
const timeBeside = (iso: string, other: string, timezone: string): string =>
  timeOnDay(iso, timezone, localDate(other, timezone));

/**
 * "late entry: given 08:05, recorded 11:00" (a refusal: "late entry: refused 08:05, recorded
 * 11:00"); each time with its day when the two fall on different days. Entered from the chart on
 * paper: "from the paper chart: given 08:05 by JD, entered 14:00" (a line then names who entered it
 * "… entered 14:00 by Sam", never "· Sam", which reads as the giver: ENTERED_BY); a dose not given by
 * its letter, never "given": "from the paper chart: marked V 07:45 by JD, entered 13:03", "marked R
 * (refused) …". A dose no round asked (`notAsked`: recorded only if given) is never late: "given
 * 12:10, recorded 16:30".
 */
export function lateEntryWords(
  e: {
    outcome: Outcome;
    reasonCode?: NotGivenReason | undefined;
    givenAt?: string | undefined;
    recordedAt: string;
    paper?: { by: string } | undefined;
  },
  timezone: string,
  notAsked = false,
): string {
  const recorded = e.givenAt ? timeBeside(e.recordedAt, e.givenAt, timezone) : timeOf(e.recordedAt, timezone);
  if (!e.givenAt) return `late entry: recorded ${recorded}`;
  // Entered from the chart on paper (issue 50): who gave it as the paper says, when, and when entered.
  if (e.paper) {
    const code = chartCode(e);
    return `from the paper chart: ${code ? markedWords(code) : outcomeWords(e.outcome)} ${timeBeside(e.givenAt, e.recordedAt, timezone)} by ${e.paper.by}, entered ${recorded}`;
  }
  return `${notAsked ? "" : "late entry: "}${outcomeWords(e.outcome)} ${timeBeside(e.givenAt, e.recordedAt, timezone)}, recorded ${recorded}`;
}

/**
 * What joins an entry's time to who recorded it: " · Jane"; for one entered from the paper chart,
 * whose words end "entered 14:00", " by " (" · Sam" after the paper's giver reads as the giver).
 */
export const whoJoin = (e: { paper?: unknown }) => (e.paper ? " by " : " · ");

// --- the witness of a high-alert dose -----------------------------------------------------------

/** "witnessed by Tom 07:44" */
export const witnessedWords = (name: string, at: string, timezone: string, day?: string) =>
  `witnessed by ${name} ${day ? timeOnDay(at, timezone, day) : timeOf(at, timezone)}`;

/** "awaiting a witness until 07:59" */
export const awaitingWitnessWords = (until: string, timezone: string) =>
  `awaiting a witness until ${timeOf(until, timezone)}`;

export const UNWITNESSED = "unwitnessed";

/** A dose entered from the paper chart witnessed there: "witnessed by TB 07:40 on the paper chart". */
export const ON_PAPER = " on the paper chart";

/** A high-alert dose given with no witness: "unwitnessed", or, entered from the paper chart, "no witness on the paper". */
export const unwitnessedWords = (w: { onPaper?: true | undefined }) =>
  w.onPaper ? "no witness on the paper" : UNWITNESSED;

/**
 * High-alert doses given with no witness (`unwitnessed`, as the audit and the stay count them, those
 * of the paper among them), said apart by why: none in time ("2 unwitnessed"), and entered from the
 * paper chart with none named on it (`noPaperWitness`: "1 no witness on the paper"); "" when none.
 */
export function unwitnessedCountWords(n: { unwitnessed: number; noPaperWitness: number }): string {
  const lone = n.unwitnessed - n.noPaperWitness;
  return [
    lone ? `${lone} ${UNWITNESSED}` : "",
    n.noPaperWitness ? `${n.noPaperWitness} ${unwitnessedWords({ onPaper: true })}` : "",
  ]
    .filter(Boolean)
    .join(" · ");
}

// --- figures ------------------------------------------------------------------------------------

/**
 * "given on time: 46 of 48 due", and of those due, how many were due from the words, their plan not
 * confirmed (issue 44): "given on time: 46 of 48 due (3 of them from the words, plan not confirmed)".
 */
export const onTimeWords = (f: { onTime: number; due: number; fromWords?: number | undefined }) =>
  `given on time: ${f.onTime} of ${f.due} due${f.fromWords ? ` (${f.fromWords} of them ${FROM_THE_WORDS})` : ""}`;

// --- states ---------------------------------------------------------------------------------------

const STATE_ICON: Record<OpenState, string> = { upcoming: "⏳", due: "🕐", late: "⏰", missed: "❌" };

/** A dose not recorded, as every surface names its state: "⏳ upcoming", "🕐 due", "⏰ late", "❌ missed". */
export const stateWords = (state: OpenState): string => `${STATE_ICON[state]} ${state}`;

/** After a missed dose on the round post: the post is drawn at taps, a dose entered from paper in the terminal is not yet on it. */
export const MISSED_CHECK = "check the record before giving it";

/** A late or missed reply's what to do (the kennel's words, not medical advice): the post's words, and who to ask. */
export const NOT_RECORDED_CHECK = `👉 Each one: ${MISSED_CHECK}, and ask who was on the round (it may have been given and not recorded)`;

/** A high-alert dose missed, on the missed reply: never given late on a guess. */
export const MISSED_HIGH_ALERT_ASK = "💉 a missed high-alert dose: ask the vet before giving it late";

/** The state's icon alone ("⏰"), for a line that names the state in its own words. */
export const stateIcon = (state: OpenState): string => STATE_ICON[state];

/**
 * When an open dose's state changes next, in words: "from 06:30" (upcoming), "late after 08:45"
 * (due), "window closes 10:00" (late), "window closed 10:00" (missed).
 */
export function stateTimeWords(
  state: OpenState,
  w: { opensAt: string; lateAt: string; closesAt: string },
  timeZone: string,
): string {
  if (state === "upcoming") return `from ${timeOf(w.opensAt, timeZone)}`;
  if (state === "due") return `late after ${timeOf(w.lateAt, timeZone)}`;
  if (state === "late") return `window closes ${timeOf(w.closesAt, timeZone)}`;
  return `window closed ${timeOf(w.closesAt, timeZone)}`;
}

/** "window 06:30–10:00" */
export const windowWords = (w: { opensAt: string; closesAt: string }, timeZone: string): string =>
  `window ${timeOf(w.opensAt, timeZone)}–${timeOf(w.closesAt, timeZone)}`;

/**
 * A dose given off its time, as every surface says it: its mark, then its words, one family either
 * side of the window: "⏪ given before its window opened", "⏰ given late" (in its window, after it
 * turned late, the mark of a late dose), "⏩ given after its window closed".
 */
export const OFF_TIME: Record<Exclude<Timeliness, "on_time">, { icon: string; words: string }> = {
  early: { icon: "⏪", words: "given before its window opened" },
  late: { icon: "⏰", words: "given late" },
  after_window: { icon: "⏩", words: "given after its window closed" },
};

const timelinessWords = (t: Timeliness) =>
  t === "on_time" ? "given on time" : `${OFF_TIME[t].icon} ${OFF_TIME[t].words}`;

/**
 * What became of a dose the round asked, in the words every surface uses for it (issue 45): "given on
 * time", "⏪ given before its window opened", "⏰ given late", "⏩ given after its window closed" (each
 * with "· late entry" when recorded after its window closed), "refused", "not given", or, nothing
 * recorded, "⏳ upcoming", "🕐 due", "⏰ late", "❌ missed", "🏠 not due: gone home 08:30".
 */
export function doseStateWords(s: DoseState, timeZone: string): string {
  if (s.state === "not_due") return `${notDueIcon(s)} ${notDueWords(s, timeZone)}`;
  if (s.state !== "recorded") return stateWords(s.state);
  const what =
    s.outcome === "given" && s.timeliness
      ? timelinessWords(s.timeliness)
      : s.outcome === "refused"
        ? "refused"
        : s.outcome === "not_given"
          ? "not given"
          : s.outcome.replace("_", " ");
  return s.lateEntry ? `${what} · late entry` : what;
}

/** Counts of open doses by state, in the order they matter: "❌ 1 missed · ⏰ 2 late"; "" when none. */
export function openCountWords(counts: Partial<Record<OpenState, number>>): string {
  return (["missed", "late", "due", "upcoming"] as const)
    .filter((s) => (counts[s] ?? 0) > 0)
    .map((s) => `${STATE_ICON[s]} ${counts[s]} ${s}`)
    .join(" · ");
}

// --- as-needed doses ------------------------------------------------------------------------------

const EFFECT: Record<PrnEffect, string> = {
  helped: "helped",
  no_change: "no change",
  worse: "worse",
};

/** "helped", "no change", "worse". */
export const effectWords = (effect: PrnEffect): string => EFFECT[effect];

/** The answer's buttons: "👍 Helped", "😐 No change", "👎 Worse". */
export const EFFECT_BUTTONS: Record<PrnEffect, string> = {
  helped: "👍 Helped",
  no_change: "😐 No change",
  worse: "👎 Worse",
};

/** "40 min", "2 h", "2 h 30 min". */
function durationWords(minutes: number): string {
  const m = Math.max(0, Math.floor(minutes));
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  const rest = m % 60;
  return rest ? `${h} h ${rest} min` : `${h} h`;
}

/**
 * Why one more dose goes past the plan: "2 already in the last 24 h: the plan says at most 2" (the
 * busiest 24 hours ending at a dose given after it: "2 already in the 24 h up to 10:00"); "the last
 * at 09:10, 2 h ago: the plan says at least 4 h between" (a dose given after it: "the next at 10:00,
 * 1 h after it").
 */
export function prnProblemWords(p: PrnProblem, timeZone: string, says = "the plan says"): string {
  if (p.rule === "max_per_24h")
    return `${p.count} already in ${p.laterAt ? `the 24 h up to ${timeOf(p.laterAt, timeZone)}` : "the last 24 h"}: ${says} at most ${p.max}`;
  const near = p.after
    ? `the next at ${timeOf(p.otherAt, timeZone)}, ${durationWords(p.minutesApart)} after it`
    : `the last at ${timeOf(p.otherAt, timeZone)}, ${durationWords(p.minutesApart)} ago`;
  return `${near}: ${says} at least ${p.minHours} h between`;
}

/** A reason as the line reads it: "for scratching"; "if scratching", "for pain" stay as written. */
export function forReason(reason: string): string {
  return /^(for|if|when|only|in case|because|as)\b/i.test(reason.trim())
    ? reason.trim()
    : `for ${reason.trim()}`;
}

/** The plan's limits in words: "at most 2 in 24 h · at least 4 h between"; "" when it sets none. */
export function prnLimitWords(o: {
  maxPer24h?: number | undefined;
  minHoursBetween?: number | undefined;
}): string {
  return [
    o.maxPer24h !== undefined ? `at most ${o.maxPer24h} in 24 h` : "",
    o.minHoursBetween !== undefined ? `at least ${o.minHoursBetween} h between` : "",
  ]
    .filter(Boolean)
    .join(" · ");
}

/**
 * What an item to give if needed is given for, and its limits, as the plan says them, or, not
 * confirmed, as its words give them (issue 44): "The words say: only if scratching · at most 2 in
 * 24 h (plan not confirmed)."; "" when neither says anything.
 */
export function ifNeededWords(o: {
  reason?: string | undefined;
  maxPer24h?: number | undefined;
  minHoursBetween?: number | undefined;
  unconfirmed?: boolean | undefined;
}): string {
  const said = [o.reason ?? "", prnLimitWords(o)].filter(Boolean).join(" · ");
  if (!said) return o.unconfirmed ? `Give if needed (${PLAN_NOT_CONFIRMED}).` : "";
  return o.unconfirmed ? `The words say: ${said} (${PLAN_NOT_CONFIRMED}).` : `The plan says: ${said}.`;
}

/** Where a dose stands: "awaiting effect", or its effect ("helped"). */
const effectStateWords = (d: Pick<PrnDose, "effect">): string =>
  d.effect ? effectWords(d.effect.effect) : "awaiting effect";

/**
 * A high-alert dose's witness as it stands: "witnessed by Tom 07:44", "awaiting a witness until
 * 07:59", "unwitnessed"; entered from the paper chart, "witnessed by TB 07:40 on the paper chart" or
 * "no witness on the paper".
 */
export function witnessWords(w: WitnessState, timeZone: string, day?: string): string {
  if (w.state === "witnessed")
    return `${witnessedWords(w.by, w.at, timeZone, day)}${w.onPaper ? ON_PAPER : ""}`;
  if (w.state === "awaiting") return awaitingWitnessWords(w.until, timeZone);
  return unwitnessedWords(w);
}

/** The same, as a dose's line says it: "💉 witnessed by Tom 07:44"; "" for a dose that needs none. */
export const witnessStateWords = (w: WitnessState | undefined, timeZone: string, day: string): string =>
  w ? `💉 ${witnessWords(w, timeZone, day)}` : "";

/**
 * One as-needed dose: "💊 Piriton 4mg given 09:10 by Jane for scratching · awaiting effect", with
 * "· past the plan's limit, checked" when given anyway, its medicine's "· medicine checked first: …"
 * (src/words/prn-checked.ts). `today`: the day read on ("given yesterday 23:20" for last night's).
 */
export function prnDoseWords(d: PrnDose, timeZone: string, today?: string): string {
  return [
    `💊 ${d.label} given ${timeOf(d.givenAt, timeZone, today)} by ${giverOf(d)} ${forReason(d.reason)}`,
    d.ack ? "past the plan's limit, checked" : "",
    prnCheckedWords(d.checked),
    witnessStateWords(d.witness, timeZone, d.date),
    effectStateWords(d),
  ]
    .filter(Boolean)
    .join(" · ");
}

/** The follow-up's question: "Effect of Piriton for Itchy?" */
export const followUpQuestion = (label: string, petName: string): string =>
  `Effect of ${label} for ${petName}?`;

/** "helped (Jane 10:12: calmer)", or "awaiting effect". */
function effectRecordWords(d: Pick<PrnDose, "effect" | "date">, timeZone: string): string {
  const e = d.effect;
  if (!e) return "effect: awaiting";
  return `effect: ${effectWords(e.effect)} (${e.userName} ${timeOnDay(e.recordedAt, timeZone, d.date)}${e.note ? `: ${e.note}` : ""})`;
}

/**
 * One as-needed dose in full, for `kennel-desk record` and the day's record: "Piriton 4mg given 09:10
 * by Jane for scratching · past the plan's limit, checked: the last at 07:10, 2 h ago: the plan says
 * at least 4 h between · note: vet agreed · effect: helped (Jane 10:12)"; recorded late, when too;
 * given by another than who recorded it, both ("given 08:20 by Sam · recorded 13:00 by Jane").
 */
export function prnRecordWords(d: PrnDose, timeZone: string): string {
  return [
    `${d.label} ${prnGivenParts(d, timeZone).join("")} ${forReason(d.reason)}`,
    d.ack ? `past the plan's limit, checked: ${d.ack.words}` : "",
    prnCheckedWords(d.checked),
    witnessStateWords(d.witness, timeZone, d.date),
    d.note ? `note: ${d.note}` : "",
    effectRecordWords(d, timeZone),
  ]
    .filter(Boolean)
    .join(" · ");
}
