/**
 * The words for weekdays and months staff type ("tues", "Sept"), one table for every reader: the
 * days typed in commands (src/dates.ts) and the dates and day names in care instructions
 * (src/domain/plan/). No imports.
 */

const WEEKDAYS: Record<string, number> = {
  sun: 0,
  sunday: 0,
  mon: 1,
  monday: 1,
  tue: 2,
  tues: 2,
  tuesday: 2,
  wed: 3,
  weds: 3,
  wednesday: 3,
  thu: 4,
  thur: 4,
  thurs: 4,
  thursday: 4,
  fri: 5,
  friday: 5,
  sat: 6,
  saturday: 6,
};

const MONTHS: Record<string, number> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
};

/** The weekday a word names (0 Sunday … 6 Saturday), lower case; own keys only ("constructor" is none). */
export function weekdayOf(word: string | undefined): number | undefined {
  return word !== undefined && Object.hasOwn(WEEKDAYS, word) ? WEEKDAYS[word] : undefined;
}

/** The month a word names (1 … 12), lower case; own keys only. */
export function monthOf(word: string | undefined): number | undefined {
  return word !== undefined && Object.hasOwn(MONTHS, word) ? MONTHS[word] : undefined;
}

/** Every month word, longest first. */
export const MONTH_WORDS: readonly string[] = Object.keys(MONTHS).sort((a, b) => b.length - a.length);

/** Days in a month of a year (February of a leap year 29). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
