/** The App Home tab: what Kennel Desk can do, in the kennel's words. No kennel data here. */
import type { App } from "@slack/bolt";
import { helpMessage } from "../../blocks/misc.ts";
import type { BotDeps } from "../bot-deps.ts";

export function registerAppHome(app: App, deps: BotDeps): void {
  app.event("app_home_opened", async ({ event, client }) => {
    if (event.tab !== "home") return;
    try {
      await client.views.publish({
        user_id: event.user,
        view: { type: "home", blocks: helpMessage(deps.config.timezone).blocks as never },
      });
    } catch (error) {
      deps.log.warn({ err: String((error as Error)?.message ?? error) }, "could not publish the App Home");
    }
  });
}
