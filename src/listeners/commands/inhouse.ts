/** /inhouse [date]: every pet staying, by room, for the channel (no contacts). */
import type { App } from "@slack/bolt";
import type { BotDeps } from "../bot-deps.ts";
import { houseBoard } from "../replies.ts";
import { dateCommand } from "./day.ts";

export function registerInHouse(app: App, deps: BotDeps): void {
  app.command(
    "/inhouse",
    dateCommand(deps, (date) => houseBoard(deps, date)),
  );
}
