/**
 * The few Web API calls the morning post needs, over Bolt's WebClient (which waits out 429s), and
 * who Kennel Desk is in Slack: its bot's `bot_id` (auth.test) and its app's `app_id` (bots.info), so
 * only its own messages count as its posts.
 */
import type { webApi } from "@slack/bolt";
import { furtherParts } from "../blocks/parts.ts";
import type { Message } from "../blocks/types.ts";
import type { Logger } from "../log.ts";
import { channelPacer, type Pacer } from "../slack/pace.ts";

export interface HistoryMessage {
  ts: string;
  /** Who posted it, as Slack says: a bot's message carries its bot_id and app_id; a person's, the user. */
  bot_id?: string | undefined;
  app_id?: string | undefined;
  user?: string | undefined;
  metadata?: { event_type?: string; event_payload?: Record<string, unknown> } | undefined;
  /** Its blocks, as Slack gives them (their block_ids mark a long message's parts: src/blocks/parts.ts). */
  blocks?: unknown;
}

/**
 * Kennel Desk in Slack: its bot (auth.test's bot_id) and, when Slack says them, its app (bots.info)
 * and its workspace (auth.test's team_id: where a printed chart's QR code opens it).
 */
export interface SlackSelf {
  botId: string;
  appId?: string | undefined;
  teamId?: string | undefined;
}

/** What auth.test answers that says who the token is (a bot token: bot_id; Slack may add app_id). */
export interface AuthTestAnswer {
  bot_id?: string | undefined;
  app_id?: string | undefined;
  user_id?: string | undefined;
  team_id?: string | undefined;
}

/**
 * Whether Kennel Desk posted a message: its bot's bot_id, or its app's app_id. Neither can be set by
 * another app or a person, whatever metadata their message carries.
 */
export function postedBySelf(self: SlackSelf, m: HistoryMessage): boolean {
  return (
    (m.bot_id !== undefined && m.bot_id === self.botId) ||
    (self.appId !== undefined && m.app_id === self.appId)
  );
}

interface PostOptions {
  threadTs?: string | undefined;
  metadata?: { event_type: string; event_payload: Record<string, string | number | boolean> } | undefined;
}

export interface DigestSlack {
  /** Kennel Desk's own bot and app (learned once, from auth.test and bots.info). */
  self(): Promise<SlackSelf>;
  /**
   * A message carrying Kennel Desk's metadata that another app or a person posted: it is ignored,
   * and said in the log once per message (not on every read).
   */
  lookAlike(channel: string, m: HistoryMessage): void;
  /**
   * Top-level messages since `oldest` (Slack ts), with their metadata, newest first: every page
   * back to `oldest`, or up to the first page holding a message `until` accepts.
   */
  history(channel: string, oldest: string, until?: (m: HistoryMessage) => boolean): Promise<HistoryMessage[]>;
  /** A thread's messages (the parent first, then the replies), with their metadata. */
  replies(channel: string, ts: string): Promise<HistoryMessage[]>;
  post(channel: string, message: Message, options?: PostOptions): Promise<string>;
  remove(channel: string, ts: string): Promise<void>;
  /** Replaces a message's text and blocks (a late or missed reply, edited as entries arrive). */
  update?(channel: string, ts: string, message: Message): Promise<void>;
}

/**
 * The further parts of a message (a long one split by `docMessages`, its first part posted as
 * `firstPart(messages)` at `at.firstTs`), marked as its parts (src/blocks/parts.ts) so that drawing
 * it again finds them, each posted in turn in the thread `at.threadTs`; how many.
 */
export async function postFurther(
  slack: Pick<DigestSlack, "post">,
  channel: string,
  messages: Message[],
  at: { firstTs: string; threadTs: string },
): Promise<number> {
  const further = furtherParts(messages, at.firstTs);
  for (const m of further) await slack.post(channel, m, { threadTs: at.threadTs });
  return further.length;
}

const page = (cursor: string | undefined) => ({
  limit: 200,
  include_all_metadata: true,
  ...(cursor ? { cursor } : {}),
});

type HistoryPage = {
  messages?: Array<{
    ts?: string;
    bot_id?: string;
    app_id?: string;
    user?: string;
    metadata?: unknown;
    blocks?: unknown;
  }>;
  has_more?: boolean;
  response_metadata?: { next_cursor?: string };
};

/**
 * A page budget for one read: 250 pages of 200 is 50,000 messages, more than a day of the busiest
 * channel (Slack allows about 50 history reads a minute); a read that hits it says so in an error.
 */
const MAX_HISTORY_PAGES = 250;

/**
 * Every message of a paged conversations.* read (the channel's messages since the `oldest` asked
 * for, or a thread), with its metadata; it stops early at the first page holding a message
 * `until` accepts. A cursor that comes back again stops the read with an error, never a loop.
 */
async function readAll(
  read: (cursor: string | undefined) => Promise<HistoryPage>,
  until?: (m: HistoryMessage) => boolean,
): Promise<HistoryMessage[]> {
  const out: HistoryMessage[] = [];
  const cursors = new Set<string>();
  let cursor: string | undefined;
  for (let i = 0; i < MAX_HISTORY_PAGES; i++) {
    const p = await read(cursor);
    let found = false;
    for (const m of p.messages ?? []) {
      if (!m.ts) continue;
      const message: HistoryMessage = {
        ts: m.ts,
        bot_id: m.bot_id,
        app_id: m.app_id,
        user: m.user,
        metadata: m.metadata as HistoryMessage["metadata"],
        ...(m.blocks === undefined ? {} : { blocks: m.blocks }),
      };
      out.push(message);
      if (until?.(message)) found = true;
    }
    cursor = p.response_metadata?.next_cursor || undefined;
    if (found || !p.has_more || !cursor) return out;
    if (cursors.has(cursor)) throw new Error("Slack's history paging repeated a cursor; stopped reading");
    cursors.add(cursor);
  }
  throw new Error(`Slack's history ran past ${MAX_HISTORY_PAGES} pages; stopped reading`);
}

export interface WebClientSlackOptions {
  /** Where a look-alike post is said (once per message); nowhere when absent. */
  log?: Logger | undefined;
  /** auth.test's answer when the caller has it already (the bot, at start); else it is asked once. */
  auth?: () => AuthTestAnswer | undefined;
  /** Slack's pace per channel (src/slack/pace.ts), shared with whatever else posts; else one of its own. */
  pace?: Pacer | undefined;
}

/** Look-alikes already logged, at most this many remembered (a day has a handful). */
const LOOK_ALIKES_REMEMBERED = 500;

/**
 * Who Kennel Desk is: auth.test's bot_id (a bot token always has one), and its app's id (auth.test's
 * when it says it, else bots.info's; without it, the bot_id alone decides).
 */
async function learnSelf(client: webApi.WebClient, o: WebClientSlackOptions): Promise<SlackSelf> {
  const known = o.auth?.();
  const auth = known?.bot_id ? known : ((await client.auth.test()) as AuthTestAnswer);
  if (!auth.bot_id)
    throw new Error(
      "Slack's auth.test named no bot (bot_id) for SLACK_BOT_TOKEN: without it the bot cannot tell its own posts from another app's",
    );
  const teamId = auth.team_id;
  if (auth.app_id) return { botId: auth.bot_id, appId: auth.app_id, teamId };
  try {
    const info = await client.bots.info({ bot: auth.bot_id });
    return { botId: auth.bot_id, appId: info.bot?.app_id, teamId };
  } catch (error) {
    o.log?.warn(
      { err: String((error as Error)?.message ?? error) },
      "could not read the app's id (bots.info): only the bot's id tells the scheduled posts apart",
    );
    return { botId: auth.bot_id, teamId };
  }
}

/** Each look-alike of the bot's posts said in the log once (the last few hundred remembered). */
function lookAlikeLogger(log: WebClientSlackOptions["log"]): DigestSlack["lookAlike"] {
  const logged = new Set<string>();
  return (channel, m) => {
    const key = `${channel}|${m.ts}`;
    if (logged.has(key)) return;
    logged.add(key);
    if (logged.size > LOOK_ALIKES_REMEMBERED) logged.delete(logged.values().next().value as string);
    const payload = m.metadata?.event_payload ?? {};
    log?.warn(
      {
        channel,
        ts: m.ts,
        bot_id: m.bot_id,
        app_id: m.app_id,
        user: m.user,
        date: payload.date,
        kind: payload.kind,
      },
      "ignored a message carrying Kennel Desk's post metadata that another app or a person posted",
    );
  };
}

export function webClientSlack(client: webApi.WebClient, options: WebClientSlackOptions = {}): DigestSlack {
  let self: Promise<SlackSelf> | undefined;
  const pace = options.pace ?? channelPacer();
  return {
    self() {
      // Learned once; a failure (Slack unreachable) is asked again next time.
      self ??= learnSelf(client, options).catch((error: unknown) => {
        self = undefined;
        throw error;
      });
      return self;
    },
    lookAlike: lookAlikeLogger(options.log),
    // A day of a busy channel, back to the day's start or to the post looked for; or a post's thread.
    history: (channel, oldest, until) =>
      readAll((cursor) => client.conversations.history({ channel, oldest, ...page(cursor) }), until),
    replies: (channel, ts) =>
      readAll((cursor) => client.conversations.replies({ channel, ts, ...page(cursor) })),
    async post(channel, message, options = {}) {
      const send = () =>
        client.chat.postMessage({
          channel,
          text: message.text,
          blocks: message.blocks,
          unfurl_links: false,
          unfurl_media: false,
          ...(options.threadTs ? { thread_ts: options.threadTs } : {}),
          ...(options.metadata ? { metadata: options.metadata } : {}),
        });
      // Each part in its turn, a second after the one before in the channel: in order, no 429s.
      await pace.turn(channel);
      const res = await paced(send);
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

/**
 * Slack paces a channel's posts (about one a second, after a short burst). A long post (a 150-pet
 * round with its record buttons is several messages), or two replicas posting at once, can meet
 * more "rate limited" answers in a row than the client's own retries: each is waited out, up to
 * a minute in all, so the post completes rather than failing half-way.
 */
async function paced<T>(call: () => Promise<T>): Promise<T> {
  const until = Date.now() + 60_000;
  for (;;) {
    try {
      return await call();
    } catch (error) {
      const wait = rateLimitWait(error);
      if (wait === undefined || Date.now() + wait > until) throw error;
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}

/** How long Slack asked to wait, when the error is its rate limit; undefined for any other error. */
function rateLimitWait(error: unknown): number | undefined {
  const e = error as {
    code?: string;
    retryAfter?: number;
    original?: { message?: string };
    message?: string;
  };
  if (e?.code === "slack_webapi_rate_limited_error" && typeof e.retryAfter === "number")
    return e.retryAfter * 1000;
  const text = `${e?.original?.message ?? ""} ${e?.message ?? ""}`;
  const m = /rate limit was exceeded[\s\S]*?retry-after: (\d+)/.exec(text);
  return m ? Number(m[1]) * 1000 : undefined;
}
