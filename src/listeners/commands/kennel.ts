/** /kennel help|status|bookings|customers|pets (check_api_status, list_bookings, …). */
import type { App } from "@slack/bolt";
import { UsageError } from "../../answers/failure.ts";
import { commandNamed, nearestCommand } from "../../answers/help.ts";
import { commandHelpMessage, helpMessage } from "../../blocks/help.ts";
import type { Message } from "../../blocks/types.ts";
import type { BotDeps } from "../bot-deps.ts";
import { bookingsSearchReply, customerReply, petReply, statusReply } from "../replies.ts";
import { ephemeralCommand } from "./ephemeral.ts";

/** `/kennel …`: the subcommand, or the help for anything unknown. */
async function kennelReply(deps: BotDeps, text: string): Promise<Message[]> {
  const trimmed = text.trim();
  const [sub = ""] = trimmed.split(/\s+/);
  const args = trimmed.slice(sub.length).trim();
  const need = (example: string) => {
    throw new UsageError("Search for what?", `For example ${example}.`);
  };
  switch (sub.toLowerCase()) {
    case "":
      return [helpMessage(deps.config.timezone, undefined, deps.config.dateOrder)];
    case "help": {
      if (!args) return [helpMessage(deps.config.timezone, undefined, deps.config.dateOrder)];
      const c = commandNamed(args);
      if (c) return [commandHelpMessage(c, deps.config.dateOrder)];
      const near = nearestCommand(args);
      const named = args.slice(0, 40).replace(/[<>&*_~`]/g, "");
      return [
        helpMessage(
          deps.config.timezone,
          `There is no command “${named}”.${near ? ` Did you mean ${near}?` : ""} Here is what I can do:`,
          deps.config.dateOrder,
        ),
      ];
    }
    case "status":
      return statusReply(deps, deps.slack?.describe(), deps.channelGuests?.describe());
    case "bookings":
    case "booking":
      return bookingsSearchReply(deps, args);
    case "customers":
    case "customer":
      return args ? customerReply(deps, args) : need("/kennel customers O'Brien");
    case "pets":
    case "pet":
      return args ? petReply(deps, args) : need("/kennel pets Biscuit");
    default:
      return [
        helpMessage(
          deps.config.timezone,
          `I don't know “${sub.slice(0, 40).replace(/[<>&*_~`]/g, "")}”.${nearestCommand(sub) ? ` Did you mean ${nearestCommand(sub)}?` : ""} Here is what I can do:`,
          deps.config.dateOrder,
        ),
      ];
  }
}

export function registerKennel(app: App, deps: BotDeps): void {
  app.command(
    "/kennel",
    ephemeralCommand(deps, (text) => kennelReply(deps, text)),
  );
}
