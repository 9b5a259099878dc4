/** The few Web API calls the morning post needs, over Bolt's WebClient (which waits out 429s). */
import type { webApi } from "@slack/bolt";
import type { Message } from "../blocks/types.ts";

export interface HistoryMessage {
  ts: string;
  metadata?: { event_type?: string; event_payload?: Record<string, unknown> } | undefined;
}

interface PostOptions {
  threadTs?: string | undefined;
  metadata?: { event_type: string; event_payload: Record<string, string | number | boolean> } | undefined;
}

export interface DigestSlack {
  /** Top-level messages since `oldest` (Slack ts), with their metadata. */
  history(channel: string, oldest: string): Promise<HistoryMessage[]>;
  /** A thread's messages (the parent first, then the replies), with their metadata. */
  replies(channel: string, ts: string): Promise<HistoryMessage[]>;
  post(channel: string, message: Message, options?: PostOptions): Promise<string>;
  remove(channel: string, ts: string): Promise<void>;
}

export function webClientSlack(client: webApi.WebClient): DigestSlack {
  return {
    async history(channel, oldest) {
      const out: HistoryMessage[] = [];
      let cursor: string | undefined;
      // At most 5 pages of 200: a day of a busy channel.
      for (let i = 0; i < 5; i++) {
        const page = await client.conversations.history({
          channel,
          oldest,
          limit: 200,
          include_all_metadata: true,
          ...(cursor ? { cursor } : {}),
        });
        for (const m of page.messages ?? []) {
          if (m.ts) out.push({ ts: m.ts, metadata: m.metadata as HistoryMessage["metadata"] });
        }
        cursor = page.response_metadata?.next_cursor || undefined;
        if (!page.has_more || !cursor) break;
      }
      return out;
    },
    async replies(channel, ts) {
      const out: HistoryMessage[] = [];
      let cursor: string | undefined;
      // A thread of a post: a few messages; at most 5 pages of 200.
      for (let i = 0; i < 5; i++) {
        const page = await client.conversations.replies({
          channel,
          ts,
          limit: 200,
          include_all_metadata: true,
          ...(cursor ? { cursor } : {}),
        });
        for (const m of page.messages ?? []) {
          if (m.ts) out.push({ ts: m.ts, metadata: m.metadata as HistoryMessage["metadata"] });
        }
        cursor = page.response_metadata?.next_cursor || undefined;
        if (!page.has_more || !cursor) break;
      }
      return out;
    },
    async post(channel, message, options = {}) {
      const res = await client.chat.postMessage({
        channel,
        text: message.text,
        blocks: message.blocks,
        unfurl_links: false,
        unfurl_media: false,
        ...(options.threadTs ? { thread_ts: options.threadTs } : {}),
        ...(options.metadata ? { metadata: options.metadata } : {}),
      });
      if (!res.ts) throw new Error("chat.postMessage returned no ts");
      return res.ts;
    },
    async remove(channel, ts) {
      await client.chat.delete({ channel, ts });
    },
  };
}
