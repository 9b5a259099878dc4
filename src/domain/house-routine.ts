/**
 * The house routine (issue 39): the rounds a pet with no diet on record is fed at, by default
 * morning and evening (most kennels feed an adult dog twice a day), per species when the kennel says
 * so (KENNEL_HOUSE_MEALS, read by the settings and passed in). No value imports: the settings read the
 * default and the routine's shape without loading the rest of the domain (nor going round in a
 * circle through it). The care plan reads it with src/domain/plan/feeding.ts `houseMealsFor`.
 */

/** A round, as src/domain/care.ts names them (no import: the settings read this module). */
type Round = "morning" | "midday" | "evening";

/**
 * The house routine: the rounds a pet with no diet is fed at, and per species (the API's petType).
 * The care plan's reader takes it (src/domain/plan/feeding.ts `houseMealsFor`), and so do the rounds.
 */
export interface HouseMeals {
  rounds: Round[];
  /** By species in lower case ("dog", "cat"). */
  bySpecies?: Record<string, Round[]>;
}

/** The routine when KENNEL_HOUSE_MEALS is not set: morning and evening, for every species. */
export const DEFAULT_HOUSE_MEALS: HouseMeals = { rounds: ["morning", "evening"] };

/** "morning and evening"; "morning, midday and evening"; "evening". */
export function roundsWords(rounds: readonly string[]): string {
  if (rounds.length <= 1) return rounds.join("");
  return `${rounds.slice(0, -1).join(", ")} and ${rounds.at(-1)}`;
}

/** The routine in words: "morning and evening", or "dog: morning and evening; cat: …; others: …". */
export function houseMealsWords(routine: HouseMeals): string {
  const species = Object.entries(routine.bySpecies ?? {});
  if (species.length === 0) return roundsWords(routine.rounds);
  return [
    ...species.map(([name, rounds]) => `${name}: ${roundsWords(rounds)}`),
    `others: ${roundsWords(routine.rounds)}`,
  ].join("; ");
}
