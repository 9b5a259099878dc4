/**
 * The dates in a care instruction ("STOP after 6/12", "START 9/12", "from 5 Dec", "due 2026-12-09"),
 * read in the kennel's date order, each with the word before it that says what it is: a first day,
 * a last day, a day to give, an on-day to count from, or a last day whose words leave open whether
 * it is given ("until 8/12"). A date with a year missing is the one nearest the stay (within six
 * months either side), as dates typed in commands are (src/dates.ts).
 */
import { addDays } from "../../time.ts";
import { daysInMonth, MONTH_WORDS, monthOf } from "../calendar-words.ts";
import { UNIT_AHEAD } from "./quantities.ts";
import type { DateOrder } from "./types.ts";

/** What a date is, by the words before it. */
type DateRole =
  /** The first day ("start", "from", "starting on"). */
  | "start"
  /** The last day, given ("stop after", "last dose", "to", the end of "5/12–7/12"). */
  | "stop"
  /** A last day whose words leave open whether it is given ("until", "stop on", "ends"). */
  | "stop_unclear"
  /** A day to give ("on", "due", "next dose"). */
  | "on"
  /** The day it was last given ("last given 4/12"): an on-day to count from. */
  | "last_given"
  /** No word says. */
  | "unknown";

export interface DateWords {
  /** YYYY-MM-DD, or undefined when the date cannot be one (31/2, or 13/25 in day-first order). */
  date: string | undefined;
  role: DateRole;
  /** The date as written. */
  words: string;
  index: number;
}

const MONTH = `(?:${MONTH_WORDS.join("|")})\\.?`;
const DATE = new RegExp(
  [
    "(?<iso>\\b\\d{4}-\\d{1,2}-\\d{1,2}\\b)",
    "(?<num>(?<![\\d.,/])\\d{1,2}([/.])\\d{1,2}(?:\\3(?:\\d{4}|\\d{2}))?(?![\\d/]|[.,]\\d))",
    `(?<dm>\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}(?:\\s+\\d{4})?(?![\\p{L}]))`,
    `(?<md>\\b${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?(?:,?\\s+\\d{4})?(?![\\p{L}\\d]))`,
  ].join("|"),
  "giu",
);

/** The words before a date, and what they make it; the first that ends the text before the date wins. */
const ROLE_WORDS: Array<[DateRole, RegExp]> = [
  ["last_given", /\blast\s+(?:given|dose\s+given|had|dosed|done)(?:\s+on)?\s*:?\s*$/i],
  [
    "stop",
    /(?:\b(?:stop(?:ping)?\s+after|last\s+(?:dose|day|tablet|tab|one)(?:\s+(?:on|is))?|up\s+to\s+and\s+including|through|thru|to|ends?\s+after)|[–—-])\s*:?\s*$/i,
  ],
  [
    "stop_unclear",
    /\b(?:until|till|til|stop(?:s|ping)?(?:\s+(?:on|from))?|ends?(?:\s+on)?|ending(?:\s+on)?|finish(?:es|ing)?(?:\s+on)?|off\s+from)\s*:?\s*$/i,
  ],
  [
    "start",
    /\b(?:start(?:s|ing|ed)?(?:\s+(?:on|from))?|from|begin(?:s|ning)?(?:\s+on)?|commenc(?:e|es|ing)(?:\s+on)?|resum(?:e|es|ing)(?:\s+on)?|restart(?:s|ing)?(?:\s+on)?)\s*:?\s*$/i,
  ],
  ["on", /\b(?:on|due(?:\s+on)?|next\s+(?:due|dose|one)(?:\s+(?:on|is))?|give\s+on|given\s+on)\s*:?\s*$/i],
];

const pad = (n: number) => String(n).padStart(2, "0");

/** The date of day/month nearest `near` (YYYY-MM-DD), within six months either side. */
function nearest(near: string, day: number, month: number): string | undefined {
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  const year = Number(near.slice(0, 4));
  const distance = (d: string) => Math.abs(Date.parse(`${d}T00:00:00Z`) - Date.parse(`${near}T00:00:00Z`));
  return [year - 1, year, year + 1]
    .filter((y) => day <= daysInMonth(y, month))
    .map((y) => `${y}-${pad(month)}-${pad(day)}`)
    .sort((a, b) => distance(a) - distance(b))[0];
}

function dated(year: number | undefined, month: number, day: number, near: string): string | undefined {
  if (year === undefined) return nearest(near, day, month);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return `${year}-${pad(month)}-${pad(day)}`;
}

const fullYear = (y: string | undefined) =>
  y === undefined ? undefined : y.length === 2 ? 2000 + Number(y) : Number(y);

/** One date as written, read in the kennel's order near a day; undefined when it cannot be a date. */
function readDate(words: string, groups: Record<string, string | undefined>, order: DateOrder, near: string) {
  if (groups.iso) {
    const [y, m, d] = words.split("-").map(Number) as [number, number, number];
    return dated(y, m, d, near);
  }
  if (groups.num) {
    const [a, b, y] = words.split(/[/.]/);
    const [day, month] = order === "dmy" ? [Number(a), Number(b)] : [Number(b), Number(a)];
    return dated(fullYear(y), month, day, near);
  }
  const year = /\b\d{4}$/.exec(words)?.[0];
  const day = Number(/\d{1,2}/.exec(words.replace(/\b\d{4}$/, ""))?.[0]);
  const month = monthOf(
    /\p{L}{3,}/u.exec(words.replace(/\d(?:st|nd|rd|th)|\bof\b/gi, ""))?.[0]?.toLowerCase(),
  );
  return month === undefined ? undefined : dated(fullYear(year), month, day, near);
}

/**
 * Every date in a text with its role. `near` is the stay's first day. A number with dots ("1.5")
 * is a date only after a word that says so ("from 5.12"); one with a slash followed by a unit
 * ("1/2 tab") is an amount, never a date.
 */
export function datesIn(text: string, order: DateOrder, near: string): DateWords[] {
  const out: DateWords[] = [];
  for (const m of text.matchAll(DATE)) {
    const words = m[0];
    const index = m.index;
    const groups = m.groups ?? {};
    if (UNIT_AHEAD.test(text.slice(index + words.length))) continue;
    const before = text.slice(0, index);
    let role: DateRole = ROLE_WORDS.find(([, re]) => re.test(before))?.[0] ?? "unknown";
    const previous = out.at(-1);
    // "on 3/12 and 10/12", "Mon 3/12, 10/12": a list takes the role of its first date.
    if (
      previous &&
      /^\s*(?:,|&|and|\+)\s*$/i.test(text.slice(previous.index + previous.words.length, index))
    ) {
      role = previous.role;
    }
    if (
      role === "stop_unclear" &&
      /^\s*\(?\s*(?:inclusive|incl\.?|included)\b/i.test(text.slice(index + words.length))
    ) {
      role = "stop";
    }
    if (groups.num && words.includes(".") && role === "unknown") continue;
    // "5/12–7/12", "5/12 to 7/12": the first date of a range is its first day.
    if (previous?.role === "unknown" && role === "stop") {
      const between = text.slice(previous.index + previous.words.length, index);
      if (/^\s*(?:[–—-]|to)\s*$/i.test(between)) previous.role = "start";
    }
    out.push({ date: readDate(words, groups, order, near), role, words, index });
  }
  return out;
}

/** "for 5 days", "x 7 days", "for 2 weeks": a course's length in days, with its words. */
export function courseLength(text: string): { days: number; words: string } | undefined {
  const m = /\b(?:for|x)\s*(\d{1,3})\s*(?:more\s+)?(days?|weeks?)\b|\b(\d{1,3})[-\s]days?\s+course\b/i.exec(
    text,
  );
  if (!m) return undefined;
  const n = Number(m[1] ?? m[3]);
  return { days: /^w/i.test(m[2] ?? "") ? n * 7 : n, words: m[0] };
}

/** The last day of a course of `days` days from `start` (inclusive). */
export const courseEnd = (start: string, days: number) => addDays(start, days - 1);
