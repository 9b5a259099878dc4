/**
 * One instruction's words read for the plan: the rounds they name, how many times a day, which days,
 * the dates and what each is, the kind, the amounts, and tapering ("2 tabs 5/12–7/12, then 1 tab").
 * `whenOf` turns the days and dates into the plan's days, first and last day and steps, and says
 * what it cannot settle (a Doubt): it never picks a date the words do not give.
 */
import { addDays, weekday } from "../../time.ts";
import { daysInMonth } from "../calendar-words.ts";
import type { Round } from "../care.ts";
import {
  type ClockTime,
  clockTimes,
  NOT_ROUND,
  roundsByName,
  roundWordsUsed,
  timesADay,
  withEachMeal,
} from "../round-words.ts";
import { type Claim, leftOver, withTyposRead } from "./closed.ts";
import { courseEnd, courseLength, type DateWords, datesIn } from "./dates.ts";
import { type DaysWords, daysIn } from "./days.ts";
import { isKnownDrugWord } from "./drugs.ts";
import { foodClaims } from "./foods.ts";
import { type KindWords, kindWordsIn } from "./kind.ts";
import { nameClaims } from "./name.ts";
import { oneAmount, type Quantities, quantitiesIn } from "./quantities.ts";
import type { DateOrder, Days, Doubt, TaperStep } from "./types.ts";

export interface TextReading {
  /** The words read (a typo of a round or frequency word read as that word: "twcie" as "twice"). */
  text: string;
  /** Rounds the words say are not given ("no lunchtime dose", "none at night"). */
  notRounds: Round[];
  /** The runs of words the reading could not place, as written (src/domain/plan/closed.ts). */
  unplaced: string[];
  /** The words the reading placed (a reader of the same words adds its own to them). */
  placed: Array<string | Claim>;
  /** Rounds named by a round's word or a clock time. */
  named: Partial<Record<Round, string>>;
  /** Each clock time written ("3am", "22:00"), with the round it falls to. */
  clocks: ClockTime[];
  count: { perDay: number; words: string } | undefined;
  eachMeal: string | undefined;
  days: DaysWords | undefined;
  dates: DateWords[];
  course: { days: number; words: string } | undefined;
  kind: KindWords;
  quantities: Quantities;
  /** Tapering: the words split at "then", when two or more parts give an amount. */
  segments: Array<{ text: string; amount: string | undefined; amounts: string[]; dates: DateWords[] }>;
}

/** Where a date-free instruction is read: the kennel's date order and the stay's first and last days. */
export interface DateContext {
  order: DateOrder;
  first: string;
  last: string | undefined;
}

const THEN = /\s*(?:[,;.]\s*)?\bthen\b\s*/i;

/** Words the reader knows besides the ones it reads for meaning: not to be taken for a typo. */
const knownWord = (w: string) => isKnownDrugWord(w);

/**
 * The words with each round said not given ("no lunchtime dose", "skip PM", "was PM") set aside: its
 * round kept apart, never a round of the reading (src/domain/round-words.ts `NOT_ROUND`).
 */
function withoutNegatedRounds(read: string): { text: string; notRounds: Round[]; negations: Claim[] } {
  const notRounds: Round[] = [];
  const negations: Claim[] = [];
  const text = read.replace(NOT_ROUND, (m, word: string, at: number) => {
    notRounds.push(...(Object.keys(roundsByName(word)) as Round[]));
    negations.push({ at, words: m });
    return " ".repeat(m.length);
  });
  return { text, notRounds: [...new Set(notRounds)], negations };
}

/** The words split at "then", each part with its amounts and dates (tapering, when two give one). */
function segmentsOf(text: string, found: DateWords[]): TextReading["segments"] {
  let offset = 0;
  return text.split(THEN).map((part) => {
    const start = text.indexOf(part, offset);
    offset = start + part.length;
    const amounts = quantitiesIn(part).amounts;
    return {
      text: part,
      amount: oneAmount(amounts),
      amounts,
      dates: found.filter((d) => d.index >= start && d.index < start + part.length),
    };
  });
}

/**
 * One field's words read: `food` for a diet (its food's words placed, src/domain/plan/foods.ts),
 * else a medication's (its drug's name placed, src/domain/plan/name.ts).
 */
export function readText(
  original: string,
  dates: DateContext,
  vocabulary: "drug" | "food" = "drug",
): TextReading {
  const read = withTyposRead(original, knownWord).text;
  const { text, notRounds, negations } = withoutNegatedRounds(read);
  const found = datesIn(text, dates.order, dates.first);
  const segments = segmentsOf(text, found);
  const kind = kindWordsIn(text);
  // Days from the words as written: "no PM dose on Sunday" is no Sunday, even once its round is set aside.
  const days = ofItsRound(daysIn(read), text);
  const course = courseLength(text);
  const quantities = quantitiesIn(text);
  const tapered = segments.filter((s) => s.amounts.length > 0).length >= 2;
  const stopWords = tapered ? segments.flatMap((seg) => STOP_WORDS.exec(seg.text)?.[0] ?? []) : [];
  const thens = tapered ? [...text.matchAll(new RegExp(THEN.source, "gi"))].map((m) => m[0]) : [];
  const used: Array<string | Claim> = [
    ...negations,
    ...roundWordsUsed(text),
    ...found.flatMap((d) => [{ at: d.index, words: d.words }, ...(d.role_words ? [d.role_words] : [])]),
    ...(days?.used ?? []),
    ...(course ? [course.words] : []),
    ...kind.claims,
    ...quantities.words,
    ...(vocabulary === "food" ? foodClaims(text) : nameClaims(text)),
    ...thens,
    ...stopWords,
  ];
  return {
    text,
    notRounds,
    unplaced: leftOver(read, used),
    placed: used,
    named: roundsByName(text),
    clocks: clockTimes(text),
    count: timesADay(text),
    eachMeal: withEachMeal(text),
    days,
    dates: found,
    course,
    kind,
    quantities,
    segments: tapered ? segments : [],
  };
}

/**
 * "every other evening": every other day, when the evening is the only round the words give. Beside
 * another round ("every morning and every other evening") a plan's one set of days cannot hold it:
 * not read (its words left over, for a person).
 */
function ofItsRound(days: DaysWords | undefined, text: string): DaysWords | undefined {
  if (days?.every !== "n_days" || days.round === undefined) return days;
  const own = Object.keys(roundsByName(days.round));
  const rest = text.replace(days.words, " ");
  const others = Object.keys(roundsByName(rest)).filter((r) => !own.includes(r));
  const often = (timesADay(rest)?.perDay ?? 1) > 1 || withEachMeal(rest) !== undefined;
  return others.length > 0 || often ? undefined : days;
}

export interface WhenReading {
  days: Days;
  start?: string;
  stop?: string;
  steps: TaperStep[];
  doubts: Doubt[];
}

const RELATIVE_DAYS = /\bdays?\s+\d|\b(?:for|x)\s*\d+\s*(?:more\s+)?(?:days?|weeks?)\b|\b\d+\s*days?\b/i;
const STOP_WORDS = /^\s*(?:stop|stopped|finish(?:ed)?|end|none|nil|off)\b/i;

/** A date plus n calendar months, on the same day of the month (the month's last when it has fewer days). */
function addMonths(date: string, n: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const month = m - 1 + n;
  const year = y + Math.floor(month / 12);
  const day = Math.min(d, daysInMonth(year, (month % 12) + 1));
  return `${year}-${String((month % 12) + 1).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Dates stepping by `days` (or a calendar month) from `from` to `to`, at most 400 of them. */
function datesFrom(from: string, step: number | "month", to: string): string[] {
  const out: string[] = [];
  for (let i = 0; out.length < 400; i++) {
    const d = step === "month" ? addMonths(from, i) : addDays(from, i * step);
    if (d > to) break;
    out.push(d);
  }
  return out;
}

function taperOf(reading: TextReading, doubts: Doubt[]): { steps: TaperStep[]; stop?: string } {
  const steps: TaperStep[] = [];
  let stop: string | undefined;
  for (const seg of reading.segments) {
    if (!seg.amount) {
      if (seg.amounts.length > 1) doubts.push("amounts_differ");
      else if (STOP_WORDS.test(seg.text)) stop = steps.at(-1)?.to;
      else doubts.push("taper_unclear");
      continue;
    }
    if (seg.dates.length === 0 && RELATIVE_DAYS.test(seg.text)) doubts.push("taper_by_day_number");
    const from = seg.dates.find((d) => d.role === "start")?.date;
    const to = seg.dates.find((d) => d.role === "stop")?.date;
    steps.push({ amount: seg.amount, ...(from ? { from } : {}), ...(to ? { to } : {}) });
  }
  for (let i = 1; i < steps.length; i++) {
    const prev = steps[i - 1] as TaperStep;
    const step = steps[i] as TaperStep;
    if (!step.from && prev.to) step.from = addDays(prev.to, 1);
    if (!prev.to && step.from) prev.to = addDays(step.from, -1);
    if (!step.from || !prev.to || addDays(prev.to, 1) !== step.from || (prev.from && prev.from > prev.to)) {
      if (!doubts.includes("taper_by_day_number")) doubts.push("taper_unclear");
    }
  }
  return { steps, ...(stop ? { stop } : {}) };
}

/**
 * The days, the first and last day and the tapering steps the words give. `dates.last` bounds a
 * listed series ("monthly, next due 9/12"); a doubt for each thing only a person can settle.
 */
export function whenOf(reading: TextReading, dates: DateContext): WhenReading {
  const doubts: Doubt[] = [];
  const found = reading.dates;
  if (found.some((d) => d.date === undefined)) doubts.push("date_unreadable");
  if (found.some((d) => d.role === "unknown")) doubts.push("date_unclear");
  if (found.some((d) => d.role === "stop_unclear")) doubts.push("until_unclear");
  const dateOf = (role: DateWords["role"]) => found.find((d) => d.role === role && d.date)?.date;
  const taper = reading.segments.length > 0 ? taperOf(reading, doubts) : { steps: [] };
  let start = reading.segments.length > 0 ? taper.steps[0]?.from : dateOf("start");
  let stop = reading.segments.length > 0 ? taper.stop : dateOf("stop");
  if (reading.course && reading.segments.length === 0) {
    if (start) stop ??= courseEnd(start, reading.course.days);
    else doubts.push("duration_no_start");
  }
  const on = found.filter((d) => d.role === "on" && d.date).map((d) => d.date as string);
  const dayOne = start ?? dateOf("last_given") ?? on[0];
  const rule = reading.days;
  let days: Days = { every: "day" };
  if (rule?.every === "n_days") {
    if (dayOne) days = { every: "n_days", n: rule.n, from: dayOne };
    else doubts.push("no_day_one");
  } else if (rule?.every === "weekdays") {
    days = { every: "weekdays", weekdays: [...rule.weekdays] };
  } else if (rule?.every === "weekly") {
    const day = on[0] ?? start;
    if (day) {
      days = { every: "weekdays", weekdays: [weekday(day)] };
      start ??= day;
    } else doubts.push("weekly_no_day");
  } else if (rule?.every === "longer") {
    const day = on[0] ?? start;
    if (day && rule.days !== undefined) {
      days = { every: "dates", dates: datesFrom(day, rule.days, dates.last ?? addDays(dates.first, 366)) };
    } else doubts.push("longer_interval");
  } else if (on.length > 0) {
    days = { every: "dates", dates: [...new Set(on)].sort() };
  }
  if (start && stop && stop < start) doubts.push("date_unclear");
  return {
    days,
    ...(start ? { start } : {}),
    ...(stop ? { stop } : {}),
    steps: taper.steps,
    doubts: [...new Set(doubts)],
  };
}
