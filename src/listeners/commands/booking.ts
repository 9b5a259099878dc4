/** /booking REF or /booking 12345: one booking, only the asker sees it (get_booking). */
import type { App } from "@slack/bolt";
import type { BotDeps } from "../bot-deps.ts";
import { bookingCard } from "../replies.ts";
import { ephemeralCommand } from "./ephemeral.ts";

export function registerBooking(app: App, deps: BotDeps): void {
  app.command(
    "/booking",
    ephemeralCommand(deps, (text) => bookingCard(deps, text)),
  );
}
