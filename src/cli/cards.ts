/**
 * The cards in the terminal: `kennel-desk arrivals|departures [DATE]`, `booking REF|ID`,
 * `pet NAME|ID`, `customer QUERY|ID [--history]`, `bookings [query]`. The same answers as Slack's,
 * printed by the text renderer; `--json` prints the answer's data.
 */

import { customerAnswer } from "../answers/customers.ts";
import { dayReport } from "../answers/day.ts";
import { UsageError } from "../answers/failure.ts";
import { readHouseNaming } from "../answers/house-search.ts";
import { freeText, TEXT_RULES } from "../answers/input.ts";
import { bookingsSearch } from "../answers/kennel.ts";
import { bookingView, petAnswer } from "../answers/records.ts";
import { looksLikeId } from "../domain/ids.ts";
import {
  bookingsText,
  bookingText,
  customerListText,
  customerText,
  dayText,
  petListText,
  petText,
} from "../text/index.ts";
import {
  type CliContext,
  dayOption,
  HELP_HINT,
  jsonIsWholeDay,
  kennelDeps,
  nextPage,
  notePageShown,
  pageOption,
  pageWithin,
  print,
  readOptions,
  textOptions,
} from "./context.ts";
import { history } from "./history.ts";
import { kennelDepsWithRecord } from "./record-deps.ts";

const EXAMPLES: Record<string, string> = {
  booking: "a reference or id, for example: kennel-desk booking HP-DK4Q7M",
  pet: "a name or id, for example: kennel-desk pet Biscuit",
  customer: "a name, email, phone or id, for example: kennel-desk customer O'Brien",
};

/**
 * The search as typed in a shell: a `key:value` word whose value holds a space (the shell has taken
 * the quotes off `status:"Checked In"`) is quoted again, so it stays one value.
 */
function searchText(positionals: string[]): string {
  return positionals
    .map((a) => (/^(status|type|customer):[^"“]*\s/i.test(a) ? a.replace(/^(\w+):(.*)$/s, '$1:"$2"') : a))
    .join(" ")
    .trim();
}

export async function run(ctx: CliContext): Promise<number> {
  const { values, positionals } = readOptions(
    ctx.args,
    { json: { type: "boolean" }, page: { type: "string" }, history: { type: "boolean" } },
    true,
  );
  const { command } = ctx;
  const json = values.json === true;
  const page = pageOption(values.page);
  const text = positionals.join(" ").trim();
  if (values.history && command !== "customer") {
    throw new UsageError(
      "--history goes with kennel-desk customer.",
      "For example: kennel-desk customer 1234 --history",
    );
  }
  if (!text && EXAMPLES[command]) throw new UsageError(`${command} needs ${EXAMPLES[command]}.`, HELP_HINT);
  switch (command) {
    case "arrivals":
    case "departures": {
      jsonIsWholeDay(json, values.page, `kennel-desk ${command}${text ? ` ${text}` : ""}`);
      const date = dayOption(ctx, text);
      const deps = kennelDeps(ctx);
      const r = await dayReport(deps, command, date, json ? { wholeDay: true } : { page });
      notePageShown(ctx, page, r.page, r.pages);
      return print(ctx, r, json, () => dayText(r, textOptions(ctx)), nextPage(r.page, r.pages));
    }
    case "booking": {
      const deps = kennelDeps(ctx);
      const v = await bookingView(deps, text);
      return print(ctx, v, json, () => bookingText(v, textOptions(ctx)));
    }
    case "pet":
      return petOrList(ctx, text, page, json);
    case "customer":
      if (values.history) return history(ctx, kennelDeps(ctx), text, json);
      return customerOrList(ctx, text, page, json);
    default: {
      const deps = kennelDeps(ctx);
      const p = await bookingsSearch(deps, searchText(positionals), page, ctx.clock.now());
      pageWithin(page, p.totalPages);
      print(ctx, p, json, () => bookingsText(p, textOptions(ctx)), nextPage(p.page, p.totalPages));
      // Nothing matched: said as the list says it (its title, a near status), and not found (exit 1), as pet and customer.
      return p.totalRecords === 0 && p.items.length === 0 ? 1 : 0;
    }
  }
}

/** `kennel-desk pet`: one pet's card, or the pets matching, paged. */
async function petOrList(ctx: CliContext, text: string, page: number, json: boolean): Promise<number> {
  // With the care record when there is one: the card's welfare flags and care plan, as in Slack.
  const { deps, close } = await kennelDepsWithRecord(ctx);
  try {
    // Today's stays naming the pet, so the list is Slack's: the pets in house first, marked.
    // (The text checked first: a text too long is refused before any API call.)
    const q = freeText(text, TEXT_RULES.pet);
    if (q && !looksLikeId(q)) await readHouseNaming(deps, q).catch((e: unknown) => houseNotRead(ctx, e));
    const a = await petAnswer(deps, text, page);
    const o = textOptions(ctx);
    if (a.type === "pet") return print(ctx, a, json, () => petText(a.view, o));
    pageWithin(page, a.list.totalPages);
    return print(ctx, a, json, () => petListText(a.list, o), nextPage(a.list.page, a.list.totalPages));
  } finally {
    await close();
  }
}

/** Today's house not read: the list comes in the API's order, unmarked; the reason is logged. */
function houseNotRead(ctx: CliContext, error: unknown): void {
  ctx.log.warn({ err: String(error) }, "today's stays not read: the pets in house are not listed first");
}

/** `kennel-desk customer`: one customer's card, or the customers matching, paged. */
async function customerOrList(ctx: CliContext, text: string, page: number, json: boolean): Promise<number> {
  const deps = kennelDeps(ctx);
  const a = await customerAnswer(deps, text, page);
  const o = textOptions(ctx);
  if (a.type === "customer") return print(ctx, a, json, () => customerText(a.view, o));
  pageWithin(page, a.list.totalPages);
  return print(ctx, a, json, () => customerListText(a.list, o), nextPage(a.list.page, a.list.totalPages));
}
