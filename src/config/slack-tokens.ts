/**
 * Slack's three secrets at start (SLACK_BOT_TOKEN, SLACK_APP_TOKEN, SLACK_SIGNING_SECRET), checked by
 * their shape without ever echoing the value: one of the wrong kind is named for what it looks like
 * (a user token xoxp-, the bot token where the app-level token goes, a token where the Signing Secret
 * goes), as the setup page names it, and what to do says where the right one is in the Slack app's
 * settings.
 */
import { bad, type Check, ok } from "./reader.ts";

const APP_PAGE = "the Slack app's page (api.slack.com/apps, your app)";

const BOT_WHERE = `Set SLACK_BOT_TOKEN to the Bot User OAuth Token (it starts with xoxb-): ${APP_PAGE}, OAuth & Permissions, after Install to Workspace.`;
const APP_WHERE = `Set SLACK_APP_TOKEN to an app-level token (it starts with xapp-): ${APP_PAGE}, Basic Information, App-Level Tokens, Generate Token and Scopes, with the connections:write scope.`;
const SECRET_WHERE = `Set SLACK_SIGNING_SECRET to the Signing Secret: ${APP_PAGE}, Basic Information, App Credentials, Signing Secret (Show).`;

/** A token of the wrong kind, as it is named when it is given where another goes. */
const TOKEN = {
  bot: "the bot token (it starts with xoxb-)",
  app: "an app-level token (it starts with xapp-)",
  user: "a user token (it starts with xoxp-)",
} as const;

const USER_TOKEN = `is ${TOKEN.user}: it acts as the person who installed the app, not as the bot, and Kennel Desk refuses it.`;

/** What kind of Slack secret a value looks like, from its prefix: never its value. */
function kindOf(value: string): "bot" | "app" | "user" | "other" {
  if (value.startsWith("xoxb-")) return "bot";
  if (value.startsWith("xapp-")) return "app";
  if (value.startsWith("xoxp-")) return "user";
  return "other";
}

/** SLACK_BOT_TOKEN: the Bot User OAuth Token, xoxb-. */
export function botTokenShape(value: string): Check<string> {
  const kind = kindOf(value);
  if (kind === "bot") return ok(value);
  if (kind === "user") return bad(USER_TOKEN, BOT_WHERE);
  if (kind === "app")
    return bad(`is ${TOKEN.app}: that one goes in SLACK_APP_TOKEN (Socket Mode), not here.`, BOT_WHERE);
  return bad("does not look like a Slack bot token: the Bot User OAuth Token starts with xoxb-.", BOT_WHERE);
}

/** SLACK_APP_TOKEN: an app-level token, xapp- (Socket Mode). */
export function appTokenShape(value: string): Check<string> {
  const kind = kindOf(value);
  if (kind === "app") return ok(value);
  if (kind === "user") return bad(USER_TOKEN, APP_WHERE);
  if (kind === "bot")
    return bad(
      `is ${TOKEN.bot}: that one goes in SLACK_BOT_TOKEN, and this setting takes the app-level token.`,
      APP_WHERE,
    );
  return bad("does not look like an app-level token: an app-level token starts with xapp-.", APP_WHERE);
}

/** The Signing Secret's shape: hexadecimal (Slack's is 32 characters; 16 or more are taken). */
const SECRET = /^[0-9a-f]{16,}$/i;

/** SLACK_SIGNING_SECRET (HTTP mode): hexadecimal; Slack's first signed request checks it for real. */
export function signingSecretShape(value: string): Check<string> {
  if (SECRET.test(value)) return ok(value);
  const kind = kindOf(value);
  const token =
    kind === "other" ? (/^xox[a-z]-/.test(value) ? "a Slack token (it starts with xox)" : "") : TOKEN[kind];
  if (token)
    return bad(
      `is ${token}, not the Signing Secret: that is no token, but 32 characters of digits and the letters a to f.`,
      SECRET_WHERE,
    );
  if (/^[0-9a-f]+$/i.test(value))
    return bad(
      "is too short for the Signing Secret, which is 32 characters of digits and the letters a to f: part of it may have been left off.",
      SECRET_WHERE,
    );
  return bad(
    "does not look like the Signing Secret, which is 32 characters of digits and the letters a to f only (this value has other characters: the Verification Token and the App ID, beside it in Basic Information, are not it).",
    SECRET_WHERE,
  );
}
