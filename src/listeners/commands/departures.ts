/** /departures [date]: the day's departures with the going-home check, for the channel (list_departures). */
import type { App } from "@slack/bolt";
import type { BotDeps } from "../bot-deps.ts";
import { dayMessages } from "../replies.ts";
import { dateCommand } from "./day.ts";

export function registerDepartures(app: App, deps: BotDeps): void {
  app.command(
    "/departures",
    dateCommand(deps, (date) => dayMessages(deps, "departures", date)),
  );
}
