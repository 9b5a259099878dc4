/**
 * One way to describe a failure, for every surface: what happened, what to do, the request id to
 * quote, and the command line's exit code (0 OK, 1 not found or refused, 2 settings or usage,
 * 3 kennel API or care record failure). Slack, the terminal, the connector and the 07:00 post's notice all use it.
 */
import { ConfigError, formatConfigProblems } from "../config.ts";
import { isKennelError, NotFoundError } from "../kennel/errors.ts";
import { InvalidEntryError, isStoreError } from "../record/errors.ts";
import { type Hint, hintOn, SURFACE_WORDS, type Surface } from "../words/surface.ts";

/**
 * Something the person typed cannot be used: says what, and what to type instead, worded for where
 * it is said when it names a command (`/booking …` in Slack, `kennel-desk booking …` in a terminal).
 */
export class UsageError extends Error {
  readonly #whatToDo: Hint;
  constructor(what: string, whatToDo: Hint) {
    super(what);
    this.name = "UsageError";
    this.#whatToDo = whatToDo;
  }

  /** What to type instead, as the surface says it. */
  hint(surface: Surface): string {
    return hintOn(this.#whatToDo, surface);
  }
}

type FailureKind = "usage" | "settings" | "not_found" | "kennel_api" | "store" | "slack" | "unexpected";

export interface Failure {
  kind: FailureKind;
  /** What happened, in a sentence. */
  what: string;
  /** What to do about it. */
  whatToDo: string;
  requestId: string | undefined;
  exitCode: 1 | 2 | 3;
}

const SLACK_HINTS: Record<string, string> = {
  not_in_channel: "Invite the bot to the channel (/invite @Kennel Desk) and check the channel id.",
  channel_not_found: "Check the channel id (C0123ABCD), and invite the bot to the channel.",
  invalid_auth:
    "Check SLACK_BOT_TOKEN: copy the Bot User OAuth Token (xoxb-…) again from the app's settings.",
  not_authed: "Set SLACK_BOT_TOKEN to the Bot User OAuth Token (xoxb-…).",
  token_revoked: "The app was uninstalled or its token revoked: reinstall it and copy the new token.",
  account_inactive: "The app was uninstalled or its token revoked: reinstall it and copy the new token.",
  missing_scope: "Reinstall the app from manifest.yml: it needs the scopes listed there.",
  ratelimited: "Slack is rate-limiting the bot: wait a minute and try again.",
  is_archived: "The channel is archived: choose another channel.",
};

/** The Slack Web API's error code on an error from @slack/web-api, if it is one. */
function slackErrorCode(error: unknown): string | undefined {
  const code = (error as { data?: { error?: unknown } } | undefined)?.data?.error;
  return typeof code === "string" ? code.slice(0, 80) : undefined;
}

/**
 * Slack's Web API (or a file's upload address) not answering as it should, from @slack/web-api:
 * an HTTP status besides 200 and 429, or no answer at all; what happened in words, else undefined.
 */
function slackUnreachable(error: unknown): string | undefined {
  const e = error as { code?: unknown; statusCode?: unknown } | undefined;
  if (e?.code === "slack_webapi_http_error")
    return `Slack answered with an error (HTTP ${String(e.statusCode).slice(0, 5)}).`;
  if (e?.code === "slack_webapi_request_error") return "Slack could not be reached.";
  return undefined;
}

/** A failure of `kind`: what happened, what to do, the exit code, and the API's request id if any. */
function failure(
  kind: FailureKind,
  what: string,
  whatToDo: string,
  exitCode: Failure["exitCode"],
  requestId?: string,
): Failure {
  return { kind, what, whatToDo, requestId, exitCode };
}

export function describeFailure(error: unknown, surface: Surface = "bot"): Failure {
  const words = SURFACE_WORDS[surface];
  if (error instanceof UsageError) return failure("usage", error.message, error.hint(surface), 2);
  if (error instanceof ConfigError)
    return failure(
      "settings",
      // Said as the surface says it, unless the thrower said what cannot be done ("digest cannot post").
      formatConfigProblems(error.problems, error.what ?? words.cannot),
      `\n${error.whatToDo ?? `Fix the settings named above and ${words.again}.`}`,
      2,
    );
  if (error instanceof NotFoundError)
    return failure("not_found", error.message, error.hint(surface), 1, error.requestId);
  if (isKennelError(error))
    return failure("kennel_api", error.message, error.hint(surface), 3, error.requestId);
  // The care record cannot be used (down, full, read-only), or was written by a newer version.
  if (isStoreError(error))
    return failure("store", error.message, error.hint(surface), error.problem === "newer_schema" ? 2 : 3);
  if (error instanceof InvalidEntryError) {
    const again = "Nothing was written. Check what was given and try again.";
    return failure("usage", `Not recorded: ${error.message}`, again, 2);
  }
  const slack = slackErrorCode(error);
  if (slack) {
    const hint = SLACK_HINTS[slack] ?? "Check the Slack settings (tokens, channel ids) and try again.";
    return failure("slack", `Slack refused: ${slack}.`, hint, 1);
  }
  const unreachable = slackUnreachable(error);
  if (unreachable) {
    const later = "Try again in a minute; if it keeps happening, check Slack's status (status.slack.com).";
    return failure("slack", unreachable, later, 1);
  }
  return failure(
    "unexpected",
    "Kennel Desk hit an unexpected problem.",
    "Try again; if it keeps happening, tell whoever installed Kennel Desk (the log has the details).",
    1,
  );
}
