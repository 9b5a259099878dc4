/** /departures [date]: the day's departures, posted for the channel (list_departures). */
import type { App } from "@slack/bolt";
import type { BotDeps } from "../bot-deps.ts";
import { dayCommand } from "./day.ts";

export function registerDepartures(app: App, deps: BotDeps): void {
  app.command("/departures", dayCommand(deps, "departures"));
}
