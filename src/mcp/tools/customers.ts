/** list_customers: the spec's (docs/kennel-api.md) paged customer search (GET /customers), in /customer's words. */
import type { CustomerSearch } from "../../answers/customers.ts";
import { customersPage } from "../../answers/lists.ts";
import type { Deps } from "../../deps.ts";
import { customerListDoc } from "../../present/customers.ts";
import { type Doc, line, type Part } from "../../present/doc.ts";
import { dateOrDateTime, page, pageSize, text, yesNo } from "../inputs.ts";
import { listText, pagedData, rangeStart } from "../lists.ts";
import { addTool, dataAnswer, PRIVACY, type ToolServer } from "../tool.ts";

export function register(server: ToolServer, deps: Deps): void {
  addTool(
    server,
    deps,
    {
      name: "list_customers",
      title: "List customers",
      description: `Customers by name, email or mobile number, or created/updated since a date; paged (GET /customers). Each comes with consent settings and pets. ${PRIVACY}`,
      inputSchema: {
        search: text(200).optional().describe("Name, email or mobile number (or part of one)."),
        createdSince: dateOrDateTime(deps, "Created on or after"),
        updatedSince: dateOrDateTime(deps, "Updated on or after"),
        archived: yesNo("archived")
          .optional()
          .describe("true: only archived customers; false: only current ones."),
        page,
        pageSize,
      },
    },
    async (a) => {
      const fields = await customersPage(
        deps,
        {
          search: a.search,
          createdSince: rangeStart(deps, a.createdSince),
          updatedSince: rangeStart(deps, a.updatedSince),
          archived: a.archived,
        },
        { page: a.page, pageSize: a.pageSize },
      );
      const query = [
        a.search,
        a.createdSince ? `created since ${a.createdSince}` : undefined,
        a.updatedSince ? `updated since ${a.updatedSince}` : undefined,
        a.archived === undefined ? undefined : a.archived ? "archived" : "current",
      ]
        .filter(Boolean)
        .join(", ");
      const data: CustomerSearch & { pageSize: number } = { query, ...fields };
      return dataAnswer(deps, pagedData(data), (d, o) =>
        listText(customersDoc(d, a.search), d, "customer", o),
      );
    },
  );
}

/**
 * The customers list's document, titled by what was asked ("Customers (403)" when nothing was:
 * never "matching “”"), and a list with none in it says "Check the spelling" only after a search.
 */
function customersDoc(l: CustomerSearch, search: string | undefined): Doc {
  const doc = customerListDoc(l);
  const title = l.query ? undefined : `Customers (${l.totalRecords})`;
  const parts = doc.parts.map((p): Part => {
    if (p.kind === "title" && title) return { ...p, text: title };
    if (p.kind === "text" && l.totalRecords === 0 && !search?.trim())
      return { kind: "text", lines: [line("No customers match.")] };
    return p;
  });
  return { fallback: title ?? doc.fallback, parts };
}
