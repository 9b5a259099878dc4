/** /arrivals [date]: the day's arrivals, posted for the channel (list_arrivals). */
import type { App } from "@slack/bolt";
import type { BotDeps } from "../bot-deps.ts";
import { dayCommand } from "./day.ts";

export function registerArrivals(app: App, deps: BotDeps): void {
  app.command("/arrivals", dayCommand(deps, "arrivals"));
}
