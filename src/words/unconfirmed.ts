/**
 * The words of a dose printed from the kennel system's words while the pet's care plan is not
 * confirmed (issue 44): signed and chased like any dose, and said so wherever it is named, so
 * whoever reads it knows nobody has checked the reading yet. Plain text: each renderer escapes it.
 */
/** Beside the dose's name: "Pardale-V 400 mg (plan not confirmed)". */
export const PLAN_NOT_CONFIRMED = "plan not confirmed";

/** Where a count or a record says what a dose was due by: "from the words, plan not confirmed". */
export const FROM_THE_WORDS = "from the words, plan not confirmed";

/** "Pardale-V 400 mg (plan not confirmed)", or the label alone for a dose of a confirmed plan. */
export function doseName(label: string, unconfirmed: boolean | undefined): string {
  return unconfirmed ? `${label} (${PLAN_NOT_CONFIRMED})` : label;
}
