/**
 * list_customer_bookings: the spec's (docs/kennel-api.md) paged booking history of one customer
 * (GET /customers/{id}/bookings), in the same booking words as Slack's customer history.
 */

import type { BookingsPage } from "../../answers/customers.ts";
import { bookingsEmptyText } from "../../answers/kennel.ts";
import { customerBookingsPage } from "../../answers/lists.ts";
import type { Deps } from "../../deps.ts";
import { bookingListDoc } from "../../present/customers.ts";
import { bookingFilters, id } from "../inputs.ts";
import { dateRange, filterTitle, listText, pagedData } from "../lists.ts";
import { addTool, dataAnswer, PRIVACY, type ToolServer } from "../tool.ts";

export function register(server: ToolServer, deps: Deps): void {
  addTool(
    server,
    deps,
    {
      name: "list_customer_bookings",
      title: "List a customer's bookings",
      description:
        "The customer's booking history, filtered and paged (GET /customers/{id}/bookings). " +
        `The API's plain list: every status is included (cancelled, no-show and waitlisted too, each shown with its status). ${PRIVACY}`,
      inputSchema: { customerId: id("customer"), ...bookingFilters(deps) },
    },
    async (a) => {
      const fields = await customerBookingsPage(
        deps,
        a.customerId,
        {
          ...dateRange(deps, "list_customer_bookings", a),
          bookingType: a.bookingType,
          status: a.status,
          search: a.search,
        },
        { page: a.page, pageSize: a.pageSize },
      );
      const name = fields.items.find((b) => b.customerName)?.customerName;
      const data: BookingsPage & { pageSize: number; customerId: number } = {
        customerId: a.customerId,
        // The customer is named in the title, not listed again as a filter.
        title: filterTitle(`Bookings of ${name ?? `customer ${a.customerId}`}`, {
          ...a,
          status: fields.statusUsed,
          customerId: undefined,
        }),
        emptyText: bookingsEmptyText(a.status, "No bookings recorded for this customer."),
        ...fields,
      };
      return dataAnswer(deps, pagedData(data), (d, o) => listText(bookingListDoc(d, o), d, "booking", o));
    },
  );
}
