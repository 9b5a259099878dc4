/**
 * What Slack's refusals and network failures mean for a person starting Kennel Desk: one sentence
 * naming the setting, one saying what to do, and the exit code (2: a setting to fix; 1: the rest,
 * for the supervisor to restart later).
 */
export class SlackStartError extends Error {
  readonly fix: string;
  readonly exitCode: 1 | 2;
  /** Slack's error code, or the network's (ENOTFOUND), when there is one. */
  readonly code: string | undefined;

  constructor(problem: string, fix: string, exitCode: 1 | 2, code?: string) {
    super(problem);
    this.name = "SlackStartError";
    this.fix = fix;
    this.exitCode = exitCode;
    this.code = code;
  }

  /** The whole message, for standard error or a log line. */
  get text(): string {
    return `${this.message}\n${this.fix}`;
  }
}

/** Slack's answers that no retry can change: the token (or the app) is no longer accepted. */
export const TOKEN_REFUSED: ReadonlySet<string> = new Set([
  "invalid_auth",
  "not_authed",
  "token_revoked",
  "token_expired",
  "account_inactive",
  "user_removed_from_team",
  "team_disabled",
  "app_uninstalled",
  "no_permission",
]);
const WRONG_KIND = new Set(["not_allowed_token_type", "invalid_token_type"]);

export type TokenKind = "bot" | "app";

interface ErrorShape {
  code?: unknown;
  data?: { error?: unknown };
  original?: { code?: unknown; message?: unknown; cause?: { code?: unknown } };
  statusCode?: unknown;
  message?: unknown;
}

/** Slack's own error code (`invalid_auth`) of a Web API platform error, if it is one. */
function slackErrorCode(error: unknown): string | undefined {
  const e = error as ErrorShape | undefined;
  const code = e?.data?.error;
  return typeof code === "string" ? code : undefined;
}

/** The network's error code (ENOTFOUND, ECONNREFUSED…) of a failed request, if it is one. */
function networkErrorCode(error: unknown): string | undefined {
  const e = error as ErrorShape | undefined;
  for (const c of [e?.original?.code, e?.original?.cause?.code, e?.code]) {
    if (typeof c === "string" && /^E[A-Z_]+$/.test(c)) return c;
  }
  const text = String(e?.original?.message ?? e?.message ?? "");
  return /\b(ENOTFOUND|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH)\b/.exec(
    text,
  )?.[1];
}

/** True when retrying cannot help: the token was refused or is of the wrong kind. */
export function isPermanentRefusal(error: unknown): boolean {
  const code = slackErrorCode(error);
  return code !== undefined && (TOKEN_REFUSED.has(code) || WRONG_KIND.has(code) || code === "missing_scope");
}

const BOT_FIX =
  "Copy the Bot User OAuth Token (xoxb-…) again from the Slack app's page (OAuth & Permissions; reinstall the app if it was removed), set SLACK_BOT_TOKEN, and start Kennel Desk again.";
const APP_FIX =
  "In the Slack app's page, Basic Information, App-Level Tokens, generate a token with the connections:write scope, set SLACK_APP_TOKEN to it (xapp-…), and start Kennel Desk again.";

/**
 * Words for a failure of auth.test (the bot token) or apps.connections.open (the app token).
 * `atStart`: a refused token is a setting to fix (exit 2); later, a token revoked while running
 * stops the process with exit 1 for the supervisor.
 */
export function slackStartError(
  error: unknown,
  kind: TokenKind,
  options: { apiUrl?: string | undefined; atStart: boolean },
): SlackStartError {
  const setting = kind === "bot" ? "SLACK_BOT_TOKEN" : "SLACK_APP_TOKEN";
  const fix = kind === "bot" ? BOT_FIX : APP_FIX;
  const refusedExit = options.atStart ? 2 : 1;
  const code = slackErrorCode(error);
  if (code && TOKEN_REFUSED.has(code)) {
    return new SlackStartError(
      `Slack refused ${setting} (${code}): the token is wrong, was revoked, or the app was removed from the workspace.`,
      fix,
      refusedExit,
      code,
    );
  }
  if (code && WRONG_KIND.has(code)) {
    return new SlackStartError(
      `${setting} is the wrong kind of token (${code}): ${kind === "bot" ? "it must be the Bot User OAuth Token, xoxb-…" : "it must be an app-level token, xapp-…"}.`,
      fix,
      refusedExit,
      code,
    );
  }
  if (code === "missing_scope") {
    return new SlackStartError(
      `${setting} lacks a scope Kennel Desk needs (missing_scope).`,
      kind === "app"
        ? APP_FIX
        : "Create the app from manifest.yml (it lists every scope), reinstall it, and copy the new SLACK_BOT_TOKEN.",
      refusedExit,
      code,
    );
  }
  if (code === "link_disabled") return linkDisabled();
  return unreachableError(error, code, options.apiUrl);
}

/** Words for Slack not reached, answering an HTTP error, or failing otherwise (not a refused token). */
function unreachableError(
  error: unknown,
  code: string | undefined,
  apiUrl: string | undefined,
): SlackStartError {
  const net = networkErrorCode(error);
  const where = apiUrl ?? "https://slack.com/api/";
  const requestFailed = (error as ErrorShape | undefined)?.code === "slack_webapi_request_error";
  if (net || requestFailed) {
    return new SlackStartError(
      `Kennel Desk could not reach Slack at ${where} (${net ?? String((error as ErrorShape).original?.message ?? "no answer")}).`,
      `Check this computer's network connection${apiUrl ? " and SLACK_API_URL" : ""}; Kennel Desk starts once Slack can be reached (a service manager restarts it).`,
      1,
      net,
    );
  }
  const status = (error as ErrorShape | undefined)?.statusCode;
  if (typeof status === "number") {
    return new SlackStartError(
      `Slack answered HTTP ${status} at ${where}.`,
      apiUrl
        ? "Check SLACK_API_URL (it must be the Web API's address, ending in /api/), or unset it to use Slack's."
        : "Slack may be having trouble (https://slack-status.com); try again in a few minutes.",
      apiUrl && status === 404 ? 2 : 1,
      String(status),
    );
  }
  return new SlackStartError(
    `Slack could not be used: ${code ?? String((error as ErrorShape | undefined)?.message ?? error)}.`,
    "Try again in a few minutes; if it lasts, check the Slack app's settings against docs/connecting.md.",
    1,
    code,
  );
}

/** Slack closed the Socket Mode connection with `link_disabled`: Socket Mode was turned off. */
export function linkDisabled(): SlackStartError {
  return new SlackStartError(
    "Slack closed the connection: Socket Mode was turned off in the Slack app's settings (link_disabled).",
    "Turn it back on (the app's page, Socket Mode, Enable Socket Mode) and restart Kennel Desk; or, for HTTP mode, unset SLACK_APP_TOKEN and set SLACK_SIGNING_SECRET.",
    1,
    "link_disabled",
  );
}

/** The HTTP port is taken (the preview, or another Kennel Desk, still running). */
export function portInUse(port: number): SlackStartError {
  return new SlackStartError(
    `Port ${port} is already in use: the preview, or another Kennel Desk, may still be running.`,
    `Stop it (Ctrl+C in its terminal), or choose another port: PORT=${port === 3001 ? 3002 : 3001} npm start.`,
    2,
    "EADDRINUSE",
  );
}

/** A short text for an error from Slack or the network, for logs and /readyz. */
export function describeSlackError(error: unknown): string {
  const e = error as
    | { data?: { error?: unknown }; message?: unknown; name?: unknown; cause?: unknown }
    | undefined;
  if (typeof e?.data?.error === "string") return e.data.error;
  const net = networkErrorCode(e) ?? networkErrorCode({ original: e?.cause });
  if (e?.message)
    return net && !String(e.message).includes(net) ? `${String(e.message)} (${net})` : String(e.message);
  if (e?.name === "SMWebsocketError") return `the WebSocket connection failed${net ? ` (${net})` : ""}`;
  return String(error);
}
