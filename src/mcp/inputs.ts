/**
 * The pieces of the tools' input schemas. Every string must be well-formed Unicode: a lone
 * surrogate ("\ud800") is refused as bad input before any request is built from it.
 */
import { z } from "zod";
import { parseDay } from "../dates.ts";
import type { Deps } from "../deps.ts";
import { type RoundNames, roundNamed, roundNamesLine, roundWords } from "../domain/round-names.ts";
import { didYouMean } from "../domain/suggest.ts";
import { isIsoDate } from "../time.ts";

/** A string with no lone surrogate (it cannot be sent in a URL). */
function wellFormed(s: string): boolean {
  return s.isWellFormed();
}

const BROKEN = "contains a broken character (an unpaired surrogate): send well-formed Unicode text";

/** Free text of at most `max` characters. */
export const text = (max: number) =>
  z.string().max(max, `at most ${max} characters`).refine(wellFormed, BROKEN);

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

export const page = z
  .number()
  .int("page is a whole number")
  .min(1, "page is 1 or more")
  .max(100_000, "page is at most 100000")
  .optional()
  .describe("One-based page number. Default 1.");

/** One-based page of a day's list in the text (the structured content carries the whole day). */
export const textPage = (describe: string) =>
  z
    .number()
    .int("page is a whole number")
    .min(1, "page is 1 or more")
    .max(1000, "page is at most 1000")
    .optional()
    .describe(describe);

export const pageSize = z
  .number()
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

const DAY_WORDS =
  "today, tomorrow, yesterday, a weekday (friday), +3 or -1, YYYY-MM-DD, or 24 Dec or 24/12 in the kennel's date order";

/** The day as the terminal reads it, sent on as YYYY-MM-DD; refused in the terminal's words. */
export const day = (deps: DayReader, what = "The day") =>
  text(40)
    .transform((typed, ctx) => {
      const read = readDay(deps, typed);
      if (read.ok) return read.date;
      ctx.addIssue({ code: "custom", message: read.message, input: typed });
      return z.NEVER;
    })
    .optional()
    .describe(`${what}: ${DAY_WORDS}. Default: today in the kennel's time zone.`);

/** An ISO 8601 date-time whose date is a real one: 2026-11-24T00:00:00Z, 2026-11-24T09:30+01:00. */
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?$/i;

/** A date-time passed on as given, or a day as the terminal reads it (the whole day, in the kennel's zone). */
export const dateOrDateTime = (deps: DayReader, what: string) =>
  text(40)
    .transform((typed, ctx) => {
      const at = DATE_TIME.exec(typed.trim());
      if (at && isIsoDate(at[1] as string) && !Number.isNaN(Date.parse(typed.trim()))) return typed.trim();
      // A date-time on an impossible day is refused as that day is ("2026-02-31 is not a real date").
      const read = readDay(deps, at ? (at[1] as string) : typed);
      if (read.ok && !at) return read.date;
      const message = read.ok
        ? `"${typed.trim()}" is not a real date-time. Give an ISO 8601 date-time, for example 2026-11-24T00:00:00Z, or a day.`
        : read.message;
      ctx.addIssue({ code: "custom", message, input: typed });
      return z.NEVER;
    })
    .optional()
    .describe(
      `${what}: an ISO 8601 date-time (for example 2026-11-24T00:00:00Z), or a day (${DAY_WORDS}), taken as that whole day in the kennel's time zone.`,
    );

/** The bookings filters of list_bookings and list_customer_bookings (a range ending before it starts: src/mcp/lists.ts). */
export const bookingFilters = (deps: DayReader) => ({
  from: dateOrDateTime(deps, "Start of the date range (bookings whose stay overlaps the range)"),
  to: dateOrDateTime(deps, "End of the date range"),
  bookingType: text(100).optional().describe('Booking type, for example "boarding".'),
  status: text(100).optional().describe('Booking status, for example "confirmed" or "new".'),
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
