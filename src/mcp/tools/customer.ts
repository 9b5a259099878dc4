/** get_customer: one customer as /customer shows it to the asker: contacts, consent, pets. */
import { customerView } from "../../answers/customers.ts";
import type { Deps } from "../../deps.ts";
import { customerText } from "../../text/index.ts";
import { id } from "../inputs.ts";
import { addTool, dataAnswer, PRIVACY, type ToolServer } from "../tool.ts";

export function register(server: ToolServer, deps: Deps): void {
  addTool(
    server,
    deps,
    {
      name: "get_customer",
      title: "Get a customer",
      description: `One customer with contact details, second and emergency contacts, consent settings and pets (GET /customers/{id}). ${PRIVACY}`,
      inputSchema: { customerId: id("customer") },
    },
    async (a) => dataAnswer(deps, await customerView(deps, a.customerId), customerText),
  );
}
