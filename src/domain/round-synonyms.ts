/**
 * The other names staff use for each round (Gingr's reports say "AM / Lunch / PM"). No imports: the
 * settings (ROUNDS_NAMES) check against it too. The parser is src/domain/round-names.ts.
 */
export const ROUND_SYNONYMS = {
  morning: ["am", "breakfast"],
  midday: ["noon", "lunch"],
  evening: ["pm", "dinner", "tea", "supper", "night"],
} as const satisfies Record<"morning" | "midday" | "evening", readonly string[]>;
