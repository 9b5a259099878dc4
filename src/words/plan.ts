/**
 * The care plan in words, the same on every surface: why the reader left an item to a person, how
 * an item is read ("morning and evening · every other day from Sat 5 Dec"), why it is not due, and
 * why a round has no one tap. Plain text: each renderer escapes and emphasises in its own way.
 */

import { careFieldWords, ROUNDS } from "../domain/care.ts";
import type { ItemOnRound, NoOneTap, NotDueWhy } from "../domain/plan/schedule.ts";
import type { AllergyMatch, Days, Doubt, Fast, ItemKind, PlanItem, PlanState } from "../domain/plan/types.ts";
import { dayHeading } from "./dates.ts";

/** What to check, in a kennel's words: each finishes "Check: …". */
const DOUBT_WORDS: Record<Doubt, string> = {
  unreadable_field: "part of this could not be read from the kennel system: look at the booking",
  no_round: "at which meal (or time of day) is it given?",
  once_no_round: "once a day: at breakfast or at dinner?",
  more_than_rounds: "it is given more often than our three rounds: when are the other doses?",
  rounds_disagree: "the times and how often do not match: when is it given?",
  instruction_beside_fields: "is this also given at breakfast?",
  instruction_only_round:
    "the time is in one place and the dose in another: is it given at both times, or only with the dose?",
  no_day_one: "every other day (or every few days): on which day was it last given?",
  weekly_no_day: "once a week: on which day?",
  longer_interval: "monthly or every few weeks: when is the next one due?",
  duration_no_start: "a course of so many days: on which day did it start?",
  until_unclear: '"until" a date: is that the last day it is given, or the first day without?',
  date_unreadable: "a date that cannot be right: which day is meant?",
  date_unclear:
    "there is a date (or a number like one): is it the first day, the last day, or the day to give it?",
  taper_by_day_number: "the dose changes by day number: which date is day 1?",
  taper_unclear: "the dose changes, but the dates do not follow on: what is given when?",
  amounts_differ: "different amounts: how much at which meal?",
  amount_range: "a range: how much (or how often) is given?",
  no_amount: "how much is given?",
  by_weight: "the dose is by weight: how much is that for this pet?",
  condition_no_round: "it is given only if something happens: at which meal, when it does?",
  needed_and_routine: "is it given at set times, or only when needed?",
  left_to_judgement: "the words leave the dose to judgement: what do the owner or the vet say?",
  same_drug: "the same medicine is in another entry: is it one dose or two?",
  fasting: "the pet is fasting: which meals are not given, and from when?",
  field_conflict: "the lunchtime or evening entry does not match the instruction: which is right?",
  unplaced_words: "some words could not be read: what do they change?",
  allergy: "an allergy on record matches this: check with the vet or the owner before it is given",
  stopped: "the words say it is stopped: is it still given?",
  daily_total: "that is a day's total: how much at each meal?",
  parts_unclear: "several medicines in one entry: check each one's times and dose",
  time_off_round: "a clock time is written far from our round's time: at which round is it given?",
  food_differs: "with food at one round and without at another: is each round given as its words say?",
};

/** Why the reader left an item to a person, in words. */
export const doubtWords = (d: Doubt): string => DOUBT_WORDS[d];

/** An allergy held against an item: "allergies: "amoxicillin" · Synulox is one of the penicillins". */
function allergyWords(a: AllergyMatch): string {
  const where = a.field === "allergies" ? "allergies" : careFieldWords(a.field);
  const why = a.group ? `${a.word} is one of the ${a.group}` : `${a.word} is named`;
  return `⚠️ ${where}: "${a.allergy}" · ${why}: check with the vet or the owner before it is given`;
}

/**
 * What a person checks before an item the reader left to them is due, in the kennel's words:
 * "Check: is this also given at breakfast?", with the words it could not place ('could not read
 * "not eating = no jab"') and each allergy it is held against.
 */
export function checkWords(i: {
  doubts: Doubt[];
  unplaced?: string[] | undefined;
  allergies?: AllergyMatch[] | undefined;
}): string {
  const parts = i.doubts.flatMap((d) => {
    if (d === "unplaced_words" && i.unplaced?.length)
      return [`could not read ${i.unplaced.map((w) => `"${w}"`).join(", ")}: what do they change?`];
    if (d === "allergy" && i.allergies?.length) return i.allergies.map(allergyWords);
    return [DOUBT_WORDS[d]];
  });
  return `Check: ${parts.join("; ")}`;
}

/** A fast on the sheet: "not fed: fasting for the procedure (Spay Wed 9/12 - nil by mouth from 10pm)". */
const fastWords = (fast: Fast | undefined) =>
  fast ? ` (${careFieldWords(fast.field)}: "${fast.words}")` : "";

/**
 * Where an item's words came from, as staff know it: the pet's record in the kennel system, each
 * field named ('pet's record, medication 1: "Rimadyl 50 mg…" · medication 1 evening: "½ tab"'); a
 * house-routine meal has none of its own.
 */
export function sourceLineWords(fields: string, houseRoutine: boolean): string {
  if (fields) return `📄 pet's record, ${fields}`;
  return `📄 pet's record: nothing written${houseRoutine ? " (fed on the kennel's house routine)" : ""}`;
}

const WEEKDAY = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const WEEKDAY_WHOLE = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** "every day", "every other day from Sat 5 Dec", "Mon, Wed, Fri", "every day but Sunday", "on Tue 8 Dec". */
export function daysWords(days: Days): string {
  switch (days.every) {
    case "day":
      return "every day";
    case "n_days":
      return `${days.n === 2 ? "every other day" : `every ${days.n} days`} from ${dayHeading(days.from)}`;
    case "weekdays":
      if (days.weekdays.length === 6) {
        const off = [0, 1, 2, 3, 4, 5, 6].find((d) => !days.weekdays.includes(d)) as number;
        return `every day but ${WEEKDAY_WHOLE[off]}`;
      }
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
  arrives_after_round: "arrives after this round: ask the owner whether it was given",
  after_departure: "gone home",
  before_start: "not started yet",
  after_stop: "course finished",
  off_day: "not today",
  not_this_round: "not this round",
  fasting: "not fed: fasting for the procedure",
  written_twice: "written twice: given as the other slot says",
};

/**
 * Why a confirmed plan says a dose the sheet prints is not due this round, beside "record it only if
 * given": "not one of its days: Mon, Wed, Fri", "not this round", "course finished".
 */
export function planNotDueWords(on: { why: NotDueWhy; days?: Days | undefined }): string {
  return on.why === "off_day" && on.days ? `not one of its days: ${daysWords(on.days)}` : NOT_DUE[on.why];
}

/** An item on a round's sheet, in words: "due: 1 tab", "give if needed", "check: how much is given?". */
export function onRoundWords(on: ItemOnRound): string {
  const words = onRoundOwnWords(on);
  // Due on the pet's arrival after the round's time: given then, once the owner says it was not.
  return "onArrival" in on && on.onArrival ? `${words} · ${ON_ARRIVAL}` : words;
}

/** A dose due on arrival, after the round's time: the owner may have given it before coming. */
const ON_ARRIVAL = "due on arrival: ask the owner whether this dose was given, record it";

function onRoundOwnWords(on: ItemOnRound): string {
  switch (on.status) {
    case "due":
      return `due${on.amount ? `: ${on.amount}` : ""}`;
    case "conditional":
      return `due ${on.condition}${on.amount ? `: ${on.amount}` : ""}`;
    case "as_needed":
      return "give if needed";
    case "not_due":
      if (on.why === "off_day" && on.days) return `${NOT_DUE.off_day}: ${daysWords(on.days)}`;
      return `${NOT_DUE[on.why]}${on.why === "fasting" ? fastWords(on.fast) : ""}`;
    case "check":
      return on.fast && on.doubts.includes("fasting")
        ? `after the procedure: feed as the vet says${fastWords(on.fast)}`
        : checkWords(on).replace(/^Check:/, "check:");
  }
}

const NO_ONE_TAP: Record<NoOneTap, string> = {
  plan_not_confirmed: "📋 plan not confirmed",
  check_instruction: "an item to check",
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

/** The plan's word beside a medication's line on a sheet: " · 📋 plan: due: 1 tab". */
export const planOnSheetWords = (on: ItemOnRound): string => `📋 plan: ${onRoundWords(on)}`;

/** The meal's line on a sheet when the plan says more than "due": "🍽 meal · 📋 plan: not yet arrived". */
export const mealPlanOnSheetWords = (on: ItemOnRound): string => `🍽 meal · ${planOnSheetWords(on)}`;

/** In the plan's edit form, in place of an item's words it has no room to show whole beside the other items. */
export const PLAN_WORDS_ELSEWHERE =
  "⚠️ Its words are too long to show whole in this form beside the other items: read them whole in the plan's form (📋 Plan…), and edit the item with its own ✏️ Edit… there.";

/** What one part of a plan's form holds: its items (in words: "meal", "medication 2"), its questions' numbers. */
export interface PlanPartHolds {
  items: string[];
  questions: number[];
}

/** "question 3", "questions 1–4, 7": the numbers in order, each run of them as its first and last. */
function questionSpan(ns: number[]): string {
  const runs: number[][] = [];
  for (const n of [...ns].sort((a, b) => a - b)) {
    const run = runs.at(-1);
    if (run && run.at(-1) === n - 1) run.push(n);
    else runs.push([n]);
  }
  const words = runs.map((r) => (r.length > 1 ? `${r[0]}–${r.at(-1)}` : `${r[0]}`)).join(", ");
  return ns.length === 0 ? "" : `${ns.length === 1 ? "question" : "questions"} ${words}`;
}
const holdsWords = (h: PlanPartHolds) =>
  [h.items.join(", "), questionSpan(h.questions)].filter(Boolean).join("; ") || "the plan's state";

/** "Medication 2", "Question 3": what goes on, at the head of a line. */
const headed = (what: string) => `${what[0]?.toUpperCase() ?? ""}${what.slice(1)}`;

/** At the foot of a part where an item's or a question's words go on in the next (`part`, from 1). */
export const planGoesOnWords = (what: string, part: number) =>
  `↪ ${headed(what)}: its words go on in part ${part} (▶ above).`;

/** At the head of a part where an item's or a question's words go on from the one before (`part`, from 1). */
export const planContinuedWords = (what: string, part: number) =>
  `↩ ${headed(what)}, continued from part ${part}:`;

/**
 * The head of a plan's form in parts (a Slack form holds 100 blocks): which part this is, what it
 * holds, what each other part holds, and that Confirm is in the last.
 */
export function planPartWords(at: number, parts: PlanPartHolds[]): string {
  const n = parts.length;
  const here = parts[at] as PlanPartHolds;
  const others = parts
    .map((h, i) => (i === at ? "" : `part ${i + 1}: ${holdsWords(h)}`))
    .filter(Boolean)
    .join(" · ");
  const confirm =
    at === n - 1
      ? "Confirm is below, once every question of every part is answered (answers chosen in one part are kept in the others)."
      : `Confirm is in part ${n}, once every question is answered (answers chosen in one part are kept in the others).`;
  return `📄 This care plan is longer than one Slack form holds: this is part ${at + 1} of ${n}: ${holdsWords(here)}. Not shown here (the buttons below go to them): ${others}. ${confirm}`;
}
