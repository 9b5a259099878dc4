/**
 * The rounds by the names staff use: one parser for every surface (Slack's /rounds, the terminal's
 * `rounds` and `digest --round`, the connector). Morning is also am and breakfast; midday noon and
 * lunch; evening pm, dinner, tea, supper and night; any case. A kennel that names its rounds
 * (ROUNDS_NAMES, e.g. Breakfast,Lunch,Dinner) is understood by those names too, and sees them in the
 * round's title: "Midday round (Lunch)".
 */
import { ROUNDS, type Round } from "./care.ts";
import { ROUND_SYNONYMS, roundOfName } from "./round-synonyms.ts";

/** The kennel's own name of each round (ROUNDS_NAMES), when it sets them. */
export type RoundNames = Record<Round, string>;

const SYNONYMS: Record<Round, readonly string[]> = ROUND_SYNONYMS;

/** Every word that names a round, the round's own name first. */
export function roundWords(names?: RoundNames): string[] {
  const own = names ? ROUNDS.map((r) => names[r].toLowerCase()) : [];
  return [...new Set([...ROUNDS, ...ROUNDS.flatMap((r) => SYNONYMS[r]), ...own])];
}

/** "lunch" → "midday", "PM" → "evening", the kennel's own "Feed 2" → its round; else undefined. */
export function roundNamed(word: string | undefined, names?: RoundNames): Round | undefined {
  return roundOfName(word, names);
}

/** "morning (am, breakfast), midday (noon, lunch), evening (pm, dinner, tea, supper, night)". */
export function roundNamesLine(names?: RoundNames): string {
  return ROUNDS.map((r) => {
    const others = [...(names ? [names[r]] : []), ...SYNONYMS[r]].filter(
      (w, i, all) => w.toLowerCase() !== r && all.findIndex((x) => x.toLowerCase() === w.toLowerCase()) === i,
    );
    return `${r} (${others.join(", ")})`;
  }).join(", ");
}

/** The round named among the words (wherever it is: "lunch tomorrow", "tomorrow lunch") and the words left (the date). */
export function splitRound(text: string, names?: RoundNames): { round: Round | undefined; rest: string } {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const without = (i: number, n: number) => [...words.slice(0, i), ...words.slice(i + n)].join(" ");
  for (let i = 0; names && i + 1 < words.length; i++) {
    // A kennel's own two-word name ("Feed 2") before the one-word names.
    const pair = roundNamed(`${words[i]} ${words[i + 1]}`, names);
    if (pair) return { round: pair, rest: without(i, 2) };
  }
  const i = words.findIndex((w) => roundNamed(w, names) !== undefined);
  if (i >= 0) return { round: roundNamed(words[i], names), rest: without(i, 1) };
  return { round: undefined, rest: words.join(" ") };
}

/** The kennel's own name of the round (ROUNDS_NAMES) for its title, "Midday round (Lunch)"; none when unset or the same word. */
export function kennelRoundName(round: Round, names?: RoundNames): string | undefined {
  const own = names?.[round];
  return own && own.toLowerCase() !== round ? own : undefined;
}
