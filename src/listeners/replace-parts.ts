/**
 * A message drawn again in place (a flag, a list, a follow-up, the day's review) that a long day
 * made into several (`docMessages`): the first part takes the message's place, its buttons with it,
 * and each further part is posted in its thread after it, so nothing is cut.
 */
import type { webApi } from "@slack/bolt";
import type { Message } from "../blocks/types.ts";
import type { BotDeps } from "./bot-deps.ts";
import { replaceMessage } from "./message-redraw.ts";
import { postThread } from "./post-thread.ts";

type WebClient = webApi.WebClient;

export interface PartsAt {
  channel?: string | undefined;
  ts?: string | undefined;
  /** The thread the message is in, when it is a reply. */
  threadTs?: string | undefined;
  responseUrl?: string | undefined;
}

/** False, and logged as `what`, when the first part could not be put in place or a further part not posted. */
export async function replaceParts(
  deps: BotDeps,
  client: WebClient,
  at: PartsAt,
  messages: Message[],
  what: string,
): Promise<boolean> {
  const [first, ...more] = messages;
  if (!first || !(await replaceMessage(deps, client, at, first, what))) return false;
  const thread = at.threadTs ?? at.ts;
  if (more.length === 0 || !at.channel || !thread) return more.length === 0;
  const { error } = await postThread(client, at.channel, more, undefined, thread);
  if (error)
    deps.log.warn({ channel: at.channel, ts: at.ts, err: error }, `could not ${what}: its further parts`);
  return error === undefined;
}
