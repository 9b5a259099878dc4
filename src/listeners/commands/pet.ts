/** /pet NAME [OWNER]|ID: a care summary, or a list that tells same-named pets apart (list_pets, get_pet). */
import type { App } from "@slack/bolt";
import { petReply } from "../replies.ts";
import type { BotDeps } from "../runner.ts";
import { ephemeralCommand } from "./slash-command.ts";

export function registerPet(app: App, deps: BotDeps): void {
  app.command(
    "/pet",
    ephemeralCommand(deps, (text) => petReply(deps, text)),
  );
}
