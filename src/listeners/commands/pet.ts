/** /pet NAME [OWNER]|ID: a care summary, or a list that tells same-named pets apart (list_pets, get_pet). */
import type { App } from "@slack/bolt";
import type { BotDeps } from "../bot-deps.ts";
import { petReply } from "../replies.ts";
import { ephemeralCommand } from "./ephemeral.ts";

export function registerPet(app: App, deps: BotDeps): void {
  app.command(
    "/pet",
    ephemeralCommand(deps, (text) => petReply(deps, text)),
  );
}
