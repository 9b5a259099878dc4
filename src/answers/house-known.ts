/**
 * Today's house as last read in full (the pets of every stay of the day, their care matched), kept
 * beside the kennel client: by the day's care read at start and with the 07:00 post
 * (src/answers/today.ts warmTodaysCare) and by every whole-day board (/inhouse, a round's sheet). A
 * name search puts the pets staying first from it without reading the house again (issue 48: a
 * search reads only the page it answers). Only for its own date: tomorrow nothing is known until
 * the house is read again.
 */
import type { Deps } from "../deps.ts";
import type { Pet } from "../kennel/schemas.ts";

const known = new WeakMap<object, { date: string; pets: Pet[] }>();

/** Keeps the pets in house on `date` (the whole day's, as just read). */
export function rememberHouse(deps: Pick<Deps, "kennel">, date: string, pets: Pet[]): void {
  known.set(deps.kennel, { date, pets });
}

/** The pets in house on `date` as last read, or undefined when the house was not read that day. */
export function knownHouse(deps: Pick<Deps, "kennel">, date: string): Pet[] | undefined {
  const k = known.get(deps.kennel);
  return k?.date === date ? k.pets : undefined;
}
