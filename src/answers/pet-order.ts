/**
 * A pet search's matches in the order the front desk wants them: the pets in house today first, then
 * by name (then id). `/pet Biscuit` in a kennel with fifteen Biscuits on record lists the two staying
 * now at the top of page 1, not wherever the API's own order puts them.
 *
 * The API pages by its own order, so every match is read (a name search rarely finds many; past
 * MAX_SORTED, or when they cannot all be read, the API's pages are kept as they are) and the pages
 * are cut here. A pet is in house when
 * a stay of today names it: the stay's customer's pets, matched to the booking's pet names by the
 * kennel's one rule (src/domain/pet-match.ts). When the stays cannot be read the order is by name,
 * and nothing is marked.
 */
import type { Deps } from "../deps.ts";
import { activePets } from "../domain/customers.ts";
import { matchPets } from "../domain/pet-match.ts";
import type { Pet } from "../kennel/schemas.ts";
import { localDate } from "../time.ts";
import { describeFailure } from "./failure.ts";
import { stayingOn } from "./house.ts";

/** The most matches read to be put in order; more, and the API's pages are shown as they come. */
const MAX_SORTED = 300;

export interface OrderedPets {
  /** The page's pets, in house first. */
  items: Pet[];
  /** Of every match, the ids of those in house today. */
  inHouse: Set<number>;
  page: number;
  totalPages: number;
  totalRecords: number;
  requestId: string;
}

/** The ids of `pets` that a stay of today names. */
async function inHouseToday(deps: Deps, pets: Pet[]): Promise<Set<number>> {
  const today = localDate(deps.clock.now(), deps.config.timezone);
  const owners = new Set(pets.map((p) => p.customerId).filter((id): id is number => id !== undefined));
  const stays = (await stayingOn(deps, today)).bookings.filter(
    (b) => b.customerId !== undefined && owners.has(b.customerId),
  );
  const ids = new Set<number>();
  const wanted = new Set(pets.map((p) => p.petId));
  for (const customerId of new Set(stays.map((b) => b.customerId as number))) {
    // The customer's own pets (cached): "Biscuit & Pepper" is matched against every pet they have.
    const theirs = (await deps.kennel.listCustomerPets(customerId)).data;
    for (const b of stays.filter((s) => s.customerId === customerId)) {
      for (const p of matchPets(b, theirs).pets)
        if (p.petId !== undefined && wanted.has(p.petId)) ids.add(p.petId);
    }
  }
  return ids;
}

/**
 * One page of a name search's matches, in house first then by name; undefined when there are more
 * than MAX_SORTED (the API's own pages then).
 */
export async function petsInHouseFirst(
  deps: Deps,
  filter: { name: string; owner?: string | undefined },
  page: number,
  pageSize: number,
): Promise<OrderedPets | undefined> {
  const all: Pet[] = [];
  let requestId = "";
  try {
    for await (const p of deps.kennel.iteratePets(filter, 100)) {
      requestId ||= p.requestId;
      all.push(...p.data.items);
      if (all.length > MAX_SORTED) return undefined;
    }
  } catch (error) {
    // The page asked for was read; the rest could not be (a list that grows as it is read, a
    // failure): that page, in the API's order, rather than no answer.
    deps.log.warn(
      { err: describeFailure(error) },
      "pet search: every match could not be read to be put in order",
    );
    return undefined;
  }
  const pets = activePets(all);
  let inHouse = new Set<number>();
  try {
    inHouse = await inHouseToday(deps, pets);
  } catch (error) {
    deps.log.warn({ err: describeFailure(error) }, "pet search: who is in house could not be read");
  }
  const staying = (p: Pet) => (p.petId !== undefined && inHouse.has(p.petId) ? 0 : 1);
  pets.sort(
    (a, b) =>
      staying(a) - staying(b) ||
      (a.name ?? "").localeCompare(b.name ?? "", undefined, { sensitivity: "base" }) ||
      (a.petId ?? 0) - (b.petId ?? 0),
  );
  const totalPages = Math.max(1, Math.ceil(pets.length / pageSize));
  const shown = Math.min(Math.max(1, page), totalPages);
  return {
    items: pets.slice((shown - 1) * pageSize, shown * pageSize),
    inHouse,
    page: shown,
    totalPages,
    totalRecords: pets.length,
    requestId,
  };
}
