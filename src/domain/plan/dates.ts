/**
 * The dates in a care instruction ("STOP after 6/12", "START 9/12", "from 5 Dec", "due 2026-12-09"),
 * read in the kennel's date order, each with the word before it that says what it is: a first day,
 * a last day, a day to give, an on-day to count from, or a last day whose words leave open whether
 * it is given ("until 8/12"). A date with a year missing is the one nearest the stay (within six
 * months either side), as dates typed in commands are (src/dates.ts).
 */
import { addDays } from "../../time.ts";
import { daysInMonth, MONTH_WORDS, monthOf } from "../calendar-words.ts";
import { SMALL_NUMBER_WORDS } from "../number-words.ts";
import { unitAhead } from "./quantities.ts";
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
  /** The words before it that say what it is ("stop after", "from"), and where they start. */
  role_words?: { at: number; words: string };
}

const MONTH = `(?:${MONTH_WORDS.join("|")})\\.?`;
const DATE = new RegExp(
  [
    "(?<iso>\\b\\d{4}-\\d{1,2}-\\d{1,2}\\b)",
    "(?<num>(?<![\\d.,/])\\d{1,2}([/.])\\d{1,2}(?:\\3(?:\\d{4}|\\d{2}))?(?![\\d/]|[.,]\\d))",
    `(?<dm>\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}(?:\\s+\\d{4})?(?![\\p{L}]))`,
    `(?<md>\\b${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?(?:,?\\s+\\d{4})?(?![\\p{L}\\d]))`,
    "(?<ord>\\b(?:the\\s+)?\\d{1,2}(?:st|nd|rd|th)(?![\\p{L}\\d]))",
  ].join("|"),
  "giu",
);

/** The words before a date, and what they make it; the first that ends the text before the date wins. */
const ROLE_WORDS: Array<[DateRole, RegExp]> = [
  ["last_given", /\blast\s+(?:given|dose\s+given|had|dosed|done)(?:\s+on)?\s*:?\s*$/i],
  [
    "stop",
    /(?:\b(?:stop(?:ping)?\s+after|last\s+(?:dose|day|tablet|tab|one)(?:\s+(?:on|is|will\s+be))?|up\s+to\s+and\s+including|through|thru|to|(?:course\s+)?(?:ends?|ending|finish(?:es|ing)?)(?:\s+(?:on|after))?)|[–—-])\s*:?\s*$/i,
  ],
  ["stop_unclear", /\b(?:until|till|til|untill|stop(?:s|ping)?(?:\s+(?:on|from))?|off\s+from)\s*:?\s*$/i],
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

/** "the 12th": that day of the month nearest the stay's first day (this month, the one before or after). */
function nearestOfMonth(near: string, day: number): string | undefined {
  const [y, m] = near.split("-").map(Number) as [number, number];
  const candidates = [-1, 0, 1].flatMap((k) => {
    const month = ((m - 1 + k + 12) % 12) + 1;
    const year = y + Math.floor((m - 1 + k) / 12);
    return day >= 1 && day <= daysInMonth(year, month) ? [`${year}-${pad(month)}-${pad(day)}`] : [];
  });
  const distance = (d: string) => Math.abs(Date.parse(`${d}T00:00:00Z`) - Date.parse(`${near}T00:00:00Z`));
  return candidates.sort((a, b) => distance(a) - distance(b))[0];
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
  if (groups.ord) return nearestOfMonth(near, Number(/\d{1,2}/.exec(words)?.[0]));
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
    if (unitAhead().test(text.slice(index + words.length))) continue;
    const before = text.slice(0, index);
    let roleWords: DateWords["role_words"];
    let role: DateRole = "unknown";
    for (const [r, re] of ROLE_WORDS) {
      const found = re.exec(before);
      if (!found) continue;
      role = r;
      roleWords = { at: found.index, words: found[0] };
      break;
    }
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
    // An ordinal alone ("the 12th") is a date only after a word that says what it is.
    if (groups.ord && role === "unknown") continue;
    out.push({
      date: readDate(words, groups, order, near),
      role,
      words,
      index,
      ...(roleWords ? { role_words: roleWords } : {}),
    });
  }
  return out;
}

const COUNT_WORDS: Record<string, number> = {
  a: 1,
  ...SMALL_NUMBER_WORDS,
  seven: 7,
  ten: 10,
  fourteen: 14,
};
const COURSE =
  /\b(?:for|x)\s*(\d{1,3}|a|one|two|three|four|five|six|seven|ten|fourteen)\s*(?:more\s+)?(days?|d|weeks?|wks?|w|fortnights?)(?![\p{L}])|\b(\d{1,3})[-\s]days?\s+course\b|(?<!\bevery\s+|\d\s*[/.-]\s*)\b(\d{1,3})\s*(days|weeks|wks)(?!\s+(?:apart|before|after|ago|old|later))(?![\p{L}])/iu;

/** "for 5 days", "x 7 days", "x10d", "for a week", "7 days": a course's length in days, with its words. */
export function courseLength(text: string): { days: number; words: string } | undefined {
  const m = COURSE.exec(text);
  if (!m) return undefined;
  const count = m[1] ?? m[3] ?? m[4] ?? "";
  const n = COUNT_WORDS[count.toLowerCase()] ?? Number(count);
  const unit = (m[2] ?? m[5] ?? "").toLowerCase();
  const days = /^f/.test(unit) ? n * 14 : /^w/.test(unit) ? n * 7 : n;
  return { days, words: m[0] };
}

/** The last day of a course of `days` days from `start` (inclusive). */
export const courseEnd = (start: string, days: number) => addDays(start, days - 1);
