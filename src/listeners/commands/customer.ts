/**
 * /customer NAME|EMAIL|PHONE|ID: contacts, consent, pets and the booking history
 * (list_customers, get_customer, list_customer_pets, list_customer_bookings).
 */
import type { App } from "@slack/bolt";
import type { BotDeps } from "../bot-deps.ts";
import { customerReply } from "../replies.ts";
import { ephemeralCommand } from "./ephemeral.ts";

export function registerCustomer(app: App, deps: BotDeps): void {
  app.command(
    "/customer",
    ephemeralCommand(deps, (text) => customerReply(deps, text)),
  );
}
