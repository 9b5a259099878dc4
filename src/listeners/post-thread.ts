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

/**
 * Posts a message and its thread (or, given `inThread`, every message in that thread); how many were
 * posted and, if one failed, why.
 */
export async function postThread(
  client: WebClient,
  channel: string,
  messages: Message[],
  pace: Pacer | undefined,
  inThread?: string,
): Promise<{ sent: number; error?: string }> {
  let threadTs: string | undefined = inThread;
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
      if (i === 0 && !inThread) {
        if (!res.ts) return { sent: 1, error: "chat.postMessage returned no ts" };
        threadTs = res.ts;
      }
    } catch (error) {
      return { sent: i, error: slackError(error) };
    }
  }
  return { sent: messages.length };
}
