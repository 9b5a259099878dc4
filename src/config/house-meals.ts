/**
 * KENNEL_HOUSE_MEALS: the house routine, the rounds a pet with no diet on record is fed at (issue 39).
 * Round names in the kennel's words, by any of their names (morning, am, breakfast; midday, noon,
 * lunch; evening, pm, dinner, tea, supper, night; the kennel's own ROUNDS_NAMES), separated by
 * commas: `morning,evening` (the default). Per species by the API's `petType`, species separated by
 * semicolons: `dog:morning,evening;cat:morning,midday,evening`; a list without a species there is
 * for every other species (`morning,evening;cat:morning,midday,evening`), else the default is.
 * The value is the care plan's own `HouseMeals` (src/domain/house-routine.ts, as
 * src/domain/plan/feeding.ts reads it), passed in.
 */
import { DEFAULT_HOUSE_MEALS, type HouseMeals } from "../domain/house-routine.ts";
import { roundOfName } from "../domain/round-synonyms.ts";
import { bad, type Check, ok } from "./reader.ts";
import type { RoundNames } from "./types.ts";

type Round = HouseMeals["rounds"][number];
const ROUNDS: readonly Round[] = ["morning", "midday", "evening"];

const FIX =
  "Give the rounds a pet with no diet on record is fed at, separated by commas, for example morning,evening; or per species (the kennel system's pet type), separated by semicolons, for example dog:morning,evening;cat:morning,midday,evening.";

/**
 * One list of rounds ("morning, Dinner"), in the day's order; or why it cannot be read. `part`: the
 * words the list was written in ("cat:lunch,,dinner"), quoted in the problem.
 */
function roundList(text: string, part: string, names: RoundNames | undefined): Check<Round[]> {
  const words = text.split(",").map((w) => w.trim());
  if (words.every((w) => w === "")) return bad(`"${part.slice(0, 60)}" names no round.`, FIX);
  const rounds: Round[] = [];
  for (const word of words) {
    if (word === "") return bad(`"${part.slice(0, 60)}" has an empty name between its commas.`, FIX);
    const round = roundOfName(word, names);
    if (!round) {
      const own = names ? `, or the kennel's own ${names.morning}, ${names.midday}, ${names.evening}` : "";
      return bad(
        `"${word.slice(0, 40)}" is not a round (morning, midday or evening, or am, breakfast, noon, lunch, pm, dinner, tea, supper, night${own}).`,
        FIX,
      );
    }
    rounds.push(round);
  }
  return ok(ROUNDS.filter((r) => rounds.includes(r)));
}

/**
 * Reads KENNEL_HOUSE_MEALS (`names`: ROUNDS_NAMES, when set, understood too). Every problem is the
 * settings' one line: the species or the word that cannot be read, and how to write it.
 */
export function houseMeals(value: string, names?: RoundNames): Check<HouseMeals> {
  const parts = value.split(";").map((p) => p.trim());
  if (parts.length === 1 && !parts[0]?.includes(":")) {
    const rounds = roundList(value, value, names);
    return rounds.ok ? ok({ rounds: rounds.value }) : rounds;
  }
  const quoted = `"${value.slice(0, 80)}"`;
  let rest: Round[] | undefined;
  const bySpecies: Record<string, Round[]> = {};
  for (const part of parts) {
    if (part === "") return bad(`${quoted} has an empty part between its semicolons.`, FIX);
    const colon = part.indexOf(":");
    const list = roundList(colon < 0 ? part : part.slice(colon + 1), part, names);
    if (colon < 0) {
      if (rest) return bad(`${quoted} has two lists without a species.`, FIX);
      if (!list.ok) return list;
      rest = list.value;
      continue;
    }
    const species = part.slice(0, colon).trim().replace(/\s+/g, " ");
    if (!/^\p{L}[\p{L} '-]{0,39}$/u.test(species)) {
      return bad(
        `"${species.slice(0, 40)}" is not a species: the kennel system's pet type, such as dog or cat.`,
        FIX,
      );
    }
    const key = species.toLowerCase();
    if (Object.hasOwn(bySpecies, key)) return bad(`${quoted} gives ${species} twice.`, FIX);
    if (!list.ok) return list;
    bySpecies[key] = list.value;
  }
  return ok({ rounds: rest ?? [...DEFAULT_HOUSE_MEALS.rounds], bySpecies });
}
