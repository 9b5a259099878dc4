/**
 * Where a printed page sends its reader in Slack (issue 50, the chart's QR code). Slack has no link
 * to one stay, so the page opens Kennel Desk's app in the kennel's workspace (Slack's app_redirect,
 * with the app's id and the workspace's, as Slack gives them: auth.test's team_id, bots.info's
 * app_id), and its words say what to type there. Without them, the reason, said on the page.
 */
import type { SlackSelf } from "../digest/slack.ts";
import type { ChartSlack } from "../present/chart.ts";

/** A Slack id as Slack writes them ("T0123ABCD", "A0123ABCD"): nothing else goes into the link. */
const SLACK_ID = /^[A-Z0-9]{2,40}$/;

/** Kennel Desk's app in its workspace, as a link Slack opens (the app's Messages tab, or its Home). */
export function slackAppLink(ids: {
  teamId?: string | undefined;
  appId?: string | undefined;
}): string | undefined {
  const { teamId, appId } = ids;
  if (!teamId || !appId || !SLACK_ID.test(teamId) || !SLACK_ID.test(appId)) return undefined;
  return `https://slack.com/app_redirect?app=${appId}&team=${teamId}`;
}

/**
 * Where a chart's pages open Kennel Desk in Slack, learned from Slack (`self`: who the bot is), or
 * why they cannot: Slack not asked (no token), not answering, or not naming the app or workspace.
 */
export async function pageSlack(self: (() => Promise<SlackSelf>) | undefined): Promise<ChartSlack> {
  if (!self) return { none: "this chart was made without Slack (no SLACK_BOT_TOKEN where it was made)" };
  let who: SlackSelf;
  try {
    who = await self();
  } catch (error) {
    const why = String((error as Error)?.message ?? error).slice(0, 200);
    return { none: `Slack could not be asked where Kennel Desk is (${why})` };
  }
  const link = slackAppLink(who);
  if (link) return { link };
  return {
    none: who.appId
      ? "Slack did not name the kennel's workspace (auth.test gave no team_id)"
      : "Slack did not name Kennel Desk's app (bots.info, which needs the users:read scope)",
  };
}
