/** /kennel help and the Home tab's list of commands, from the one list in src/answers/help.ts. */
import { COMMANDS, type CommandHelp, DATE_HELP, dateOrderHelp, PRIVACY_HELP } from "../answers/help.ts";
import { type DateOrder, zoneDateOrder } from "../config/date-order.ts";
import { context, esc, header, section } from "./mrkdwn.ts";
import type { Block, Message } from "./types.ts";

const seenBy = (c: CommandHelp) => (c.seenBy === "channel" ? " (for the channel)" : " (only you see it)");

export function helpBlocks(
  timezone: string,
  note?: string,
  order: DateOrder = zoneDateOrder(timezone),
): Block[] {
  const lines = COMMANDS.map((c) => `*${esc(c.usage)}* — ${esc(c.what)}${seenBy(c)}`);
  const blocks: Block[] = [header("Kennel Desk: what you can ask")];
  if (note) blocks.push(section(note));
  blocks.push(
    section(lines.join("\n")),
    section(`${esc(DATE_HELP)}\n${esc(dateOrderHelp(order))}\n${esc(PRIVACY_HELP)}`),
  );
  blocks.push(context(`Kennel time zone: ${esc(timezone)}`));
  return blocks;
}

export function helpMessage(timezone: string, note?: string, order?: DateOrder): Message {
  return {
    text: "Kennel Desk help: /arrivals, /departures, /inhouse, /rounds, /booking, /pet, /customer, /kennel",
    blocks: helpBlocks(timezone, note, order),
  };
}

/** `/kennel help rounds`: that command's usage, what it answers, examples, and how dates are read. */
export function commandHelpMessage(c: CommandHelp, order: DateOrder): Message {
  const examples = c.examples?.length
    ? `\n*Examples:* ${c.examples.map((e) => `\`${esc(e)}\``).join(", ")}`
    : "";
  return {
    text: `Kennel Desk help: ${c.usage}`,
    blocks: [
      header(`Help: ${c.usage.split(" ")[0]}`),
      section(`*${esc(c.usage)}* — ${esc(c.what)}${seenBy(c)}${examples}`),
      section(`${esc(DATE_HELP)}\n${esc(dateOrderHelp(order))}`),
      context("Every command: /kennel help"),
    ],
  };
}
