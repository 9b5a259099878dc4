/** The house's rooms, each a timeline of stays, and the pools of pets that fill them. */
import { type BookingSpec, makeBooking, nightsOfStay } from "./bookings.ts";
import { type BuildContext, isFree, push } from "./context.ts";
import { profileOf } from "./people.ts";
import type { BusinessData, Json } from "./types.ts";
import type { MedProfile } from "./words.ts";

// Rooms: the house's rooms (each a timeline of stays) and, for the full-house peak, more kennels.
interface RoomPlan {
  room: string;
  species: "Dog" | "Cat";
  /** Medication profile of the first pet of every stay (the others have none). */
  profile: MedProfile;
  /** Back-to-back stays (the next arrives the day after a departure): always one stay a day. */
  continuous: boolean;
  /** Chance that a stay is two pets of one owner sharing the room. */
  pair: number;
}
/**
 * The house: about 40 pets in on any day. The medication rooms make each round's count
 * 3 to 6 pets: morning (every medicated pet has a main instruction) 4–6, midday 3–4, evening 4–6.
 */
export const HOUSE: RoomPlan[] = [
  { room: "Kennel 2", species: "Dog", profile: "thrice", continuous: true, pair: 0 },
  { room: "Kennel 10", species: "Dog", profile: "thrice", continuous: true, pair: 0.3 },
  { room: "Cattery 3", species: "Cat", profile: "thrice", continuous: true, pair: 0 },
  { room: "Suite A", species: "Dog", profile: "evening", continuous: true, pair: 0.6 },
  { room: "Kennel 5", species: "Dog", profile: "thrice", continuous: false, pair: 0 },
  { room: "Kennel 7", species: "Dog", profile: "evening", continuous: false, pair: 0 },
  ...[1, 3, 4, 6, 8, 9, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28].map(
    (n): RoomPlan => ({ room: `Kennel ${n}`, species: "Dog", profile: "none", continuous: false, pair: 0.2 }),
  ),
  ...[1, 2, 4, 5, 6].map(
    (n): RoomPlan => ({
      room: `Cattery ${n}`,
      species: "Cat",
      profile: "none",
      continuous: false,
      pair: 0.3,
    }),
  ),
  { room: "Suite B", species: "Dog", profile: "none", continuous: false, pair: 0.7 },
  { room: "Family Room", species: "Dog", profile: "none", continuous: false, pair: 1 },
];
export const PEAK_ROOMS_DOG = Array.from({ length: 120 }, (_, i) => `Kennel ${i + 31}`);
export const PEAK_ROOMS_CAT = Array.from({ length: 30 }, (_, i) => `Cattery ${i + 7}`);

interface Pools {
  /** Bookable pets (owner not archived, pet not deleted), by species and medication profile. */
  byKind: Map<string, Json[]>;
  /** Every bookable pet without medication (for daycare, grooming, training). */
  plain: Json[];
  /** Every bookable pet. */
  all: Json[];
}

export function pools(business: BusinessData, exclude: Set<number>): Pools {
  const byKind = new Map<string, Json[]>();
  const plain: Json[] = [];
  const all: Json[] = [];
  for (const pet of business.pets) {
    const owner = business.customerById.get(pet.customerId as number);
    if (pet.deleted || !owner || owner.archived || exclude.has(pet.petId as number)) continue;
    all.push(pet);
    const profile = profileOf(pet);
    push(byKind, `${pet.petType}:${profile}`, pet);
    if (profile === "none") plain.push(pet);
  }
  return { byKind, plain, all };
}

/** A free pet from a pool for the days, or undefined: random tries, then a scan from a random start. */
export function freePet(ctx: BuildContext, pool: Json[], from: number, to: number): Json | undefined {
  if (pool.length === 0) return undefined;
  for (let i = 0; i < 8; i++) {
    const pet = ctx.r.pick(pool);
    if (isFree(ctx, pet, from, to)) return pet;
  }
  const start = ctx.r.int(0, pool.length - 1);
  for (let i = 0; i < pool.length; i++) {
    const pet = pool[(start + i) % pool.length] as Json;
    if (isFree(ctx, pet, from, to)) return pet;
  }
  return undefined;
}

/** The pet and, sometimes, a sibling without medication of the same owner and species, both free. */
export function withSibling(
  ctx: BuildContext,
  business: BusinessData,
  pet: Json,
  pair: number,
  from: number,
  to: number,
): Json[] {
  if (!ctx.r.chance(pair)) return [pet];
  const sibling = (business.petsByCustomer.get(pet.customerId as number) ?? []).find(
    (p) =>
      p !== pet &&
      !p.deleted &&
      p.petType === pet.petType &&
      profileOf(p) === "none" &&
      isFree(ctx, p, from, to),
  );
  return sibling ? [pet, sibling] : [pet];
}

export interface FixedStay extends BookingSpec {
  room: string;
}

/** Fills one room's timeline with stays from `start` to `end` (day numbers), around fixed stays. */
export function fillRoom(
  ctx: BuildContext,
  business: BusinessData,
  prefix: string,
  plan: RoomPlan,
  pool: Json[],
  start: number,
  end: number,
  fixed: FixedStay[],
): void {
  const { r } = ctx;
  const empty = (d: number) => ctx.emptyDays.has(d);
  let cursor = start;
  while (cursor <= end) {
    const next = fixed.find((f) => f.checkOut >= cursor);
    if (next && next.checkIn <= cursor) {
      makeBooking(ctx, business, prefix, next);
      cursor = next.checkOut + (plan.continuous ? 1 : r.int(1, 3));
      continue;
    }
    if (empty(cursor)) {
      cursor++;
      continue;
    }
    let nights = nightsOfStay(r);
    while (empty(cursor + nights) || (plan.continuous && empty(cursor + nights + 1))) nights++;
    let checkOut = cursor + nights;
    if (next && checkOut >= next.checkIn) {
      checkOut = next.checkIn - 1;
      while (checkOut > cursor && empty(checkOut)) checkOut--;
      if (checkOut <= cursor) {
        cursor = next.checkIn;
        continue;
      }
    }
    const pet = freePet(ctx, pool, cursor, checkOut);
    if (!pet) {
      cursor++;
      continue;
    }
    const owner = business.customerById.get(pet.customerId as number) as Json;
    const pets = withSibling(ctx, business, pet, plan.pair, cursor, checkOut);
    makeBooking(ctx, business, prefix, {
      customer: owner,
      pets,
      checkIn: cursor,
      checkOut,
      type: "boarding",
      room: plan.room,
    });
    cursor = checkOut + daysBetweenStays(ctx, plan);
  }
}

/**
 * Continuous rooms: the next guest arrives the day after; other medication rooms after a gap (one
 * stay a day at most); the rest: a same-day changeover or a gap.
 */
function daysBetweenStays({ r }: BuildContext, plan: RoomPlan): number {
  if (plan.continuous) return 1;
  if (plan.profile !== "none") return r.int(1, 3);
  return r.weighted([
    [0, 3],
    [1, 4],
    [2, 2],
    [3, 1],
  ] as const);
}
