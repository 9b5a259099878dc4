/**
 * What staff type for a day, turned into a calendar date in the kennel's time zone. Pure: `now`
 * comes from the injected clock. Never throws; an impossible date is a message.
 */
import { type DateOrder, dateOrderWords, zoneDateOrder } from "./config/date-order.ts";
import { daysInMonth, monthOf, weekdayOf } from "./domain/calendar-words.ts";
import type { Round } from "./domain/care.ts";
import { looksLikeId } from "./domain/ids.ts";
import { type RoundNames, roundNamesLine, roundWords, splitRound } from "./domain/round-names.ts";
import { nearestWord } from "./domain/suggest.ts";
import { addDays, isIsoDate, localDate, weekday } from "./time.ts";

export type DayResult = { ok: true; date: string } | { ok: false; message: string };

const MONTH_NAMES = [
  "",
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * The occurrence of day/month nearest to today (within six months either side). An impossible one is
 * said as every impossible date is: "31 Feb is not a real date: there is no 31 February."
 */
function nearest(today: string, day: number, month: number, typed: string): DayResult {
  if (month < 1 || month > 12) return { ok: false, message: "That month does not exist." };
  if (day < 1 || day > 31 || (month === 2 ? day > 29 : day > daysInMonth(2001, month))) {
    return { ok: false, message: `${typed} is not a real date: there is no ${day} ${MONTH_NAMES[month]}.` };
  }
  const year = Number(today.slice(0, 4));
  const candidates = [year - 1, year, year + 1]
    .filter((y) => day <= daysInMonth(y, month))
    .map((y) => `${y}-${pad(month)}-${pad(day)}`);
  if (candidates.length === 0)
    return {
      ok: false,
      message: `${typed} is not a real date: there is no ${day} ${MONTH_NAMES[month]} near this year.`,
    };
  const distance = (d: string) => Math.abs(Date.parse(`${d}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`));
  candidates.sort((a, b) => distance(a) - distance(b));
  return { ok: true, date: candidates[0] as string };
}

/** The dates a person can type, slash dates in the kennel's order (a UK desk types 24/12 every day). */
function dateHelp(order: DateOrder): string {
  const slash = order === "dmy" ? "24/12 (day first)" : "12/24 (month first)";
  return `Use today, tomorrow, yesterday, a weekday (friday), +3 or -1, 2026-12-24, 24 Dec, or ${slash}.`;
}

/** The whole words a mistyped day is matched against for a suggestion ("tomorow": tomorrow). */
const DAY_WORDS = [
  "today",
  "tomorrow",
  "yesterday",
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
];
const MONTH_WORDS = MONTH_NAMES.slice(1).map((m) => m.toLowerCase());

/** A date that is not one: the nearest word when one is close ("tomorow" → tomorrow; "24 decmber" → 24 december). */
function notADate(input: string, text: string, order: DateOrder): DayResult {
  const words = text.split(" ");
  for (const [i, word] of words.entries()) {
    if (/\d/.test(word) || word === "next" || word === "this") continue;
    const known = weekdayOf(word) !== undefined || monthOf(word) !== undefined;
    const near = known
      ? undefined
      : nearestWord(word, words.length === 1 ? DAY_WORDS : [...DAY_WORDS, ...MONTH_WORDS]);
    if (near) {
      const meant = words.map((w, j) => (j === i ? near : w)).join(" ");
      return {
        ok: false,
        message: `"${input.trim()}" is not a date I know. Did you mean ${meant}? ${dateHelp(order)}`,
      };
    }
  }
  return { ok: false, message: `"${input.trim()}" is not a date I know. ${dateHelp(order)}` };
}

/**
 * 24/12, 24.12, 24/12/2026, 24.12.26 read in the kennel's date order; a date that cannot be one in
 * that order is impossible (with the other order's reading as a question when that one is a date).
 */
function slashDate(input: string, m: RegExpExecArray, today: string, order: DateOrder): DayResult {
  const typed = input.trim();
  const [a, b] = [Number(m[1]), Number(m[2])];
  const sep = m[0].includes(".") ? "." : m[0].includes("/") ? "/" : "-";
  const [day, month] = order === "dmy" ? [a, b] : [b, a];
  const year = m[3] === undefined ? undefined : m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  const real = (d: number, mo: number) =>
    mo >= 1 &&
    mo <= 12 &&
    d >= 1 &&
    d <= (year === undefined ? (mo === 2 ? 29 : daysInMonth(2001, mo)) : daysInMonth(year, mo));
  if (!real(day, month)) {
    const why =
      month < 1 || month > 12
        ? `there is no month ${month}`
        : `there is no ${day} ${MONTH_NAMES[month]}${year === undefined ? "" : ` ${year}`}`;
    const swapped = real(month, day) ? ` Did you mean ${[b, a, ...(m[3] ? [m[3]] : [])].join(sep)}?` : "";
    return {
      ok: false,
      message: `"${typed}" is impossible: the kennel writes dates ${dateOrderWords(order)}, and ${why}.${swapped}`,
    };
  }
  if (year === undefined) return nearest(today, day, month, typed);
  return { ok: true, date: `${year}-${pad(month)}-${pad(day)}` };
}

/**
 * Parses one day. Empty text means today. `order`: how 24/12 is read (KENNEL_DATE_ORDER; by default
 * from the time zone).
 */
export function parseDay(
  input: string,
  now: Date,
  timeZone: string,
  order: DateOrder = zoneDateOrder(timeZone),
): DayResult {
  const today = localDate(now, timeZone);
  const text = input.trim().toLowerCase().replace(/\s+/g, " ").replace(/[.,]$/, "");
  if (text === "" || text === "today" || text === "now") return { ok: true, date: today };
  if (text === "tomorrow" || text === "tmrw" || text === "tmr") return { ok: true, date: addDays(today, 1) };
  if (text === "yesterday") return { ok: true, date: addDays(today, -1) };
  const rel = /^([+-])\s?(\d{1,3})(?:\s?(?:d|day|days))?$/.exec(text);
  if (rel) {
    const n = Number(rel[2]) * (rel[1] === "-" ? -1 : 1);
    if (Math.abs(n) > 366)
      return {
        ok: false,
        message: "That is more than a year away. Give the date itself, for example 2027-06-01.",
      };
    return { ok: true, date: addDays(today, n) };
  }
  const wd = weekdayOf(text.replace(/^(next|this) /, ""));
  if (wd !== undefined) {
    const diff = (wd - weekday(today) + 7) % 7;
    return { ok: true, date: addDays(today, text.startsWith("next ") && diff === 0 ? 7 : diff) };
  }
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (iso) {
    const date = `${iso[1]}-${pad(Number(iso[2]))}-${pad(Number(iso[3]))}`;
    if (!isIsoDate(date))
      return { ok: false, message: `${input.trim()} is not a real date. ${dateHelp(order)}` };
    return { ok: true, date };
  }
  // "24 dec", "24th december", "24 dec 2026", "dec 24", "december 24th 2026"
  const dm = /^(\d{1,2})(?:st|nd|rd|th)? ([a-z]+)(?: (\d{4}))?$/.exec(text);
  const md = /^([a-z]+) (\d{1,2})(?:st|nd|rd|th)?(?: (\d{4}))?$/.exec(text);
  const parts = dm
    ? { day: Number(dm[1]), month: dm[2], year: dm[3] }
    : md
      ? { day: Number(md[2]), month: md[1], year: md[3] }
      : undefined;
  if (parts) {
    const month = monthOf(parts.month ?? "");
    if (!month) return notADate(input, text, order);
    if (parts.year) {
      const date = `${parts.year}-${pad(month)}-${pad(parts.day)}`;
      if (!isIsoDate(date))
        return {
          ok: false,
          message: `${input.trim()} is not a real date: there is no ${parts.day} ${MONTH_NAMES[month]} ${parts.year}.`,
        };
      return { ok: true, date };
    }
    return nearest(today, parts.day, month, input.trim());
  }
  const slash = /^(\d{1,2})[/.-](\d{1,2})(?:[/.-](\d{2}|\d{4}))?$/.exec(text);
  if (slash) return slashDate(input, slash, today, order);
  return notADate(input, text, order);
}

/**
 * A round and a day as typed for a round's sheet ("lunch tomorrow", "tomorrow PM", "24/12 tea"): the
 * round named anywhere (by any of its names), the rest a day. A word that is neither, close to a
 * round's name, is suggested ("lunhc": did you mean lunch?), never taken for it.
 */
export function parseRoundDay(
  input: string,
  now: Date,
  timeZone: string,
  order: DateOrder,
  names?: RoundNames,
): { ok: true; round: Round | undefined; date: string } | { ok: false; message: string } {
  const { round, rest } = splitRound(input, names);
  const day = parseDay(rest, now, timeZone, order);
  if (day.ok) return { ok: true, round, date: day.date };
  const typed = rest.split(" ");
  for (const [i, word] of typed.entries()) {
    if (parseDay(word, now, timeZone, order).ok) continue;
    const near = nearestWord(word, roundWords(names));
    if (!near) continue;
    // The other words are the day: when they are a day, only the round was mistyped; when they are a
    // mistyped day too ("brekfast tomorow"), both are suggested, never the typo left in.
    const others = typed.filter((_, j) => j !== i).join(" ");
    const otherDay = others === "" ? day : parseDay(others, now, timeZone, order);
    const meantDay = otherDay.ok ? undefined : /Did you mean (.+?)\? /.exec(otherDay.message)?.[1];
    if (otherDay.ok || others === "" || (!meantDay && !day.message.includes("Did you mean"))) {
      return {
        ok: false,
        message: `"${word}" is not a round nor a date I know. Did you mean ${near}? The rounds: ${roundNamesLine(names)}.`,
      };
    }
    if (meantDay) {
      return {
        ok: false,
        message: `"${rest}" is not a round and a date I know. Did you mean ${near} ${meantDay}? The rounds: ${roundNamesLine(names)}. ${dateHelp(order)}`,
      };
    }
  }
  return day;
}

/**
 * Splits command text into words, keeping "quoted phrases" together, a quoted value after a key too:
 * `status:"Checked In"` is one word, `status:Checked In`.
 */
export function words(text: string): string[] {
  const out: string[] = [];
  const re = /([^\s"“]*?)(?:"([^"]*)"|“([^”]*)”)|(\S+)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) out.push(m[4] ?? `${m[1] ?? ""}${m[2] ?? m[3] ?? ""}`);
  return out.filter((w) => w !== "");
}

interface BookingsQuery {
  from?: string;
  to?: string;
  status?: string;
  type?: string;
  customerId?: number;
  text?: string;
}

export type QueryResult = { ok: true; query: BookingsQuery } | { ok: false; message: string };

/**
 * `/kennel bookings [from] [to] [status:…] [type:…] [customer:ID] [text]`.
 * The first one or two words that are dates are the range; `key:value` words are filters; the
 * rest is free text.
 */
export function parseBookingsQuery(
  text: string,
  now: Date,
  timeZone: string,
  order: DateOrder = zoneDateOrder(timeZone),
): QueryResult {
  const query: BookingsQuery = {};
  const free: string[] = [];
  const dates: string[] = [];
  const tokens = words(text);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string;
    const filter = readFilter(token, query);
    if (filter === "read") continue;
    if (filter) return { ok: false, message: filter };
    // Two-word dates such as "24 dec" or "dec 24" count as one.
    const next = tokens[i + 1];
    const pair = next !== undefined ? `${token} ${next}` : undefined;
    if (dates.length < 2 && free.length === 0) {
      const dayWord = (w: string) => /^\d{1,2}(st|nd|rd|th)?$/i.test(w);
      const monthWord = (w: string) => monthOf(w.toLowerCase()) !== undefined;
      if (pair && next && ((dayWord(token) && monthWord(next)) || (monthWord(token) && dayWord(next)))) {
        const r = parseDay(pair, now, timeZone, order);
        if (!r.ok) return r;
        dates.push(r.date);
        i++;
        continue;
      }
      if (looksLikeDate(token)) {
        const r = parseDay(token, now, timeZone, order);
        if (!r.ok) return r;
        dates.push(r.date);
        continue;
      }
    }
    free.push(token);
  }
  if (dates[0]) query.from = dates[0];
  if (dates[1]) query.to = dates[1];
  if (query.from && query.to && query.from > query.to) {
    return { ok: false, message: `The range ends (${query.to}) before it starts (${query.from}).` };
  }
  if (free.length) query.text = free.join(" ").slice(0, 200);
  return { ok: true, query };
}

/**
 * A `status:…`, `type:…` or `customer:ID` word put into the query ("read"); what is wrong with it;
 * or undefined when the word is not a filter.
 */
function readFilter(token: string, query: BookingsQuery): "read" | string | undefined {
  const kv = /^(status|type|customer):(.*)$/i.exec(token);
  if (!kv) return undefined;
  const key = (kv[1] as string).toLowerCase();
  const value = (kv[2] as string).trim();
  if (!value)
    return `${key}: needs a value, for example ${key === "customer" ? "customer:1234" : key === "type" ? "type:boarding" : "status:confirmed"}.`;
  if (key === "customer") {
    if (!looksLikeId(value))
      return `customer: takes a customer id (a number). Find it with /customer ${value}.`;
    query.customerId = Number(value);
  } else if (key === "status") query.status = value;
  else query.type = value;
  return "read";
}

function looksLikeDate(token: string): boolean {
  const t = token.toLowerCase();
  return (
    ["today", "tomorrow", "yesterday"].includes(t) ||
    weekdayOf(t) !== undefined ||
    /^[+-]\d{1,3}$/.test(t) ||
    /^\d{4}-\d{1,2}-\d{1,2}$/.test(t) ||
    /^\d{1,2}[/.-]\d{1,2}([/.-]\d{2,4})?$/.test(t)
  );
}
