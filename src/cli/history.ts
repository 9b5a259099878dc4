/**
 * `kennel-desk customer QUERY|ID --history`: a customer's whole booking history, every page, with
 * progress on standard error in a terminal. A query matching several customers lists them (with
 * their ids) and asks for the id.
 */

import { customerAnswer, customerHistory } from "../answers/customers.ts";
import { UsageError } from "../answers/failure.ts";
import type { Deps } from "../deps.ts";
import { bookingsText, customerListText } from "../text/index.ts";
import { type CliContext, print, textOptions } from "./context.ts";

export async function history(ctx: CliContext, deps: Deps, query: string, json: boolean): Promise<number> {
  const { io } = ctx;
  const found = await customerAnswer(deps, query);
  if (found.type === "customer_list") {
    io.stderr.write(`${customerListText(found.list, { ...textOptions(ctx), color: false })}\n`);
    throw new UsageError(
      `${found.list.totalRecords} customers match “${found.list.query}”.`,
      "Give the customer id (listed above) with --history.",
    );
  }
  const customerId = found.view.customer.customerId;
  if (customerId === undefined)
    throw new UsageError("That customer has no id to read the history by.", "Try the customer's id.");
  const progress = io.stderr.isTTY === true;
  const page = await customerHistory(
    deps,
    customerId,
    progress ? (n, of) => io.stderr.write(`\rReading the booking history: page ${n} of ${of}…`) : undefined,
  );
  if (progress) io.stderr.write("\r\x1b[K");
  return print(ctx, page, json, () => bookingsText(page, textOptions(ctx)));
}
