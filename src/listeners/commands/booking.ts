/** /booking REF or /booking 12345: one booking, only the asker sees it (get_booking). */
import type { App } from "@slack/bolt";
import { bookingCard } from "../replies.ts";
import type { BotDeps } from "../runner.ts";
import { ephemeralCommand } from "./slash-command.ts";

export function registerBooking(app: App, deps: BotDeps): void {
  app.command(
    "/booking",
    ephemeralCommand(deps, (text) => bookingCard(deps, text)),
  );
}
