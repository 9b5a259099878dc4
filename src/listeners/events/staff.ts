/**
 * Slack's word on a person as soon as it changes: `user_change` (an admin made someone a guest,
 * deactivated them, or they changed their name) and `team_join` (a new member), kept by the access
 * check (src/listeners/access.ts) so staff seen before are admitted without asking Slack, and
 * refused the moment Slack says they no longer may.
 */
import type { App } from "@slack/bolt";
import type { SlackUserFacts } from "../access.ts";
import type { BotDeps } from "../bot-deps.ts";

export function registerStaffEvents(app: App, deps: BotDeps): void {
  for (const name of ["user_change", "team_join"] as const) {
    app.event(name, async ({ event }) => {
      const user = (event as { user?: SlackUserFacts & { id?: string } }).user;
      if (user?.id) deps.access.seen(user.id, user);
    });
  }
}
