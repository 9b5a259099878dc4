/**
 * The welfare check's four signs and what may be seen of each (issue 38): "normal", or what was
 * seen. The one list the check's form, its rules (src/domain/welfare.ts) and its kept record
 * (src/record/kinds/welfare.ts) read.
 */
export const WELFARE_SIGNS = {
  drinking: ["normal", "more", "less", "none"],
  stool: ["normal", "loose", "none", "blood"],
  urine: ["normal", "none", "more", "blood"],
  demeanour: ["normal", "quiet", "anxious", "lethargic", "in_pain"],
} as const;
