/**
 * Slack's secrets at start, of the wrong kind or shape: each says what the value looks like (a user
 * token, the bot token in the app-token setting, a token where the Signing Secret goes, a secret cut
 * short) and where the right one is in the Slack app's settings, as the README promises and the setup
 * page says (before: "does not look right: … starts with xoxb-", and for the Signing Secret "the value
 * should be one that is the hexadecimal Signing Secret"). The value is never shown.
 */
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.ts";
import { problems } from "./helpers/config.ts";

/** The one problem with `variable` set to `value`, as the start says it, checked never to show the value. */
function said(variable: string, value: string): string {
  const found = problems({ [variable]: value });
  expect(found.map((p) => p.variable)).toEqual([variable]);
  const text = new ConfigError(found).message;
  expect(text).not.toContain(value);
  return text;
}

const BOT_WHERE =
  "Set SLACK_BOT_TOKEN to the Bot User OAuth Token (it starts with xoxb-): the Slack app's page (api.slack.com/apps, your app), OAuth & Permissions, after Install to Workspace.";
const APP_WHERE =
  "Set SLACK_APP_TOKEN to an app-level token (it starts with xapp-): the Slack app's page (api.slack.com/apps, your app), Basic Information, App-Level Tokens, Generate Token and Scopes, with the connections:write scope.";
const SECRET_WHERE =
  "Set SLACK_SIGNING_SECRET to the Signing Secret: the Slack app's page (api.slack.com/apps, your app), Basic Information, App Credentials, Signing Secret (Show).";

describe("Slack's tokens at start: what the value looks like, and where the right one is", () => {
  it.each([
    [
      "SLACK_BOT_TOKEN",
      "xoxp-123-456-secretpart",
      "is a user token (it starts with xoxp-): it acts as the person who installed the app, not as the bot, and Kennel Desk refuses it.",
      BOT_WHERE,
    ],
    [
      "SLACK_BOT_TOKEN",
      "xapp-1-A0-secretpart",
      "is an app-level token (it starts with xapp-): that one goes in SLACK_APP_TOKEN (Socket Mode), not here.",
      BOT_WHERE,
    ],
    [
      "SLACK_BOT_TOKEN",
      "secretpart-1234",
      "does not look like a Slack bot token: the Bot User OAuth Token starts with xoxb-.",
      BOT_WHERE,
    ],
    [
      "SLACK_APP_TOKEN",
      "xoxb-1-secretpart",
      "is the bot token (it starts with xoxb-): that one goes in SLACK_BOT_TOKEN, and this setting takes the app-level token.",
      APP_WHERE,
    ],
    [
      "SLACK_APP_TOKEN",
      "xoxp-1-secretpart",
      "is a user token (it starts with xoxp-): it acts as the person who installed the app, not as the bot, and Kennel Desk refuses it.",
      APP_WHERE,
    ],
    [
      "SLACK_SIGNING_SECRET",
      "abc",
      "is too short for the Signing Secret, which is 32 characters of digits and the letters a to f: part of it may have been left off.",
      SECRET_WHERE,
    ],
    [
      "SLACK_SIGNING_SECRET",
      "xoxb-1-secretpart",
      "is the bot token (it starts with xoxb-), not the Signing Secret: that is no token, but 32 characters of digits and the letters a to f.",
      SECRET_WHERE,
    ],
    [
      "SLACK_SIGNING_SECRET",
      "Zq9secretpartVerifyTok1",
      "does not look like the Signing Secret, which is 32 characters of digits and the letters a to f only (this value has other characters: the Verification Token and the App ID, beside it in Basic Information, are not it).",
      SECRET_WHERE,
    ],
  ])("%s=%s", (variable, value, problem, fix) => {
    const text = said(variable, value);
    expect(text).toContain(`  - ${variable}: ${problem} ${fix}`);
    expect(text).not.toMatch(/does not look right|should be one that/);
  });

  it("the right kinds are taken as ever", () => {
    const config = loadConfig({
      SLACK_BOT_TOKEN: "xoxb-1",
      SLACK_APP_TOKEN: "xapp-1",
      SLACK_SIGNING_SECRET: "8f14e45fceea167a5a36dedd4bea2543",
    });
    expect(config.slack).toBeDefined();
  });
});
