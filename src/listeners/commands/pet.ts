/** /pet NAME|ID: a care summary, or a short list to choose from (list_pets, get_pet). */
import type { App } from "@slack/bolt";
import { petAnswer } from "../../answers/records.ts";
import type { BotDeps } from "../bot-deps.ts";
import { ephemeralCommand } from "./ephemeral.ts";

export function registerPet(app: App, deps: BotDeps): void {
  app.command(
    "/pet",
    ephemeralCommand(deps, (text) => petAnswer(deps, text)),
  );
}
