/**
 * The pieces of the tools' input schemas. Every string must be well-formed Unicode: a lone
 * surrogate ("\ud800") is refused as bad input before any request is built from it.
 */
import { z } from "zod";
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
    .number()
    .int(`the ${what} id is a whole number`)
    .min(0, `the ${what} id is 0 or more`)
    .max(999_999_999_999_999, `the ${what} id has at most 15 digits`)
    .describe(`The ${what} id (an integer).`);

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

export const dateOrDateTime = (what: string) =>
  text(40)
    .refine((s) => isIsoDate(s) || !Number.isNaN(Date.parse(s)), "an ISO 8601 date (YYYY-MM-DD) or date-time")
    .optional()
    .describe(
      `${what}: an ISO 8601 date-time (for example 2026-11-24T00:00:00Z) or a date YYYY-MM-DD, taken as that whole day in the kennel's time zone.`,
    );

export const day = text(10)
  .refine(isIsoDate, "a real date written YYYY-MM-DD")
  .optional()
  .describe("The day, YYYY-MM-DD. Default: today in the kennel's time zone.");

export const bookingFilters = {
  from: dateOrDateTime("Start of the date range (bookings whose stay overlaps the range)"),
  to: dateOrDateTime("End of the date range"),
  bookingType: text(100).optional().describe('Booking type, for example "boarding".'),
  status: text(100).optional().describe('Booking status, for example "confirmed" or "new".'),
  search: text(200).optional().describe("Free text: reference, customer name, pet names."),
  page,
  pageSize,
};

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
      // "lnch": did you mean lunch?, as in Slack and the terminal.
      error: (issue) =>
        `a round: ${roundNamesLine(names)}.${didYouMean(String(issue.input ?? ""), roundWords(names))}`,
    })
    .optional()
    .describe(
      `The round: ${roundNamesLine(names)}. Default: the round now by the kennel's clock (each round begins an hour before its time).`,
    );
