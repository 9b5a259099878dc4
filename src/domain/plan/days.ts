/**
 * Which days an instruction says: every day (said or not), every other day or every N days, weekdays
 * by name ("Mon/Wed/Fri", "Mondays and Thursdays", "weekdays", "Mon-Fri"), weekly, or longer
 * ("monthly", "every 2 weeks"). The day to count from is the dates' business (src/domain/plan/dates.ts).
 */
import { weekdayOf } from "../calendar-words.ts";

export type DaysWords =
  /** Every N calendar days (2: every other day). */
  (
    | { every: "n_days"; n: number; words: string }
    | { every: "weekdays"; weekdays: number[]; words: string }
    /** "weekly", "once a week": no day named. */
    | { every: "weekly"; words: string }
    /** "monthly", "fortnightly", "every 2 weeks": `days` apart (a month: the same date; undefined: "every 6 weeks", "yearly"). */
    | { every: "longer"; days: number | "month" | undefined; words: string }
  ) & {
    /** Every word read for the days, as written. */
    used: string[];
  };

const N_DAYS: Array<[number, RegExp]> = [
  [
    2,
    /\b(?:e\.?o\.?d\.?|every\s+other\s+day|alternate\s+days?|every\s+(?:2nd|second|two|2)\s+days?|q\.?\s?48\s?h(?:rs?|ours?)?|every\s+48\s?(?:h|hrs?|hours?))(?![\p{L}])/iu,
  ],
  [
    3,
    /\b(?:every\s+(?:3rd|third|three|3)\s+days?|q\.?\s?72\s?h(?:rs?|ours?)?|every\s+72\s?(?:h|hrs?|hours?))\b/i,
  ],
];
const EVERY_N_DAYS = /\bevery\s+(\d{1,2})\s+days\b/i;
const WEEKLY = /\b(?:weekly|once\s+(?:a|per|every)\s+week|every\s+(?:week|7\s+days))\b/i;
const LONGER: Array<[number | "month", RegExp]> = [
  ["month", /\b(?:monthly|once\s+a\s+month|every\s+(?:month|4\s+weeks|30\s+days))\b/i],
  [14, /\b(?:fortnightly|every\s+(?:2|two|2nd|second)\s+weeks?|every\s+other\s+week)\b/i],
  [21, /\bevery\s+(?:3|three)\s+weeks\b/i],
  ["month", /\bevery\s+(?:1|one)\s+months?\b/i],
];
const OTHER_LONG = /\bevery\s+\d+\s+(?:weeks|months)\b|\b(?:yearly|annually|quarterly)\b/i;

const DAY =
  "(?:sun|mon|tues?|wed(?:s|nesday)?|thu(?:rs?)?|fri|sat|sunday|monday|tuesday|thursday|friday|saturday)s?";
const DAY_LIST = new RegExp(
  `(?<![\\p{L}])${DAY}\\.?(?:\\s*(?:/|,|&|\\+|and|-|–|to|\\s)\\s*${DAY}\\.?)*(?![\\p{L}])`,
  "giu",
);
/** Weekdays by their letters, as charts write them: "M/W/F", "T/Th", "Tu/Th/Sa", "MWF". */
const LETTERS: Record<string, number> = { m: 1, t: 2, tu: 2, w: 3, th: 4, f: 5, sa: 6, su: 0 };
const LETTER_LIST =
  /(?<![\p{L}\p{N}/])(?:m|tu?|w|th|f|sa|su)(?:\s*\/\s*(?:m|tu?|w|th|f|sa|su))+(?![\p{L}\p{N}/])|\bMWF\b/giu;
/** Abbreviations that are English words too ("keep out of the sun"): a day only in a list or after "on"/"every". */
const RISKY = new Set(["sun", "sat", "wed"]);

function dayNumber(word: string): number | undefined {
  const w = word.toLowerCase().replace(/\.$/, "");
  return weekdayOf(w) ?? weekdayOf(w.replace(/s$/, ""));
}

/** The weekdays a text names ("Mon/Wed/Fri", "Mon-Fri", "weekdays"), with the words; undefined when none. */
function weekdaysIn(text: string): { weekdays: number[]; words: string } | undefined {
  const letters = [...text.matchAll(LETTER_LIST)];
  if (letters.length === 1) {
    const m = letters[0] as RegExpMatchArray;
    const parts = /^mwf$/i.test(m[0]) ? ["m", "w", "f"] : m[0].toLowerCase().split(/\s*\/\s*/);
    const days = parts.map((p) => LETTERS[p] as number);
    if (new Set(days).size === days.length) return { weekdays: [...days].sort((a, b) => a - b), words: m[0] };
  }
  if (/\bweekdays\b|\bmon(?:day)?\s*(?:-|–|to)\s*fri(?:day)?\b/i.test(text)) {
    const words = /\bweekdays\b|\bmon(?:day)?\s*(?:-|–|to)\s*fri(?:day)?\b/i.exec(text)?.[0] ?? "weekdays";
    return { weekdays: [1, 2, 3, 4, 5], words };
  }
  if (/\bweekends?\b/i.test(text)) return { weekdays: [0, 6], words: "weekends" };
  const days = new Set<number>();
  const said: string[] = [];
  for (const m of text.matchAll(DAY_LIST)) {
    const parts = m[0].split(/\s*(?:\/|,|&|\+|\band\b|-|–|\bto\b|\s)\s*/i).filter(Boolean);
    const before = text.slice(0, m.index);
    const single = parts.length === 1 ? (parts[0] ?? "").toLowerCase().replace(/\.$/, "") : undefined;
    if (single && RISKY.has(single) && !/\b(?:on|every|each)\s*$/i.test(before)) continue;
    const numbers = parts.map(dayNumber);
    if (numbers.some((n) => n === undefined)) continue;
    const isRange = parts.length === 2 && /\p{L}\.?\s*(?:-|–|\bto\b)\s*\p{L}/iu.test(m[0]);
    const [a, b] = numbers as [number, number];
    const list = isRange ? Array.from({ length: ((b - a + 7) % 7) + 1 }, (_, i) => (a + i) % 7) : numbers;
    for (const n of list) days.add(n as number);
    said.push(m[0]);
  }
  return days.size ? { weekdays: [...days].sort((x, y) => x - y), words: said.join(", ") } : undefined;
}

/** The days an instruction says, or undefined when it says no rule (every day). */
export function daysIn(text: string): DaysWords | undefined {
  const rule = daysRule(text);
  if (!rule) return undefined;
  return { ...rule, used: rule.every === "weekdays" ? rule.words.split(", ") : [rule.words] };
}

type DaysRule = DaysWords extends infer D ? (D extends { used: string[] } ? Omit<D, "used"> : never) : never;

function daysRule(text: string): DaysRule | undefined {
  for (const [n, re] of N_DAYS) {
    const m = re.exec(text);
    if (m) return { every: "n_days", n, words: m[0] };
  }
  const everyN = EVERY_N_DAYS.exec(text);
  if (everyN && Number(everyN[1]) >= 2) return { every: "n_days", n: Number(everyN[1]), words: everyN[0] };
  for (const [days, re] of LONGER) {
    const m = re.exec(text);
    if (m) return { every: "longer", days, words: m[0] };
  }
  const named = weekdaysIn(text);
  if (named) return { every: "weekdays", ...named };
  const weekly = WEEKLY.exec(text);
  if (weekly) return { every: "weekly", words: weekly[0] };
  const other = OTHER_LONG.exec(text);
  return other ? { every: "longer", days: undefined, words: other[0] } : undefined;
}
