/**
 * Where a printed chart's QR code opens Kennel Desk (issue 50): the app in its workspace, from the
 * ids Slack gives, or one reason why there is none (no token, Slack not answering, an id not given).
 */
import { describe, expect, it } from "vitest";
import { pageSlack, slackAppLink } from "../../src/slack/app-link.ts";

describe("a chart page's way back to Slack", () => {
  it("opens the app in its workspace, only from ids as Slack writes them", () => {
    expect(slackAppLink({ teamId: "T0123ABCD", appId: "A0456EFGH" })).toBe(
      "https://slack.com/app_redirect?app=A0456EFGH&team=T0123ABCD",
    );
    expect(slackAppLink({ teamId: "T0123ABCD" })).toBeUndefined();
    expect(slackAppLink({ teamId: "T1&x=<y>", appId: "A1" })).toBeUndefined();
  });

  it("says why there is none: made without Slack, Slack not answering, the app or workspace not named", async () => {
    expect(await pageSlack(undefined)).toEqual({
      none: "this chart was made without Slack (no SLACK_BOT_TOKEN where it was made)",
    });
    expect(
      await pageSlack(() => Promise.reject(new Error("An HTTP protocol error occurred: statusCode = 503"))),
    ).toEqual({
      none: "Slack could not be asked where Kennel Desk is (An HTTP protocol error occurred: statusCode = 503)",
    });
    expect(await pageSlack(async () => ({ botId: "B1", teamId: "T1" }))).toEqual({
      none: "Slack did not name Kennel Desk's app (bots.info, which needs the users:read scope)",
    });
    expect(await pageSlack(async () => ({ botId: "B1", appId: "A1" }))).toEqual({
      none: "Slack did not name the kennel's workspace (auth.test gave no team_id)",
    });
    expect(await pageSlack(async () => ({ botId: "B1", appId: "A1", teamId: "T1" }))).toEqual({
      link: "https://slack.com/app_redirect?app=A1&team=T1",
    });
  });
});
