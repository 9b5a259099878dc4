/** /arrivals [date]: the day's arrivals, posted for the channel (list_arrivals). */
import type { App } from "@slack/bolt";
import type { BotDeps } from "../bot-deps.ts";
import { dayMessages } from "../replies.ts";
import { dateCommand } from "./day.ts";

export function registerArrivals(app: App, deps: BotDeps): void {
  app.command(
    "/arrivals",
    dateCommand(deps, (date) => dayMessages(deps, "arrivals", date)),
  );
}
