/**
 * The setup page's checks, one per box, each answering in the page's own words
 * (src/preview/setup-words.ts): what to paste where, or what to check on this computer.
 * - every box: a line break, another control character or quotes around the value are refused
 *   before anything else is checked or sent;
 * - the bot token: its kind (a user token xoxp-, an app-level token xapp-), auth.test (the workspace
 *   and the bot's name), and the scopes Slack granted (auth.test's X-OAuth-Scopes header) against
 *   the manifest's;
 * - the app-level token (Socket Mode): its kind, and apps.connections.open;
 * - the signing secret (HTTP mode): its shape (Slack's first request checks it for real);
 * - the channels the bot is in (conversations.list), for the posts;
 * - the kennel API: the settings' own validation, then /health and one authenticated call;
 * - the time zone, the house routine (KENNEL_HOUSE_MEALS, the settings' own parser) and the port.
 * No answer ever carries a secret back: only what was found, and what to do.
 */
import { createServer } from "node:net";
import { keyCheck } from "../answers/kennel.ts";
import { loadConfig } from "../config.ts";
import { houseMealsWords } from "../domain/house-routine.ts";
import { createKennelClient } from "../kennel/client.ts";
import { describeStatus } from "../kennel/status.ts";
import { nameOrder } from "../words/order.ts";
import { manifestScopes } from "./manifest.ts";
import { callOrExplain, type SetupEnv } from "./setup-call.ts";
import { type CheckResult, kennelProblem, pastedProblem } from "./setup-words.ts";

const bad = (headline: string, fix?: string, facts?: Record<string, unknown>): CheckResult => ({
  ok: false,
  headline,
  fix,
  facts,
});

const BOT_WHERE =
  "Paste the Bot User OAuth Token: the Slack app's page (api.slack.com/apps, your app), OAuth & Permissions, after Install to Workspace. It starts with xoxb-.";
const APP_WHERE =
  "Paste the app-level token: the Slack app's page, Basic Information, App-Level Tokens, Generate Token and Scopes, with the connections:write scope. It starts with xapp-.";
const USER_TOKEN =
  "This is a user token (xoxp-…): it acts as the person who installed the app, not as the bot, and Kennel Desk refuses it.";

/** What kind of Slack token a value looks like, from its prefix. */
function tokenKind(token: string): "bot" | "app" | "user" | "other" {
  if (token.startsWith("xoxb-")) return "bot";
  if (token.startsWith("xapp-")) return "app";
  if (token.startsWith("xoxp-")) return "user";
  return "other";
}

/** The bot token: its kind, auth.test, and the scopes granted against the manifest's. */
export async function checkBotToken(env: SetupEnv, value: string): Promise<CheckResult> {
  const pasted = pastedProblem(value);
  if (pasted) return pasted;
  const token = value.trim();
  if (!token) return bad("No bot token yet.", BOT_WHERE);
  const kind = tokenKind(token);
  if (kind === "user") return bad(USER_TOKEN, BOT_WHERE);
  if (kind === "app")
    return bad("This is an app-level token (xapp-…): it goes in the app-level token box, below.", BOT_WHERE);
  if (kind !== "bot") return bad("This does not look like a Slack bot token.", BOT_WHERE);
  const called = await callOrExplain(env, "bot", "auth.test", token);
  if ("failed" in called) return called.failed;
  const body = called.answer.body;
  const facts = {
    workspace: String(body.team ?? body.team_id ?? ""),
    workspaceUrl: typeof body.url === "string" ? body.url : undefined,
    bot: String(body.user ?? ""),
    botUserId: String(body.user_id ?? ""),
  };
  const header = called.answer.headers.get("x-oauth-scopes");
  const granted = header === null ? undefined : header.split(",").map((s) => s.trim());
  const where = `Slack accepted it: the workspace ${facts.workspace || "(unnamed)"}, as the bot @${facts.bot || "?"}.`;
  if (!granted)
    return {
      ok: true,
      headline: `${where} (Slack did not say which scopes the token has; the bot will say if one is missing.)`,
      facts,
    };
  const missing = manifestScopes().filter((s) => !granted.includes(s));
  if (missing.length)
    return bad(
      `${where} But the token lacks ${missing.length === 1 ? "a scope" : "scopes"} Kennel Desk needs: ${missing.join(", ")}.`,
      "Add them in the Slack app's page (App Manifest: paste the manifest from step 1; or OAuth & Permissions, Scopes), then Reinstall to Workspace and paste the new bot token here (reinstalling changes it).",
      { ...facts, missing },
    );
  return { ok: true, headline: where, facts: { ...facts, scopes: granted } };
}

/** The app-level token (Socket Mode): its kind, and whether Slack opens a connection with it. */
export async function checkAppToken(env: SetupEnv, value: string): Promise<CheckResult> {
  const pasted = pastedProblem(value);
  if (pasted) return pasted;
  const token = value.trim();
  if (!token) return bad("No app-level token yet.", APP_WHERE);
  const kind = tokenKind(token);
  if (kind === "bot")
    return bad("This is the bot token (xoxb-…): it goes in the bot token box, above.", APP_WHERE);
  if (kind === "user") return bad(USER_TOKEN, APP_WHERE);
  if (kind !== "app") return bad("This does not look like an app-level token.", APP_WHERE);
  // The URL it answers is used by nobody: it expires unused, as Slack intends.
  const called = await callOrExplain(env, "app", "apps.connections.open", token);
  if ("failed" in called) return called.failed;
  return {
    ok: true,
    headline: "Slack accepted the app-level token for Socket Mode: Kennel Desk needs no public address.",
  };
}

/** The signing secret (HTTP mode): its shape only; Slack's first signed request checks it. */
export function checkSigningSecret(value: string): CheckResult {
  const pasted = pastedProblem(value);
  if (pasted) return pasted;
  const secret = value.trim();
  if (!secret)
    return bad(
      "No signing secret yet.",
      "Paste the Signing Secret: the Slack app's page, Basic Information, App Credentials (Show).",
    );
  const problem = problemsOf({ SLACK_SIGNING_SECRET: secret })[0];
  if (problem)
    return bad(
      `The value pasted ${problem.problem}`,
      "Copy the Signing Secret again (the app's page: Basic Information, App Credentials, Show) and paste it into this box.",
    );
  return {
    ok: true,
    headline:
      "The signing secret has the right shape. Slack's first request to the bot checks it for real (a wrong one: every command answers 'dispatch_failed').",
  };
}

interface Channel {
  id: string;
  name: string;
  member: boolean;
  private: boolean;
}

/** How to add the bot to a channel, under the app's name as it shows in Slack. */
export const inviteHow = (appName = "Kennel Desk") =>
  `To add the bot to a channel: open the channel in Slack and type /invite @${appName}, then list the channels again.`;

/** The channels the bot can see, and whether it is in each (conversations.list, every page). */
export async function listChannels(
  env: SetupEnv,
  value: string,
): Promise<CheckResult & { channels?: Channel[] }> {
  const token = value.trim();
  if (pastedProblem(value) || tokenKind(token) !== "bot") return bad("Check the bot token first.", BOT_WHERE);
  const channels: Channel[] = [];
  let cursor = "";
  for (let page = 0; page < 20; page++) {
    const called = await callOrExplain(env, "bot", "conversations.list", token, {
      types: "public_channel,private_channel",
      exclude_archived: "true",
      limit: "200",
      ...(cursor ? { cursor } : {}),
    });
    if ("failed" in called) {
      const missing = /missing_scope/.test(called.failed.headline);
      return missing
        ? bad(
            "The bot token cannot list channels (missing_scope: channels:read, groups:read).",
            "Add those scopes (paste the manifest from step 1 in the app's App Manifest page), reinstall the app and paste the new token; or type the channel's id (C0123ABCD) by hand.",
          )
        : called.failed;
    }
    const list = Array.isArray(called.answer.body.channels) ? called.answer.body.channels : [];
    for (const c of list as Array<Record<string, unknown>>) {
      if (typeof c.id !== "string") continue;
      channels.push({
        id: c.id,
        name: String(c.name ?? c.id),
        member: c.is_member === true,
        private: c.is_private === true,
      });
    }
    const meta = called.answer.body.response_metadata as { next_cursor?: unknown } | undefined;
    cursor = typeof meta?.next_cursor === "string" ? meta.next_cursor : "";
    if (!cursor) break;
  }
  const joined = channels.filter((c) => c.member).length;
  return {
    ok: true,
    headline: joined
      ? `The bot is in ${joined} of the ${channels.length} channels it can see.`
      : `The bot is in none of the ${channels.length} channels it can see yet.`,
    fix: inviteHow(),
    channels: channels.sort((a, b) => Number(b.member) - Number(a.member) || nameOrder(a.name, b.name)),
  };
}

/** The settings' own validation (src/config.ts), for the variables given: each problem found. */
function problemsOf(values: Record<string, string>) {
  try {
    loadConfig(values);
    return [];
  } catch (error) {
    const problems = (error as { problems?: Array<{ variable: string; problem: string; fix: string }> })
      .problems;
    if (!problems) throw error;
    return problems;
  }
}

/**
 * The kennel API's address as the settings read it (the URL as parsed: what is checked is what is
 * written), or why it cannot be used.
 */
export function kennelAddress(value: string): { href: string } | { problem: CheckResult } {
  const pasted = pastedProblem(value);
  if (pasted) return { problem: pasted };
  const url = value.trim();
  if (!url)
    return {
      problem: bad(
        "No kennel API address yet.",
        "Give the API's address including /api/v1, for example https://api.example.com/api/v1 (from the booking system's API settings).",
      ),
    };
  // Read with a stand-in key: only the address is checked here.
  const problem = problemsOf({ KENNEL_API_BASE_URL: url, KENNEL_API_KEY: "k" })[0];
  if (problem)
    return {
      problem: bad(
        `The address: ${problem.problem}`,
        problem.fix.replace("KENNEL_API_KEY", "the API key box"),
      ),
    };
  const href = loadConfig({ KENNEL_API_BASE_URL: url, KENNEL_API_KEY: "k" }).kennel?.baseUrl.href;
  return href ? { href } : { problem: bad("The address could not be read.") };
}

/** The kennel API: the address and key as the settings read them, then /health and one authenticated call. */
export async function checkKennel(env: SetupEnv, url: string, value: string): Promise<CheckResult> {
  const address = kennelAddress(url);
  if ("problem" in address) return address.problem;
  const pasted = pastedProblem(value);
  if (pasted) return { ...pasted, headline: `The API key: ${pasted.headline}` };
  const key = value.trim();
  if (!key)
    return bad(
      "No API key yet.",
      "Generate a key in the business's API settings (it is shown once) and paste it here.",
    );
  const values = { KENNEL_API_BASE_URL: address.href, KENNEL_API_KEY: key };
  const problem = problemsOf(values)[0];
  if (problem) return bad(`The API key ${problem.problem}`, problem.fix);
  const settings = loadConfig(values).kennel;
  if (!settings) return bad("The kennel settings could not be read.");
  const kennel = createKennelClient({ ...settings, timeoutMs: 10_000 }, { log: env.log, secrets: [key] });
  // /health's shape is not shown in the spec: one authenticated call shows the key reads records.
  const { report, bookings } = await keyCheck(kennel);
  if (bookings === undefined) return kennelProblem(report);
  return {
    ok: true,
    headline: `${describeStatus(report, "bot").headline} It reads the business's bookings (${bookings} in all).`,
    facts: { baseUrl: address.href, bookings },
  };
}

/** The kennel's time zone, as KENNEL_TIMEZONE is read. */
export function checkTimezone(value: string): CheckResult {
  const pasted = pastedProblem(value);
  if (pasted) return pasted;
  const zone = value.trim();
  if (!zone) return bad("No time zone chosen.", "Pick the kennel's time zone from the list.");
  const problem = problemsOf({ KENNEL_TIMEZONE: zone })[0];
  if (problem) return bad(`The time zone: ${problem.problem}`, problem.fix);
  return { ok: true, headline: `Days and times will be read in ${zone}.` };
}

/** The house routine's box when nothing is typed: KENNEL_HOUSE_MEALS's default. */
export const HOUSE_MEALS_DEFAULT = "morning,evening";

/**
 * The house routine as KENNEL_HOUSE_MEALS is read (the settings' own parser), with the kennel's
 * own round names (`roundsNames`: ROUNDS_NAMES as the next start reads it) understood too; an
 * empty box is the default, morning and evening.
 */
export function checkHouseMeals(value: string, roundsNames?: string): CheckResult {
  const pasted = pastedProblem(value);
  if (pasted) return pasted;
  const values: Record<string, string> = { KENNEL_HOUSE_MEALS: value.trim() || HOUSE_MEALS_DEFAULT };
  if (roundsNames && problemsOf({ ROUNDS_NAMES: roundsNames }).length === 0)
    values.ROUNDS_NAMES = roundsNames;
  const problem = problemsOf(values)[0];
  if (problem) return bad(`The house routine: ${problem.problem}`, problem.fix);
  const routine = houseMealsWords(loadConfig(values).rounds.houseMeals);
  return { ok: true, headline: `A pet with no diet on record will have a meal due at: ${routine}.` };
}

/** The port as PORT is read (digits only), or why it cannot be used; an empty box is 3000. */
export function portNumber(value: string): { port: number } | { problem: CheckResult } {
  const pasted = pastedProblem(value);
  if (pasted) return { problem: pasted };
  const text = value.trim() || "3000";
  const problem = /^\d{1,5}$/.test(text) ? problemsOf({ PORT: text })[0] : undefined;
  if (problem || !/^\d{1,5}$/.test(text) || Number(text) === 0)
    return {
      problem: bad(
        `The port: ${problem?.problem ?? `"${text.slice(0, 20)}" is not a port number.`}`,
        "Use a whole number from 1 to 65535, for example 3000.",
      ),
    };
  return { port: Number(text) };
}

/** Whether the bot can listen on `port` (the preview's own port is fine: it is freed on stopping). */
export async function checkPort(env: SetupEnv, value: string): Promise<CheckResult> {
  const read = portNumber(value);
  if ("problem" in read) return read.problem;
  const { port } = read;
  if (port === env.previewPort)
    return {
      ok: true,
      headline: `Port ${port} is the preview's own: it is free again once the preview stops.`,
    };
  const free = await new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
  if (free) return { ok: true, headline: `Port ${port} is free for the bot.` };
  return bad(
    `Port ${port} is already in use on this computer: another program (or another Kennel Desk) listens there.`,
    `Choose another port in this box, for example ${port === 3001 ? 3002 : 3001}, or stop that program.`,
  );
}
