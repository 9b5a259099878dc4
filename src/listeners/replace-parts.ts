/**
 * A message drawn again in place (a flag, a list, a follow-up, the day's review) that a long day
 * made into several (`docMessages`), whichever of its parts was tapped: the first part takes the
 * first part's place, its buttons with it, and the further parts found in the thread are updated
 * where they are, in the thread's order (src/blocks/parts.ts marks them): a part the drawing now needs
 * past those is posted after them, a part it no longer needs says so, and one deleted from the middle
 * leaves the others renumbered so the thread still reads in order. Nothing is posted twice, nothing
 * deleted: a missing part is claimed in the record before it is posted (src/digest/post-claims.ts),
 * so two redraws at once (two replicas, two taps) that both find it missing post it once. A message
 * in one part drawn again in one part: one update, nothing read, nothing written; otherwise one read
 * of the thread.
 */
import type { webApi } from "@slack/bolt";
import {
  firstPart,
  furtherParts,
  partPlace,
  partSteps,
  partsIn,
  type ThreadMessage,
} from "../blocks/parts.ts";
import type { Message } from "../blocks/types.ts";
import { postPart } from "../digest/post-claims.ts";
import { updateMessage } from "../slack/chat-update.ts";
import { localDate } from "../time.ts";
import type { BotDeps } from "./bot-deps.ts";
import { replaceMessage } from "./message-redraw.ts";
import { postThread, slackError } from "./post-thread.ts";

type WebClient = webApi.WebClient;

export interface PartsAt {
  channel?: string | undefined;
  /** The message's first part (the tapped message, or the first part of the one tapped: `tappedParts`). */
  ts?: string | undefined;
  /** The thread the message is in, when it is a reply. */
  threadTs?: string | undefined;
  responseUrl?: string | undefined;
  /** How many parts the message has, as the tapped message's markers say; unknown: its thread is read. */
  parts?: number | undefined;
}

/**
 * Where the parts of a tapped message are, from its blocks (the tap's `body.message.blocks`): a
 * further part names its first part, which is the one put in place. Its response_url is the
 * further part's own, so it is not kept: it would put the first part in the further part's place.
 */
export function tappedParts<At extends { channel: string; ts: string; threadTs?: string | undefined }>(
  at: At,
  blocks: unknown,
): At & { parts: number } {
  const place = partPlace(blocks);
  if (place.firstTs === undefined) return { ...at, parts: place.n };
  return { ...at, ts: place.firstTs, responseUrl: undefined, parts: place.n };
}

/** The tapped message's blocks, as the tap's payload carries them. */
export const tappedBlocks = (body: unknown): unknown =>
  (body as { message?: { blocks?: unknown } } | undefined)?.message?.blocks;

/** A thread's messages, every page (Slack's own method through the Web API client). */
export async function threadOf(client: WebClient, channel: string, ts: string): Promise<ThreadMessage[]> {
  const out: ThreadMessage[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 50; page++) {
    const res = await client.conversations.replies({
      channel,
      ts,
      limit: 200,
      ...(cursor ? { cursor } : {}),
    });
    for (const m of res.messages ?? []) if (m.ts) out.push({ ts: m.ts, blocks: m.blocks });
    cursor = res.response_metadata?.next_cursor || undefined;
    if (!res.has_more || !cursor) return out;
  }
  throw new Error("the thread ran past 50 pages; stopped reading");
}

/**
 * Posts a message in its parts, marked (src/blocks/parts.ts) so that drawing it again finds them:
 * the first in `inThread` (or the channel), the others in the thread it is in; how many were posted
 * and, if one failed, why.
 */
export async function postParts(
  client: WebClient,
  channel: string,
  messages: Message[],
  inThread?: string,
): Promise<{ sent: number; error?: string }> {
  if (messages.length === 0) return { sent: 0 };
  let firstTs: string | undefined;
  // Posted to a user's id (the Home tab's answers, in the DM with the app), Slack answers with the DM's
  // own channel id: the thread is there.
  let where = channel;
  try {
    const res = await client.chat.postMessage({
      channel,
      ...firstPart(messages),
      unfurl_links: false,
      unfurl_media: false,
      ...(inThread ? { thread_ts: inThread } : {}),
    });
    firstTs = res.ts;
    if (typeof res.channel === "string" && res.channel) where = res.channel;
  } catch (error) {
    return { sent: 0, error: slackError(error) };
  }
  if (!firstTs) return { sent: 1, error: "chat.postMessage returned no ts" };
  const rest = await postThread(
    client,
    where,
    furtherParts(messages, firstTs),
    undefined,
    inThread ?? firstTs,
  );
  return { sent: 1 + rest.sent, ...(rest.error !== undefined ? { error: rest.error } : {}) };
}

/** False, and logged as `what`, when the first part could not be put in place or a further part not. */
export async function replaceParts(
  deps: BotDeps,
  client: WebClient,
  at: PartsAt,
  messages: Message[],
  what: string,
): Promise<boolean> {
  if (messages.length === 0) return false;
  if (!(await replaceMessage(deps, client, at, firstPart(messages), what))) return false;
  if (messages.length === 1 && at.parts === 1) return true;
  const { channel, ts } = at;
  // Put in place through the tap's response_url only (no channel or ts): nowhere to find or post more.
  if (!channel || !ts) return messages.length === 1;
  const thread = at.threadTs ?? ts;
  try {
    // Read even when the tap said one part but the drawing now has more: a form open for minutes may
    // have seen the message before another tap's redraw made it longer, and its parts are then found,
    // not posted twice. (A drawing in one part from a tap that said one part reads nothing, above: a
    // part posted meanwhile by another tap's redraw keeps its words until a tap on it draws it again.)
    const found = partsIn(await threadOf(client, channel, thread), ts);
    const now = deps.clock.now();
    const date = localDate(now, deps.config.timezone);
    for (const [k, step] of partSteps(messages, ts, found).entries()) {
      if ("update" in step) {
        await updateMessage(client, { channel, ts: step.update, ...step.message });
        continue;
      }
      const post = async () => {
        const { error } = await postThread(client, channel, [step.post], undefined, thread);
        if (error) throw new Error(error);
      };
      // Another redraw's claim stands (another replica's, or another tap's here): it posts this part
      // and those after it, in order.
      if (!(await postPart(deps.record, { date, channel, ts, part: k + 2 }, now, post))) break;
    }
    return true;
  } catch (error) {
    deps.log.warn({ channel, ts, err: slackError(error) }, `could not ${what}: its further parts`);
    return false;
  }
}
