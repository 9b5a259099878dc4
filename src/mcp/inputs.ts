/**
 * The pieces of the tools' input schemas. Every string must be well-formed Unicode: a lone
 * surrogate ("\ud800") is refused as bad input before any request is built from it.
 */

import { z } from "zod";
import { unwrapped } from "../answers/input.ts";
import { parseDay } from "../dates.ts";
import type { Deps } from "../deps.ts";
import { type RoundNames, roundNamed, roundNamesLine, roundWords } from "../domain/round-names.ts";
import { didYouMean } from "../domain/suggest.ts";
import { isIsoDate, wallClockInstants } from "../time.ts";

/** A string with no lone surrogate (it cannot be sent in a URL). */
function wellFormed(s: string): boolean {
  return s.isWellFormed();
}

const BROKEN = "contains a broken character (an unpaired surrogate): send well-formed Unicode text";

/**
 * Free text of at most `max` characters. A number or a boolean sent where text is wanted is told to
 * be sent as text, never "expected string, received number".
 */
export const text = (max: number) =>
  z
    .string({ error: (issue) => textTypeWords(issue.input) })
    .max(max, `at most ${max} characters`)
    .refine(wellFormed, BROKEN);

function textTypeWords(input: unknown): string {
  if (typeof input === "number" || typeof input === "boolean")
    return `written as text: send "${String(input)}" in quotes`;
  return "written as text, in quotes";
}

/** Surrounding quotes an assistant may have copied with a reference ("HP-DK4Q7M", “HP-DK4Q7M”). */

/** A booking's reference or id (`what`), as typed, its surrounding quotes taken off. */
export const bookingRef = (describe: string, what = "a booking reference or id") =>
  text(64)
    .min(1, `give ${what}`)
    .transform(unwrapped)
    .refine((s) => /\S/.test(s), `${what} is blank`)
    .optional()
    .describe(describe);

/** Ids are integers the API accepts; at most 15 digits (what every id lookup reads as an id). */
export const id = (what: string) =>
  z
    .number({ error: (issue) => idTypeWords(what, issue.input) })
    .int(`the ${what} id is a whole number`)
    .min(0, `the ${what} id is 0 or more`)
    .max(999_999_999_999_999, `the ${what} id has at most 15 digits`)
    .describe(`The ${what} id (an integer).`);

/**
 * An id sent as anything but a JSON number, in words. The schema stays an integer, as the spec's
 * ids are: an assistant that quotes one ("950002") is told to send it bare, never "expected number".
 */
function idTypeWords(what: string, input: unknown): string {
  if (typeof input === "string" && /^\s*\d{1,15}\s*$/.test(input)) {
    return `the ${what} id is a number: send ${input.trim()} without quotes`;
  }
  return `the ${what} id is a whole number, for example 950002`;
}

/** A count (page, pageSize) sent as anything but a JSON number, in words, as an id is. */
const countTypeWords = (what: string) => (issue: { input?: unknown }) =>
  typeof issue.input === "string" && /^\s*\d{1,6}\s*$/.test(issue.input)
    ? `${what} is a number: send ${issue.input.trim()} without quotes`
    : `${what} is a whole number, for example 2`;

/** true or false, sent as JSON's own (never "true" in quotes, "expected boolean"). */
export const yesNo = (what: string) =>
  z.boolean({
    error: (issue) =>
      typeof issue.input === "string" && /^\s*(true|false)\s*$/i.test(issue.input)
        ? `${what} is true or false: send ${issue.input.trim().toLowerCase()} without quotes`
        : `${what} is true or false`,
  });

export const page = z
  .number({ error: countTypeWords("page") })
  .int("page is a whole number")
  .min(1, "page is 1 or more")
  .max(100_000, "page is at most 100000")
  .optional()
  .describe("One-based page number. Default 1.");

/** One-based page of a day's list in the text (the structured content carries the whole day). */
export const textPage = (describe: string) =>
  z
    .number({ error: countTypeWords("page") })
    .int("page is a whole number")
    .min(1, "page is 1 or more")
    .max(1000, "page is at most 1000")
    .optional()
    .describe(describe);

export const pageSize = z
  .number({ error: countTypeWords("pageSize") })
  .int("pageSize is a whole number")
  .min(1, "pageSize is 1 to 100")
  .max(100, "pageSize is 1 to 100")
  .optional()
  .describe("Records per page, 1 to 100. Default 25. Smaller pages answer faster.");

/** What a day is read with: the kennel's clock, time zone and date order (KENNEL_DATE_ORDER). */
type DayReader = Pick<Deps, "clock" | "config">;

/**
 * A day as staff type it, read by the terminal's and Slack's date reader (src/dates.ts parseDay),
 * not a second one: the connector's tools are not in the kennel API's spec (get_round, list_in_house…)
 * or the spec says nothing of how their dates are written ("bookings filtered by date"), so they take
 * what `kennel-desk` takes. An impossible date (2026-02-31) is refused in its words.
 */
function readDay(deps: DayReader, typed: string) {
  return parseDay(typed, deps.clock.now(), deps.config.timezone, deps.config.dateOrder);
}

/** The days a tool takes, its example of slashes in the kennel's date order (12/24 month first). */
const dayWords = (deps: DayReader) =>
  `today, tomorrow, yesterday, a weekday (friday), +3 or -1, YYYY-MM-DD, or ${deps.config.dateOrder === "mdy" ? "Dec 24 or 12/24 (month first)" : "24 Dec or 24/12 (day first)"}`;

/** A blank date is refused, never read as today (leave the argument out for today). */
const notBlank = (s: string) => /\S/.test(s);
const BLANK_DATE = "the date is blank: give a day, or leave it out";

/** The day as the terminal reads it, sent on as YYYY-MM-DD; refused in the terminal's words. */
export const day = (deps: DayReader, what = "The day") =>
  text(40)
    .refine(notBlank, BLANK_DATE)
    .transform((typed, ctx) => {
      const read = readDay(deps, typed);
      if (read.ok) return read.date;
      ctx.addIssue({ code: "custom", message: read.message, input: typed });
      return z.NEVER;
    })
    .optional()
    .describe(`${what}: ${dayWords(deps)}. Default: today in the kennel's time zone.`);

/** An ISO 8601 date-time whose date is a real one: 2026-11-24T00:00:00Z, 2026-11-24T09:30+01:00. */
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::(\d{2}(?:\.\d{1,9})?))?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * A date-time as sent: one with a zone (Z, +01:00) as given; one without read in the kennel's time
 * zone, as a plain day is, and sent in UTC (the spec: the API's date-times are UTC, and "an explicit
 * time zone such as Z avoids time-zone differences"), so 2026-12-03T00:00 is the kennel's midnight,
 * never the API's guess. A wall-clock time the clocks skip that night is refused in words; one they
 * repeat is its first.
 */
function dateTimeSent(deps: DayReader, typed: string, at: RegExpExecArray): string | { refused: string } {
  const [, date, hhmm, seconds, zone] = at as unknown as [string, string, string, string?, string?];
  if (zone) return typed;
  const tz = deps.config.timezone;
  const [instant] = wallClockInstants(date, hhmm, tz);
  if (!instant)
    return {
      refused: `${typed} does not exist in the kennel's time zone (${tz}): the clocks skip that time. Give a time with a zone (Z or +01:00), or another time.`,
    };
  return new Date(instant.getTime() + Math.round(Number(seconds ?? 0) * 1000)).toISOString();
}

/**
 * A date-time (one without a zone read in the kennel's), or a day as the terminal reads it (the whole
 * day, in the kennel's zone).
 */
export const dateOrDateTime = (deps: DayReader, what: string) =>
  text(40)
    .refine(notBlank, BLANK_DATE)
    .transform((typed, ctx) => {
      const t = typed.trim();
      const at = DATE_TIME.exec(t);
      if (at && isIsoDate(at[1] as string) && !Number.isNaN(Date.parse(t))) {
        const sent = dateTimeSent(deps, t, at);
        if (typeof sent === "string") return sent;
        ctx.addIssue({ code: "custom", message: sent.refused, input: typed });
        return z.NEVER;
      }
      // A date-time on an impossible day is refused as that day is ("2026-02-31 is not a real date").
      const read = readDay(deps, at ? (at[1] as string) : typed);
      if (read.ok && !at) return read.date;
      const message = read.ok
        ? `"${t}" is not a real date-time. Give an ISO 8601 date-time, for example 2026-11-24T00:00:00Z, or a day.`
        : read.message;
      ctx.addIssue({ code: "custom", message, input: typed });
      return z.NEVER;
    })
    .optional()
    .describe(
      `${what}: an ISO 8601 date-time (for example 2026-11-24T00:00:00Z; one without a zone, 2026-11-24T09:30, is the kennel's time in ${deps.config.timezone}), or a day (${dayWords(deps)}), taken as that whole day in the kennel's time zone.`,
    );

/** The bookings filters of list_bookings and list_customer_bookings (a range ending before it starts: src/mcp/lists.ts). */
export const bookingFilters = (deps: DayReader) => ({
  from: dateOrDateTime(deps, "Start of the date range (bookings whose stay overlaps the range)"),
  to: dateOrDateTime(deps, "End of the date range"),
  bookingType: text(100).optional().describe('Booking type, for example "boarding".'),
  status: text(100)
    .optional()
    .describe(
      'Booking status, for example "confirmed", "new" or "checked_in". Sent as given; when that finds none, the words answers show ("checked in", "Checked In") are sent as their value (checked_in), and the answer says so.',
    ),
  search: text(200).optional().describe("Free text: reference, customer name, pet names."),
  page,
  pageSize,
});

/** Every string anywhere in the arguments is well-formed (names the first path that is not). */
export function brokenStringAt(value: unknown, path = ""): string | undefined {
  if (typeof value === "string") return wellFormed(value) ? undefined : path || "input";
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const at = brokenStringAt(v, `${path}[${i}]`);
      if (at) return at;
    }
    return undefined;
  }
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      const key = wellFormed(k) ? k : "(a key)";
      if (!wellFormed(k)) return path ? `${path}.${key}` : key;
      const at = brokenStringAt(v, path ? `${path}.${k}` : k);
      if (at) return at;
    }
  }
  return undefined;
}

export const BROKEN_TEXT = BROKEN;

/**
 * A round by any of its names, as staff type it in Slack and the terminal (morning = am, breakfast;
 * midday = noon, lunch; evening = pm, dinner, tea, supper; the kennel's own ROUNDS_NAMES): one
 * parser, src/domain/round-names.ts.
 */
export const roundInput = (names: RoundNames | undefined) =>
  text(40)
    .refine((w) => roundNamed(w, names) !== undefined, {
      // "lnch" is not a round; did you mean lunch?, then the rounds, as in Slack and the terminal.
      error: (issue) => {
        const typed = String(issue.input ?? "").slice(0, 40);
        return `"${typed}" is not a round.${didYouMean(typed, roundWords(names))} The rounds: ${roundNamesLine(names)}.`;
      },
    })
    .optional()
    .describe(
      `The round: ${roundNamesLine(names)}. Default: the round now by the kennel's clock (each round begins an hour before its time).`,
    );
