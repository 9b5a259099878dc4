/** A register's dose given before its medicine was counted in, in words (src/words/custody.ts). */

/** A dose given before the medicine was counted in: said, never against the balance. */
export const BEFORE_WORDS = {
  earlier: "before it was counted in: not from this stock",
  same_minute:
    "in the minute it was counted in, before it: not from this stock (if it was, count the medicine)",
} as const;
