/**
 * `kennel-desk customer QUERY|ID --history`: a customer's whole booking history, every page, with
 * progress on standard error in a terminal. A query matching several customers lists them (with
 * their ids) and asks for the id.
 */
import { UsageError } from "../answers/failure.ts";
import { type BookingsPage, customerAnswer } from "../answers/records.ts";
import type { Deps } from "../deps.ts";
import type { Booking } from "../kennel/schemas.ts";
import { bookingsText, customerListText } from "../text/index.ts";
import { type CliContext, print, textOptions } from "./context.ts";

export async function history(ctx: CliContext, deps: Deps, query: string, json: boolean): Promise<number> {
  const { io } = ctx;
  const found = await customerAnswer(deps, query);
  if (found.type === "customer_list") {
    io.stderr.write(`${customerListText(found.list, { ...textOptions(ctx, deps), color: false })}\n`);
    throw new UsageError(
      `${found.list.totalRecords} customers match “${found.list.query}”.`,
      "Give the customer id (listed above) with --history.",
    );
  }
  const customerId = found.view.customer.customerId;
  if (customerId === undefined)
    throw new UsageError("That customer has no id to read the history by.", "Try the customer's id.");
  const all: Booking[] = [];
  let requestId = "";
  const progress = io.stderr.isTTY === true;
  for await (const p of deps.kennel.iterateCustomerBookings(customerId, {}, 100)) {
    all.push(...p.data.items);
    requestId ||= p.requestId;
    if (progress)
      io.stderr.write(`\rReading the booking history: page ${p.data.page} of ${p.data.totalPages}…`);
  }
  if (progress) io.stderr.write("\r\x1b[K");
  const name = all.find((b) => b.customerName)?.customerName;
  const page: BookingsPage = {
    title: `Booking history of ${name ?? `customer ${customerId}`} (customer id ${customerId})`,
    emptyText: "No bookings recorded for this customer.",
    items: all,
    page: 1,
    totalPages: 1,
    totalRecords: all.length,
    requestId,
  };
  return print(ctx, page, json, () => bookingsText(page, textOptions(ctx, deps)));
}
