/**
 * The other names staff use for each round (Gingr's reports say "AM / Lunch / PM"), and the one
 * matcher of a round's name. No imports: the settings (ROUNDS_NAMES, KENNEL_HOUSE_MEALS) read rounds
 * with it too. The parser of typed text is src/domain/round-names.ts.
 */
export const ROUND_SYNONYMS = {
  morning: ["am", "breakfast"],
  midday: ["noon", "lunch"],
  evening: ["pm", "dinner", "tea", "supper", "night"],
} as const satisfies Record<"morning" | "midday" | "evening", readonly string[]>;

type RoundKey = keyof typeof ROUND_SYNONYMS;
const ROUND_KEYS = Object.keys(ROUND_SYNONYMS) as RoundKey[];

/**
 * The round a word names: its own name, another name staff use for it ("lunch", "PM"), or the
 * kennel's own (ROUNDS_NAMES: "Feed 2"), any case, spaces tidied; else undefined.
 */
export function roundOfName(
  word: string | undefined,
  names?: Record<RoundKey, string>,
): RoundKey | undefined {
  const tidy = (w: string) => w.trim().toLowerCase().replace(/\s+/g, " ");
  const w = word === undefined ? "" : tidy(word);
  if (!w) return undefined;
  return ROUND_KEYS.find(
    (r) => r === w || (ROUND_SYNONYMS[r] as readonly string[]).includes(w) || (names && tidy(names[r]) === w),
  );
}
