/**
 * The App Home "Today": the day at a glance for staff, refreshed on every open; guests see the
 * refusal and no kennel data. When the kennel API is down, the figures it could not load show as
 * "?" with the problem in words.
 */
import type { App } from "@slack/bolt";
import { todayOverview } from "../../answers/today.ts";
import { homeBlocks, homeRefusalBlocks } from "../../blocks/home.ts";
import type { Block } from "../../blocks/types.ts";
import type { BotDeps } from "../bot-deps.ts";

export function registerAppHome(app: App, deps: BotDeps): void {
  app.event("app_home_opened", async ({ event, client }) => {
    if (event.tab !== "home") return;
    let blocks: Block[];
    try {
      const access = await deps.access.check(client, event.user, undefined, { home: true });
      blocks = access.ok
        ? homeBlocks(await todayOverview(deps), deps.config.timezone, deps.config.dateOrder)
        : homeRefusalBlocks(access.message);
    } catch (error) {
      deps.log.warn({ err: String((error as Error)?.message ?? error) }, "could not build the App Home");
      blocks = homeRefusalBlocks(
        "Kennel Desk could not load today's figures just now. Open the tab again in a minute.",
      );
    }
    try {
      await client.views.publish({ user_id: event.user, view: { type: "home", blocks } });
    } catch (error) {
      deps.log.warn({ err: String((error as Error)?.message ?? error) }, "could not publish the App Home");
    }
  });
}
