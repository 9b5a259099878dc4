/**
 * Which days an instruction says: every day (said or not), every other day or every N days, weekdays
 * by name ("Mon/Wed/Fri", "Mondays and Thursdays", "weekdays", "Mon-Fri"), days it is not given
 * ("except Sunday", "no Sundays", "Sundays off": every other weekday), weekly, or longer ("monthly",
 * "every 2 weeks"). A day named after "not", "no" or "except" is never read as a day it is given.
 * The day to count from is the dates' business (src/domain/plan/dates.ts).
 */
import { weekdayOf } from "../calendar-words.ts";

export type DaysWords =
  /** Every N calendar days (2: every other day). */
  (
    | {
        every: "n_days";
        n: number;
        words: string;
        /** "every other evening": the round's word, when the words give the days of one round only. */
        round?: string;
      }
    /** `excluded`: the days the words say it is not given ("except Sunday"), when they say some. */
    | { every: "weekdays"; weekdays: number[]; words: string; excluded?: number[] }
    /** "weekly", "once a week": no day named. */
    | { every: "weekly"; words: string }
    /** "monthly", "fortnightly", "every 2 weeks": `days` apart (a month: the same date; undefined: "every 6 weeks", "yearly"). */
    | { every: "longer"; days: number | "month" | undefined; words: string }
  ) & {
    /** Every word read for the days, as written. */
    used: string[];
  };

/** "every other evening", "alternate mornings", "every second night": every other day, at that round. */
const EVERY_OTHER_ROUND =
  /\b(?:every\s+(?:other|2nd|second)\s+(morning|evening|night|lunchtime|midday|dose)|alternate\s+(mornings|evenings|nights|doses))\b/i;
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

/** A word that says a day is not given, before it ("except Sunday", "no dose on Sundays", "nil Sun"). */
const NOT_BEFORE =
  "(except(?:\\s+for)?|excluding|apart\\s+from|but\\s+not|not|no|nil|none|nothing|never|skip|omit|without)(?:\\s+(?:on|at|the|a|any|dose|doses|tablets?|tabs?|meds|medication|given))*";
const DAYS_WORDS = `(?:weekends?|weekdays|${DAY}\\.?(?:\\s*(?:/|,|&|\\+|and|or|-|–|to|\\s)\\s*${DAY}\\.?)*)`;
/** The days' words end the clause: "except Sunday evening" (one round of one day) is not a day off. */
const CLAUSE_END = "(?=\\s*(?:$|[,.;!)]))";
const EXCLUDED = [
  new RegExp(
    `(?<![\\p{L}])${NOT_BEFORE}\\s+(${DAYS_WORDS})(?:\\s+(?:doses?|meds|medication|tablets?|tabs?))?(?![\\p{L}])${CLAUSE_END}`,
    "giu",
  ),
  new RegExp(
    `(?<![\\p{L}])()(${DAYS_WORDS})\\s+(?:off|excluded|none|nil|no\\s+doses?|not\\s+given)(?![\\p{L}])${CLAUSE_END}`,
    "giu",
  ),
];
/** Only these say so of "Sun", "Sat" or "Wed" alone ("no sun" is about the sun). */
const STRONG_NOT = /^(?:except|excluding|apart|but)/i;
/** A day said not given that `EXCLUDED` does not read: never read as a day it is given. */
const NOT_NEAR =
  /\b(?:except|excluding|apart\s+from|not|no|nil|none|nothing|never|skip|omit|hold|pause|without|off)\b[^,.;]*$/i;

/** The days a list names ("Sat & Sun", "Mon-Fri", "weekends"), or undefined when a word is no day. */
function listDays(list: string): number[] | undefined {
  if (/^weekends?$/i.test(list)) return [0, 6];
  if (/^weekdays$/i.test(list)) return [1, 2, 3, 4, 5];
  const parts = list.split(/\s*(?:\/|,|&|\+|\band\b|\bor\b|-|–|\bto\b|\s)\s*/i).filter(Boolean);
  const numbers = parts.map(dayNumber);
  if (numbers.some((n) => n === undefined)) return undefined;
  const isRange = parts.length === 2 && /\p{L}\.?\s*(?:-|–|\bto\b)\s*\p{L}/iu.test(list);
  const [a, b] = numbers as [number, number];
  return isRange
    ? Array.from({ length: ((b - a + 7) % 7) + 1 }, (_, i) => (a + i) % 7)
    : (numbers as number[]);
}

/** The days the words say it is not given ("except Sunday", "Sundays off"), each phrase's place blanked. */
function excludedIn(text: string): { days: number[]; used: string[]; rest: string } {
  const days = new Set<number>();
  const used: string[] = [];
  let rest = text;
  for (const re of EXCLUDED) {
    for (const m of text.matchAll(re)) {
      const [whole, not, list] = m as unknown as [string, string, string];
      const single = !/[\s/,&+–-]/.test(list.trim());
      if (single && RISKY.has(list.toLowerCase().replace(/\.$/, "")) && !STRONG_NOT.test(not)) continue;
      const these = listDays(list);
      if (!these) continue;
      for (const d of these) days.add(d);
      used.push(whole);
      rest = rest.slice(0, m.index) + " ".repeat(whole.length) + rest.slice(m.index + whole.length);
    }
  }
  return { days: [...days], used, rest };
}

/** The weekdays a text names ("Mon/Wed/Fri", "Mon-Fri", "weekdays"), with the words; undefined when none. */
function namedWeekdays(text: string): { weekdays: number[]; used: string[] } | undefined {
  const letters = [...text.matchAll(LETTER_LIST)];
  if (letters.length === 1) {
    const m = letters[0] as RegExpMatchArray;
    const parts = /^mwf$/i.test(m[0]) ? ["m", "w", "f"] : m[0].toLowerCase().split(/\s*\/\s*/);
    const days = parts.map((p) => LETTERS[p] as number);
    if (new Set(days).size === days.length)
      return { weekdays: [...days].sort((a, b) => a - b), used: [m[0]] };
  }
  const said = /\bweekdays\b|\bmon(?:day)?\s*(?:-|–|to)\s*fri(?:day)?\b|\bweekends?\b/i.exec(text);
  if (said && !NOT_NEAR.test(text.slice(0, said.index))) {
    return { weekdays: /^weekend/i.test(said[0]) ? [0, 6] : [1, 2, 3, 4, 5], used: [said[0]] };
  }
  const days = new Set<number>();
  const used: string[] = [];
  for (const m of text.matchAll(DAY_LIST)) {
    const parts = m[0].split(/\s*(?:\/|,|&|\+|\band\b|-|–|\bto\b|\s)\s*/i).filter(Boolean);
    const before = text.slice(0, m.index);
    const single = parts.length === 1 ? (parts[0] ?? "").toLowerCase().replace(/\.$/, "") : undefined;
    if (single && RISKY.has(single) && !/\b(?:on|every|each)\s*$/i.test(before)) continue;
    // "no PM dose on Sunday": a day in words that say it is not given, which are not read: left unread.
    if (NOT_NEAR.test(before) || /^\s*off\b/i.test(text.slice(m.index + m[0].length))) continue;
    const list = listDays(m[0]);
    if (!list) continue;
    for (const n of list) days.add(n);
    used.push(m[0]);
  }
  return days.size ? { weekdays: [...days].sort((x, y) => x - y), used } : undefined;
}

/**
 * The weekdays the words give: those named, less those said not given ("Mon-Fri, not Wednesday"); the
 * other six of a week when only days off are said ("except Sunday"). Undefined when none, or none is left.
 */
function weekdaysIn(
  text: string,
): { weekdays: number[]; words: string; used: string[]; excluded?: number[] } | undefined {
  const off = excludedIn(text);
  const named = namedWeekdays(off.rest);
  if (off.days.length === 0) return named ? { ...named, words: named.used.join(", ") } : undefined;
  const from = named?.weekdays ?? [0, 1, 2, 3, 4, 5, 6];
  const weekdays = from.filter((d) => !off.days.includes(d));
  if (weekdays.length === 0) return undefined;
  const used = [...(named?.used ?? []), ...off.used];
  const excluded = [...off.days].sort((a, b) => a - b);
  return { weekdays, words: used.map((w) => w.trim()).join(", "), used, excluded };
}

/** The days an instruction says, or undefined when it says no rule (every day). */
export function daysIn(text: string): DaysWords | undefined {
  for (const [n, re] of N_DAYS) {
    const m = re.exec(text);
    if (m) return { every: "n_days", n, words: m[0], used: [m[0]] };
  }
  const other = EVERY_OTHER_ROUND.exec(text);
  if (other) {
    const round = (other[1] ?? other[2] ?? "").replace(/s$/i, "");
    const ofRound = /^doses?$/i.test(round) ? {} : { round };
    return { every: "n_days", n: 2, words: other[0], used: [other[0]], ...ofRound };
  }
  const everyN = EVERY_N_DAYS.exec(text);
  if (everyN && Number(everyN[1]) >= 2) {
    return { every: "n_days", n: Number(everyN[1]), words: everyN[0], used: [everyN[0]] };
  }
  for (const [days, re] of LONGER) {
    const m = re.exec(text);
    if (m) return { every: "longer", days, words: m[0], used: [m[0]] };
  }
  const named = weekdaysIn(text);
  if (named) return { every: "weekdays", ...named };
  const weekly = WEEKLY.exec(text);
  if (weekly) return { every: "weekly", words: weekly[0], used: [weekly[0]] };
  const long = OTHER_LONG.exec(text);
  return long ? { every: "longer", days: undefined, words: long[0], used: [long[0]] } : undefined;
}

/**
 * Do the words say something of days ("Sunday", "weekends", "every other", "alternate", "EOD")? A
 * run of them the reader could not place leaves the days unsure: never confirmed "as read".
 */
export function saysDays(text: string): boolean {
  return (
    new RegExp(`(?<![\\p{L}])${DAY}(?![\\p{L}])`, "iu").test(text) ||
    /\b(?:days?|weekends?|weekdays?|every\s+other|alternate|e\.?o\.?d)\b/i.test(text)
  );
}
