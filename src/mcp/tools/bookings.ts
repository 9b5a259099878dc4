/**
 * list_bookings: the spec's (docs/kennel-api.md) plain paged search of every booking (GET /bookings), with the same
 * booking words as Slack's /kennel bookings.
 */

import type { BookingsPage } from "../../answers/customers.ts";
import { bookingsEmptyText } from "../../answers/kennel.ts";
import { bookingsPage } from "../../answers/lists.ts";
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
      name: "list_bookings",
      title: "List bookings",
      description:
        "Bookings filtered by date range, type, status, customer or free text; paged (GET /bookings). " +
        "This is the API's plain search, as the spec's tool contract asks: every status is included (cancelled, no-show and waitlisted too, each shown with its status), in the API's order. " +
        `For a day's arrivals or departures as the front desk works them, use list_arrivals or list_departures. ${PRIVACY}`,
      inputSchema: {
        ...bookingFilters(deps),
        customerId: id("customer").optional(),
        serviceId: id("service").optional(),
      },
    },
    async (a) => {
      const fields = await bookingsPage(
        deps,
        {
          ...dateRange(deps, "list_bookings", a),
          bookingType: a.bookingType,
          status: a.status,
          customerId: a.customerId,
          serviceId: a.serviceId,
          search: a.search,
        },
        { page: a.page, pageSize: a.pageSize },
      );
      const data: BookingsPage & { pageSize: number } = {
        title: filterTitle("Bookings", { ...a, status: fields.statusUsed }),
        emptyText: bookingsEmptyText(a.status),
        ...fields,
      };
      return dataAnswer(deps, pagedData(data), (d, o) => listText(bookingListDoc(d, o), d, "booking", o));
    },
  );
}
