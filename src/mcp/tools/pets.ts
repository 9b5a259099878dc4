/**
 * list_pets: the spec's (docs/kennel-api.md) paged pet search (GET /pets) by name, owner, species or breed; each pet
 * with its owner's name and age, as /pet's list shows them, so same-named pets can be told apart.
 */
import { petsPage } from "../../answers/lists.ts";
import { ageOf, ownerNames, type PetSearch } from "../../answers/records.ts";
import type { Deps } from "../../deps.ts";
import { petCare } from "../../domain/day.ts";
import { page, pageSize, text } from "../inputs.ts";
import { listText, pagedData } from "../lists.ts";
import { petListWithCare } from "../pet-list.ts";
import { addTool, dataAnswer, PRIVACY, type ToolServer, today } from "../tool.ts";

export function register(server: ToolServer, deps: Deps): void {
  addTool(
    server,
    deps,
    {
      name: "list_pets",
      title: "List pets",
      description:
        "Pets by name, owner's name, species or breed; paged (GET /pets). The API's plain search, in its order; each pet comes with its owner's name and its care flags under it (medication by name, allergies, not evaluated, special diet, a fast, notes that carry danger, or none), and in the structured content its record, care and flags. " +
        `For a pet's medication and diet in full, use get_pet. ${PRIVACY}`,
      inputSchema: {
        name: text(100).optional().describe("The pet's name, or part of it."),
        owner: text(100).optional().describe("The owner's name, or part of it."),
        species: text(50).optional().describe('Species, for example "Dog" or "Cat".'),
        breed: text(100).optional().describe("Breed, or part of it."),
        page,
        pageSize,
      },
    },
    async (a) => {
      const fields = await petsPage(
        deps,
        { name: a.name, owner: a.owner, species: a.species, breed: a.breed },
        { page: a.page, pageSize: a.pageSize },
      );
      // Owners' names tell same-named pets apart (not needed when the answer is the API's JSON).
      const owners = deps.config.rawResponses
        ? new Map<number, string>()
        : await ownerNames(
            deps,
            fields.items.map((p) => p.customerId),
          );
      const date = today(deps);
      const data: PetSearch & { pageSize: number } = {
        ...fields,
        query: [a.name, a.owner && `owner ${a.owner}`, a.species, a.breed].filter(Boolean).join(", "),
        name: a.name ?? "",
        owner: a.owner,
        items: fields.items.map((pet) => ({
          ...petCare(pet),
          owner: pet.customerId === undefined ? undefined : owners.get(pet.customerId),
          age: ageOf(pet, date),
        })),
      };
      return dataAnswer(deps, pagedData(data), (d, o) => listText(petListWithCare(d), d, "pet", o));
    },
  );
}
