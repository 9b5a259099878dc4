/**
 * Why a count of a medicine did not match its balance (issue 49): the list staff choose from, kept
 * apart from src/domain/custody.ts so the record's kinds can check it without reading the domain's
 * own view of the record.
 */

/** Why a count did not match the balance, from the list staff know. */
export type DiscrepancyReason =
  | "miscount"
  | "dose_not_recorded"
  | "dose_recorded_not_given"
  | "dropped_or_spilled"
  | "measure_estimate"
  | "owner_brought_or_took"
  | "not_known_yet"
  | "other";
export const DISCREPANCY_REASONS: readonly DiscrepancyReason[] = [
  "miscount",
  "dose_not_recorded",
  "dose_recorded_not_given",
  "dropped_or_spilled",
  "measure_estimate",
  "owner_brought_or_took",
  "not_known_yet",
  "other",
];
