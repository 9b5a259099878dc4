/** /kennel help and the Home tab's list of commands: the help documents (src/present/kennel.ts). */
import type { DateOrder } from "../config/date-order.ts";
import { commandHelpDoc, helpDoc } from "../present/kennel.ts";
import type { CommandHelp } from "../words/help.ts";
import { docBlocks, docMessage } from "./doc.ts";
import type { Block, Message } from "./types.ts";

export function helpBlocks(timezone: string, note?: string, order?: DateOrder): Block[] {
  return docBlocks(helpDoc(timezone, note, order).parts);
}

export function helpMessage(timezone: string, note?: string, order?: DateOrder): Message {
  return docMessage(helpDoc(timezone, note, order));
}

/** `/kennel help rounds`: that command's usage, what it answers, examples, and how dates are read. */
export function commandHelpMessage(c: CommandHelp, order: DateOrder): Message {
  return docMessage(commandHelpDoc(c, order));
}
