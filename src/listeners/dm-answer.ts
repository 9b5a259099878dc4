/** An answer in the asker's DM with the app (the Home tab's buttons: no channel, no response_url). */
import type { webApi } from "@slack/bolt";
import { keepRoundCopy, type RoundCopyOf } from "../answers/round-copies.ts";
import type { Message } from "../blocks/types.ts";
import type { BotDeps } from "./bot-deps.ts";
import { postParts } from "./replace-parts.ts";

type WebClient = webApi.WebClient;

/** Who is answered, and what is answered for the log ("home_list:welfare"). */
export interface DmTo {
  deps: BotDeps;
  client: WebClient;
  userId: string | undefined;
  label: string;
}

/** Where Slack put a message: the channel as Slack names it (a DM's own "D…" id) and its ts, when answered. */
interface PostedAt {
  channel: string;
  ts: string | undefined;
}

/** One message in the DM: where Slack put it; undefined when there is no asker or Slack refused it (logged). */
export async function postToDm(o: DmTo, message: Message): Promise<PostedAt | undefined> {
  if (!o.userId) return undefined;
  try {
    const res = await o.client.chat.postMessage({
      channel: o.userId,
      text: message.text,
      blocks: message.blocks,
    });
    return { channel: res.channel ?? o.userId, ts: res.ts };
  } catch (error) {
    o.deps.log.error(
      { label: o.label, err: String((error as Error)?.message ?? error) },
      "could not deliver the answer to Slack",
    );
    return undefined;
  }
}

/**
 * A message in parts in the DM, marked (src/blocks/parts.ts) so that drawing it again after a tap
 * on any of them finds each where it is: its first part, the others in its thread.
 */
export async function partsToDm(o: DmTo, messages: Message[]): Promise<void> {
  if (!o.userId) return;
  const { sent, error } = await postParts(o.client, o.userId, messages);
  if (error)
    o.deps.log.error(
      { label: o.label, err: error, sent, parts: messages.length },
      "could not deliver every part of the answer to Slack",
    );
}

/**
 * A round's sheet in the DM, a message for each of its messages (Home's "Show the round"), and
 * where they are kept in the care record (src/answers/round-copies.ts: the channel as Slack names
 * the DM, each message's ts), so a tap on another copy of the round draws this one again. The
 * messages up to the first Slack refused are kept; a copy the record could not keep is still shown.
 */
export async function roundToDm(o: DmTo, messages: Message[], copy: RoundCopyOf): Promise<void> {
  if (!o.userId) return;
  let channel: string | undefined;
  const parts: string[] = [];
  for (const [i, message] of messages.entries()) {
    const at = await postToDm(o, message);
    if (!at) continue;
    channel ??= at.channel;
    // Each kept ts stands for its message of the sheet: none kept past a message missing.
    if (at.ts && parts.length === i) parts.push(at.ts);
  }
  if (channel && parts.length > 0)
    await keepRoundCopy(o.deps, copy, { channel, parts, thread: false, user: o.userId });
}
