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
  /** Replaces a message's text and blocks (the round check, edited as entries arrive). */
  update?(channel: string, ts: string, message: Message): Promise<void>;
}

const page = (cursor: string | undefined) => ({
  limit: 200,
  include_all_metadata: true,
  ...(cursor ? { cursor } : {}),
});

type HistoryPage = {
  messages?: Array<{ ts?: string; metadata?: unknown }>;
  has_more?: boolean;
  response_metadata?: { next_cursor?: string };
};

/** Every message of a paged conversations.* read (at most 5 pages), with its metadata. */
async function readAll(
  read: (cursor: string | undefined) => Promise<HistoryPage>,
): Promise<HistoryMessage[]> {
  const out: HistoryMessage[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 5; i++) {
    const p = await read(cursor);
    for (const m of p.messages ?? []) {
      if (m.ts) out.push({ ts: m.ts, metadata: m.metadata as HistoryMessage["metadata"] });
    }
    cursor = p.response_metadata?.next_cursor || undefined;
    if (!p.has_more || !cursor) break;
  }
  return out;
}

export function webClientSlack(client: webApi.WebClient): DigestSlack {
  return {
    // A day of a busy channel, or a post's thread: at most 5 pages of 200 each.
    history: (channel, oldest) =>
      readAll((cursor) => client.conversations.history({ channel, oldest, ...page(cursor) })),
    replies: (channel, ts) =>
      readAll((cursor) => client.conversations.replies({ channel, ts, ...page(cursor) })),
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
    async update(channel, ts, message) {
      await client.chat.update({ channel, ts, text: message.text, blocks: message.blocks });
    },
  };
}
