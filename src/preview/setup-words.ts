/**
 * The setup page's own words. The bot's start-up messages (src/slack/start-problem.ts) and the status
 * check's (src/kennel/status.ts) speak to whoever runs the bot: set a variable, restart the service.
 * On this page a person pastes into a box, so each problem says what to paste where, or what to check
 * on this computer. No answer quotes an error's own text: a request that could not even be made
 * (a token that is no valid header value, say) would quote the value itself.
 */
import type { StatusReport } from "../kennel/client.ts";
import type { KennelError } from "../kennel/errors.ts";
import { TOKEN_REFUSED } from "../slack/start-problem.ts";

export interface CheckResult {
  ok: boolean;
  /** What was found, in one or two sentences. */
  headline: string;
  /** What to do, when not OK. */
  fix?: string | undefined;
  /** More to say, when there is (never a secret, never an error's own text). */
  detail?: string | undefined;
  /** Facts for the page: the workspace, the bot's name, the scopes missing… never a secret. */
  facts?: Record<string, unknown> | undefined;
}

const bad = (headline: string, fix: string): CheckResult => ({ ok: false, headline, fix });

const LINE_BREAK = /[\r\n\u0085\u2028\u2029]/;
// C0 and C1 control characters and DEL (a tab included).
const CONTROL = /\p{Cc}/u;
const QUOTES: Record<string, string> = {
  '"': '"',
  "'": "'",
  "`": "`",
  "“": "”",
  "‘": "’",
  "«": "»",
  "„": "“",
};

/**
 * Why a pasted value cannot be used as it is, before any check: a line break or another control
 * character in it (it would write a line of its own into .env, or be sent as part of a header), or
 * quotes around it (copied from a file or a chat). Undefined when it is fine.
 */
export function pastedProblem(value: string): CheckResult | undefined {
  if (LINE_BREAK.test(value))
    return bad(
      "This contains a line break: paste it again on one line.",
      "Copy only the value itself (without the line before or after it) and paste it into this box again.",
    );
  if (value.includes("\t"))
    return bad(
      "This contains a tab: paste it again, the value alone.",
      "Copy only the value itself and paste it into this box again.",
    );
  if (CONTROL.test(value))
    return bad(
      "This contains an invisible control character: paste it again.",
      "Copy the value again from where it is shown and paste it into this box; typing it by hand can carry such characters in.",
    );
  const text = value.trim();
  const open = text[0] ?? "";
  const close = QUOTES[open];
  const last = text[text.length - 1] ?? "";
  if (close !== undefined && text.length > 1 && last === close)
    return bad(
      `This is wrapped in quotes (${open}…${close}): the quotes are not part of it.`,
      "Paste it again without the quotes around it.",
    );
  if (close !== undefined || Object.values(QUOTES).includes(last))
    return bad(
      `This ${close !== undefined ? "starts" : "ends"} with a quote mark (${close !== undefined ? open : last}), which is not part of it.`,
      "Paste it again without the quote mark.",
    );
  return undefined;
}

/** What went wrong with a call to Slack, without any of the error's own text. */
export type SlackFailure =
  | { network: string | undefined }
  | { slackError: string }
  | { status: number }
  | { unsendable: true };

const NO_NETWORK = new Set(["ENOTFOUND", "EAI_AGAIN", "ENETUNREACH"]);

const PASTE = {
  bot: "Copy the Bot User OAuth Token again (the app's page at api.slack.com/apps: OAuth & Permissions; it starts with xoxb-) and paste it into this box.",
  app: "Generate an app-level token again (the app's page: Basic Information, App-Level Tokens, Generate Token and Scopes, with connections:write; it starts with xapp-) and paste it into this box.",
};

/**
 * A failed call to Slack in the page's words. `customUrl`: SLACK_API_URL is set (GovSlack, a test's
 * stand-in), so the address is not slack.com and it is named.
 */
export function slackProblem(
  failure: SlackFailure,
  kind: "bot" | "app",
  where: { apiUrl: string; customUrl: boolean },
): CheckResult {
  const paste = PASTE[kind];
  if ("unsendable" in failure)
    return bad("This cannot be sent to Slack as a token (it holds characters a token never has).", paste);
  if ("slackError" in failure) {
    const code = failure.slackError;
    if (TOKEN_REFUSED.has(code))
      return bad(
        `Slack refused this token (${code}): it is mistyped or cut short, was revoked, or the app was removed from the workspace.`,
        `${paste} If the app was removed, install it again first (Install App, Install to Workspace).`,
      );
    if (code === "not_allowed_token_type" || code === "invalid_token_type")
      return bad(
        `Slack says this is the wrong kind of token (${code}): this box takes ${kind === "bot" ? "the Bot User OAuth Token, xoxb-…" : "an app-level token, xapp-…"}.`,
        paste,
      );
    if (code === "missing_scope")
      return bad(
        `This token lacks a scope Kennel Desk needs (missing_scope).`,
        kind === "app"
          ? paste
          : "In the app's page, App Manifest: paste the manifest from step 1 and save; then Reinstall to Workspace and paste the new bot token here (reinstalling changes it).",
      );
    return bad(`Slack did not accept this token (${code}).`, paste);
  }
  const checkOnline = where.customUrl
    ? `This page checks Slack at SLACK_API_URL (${where.apiUrl}), set in the environment npm start runs in: check that address, or start npm start without it to use Slack's own.`
    : "Check that this computer is online (open https://slack.com in a browser here), then paste the token again: it has not been checked yet.";
  if ("status" in failure)
    return bad(
      `Slack answered HTTP ${failure.status} at ${where.apiUrl}, not a Slack answer.`,
      where.customUrl
        ? checkOnline
        : "Slack may be having trouble (https://slack-status.com): try again in a few minutes.",
    );
  const code = failure.network;
  if (!where.customUrl && code && NO_NETWORK.has(code))
    return bad(
      `No network from this computer to Slack: slack.com could not be found (${code}).`,
      checkOnline,
    );
  return bad(
    `This computer could not reach Slack at ${where.apiUrl}${code ? ` (${code})` : ""}.`,
    checkOnline,
  );
}

/** The kennel API's state in the page's words: what to paste or check, and the request id. */
export function kennelProblem(report: StatusReport): CheckResult {
  const id = report.requestId ? ` (request id ${report.requestId})` : "";
  const error = report.error as (KennelError & { reason?: unknown }) | undefined;
  const reason = typeof error?.reason === "string" ? error.reason : undefined;
  const host = new URL(report.baseUrl).host;
  switch (report.state) {
    case "key_rejected":
      return bad(
        `The kennel API refused this key${id}.`,
        "Check you copied the whole key (it is long, and shown only once: a character left off is the usual cause) and paste it into the API key box again. If it is still refused, generate a new key in the business's API settings (the old one then stops working) and paste that.",
      );
    case "wrong_address":
      return bad(
        `This address does not lead to the kennel API${reason ? `: ${reason}` : ""}${id}.`,
        "Check the address box: the API's https:// address including /api/v1, as the booking system's API settings give it.",
      );
    default:
      if (error?.kind === "rate_limited")
        return bad(
          `The kennel API at ${host} is up, but asked to slow down (HTTP 429: too many requests)${id}.`,
          "Nothing to change in the boxes: wait a minute, then check again.",
        );
      if (error?.kind === "server_error")
        return bad(
          `The kennel API at ${host} answered, but is failing on its side (HTTP ${error.status ?? 500})${id}.`,
          "Nothing to change in the boxes: check again in a few minutes; if it lasts, quote the request id to the API's support.",
        );
      if (error?.kind === "timeout")
        return bad(
          `The kennel API at ${host} did not answer in time${id}.`,
          "Check the address box; if it is right, the API may be slow or down: try again in a few minutes.",
        );
      if (reason && /could not be found|unreachable/.test(reason))
        return bad(
          `${host} could not be reached from this computer: ${reason}.`,
          "Check the address box for a typo; if it is right, this computer has no network: check it is online (open the address's site in a browser here), then check again.",
        );
      return bad(
        `The kennel API at ${host} did not answer from this computer${reason ? ` (${reason})` : ""}${id}.`,
        "Check the address box; if it is right, the API may be down: try again in a few minutes.",
      );
  }
}
