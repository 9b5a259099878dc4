/**
 * The care plan in words, the same on every surface: why the reader left an item to a person, how
 * an item is read ("morning and evening · every other day from Sat 5 Dec"), why it is not due, and
 * why a round has no one tap. Plain text: each renderer escapes and emphasises in its own way.
 */

import { ROUNDS } from "../domain/care.ts";
import type { ItemOnRound, NoOneTap, NotDueWhy } from "../domain/plan/schedule.ts";
import type { Days, Doubt, ItemKind, PlanItem, PlanState } from "../domain/plan/types.ts";
import { dayHeading } from "./dates.ts";

const DOUBT_WORDS: Record<Doubt, string> = {
  unreadable_field: "a field could not be read as text",
  no_round: "the words name no round and say no number of times a day",
  once_no_round: "once a day, but the words name no round",
  more_than_rounds: "more often than the kennel's three rounds",
  rounds_disagree: "the rounds named and how often disagree",
  instruction_beside_fields:
    "the instruction gives a dose and names no round beside the midday/evening fields: is it a morning dose too?",
  instruction_only_round:
    "the instruction names only a time of day, and the drug is in another round's field: give it at both rounds, or only at the field's?",
  no_day_one: "every other day (or every few days) with no date to count from",
  weekly_no_day: "weekly, with no day named",
  longer_interval: "a longer interval (monthly, every few weeks) with no date given",
  duration_no_start: "a course of so many days with no first day",
  until_unclear: '"until" (or "stop") a date: is that date the last dose or the first day without?',
  date_unreadable: "a date that cannot be one in the kennel's date order",
  date_unclear: "a date (or a number like one) with no word to say what it is: start, stop, on",
  taper_by_day_number: "tapering by day numbers, with no date for day 1",
  taper_unclear: "tapering steps whose dates do not follow on",
  amounts_differ: "different amounts, not as steps: which is given when?",
  amount_range: "a range (1–2 tabs, 2–3 times a day): how much, how often?",
  no_amount: "no amount or strength",
  by_weight: "a dose by weight",
  condition_no_round: "a condition, but no round",
  needed_and_routine: "both as needed and on rounds",
  left_to_judgement: "words that leave it to someone's judgement",
  same_drug: "the same drug is in another slot: one dose or two?",
  fasting: "the diet says the pet is fasting",
  field_conflict: "the midday or evening field disagrees with the instruction",
};

/** Why the reader left an item to a person, in words. */
export const doubtWords = (d: Doubt): string => DOUBT_WORDS[d];

const WEEKDAY = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** "every day", "every other day from Sat 5 Dec", "Mon, Wed, Fri", "on Tue 8 Dec". */
function daysWords(days: Days): string {
  switch (days.every) {
    case "day":
      return "every day";
    case "n_days":
      return `${days.n === 2 ? "every other day" : `every ${days.n} days`} from ${dayHeading(days.from)}`;
    case "weekdays":
      return days.weekdays.map((d) => WEEKDAY[d]).join(", ");
    case "dates":
      return `on ${days.dates.map(dayHeading).join(", ")}`;
  }
}

/** "routine", "as needed: only if scratching · at most 2 in 24 h", "only if she has eaten". */
function kindWords(kind: ItemKind): string {
  if (kind.kind === "routine") return "routine";
  if (kind.kind === "conditional") return kind.condition;
  return [
    `as needed${kind.reason ? `: ${kind.reason}` : ""}`,
    ...(kind.maxPer24h !== undefined ? [`at most ${kind.maxPer24h} in 24 h`] : []),
    ...(kind.minHoursBetween !== undefined ? [`at least ${kind.minHoursBetween} h apart`] : []),
  ].join(" · ");
}

/** An item's reading on one line, beside its words: amount · rounds · days · dates · steps · kind. */
export function readingWords(item: PlanItem): string {
  const w = item.when;
  // In the day's order, whatever order a person set them in; a medication's round with its own field
  // says that field's amount, as the amount the instruction gives (both are confirmed from this line).
  const inOrder = ROUNDS.flatMap((r) => w.rounds.filter((d) => d.round === r));
  const rounds =
    item.kind.kind === "as_needed"
      ? ""
      : inOrder
          .map((d) => (d.amount && item.key !== "meal" ? `${d.round} (${d.amount})` : d.round))
          .join(" and ");
  const strength =
    item.what.strength && !item.what.name?.includes(item.what.strength) ? item.what.strength : "";
  return [
    item.key === "meal" ? "" : strength,
    item.key === "meal" ? "" : (item.what.amount ?? ""),
    rounds,
    daysWords(w.days),
    w.start ? `from ${dayHeading(w.start)}` : "",
    w.stop ? `last day ${dayHeading(w.stop)}` : "",
    ...w.steps.map(
      (s) =>
        `${s.amount}${s.from ? ` from ${dayHeading(s.from)}` : ""}${s.to ? ` to ${dayHeading(s.to)}` : ""}`,
    ),
    kindWords(item.kind),
    item.feeding === "house_routine" ? "house routine" : "",
    item.highAlert ? `high-alert (${item.highAlert.word})` : "",
    item.window
      ? `window ${item.window.beforeMinutes ?? "…"} min before to ${item.window.afterMinutes ?? "…"} min after the round`
      : "",
  ]
    .filter(Boolean)
    .join(" · ");
}

const NOT_DUE: Record<NotDueWhy, string> = {
  before_arrival: "not yet arrived",
  after_departure: "gone home",
  before_start: "not started yet",
  after_stop: "course finished",
  off_day: "not today",
  not_this_round: "not this round",
  written_twice: "written twice: given as the other slot says",
};

/** An item on a round's sheet, in words: "due: 1 tab", "give if needed", "check the instruction". */
export function onRoundWords(on: ItemOnRound): string {
  switch (on.status) {
    case "due":
      return `due${on.amount ? `: ${on.amount}` : ""}`;
    case "conditional":
      return `due ${on.condition}${on.amount ? `: ${on.amount}` : ""}`;
    case "as_needed":
      return "give if needed";
    case "not_due":
      return NOT_DUE[on.why];
    case "check":
      return "check the instruction";
  }
}

const NO_ONE_TAP: Record<NoOneTap, string> = {
  plan_not_confirmed: "📋 plan not confirmed",
  check_instruction: "an instruction to check",
  conditional: "a dose with a condition",
  same_drug_twice: "the same drug due twice",
  nothing_due: "nothing due",
};

export const noOneTapWords = (why: NoOneTap): string => NO_ONE_TAP[why];

const SECOND = "a second, different person confirms (high-alert drug)";

const STATE: Record<PlanState, string> = {
  draft: "📋 plan not confirmed",
  awaiting_second: `📋 1 of 2 confirmations: ${SECOND}`,
  confirmed: "✅ plan confirmed",
  changed_in_source: "changed in the kennel system: confirm again",
};

export const planStateWords = (state: PlanState): string => STATE[state];

/**
 * The state with who confirmed it ("Sam Thu 26 Nov 12:15"): a high-alert plan with one confirmation
 * of two says so, never "confirmed by" (it is not): "📋 1 of 2 confirmations: Sam Thu 26 Nov 12:15; a
 * second, different person confirms (high-alert drug)".
 */
export function planStateByWords(state: PlanState, who: string[]): string {
  if (state === "awaiting_second" && who.length > 0)
    return `📋 1 of 2 confirmations: ${who.join(", ")}; ${SECOND}`;
  return who.length ? `${STATE[state]} · confirmed by ${who.join(", ")}` : STATE[state];
}

/** A plan's item in words: "medication 2" (the API's second slot), "meal". */
export const itemKeyWords = (key: PlanItem["key"]): string =>
  key === "meal" ? "meal" : `medication ${key.slice(4)}`;

/** The form of a high-alert plan, to the person who confirmed it first (issue 44). */
export const ASK_A_COLLEAGUE = "Ask a colleague to confirm (high-alert drug): you confirmed it first.";

/** The second person's form: who confirmed first, and when ("Sam Thu 26 Nov 07:42"). */
export const confirmedFirstWords = (name: string, when: string) =>
  `Confirmed first by ${name} ${when}: you confirm as the second, different person (high-alert drug).`;

/** A Confirm or Save over words changed since the plan was drafted (issue 46): nothing written. */
export const CHANGED_NOW =
  "Changed in the kennel system since this was drafted: read it again. Nothing was written; the plan is drafted again from the new words at the pet's next round (or /rounds now), then confirmed.";

/** One item's words before and after a change in the kennel system: 'medication 1: was "…", now "…"'. */
export function changedWords(c: {
  key: PlanItem["key"];
  before: SourceFieldWords[];
  after: SourceFieldWords[];
}): string {
  const words = (fields: SourceFieldWords[]) => fields.map((f) => f.words).join(" · ") || "none";
  return `${itemKeyWords(c.key)}: was "${words(c.before)}", now "${words(c.after)}"`;
}

type SourceFieldWords = { words: string };
