/**
 * chat.update for a redraw, its body sent as JSON (issue 48, the first tap after a restart). Through
 * the Web API client, a redraw of a 150-pet round part (about 45 KB of blocks) was copied key by key
 * and printed for the client's debug log whatever the level, then percent-encoded as a form: 13–18 ms
 * on the event loop in a new process, where that code is not yet optimised, during which the next
 * tap's ack waited. As JSON it is one `JSON.stringify` (under 1 ms). Slack takes chat.update as JSON
 * with the token in the Authorization header.
 *
 * What the Web API client adds, kept: a rate limit (429), an answer of 5xx, no answer in time or no
 * connection go to the client itself, which waits out Retry-After and retries as
 * src/slack/web-client.ts sets it. Without a token in the client, the client sends it. The bot is
 * installed in one workspace with its bot token (src/app.ts), so no team_id is added.
 */
import type { webApi } from "@slack/bolt";
import { SLACK_TIMEOUT_MS } from "./web-client.ts";

type WebClient = webApi.WebClient;

export interface MessageUpdate {
  channel: string;
  ts: string;
  text: string;
  blocks: readonly unknown[];
}

/** Slack's refusal of an update ("message_not_found", "invalid_blocks"…), as Slack words it. */
export class UpdateRefused extends Error {
  readonly slackError: string;
  constructor(slackError: string) {
    super(`An API error occurred: ${slackError}`);
    this.name = "UpdateRefused";
    this.slackError = slackError;
  }
}

/** Puts `update` in place: resolves when Slack has it; throws UpdateRefused when Slack says no. */
export async function updateMessage(client: WebClient, update: MessageUpdate): Promise<void> {
  const token = client.token;
  const byClient = async () => {
    await client.chat.update({ ...update, blocks: update.blocks as never });
  };
  if (!token) return byClient();
  let response: Response;
  try {
    response = await fetch(`${client.slackApiUrl}chat.update`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json; charset=utf-8" },
      body: JSON.stringify(update),
      redirect: "error",
      signal: AbortSignal.timeout(SLACK_TIMEOUT_MS),
    });
  } catch {
    return byClient();
  }
  if (response.status === 429 || response.status >= 500) {
    await response.body?.cancel();
    return byClient();
  }
  const answer = (await response.json().catch(() => undefined)) as
    | { ok?: unknown; error?: unknown }
    | undefined;
  if (answer?.ok === true) return;
  throw new UpdateRefused(typeof answer?.error === "string" ? answer.error : `HTTP ${response.status}`);
}
