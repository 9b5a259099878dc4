/**
 * Today's house as last read in full (the pets of every stay of the day, their care matched, and
 * each stay's owner as its booking names them), kept beside the kennel client: by the day's care
 * read at start and with the 07:00 post (src/answers/today.ts warmTodaysCare) and by every whole-day
 * board (/inhouse, a round's sheet). A name search puts the pets staying first from it, with their
 * owners' names, without reading the house or those owners again (issue 48: a search reads only the
 * page it answers). Only for its own date: tomorrow nothing is known until the house is read again.
 */
import type { Deps } from "../deps.ts";
import type { Booking, Pet } from "../kennel/schemas.ts";

export interface KnownHouse {
  pets: Pet[];
  /** The owners' names of the stays, by customer id, as their bookings name them. */
  owners: Map<number, string>;
}

const known = new WeakMap<object, KnownHouse & { date: string }>();

/** Keeps the house on `date` (the whole day's stays, as just read, with their pets). */
export function rememberHouse(
  deps: Pick<Deps, "kennel">,
  date: string,
  stays: Array<{ booking: Booking; pets: Pet[] }>,
): void {
  const owners = new Map<number, string>();
  for (const { booking: b } of stays) {
    if (b.customerId !== undefined && b.customerName) owners.set(b.customerId, b.customerName);
  }
  known.set(deps.kennel, { date, pets: stays.flatMap((s) => s.pets), owners });
}

/** The house on `date` as last read, or undefined when the house was not read that day. */
export function knownHouse(deps: Pick<Deps, "kennel">, date: string): KnownHouse | undefined {
  const k = known.get(deps.kennel);
  return k?.date === date ? k : undefined;
}
