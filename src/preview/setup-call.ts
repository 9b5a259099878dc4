/**
 * One Slack Web API call from the setup page, as the bot makes it (POST, Bearer), and why it failed
 * in the page's words (src/preview/setup-words.ts): Slack's error code, the HTTP status or the
 * network's code, never the error's own text.
 */
import type { Logger } from "../log.ts";
import { type CheckResult, type SlackFailure, slackProblem } from "./setup-words.ts";

export interface SetupEnv {
  fetch: typeof fetch;
  /** Slack's Web API, ending in /api/ (SLACK_API_URL when set: GovSlack, the tests' stand-in). */
  slackApiUrl: string;
  /** SLACK_API_URL is set: the page names that address rather than slack.com. */
  customSlackUrl: boolean;
  log: Logger;
  /** The preview's own port: taken now, free once the preview stops. */
  previewPort: number;
}

export interface SlackAnswer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

/** The network's code of a failed fetch (ENOTFOUND…); a request that could not be made has none. */
function failureOf(error: unknown): SlackFailure {
  const e = error as { name?: unknown; message?: unknown; cause?: { code?: unknown; name?: unknown } };
  if (e?.name === "TimeoutError" || e?.name === "AbortError") return { network: "ETIMEDOUT" };
  // undici: TypeError("fetch failed") with the network's error as its cause. Anything else (a value
  // that is no valid header, say) never left this computer, and its text may quote the value.
  if (e?.message !== "fetch failed" && e?.cause === undefined) return { unsendable: true };
  const code = e.cause?.code;
  return { network: typeof code === "string" && /^[A-Z][A-Z_]+$/.test(code) ? code : undefined };
}

/** One Web API call with a token, as the bot makes it (POST, Bearer). */
async function slackCall(
  env: SetupEnv,
  method: string,
  token: string,
  params: Record<string, string> = {},
): Promise<SlackAnswer | SlackFailure> {
  let res: Response;
  try {
    res = await env.fetch(`${env.slackApiUrl}${method}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/x-www-form-urlencoded; charset=utf-8",
      },
      body: new URLSearchParams(params).toString(),
      redirect: "error",
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    return failureOf(error);
  }
  let body: Record<string, unknown> = {};
  try {
    body = (await res.json()) as Record<string, unknown>;
  } catch {
    // Not JSON: the status says what happened.
  }
  return { status: res.status, body, headers: res.headers };
}

/** A call, or why it failed in the page's words: Slack's error code, the HTTP status, or the network's. */
export async function callOrExplain(
  env: SetupEnv,
  kind: "bot" | "app",
  method: string,
  token: string,
  params?: Record<string, string>,
): Promise<{ answer: SlackAnswer } | { failed: CheckResult }> {
  const answer = await slackCall(env, method, token, params);
  const where = { apiUrl: env.slackApiUrl, customUrl: env.customSlackUrl };
  if (!("body" in answer)) return { failed: slackProblem(answer, kind, where) };
  if (answer.body.ok === true) return { answer };
  if (typeof answer.body.error === "string")
    return { failed: slackProblem({ slackError: answer.body.error.slice(0, 60) }, kind, where) };
  return { failed: slackProblem({ status: answer.status }, kind, where) };
}
