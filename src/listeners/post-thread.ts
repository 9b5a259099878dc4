/** Posting a message and its thread through Slack's Web API, as the posts and the long channel answers do. */
import type { webApi } from "@slack/bolt";
import type { Message } from "../blocks/types.ts";
import type { Pacer } from "../slack/pace.ts";

type WebClient = webApi.WebClient;

/** Slack's error code from a failed Web API call (`not_in_channel`), or the message. */
export function slackError(error: unknown): string {
  const data = (error as { data?: { error?: unknown } })?.data;
  return typeof data?.error === "string" ? data.error : String((error as Error)?.message ?? error);
}

/** What `postThread` posted: how many, each one's ts, the channel as Slack named it, and why it stopped. */
export interface Posted {
  sent: number;
  error?: string;
  /** The ts of each message posted, in order. */
  ts: string[];
  /** The channel as Slack answered it (a DM's own id when posted to a person's). */
  channel?: string;
}

/**
 * Posts a message and its thread (or, given `inThread`, every message in that thread); how many were
 * posted, where, and, if one failed, why.
 */
export async function postThread(
  client: WebClient,
  channel: string,
  messages: Message[],
  pace: Pacer | undefined,
  inThread?: string,
): Promise<Posted> {
  let threadTs: string | undefined = inThread;
  const out: { ts: string[]; channel?: string } = { ts: [] };
  for (const [i, m] of messages.entries()) {
    try {
      await pace?.turn(channel);
      const res = await client.chat.postMessage({
        channel,
        text: m.text,
        blocks: m.blocks,
        unfurl_links: false,
        unfurl_media: false,
        ...(threadTs ? { thread_ts: threadTs } : {}),
      });
      out.channel ??= res.channel;
      if (res.ts) out.ts.push(res.ts);
      if (i === 0 && !inThread) {
        if (!res.ts) return { ...out, sent: 1, error: "chat.postMessage returned no ts" };
        threadTs = res.ts;
      }
    } catch (error) {
      return { ...out, sent: i, error: slackError(error) };
    }
  }
  return { ...out, sent: messages.length };
}
