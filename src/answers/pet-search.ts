/**
 * `/pet NAME` and `/pet NAME SURNAME` as the API is asked: the name as typed (one call); when it
 * finds nothing and has several words, the last read as the owner's surname ("Biscuit Müller": one
 * more). When that finds nothing either, the same without accents ("Chloe" finds Chloé, "Biscuit
 * Muller" Müller's Biscuit; src/domain/name-fold.ts): the API's name filter is not shown to fold
 * them, so it is asked once for the name as typed or, when that finds nothing, for a stem no accent
 * changes (its first WIDE matches), and the answer is matched here; an owner's surname is matched
 * on the owners' names of at most OWNERS_AT_MOST of those pets (asked together, cached). Bounded
 * (issue 48): at most two searches more, and those owners, only when the search found nothing.
 */
import type { Deps } from "../deps.ts";
import { activePets } from "../domain/customers.ts";
import { holdsFolded, steadyStem } from "../domain/name-fold.ts";
import type { Page, Pet } from "../kennel/schemas.ts";
import type { KennelResult } from "../kennel/types.ts";

/** How many matches of a stem are read (one page of the API's search). */
const WIDE = 100;
/** How many pets' owners are asked, at most, to match a surname typed without its accents. */
const OWNERS_AT_MOST = 20;

export interface PetsFound {
  /** The name searched, and the owner's surname when the text named one. */
  name: string;
  owner: string | undefined;
  r: KennelResult<Page<Pet>>;
}

type OwnerNames = (ids: Array<number | undefined>) => Promise<Map<number, string>>;

/** The search's page: as typed, then with an owner's surname, then without accents (above). */
export async function searchPets(
  deps: Pick<Deps, "kennel">,
  q: string,
  page: { page: number; pageSize: number },
  ownerNames: OwnerNames,
): Promise<PetsFound> {
  const r = await deps.kennel.listPets({ name: q }, page);
  if (r.data.totalRecords > 0) return { name: q, owner: undefined, r };
  const words = q.split(" ");
  const name = words.slice(0, -1).join(" ");
  const owner = words[words.length - 1];
  if (words.length > 1 && owner !== undefined) {
    const owned = await deps.kennel.listPets({ name, owner }, page);
    if (owned.data.totalRecords > 0) return { name, owner, r: owned };
  }
  const loose =
    words.length > 1 && owner !== undefined
      ? await withoutAccents(deps, name, (pets) => ownedBy(pets, owner, ownerNames), true)
      : await withoutAccents(deps, q, async (pets) => pets, false);
  if (!loose || loose.pets.length === 0) return { name: q, owner: undefined, r };
  const n = loose.pets.length;
  const items = loose.pets.slice((page.page - 1) * page.pageSize, page.page * page.pageSize);
  const data = { ...page, items, totalRecords: n, totalPages: Math.ceil(n / page.pageSize) };
  return {
    name: words.length > 1 ? name : q,
    owner: words.length > 1 ? owner : undefined,
    r: { ...loose.r, data },
  };
}

/**
 * The pets whose names hold `name` without accents, narrowed by `keep`: asked as typed first when
 * `typedToo` (not asked yet), then by its stem; undefined when nothing more could be asked.
 */
async function withoutAccents(
  deps: Pick<Deps, "kennel">,
  name: string,
  keep: (pets: Pet[]) => Promise<Pet[]>,
  typedToo: boolean,
): Promise<{ pets: Pet[]; r: KennelResult<Page<Pet>> } | undefined> {
  const wide = { page: 1, pageSize: WIDE };
  const asTyped = typedToo ? await deps.kennel.listPets({ name }, wide) : undefined;
  if (asTyped && asTyped.data.totalRecords === 0 && !steadyStem(name)) return undefined;
  const stem = asTyped && asTyped.data.totalRecords > 0 ? undefined : steadyStem(name);
  const r = stem ? await deps.kennel.listPets({ name: stem }, wide) : asTyped;
  if (!r) return undefined;
  const named = activePets(r.data.items).filter((p) => holdsFolded(p.name ?? "", name));
  return { pets: named.length ? await keep(named) : [], r };
}

/** Of these pets, those whose owner's name holds `surname` without accents ("Muller": Müller). */
async function ownedBy(pets: Pet[], surname: string, ownerNames: OwnerNames): Promise<Pet[]> {
  const some = pets.slice(0, OWNERS_AT_MOST);
  const names = await ownerNames(some.map((p) => p.customerId));
  return some.filter(
    (p) => p.customerId !== undefined && holdsFolded(names.get(p.customerId) ?? "", surname),
  );
}
