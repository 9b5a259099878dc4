/**
 * A pet search's page in the order the front desk wants it: the pets in house today first, then by
 * name (then id). `/pet Biscuit` in a kennel with fifteen Biscuits on record lists the ones staying
 * now at the top of page 1, not wherever the API's own order puts them.
 *
 * A paged search reads only the page it answers (issue 48: `/kennel pets do` read every match and
 * every staying owner's pets, 141 calls, for a page of ten): the API's page, which says whether
 * there is a next one, and nothing more. Who is in house comes from today's house as last read in
 * full (src/answers/house-known.ts: the day's care read at start and with the 07:00 post, or the
 * board): its pets whose names hold the text searched lead page 1, marked, and are left out of the
 * later pages so none is shown twice (ASSUMPTION: the API's name filter finds a name holding the
 * text, in any case; its rule is not shown); their owners' names are the house's own (their stays'
 * bookings name them), so only the owners of the API's page are asked for. When today's house is
 * not known, the page is in the API's order, by name, and nothing is marked.
 */
import type { Deps } from "../deps.ts";
import { activePets } from "../domain/customers.ts";
import { holdsFolded } from "../domain/name-fold.ts";
import type { Page, Pet } from "../kennel/schemas.ts";
import { localDate } from "../time.ts";
import { nameOrderBase } from "../words/order.ts";
import { knownHouse } from "./house-known.ts";

export interface OrderedPets {
  /** The page's pets, in house first. */
  items: Pet[];
  /** Of the pets shown, the ids of those in house today. */
  inHouse: Set<number>;
  /** The owners' names today's house already knows (its stays' bookings name them): not asked again. */
  owners: Map<number, string>;
  page: number;
  totalPages: number;
  totalRecords: number;
  requestId: string;
}

const byName = (a: Pet, b: Pet) =>
  nameOrderBase(a.name ?? "", b.name ?? "") || (a.petId ?? 0) - (b.petId ?? 0);

/** The search's page (as the API answered it) in house first, then by name. No API call. */
export function petsInHouseFirst(
  deps: Pick<Deps, "kennel" | "clock" | "config">,
  filter: { name: string; owner?: string | undefined },
  answer: { data: Page<Pet>; requestId: string },
): OrderedPets {
  const { data } = answer;
  const house = knownHouse(deps, localDate(deps.clock.now(), deps.config.timezone));
  const inHouse = new Set((house?.pets ?? []).flatMap((p) => (p.petId === undefined ? [] : [p.petId])));
  // The staying pets the search finds, on page 1 (an owner's name is not on a pet: not when one is
  // given), accents and case aside ("Chloe": Chloé).
  const leading =
    filter.owner === undefined
      ? activePets(house?.pets ?? []).filter((p) => holdsFolded(p.name ?? "", filter.name))
      : [];
  const led = new Set(leading.map((p) => p.petId));
  const rest = activePets(data.items).filter((p) => !led.has(p.petId));
  const staying = (p: Pet) => (p.petId !== undefined && inHouse.has(p.petId) ? 0 : 1);
  const items = [...(data.page <= 1 ? leading : []), ...rest].sort(
    (a, b) => staying(a) - staying(b) || byName(a, b),
  );
  return {
    items,
    inHouse: new Set(items.flatMap((p) => (p.petId !== undefined && inHouse.has(p.petId) ? [p.petId] : []))),
    owners: house?.owners ?? new Map(),
    page: data.page,
    totalPages: data.totalPages,
    totalRecords: data.totalRecords,
    requestId: answer.requestId,
  };
}
