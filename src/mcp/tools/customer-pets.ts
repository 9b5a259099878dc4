/** list_customer_pets: the customer's pets (GET /customers/{id}/pets), each with its care facts and flags. */
import { customerPets } from "../../answers/lists.ts";
import { ageOf, ownerNames, type PetSearch } from "../../answers/records.ts";
import type { Deps } from "../../deps.ts";
import { petCare } from "../../domain/day.ts";
import { docText } from "../../text/doc.ts";
import { id } from "../inputs.ts";
import { petListWithCare } from "../pet-list.ts";
import { addTool, dataAnswer, PRIVACY, type ToolServer, today } from "../tool.ts";

export function register(server: ToolServer, deps: Deps): void {
  addTool(
    server,
    deps,
    {
      name: "list_customer_pets",
      title: "List a customer's pets",
      description: `The customer's pets (GET /customers/{id}/pets), each with its care flags under it (medication by name, allergies, not evaluated, special diet, a fast, notes that carry danger, or none), and in the structured content its care record, care and flags. For a pet's medication and diet in full, use get_pet. ${PRIVACY}`,
      inputSchema: { customerId: id("customer") },
    },
    async (a) => {
      const [r, owners] = await Promise.all([
        customerPets(deps, a.customerId),
        ownerNames(deps, [a.customerId]),
      ]);
      const owner = owners.get(a.customerId);
      const date = today(deps);
      const data: PetSearch & { customerId: number } = {
        customerId: a.customerId,
        // Not a search: the customer's pets, titled as the customer's card counts them.
        query: "",
        petsOf: owner ?? `customer ${a.customerId}`,
        name: "",
        owner,
        items: r.items.map((pet) => ({ ...petCare(pet), owner, age: ageOf(pet, date) })),
        page: 1,
        totalPages: 1,
        totalRecords: r.items.length,
        requestId: r.requestId,
        ...(r.raw !== undefined ? { raw: r.raw } : {}),
      };
      return dataAnswer(deps, data, (d, o) => docText(petListWithCare(d), o));
    },
  );
}
