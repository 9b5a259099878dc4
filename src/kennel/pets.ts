/** The pet endpoints; one pet's care record goes through the care cache. */
import { type PagedResult, paginate } from "./pagination.ts";
import { checkId, checkPageRequest, type Endpoints, one, toPage } from "./reading.ts";
import { type Page, type Pet, readPet } from "./schemas.ts";
import type { KennelResult, PageRequest, PetFilter } from "./types.ts";

/**
 * GET /pets: pets by name, owner, species or breed; paged. Not cached (a search).
 * ASSUMPTION (parameter names not shown): the API's `request.` convention, i.e. request.name,
 * request.owner, request.species, request.breed, request.page, request.pageSize; a plain array
 * is accepted as one page.
 */
export async function listPets(
  ep: Endpoints,
  filter: PetFilter,
  page: PageRequest,
): Promise<KennelResult<Page<Pet>>> {
  checkPageRequest(page);
  const answer = await ep.transport.get({
    segments: ["pets"],
    query: {
      "request.name": filter.name,
      "request.owner": filter.owner,
      "request.species": filter.species,
      "request.breed": filter.breed,
      "request.page": page.page,
      "request.pageSize": page.pageSize,
    },
    what: "pets",
    notFoundIsWrongAddress: true,
  });
  return toPage(ep, answer, readPet, "pets");
}

export function iteratePets(
  ep: Endpoints,
  filter: PetFilter,
  pageSize: number | undefined,
): AsyncGenerator<PagedResult<Pet>> {
  return paginate((page) => listPets(ep, filter, { page, pageSize }));
}

/** GET /pets/{id}: one pet's full care record (cached; `fresh`: asked of the API now, and cached again). */
export async function getPet(ep: Endpoints, id: number, fresh = false): Promise<KennelResult<Pet>> {
  checkId(id, "A pet id");
  if (fresh) ep.cache.forget(`pet:${id}`);
  return ep.cache.through(`pet:${id}`, async () => {
    const answer = await ep.transport.get({ segments: ["pets", String(id)], what: `pet with id ${id}` });
    return one(ep, answer, "pet", readPet);
  });
}
