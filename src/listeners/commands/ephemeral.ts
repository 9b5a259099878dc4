/** The lookups (/booking, /pet, /customer, /kennel): an answer only the asker sees. */
import type { Message } from "../../blocks/types.ts";
import type { BotDeps } from "../bot-deps.ts";
import { slashCommand } from "./slash-command.ts";

export function ephemeralCommand(deps: BotDeps, answer: (text: string) => Promise<Message[]>) {
  return slashCommand(deps, (text) => ({ visibility: "ephemeral", work: () => answer(text) }));
}
