/** An answer in the asker's DM with the app (the Home tab's buttons: no channel, no response_url). */
import type { webApi } from "@slack/bolt";
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

/** One message in the DM; false: it is never delivered by a response_url (logged when Slack refused it). */
export async function postToDm(o: DmTo, message: Message): Promise<boolean> {
  if (!o.userId) return false;
  try {
    await o.client.chat.postMessage({ channel: o.userId, text: message.text, blocks: message.blocks });
  } catch (error) {
    o.deps.log.error(
      { label: o.label, err: String((error as Error)?.message ?? error) },
      "could not deliver the answer to Slack",
    );
  }
  return false;
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
