/** /kennel help|status|bookings|customers|pets (check_api_status, list_bookings, …). */
import type { App } from "@slack/bolt";
import { kennelAnswer } from "../../answers/kennel.ts";
import type { BotDeps } from "../bot-deps.ts";
import { ephemeralCommand } from "./ephemeral.ts";

export function registerKennel(app: App, deps: BotDeps): void {
  app.command(
    "/kennel",
    ephemeralCommand(deps, (text) => kennelAnswer(deps, text)),
  );
}
