/** /kennel help and the Home tab's list of commands, from the one list in src/answers/help.ts. */
import { COMMANDS, DATE_HELP, PRIVACY_HELP } from "../answers/help.ts";
import { context, esc, header, section } from "./mrkdwn.ts";
import type { Block, Message } from "./types.ts";

export function helpBlocks(timezone: string, note?: string): Block[] {
  const lines = COMMANDS.map(
    (c) =>
      `*${esc(c.usage)}* — ${esc(c.what)}${c.seenBy === "channel" ? " (for the channel)" : " (only you see it)"}`,
  );
  const blocks: Block[] = [header("Kennel Desk: what you can ask")];
  if (note) blocks.push(section(note));
  blocks.push(section(lines.join("\n")), section(`${esc(DATE_HELP)}\n${esc(PRIVACY_HELP)}`));
  blocks.push(context(`Kennel time zone: ${esc(timezone)}`));
  return blocks;
}

export function helpMessage(timezone: string, note?: string): Message {
  return {
    text: "Kennel Desk help: /arrivals, /departures, /inhouse, /rounds, /booking, /pet, /customer, /kennel",
    blocks: helpBlocks(timezone, note),
  };
}
