/**
 * KENNEL_RECORD_RETENTION_DAYS: how long the care record keeps a round's entries (default 1095,
 * three years; 0 keeps everything). A kennel keeps medication records for years, so a period under
 * a year (a typo, `1` for `1095`) is refused at start, before anything could be deleted, unless
 * KENNEL_RECORD_RETENTION_SHORT=1 says it is meant; then every start and `status` say it loudly.
 */
import { type EnvReader, flag, wholeNumber } from "./reader.ts";

/** The shortest period taken without KENNEL_RECORD_RETENTION_SHORT=1: a year. */
const MIN_RETENTION_DAYS = 365;

/** The retention in days, a short one refused (a problem on `r`) unless the override is set. */
export function readRetention(r: EnvReader): number {
  const days = r.read("KENNEL_RECORD_RETENTION_DAYS", {
    fallback: 1095,
    parse: wholeNumber(
      0,
      36_500,
      "Use a number of days, for example 1095 (three years), or 0 to keep everything.",
    ),
  });
  const short = r.read("KENNEL_RECORD_RETENTION_SHORT", {
    fallback: false,
    parse: flag("KENNEL_RECORD_RETENTION_SHORT"),
  });
  if (days > 0 && days < MIN_RETENTION_DAYS && !short) {
    r.add({
      variable: "KENNEL_RECORD_RETENTION_DAYS",
      problem: `is ${days}: the care record would delete its entries, medication doses included, after ${days} ${days === 1 ? "day" : "days"}. A kennel keeps medication records for years; nothing has been deleted.`,
      fix: `Use ${MIN_RETENTION_DAYS} days or more (1095 is three years), or 0 to keep everything. If so short a period is truly meant, set KENNEL_RECORD_RETENTION_SHORT=1 beside it.`,
    });
    return 1095;
  }
  return days;
}

/** The loud line for a retention under a year (set with the override), or undefined. */
export function shortRetentionWarning(days: number): string | undefined {
  if (days <= 0 || days >= MIN_RETENTION_DAYS) return undefined;
  return `⚠️ KENNEL_RECORD_RETENTION_DAYS=${days} (with KENNEL_RECORD_RETENTION_SHORT=1): the care record deletes every entry, medication doses included, of rounds more than ${days} ${days === 1 ? "day" : "days"} old, each night at 03:30. A kennel keeps medication records for years: set it to ${MIN_RETENTION_DAYS} or more (1095 is three years) unless this is meant.`;
}
