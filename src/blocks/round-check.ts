/**
 * The round check's reply in the round post's thread: its document (src/present/round-check.ts) as
 * one message, every API string escaped by the serializer; the one mention it may carry is
 * ROUND_CHECK_MENTION's user group, put before its first line here (a mention is Slack's alone).
 * Within Block Kit's limits on the biggest round: past the cap, the document counts the rest.
 */
import type { RoundCheck } from "../answers/round-check.ts";
import { roundCheckDoc } from "../present/round-check.ts";
import { docMessage } from "./doc.ts";
import type { Message } from "./types.ts";

export function roundCheckMessage(
  c: RoundCheck,
  options: { mention?: string | undefined; updatedAt?: string } = {},
): Message {
  const message = docMessage(roundCheckDoc(c, { updatedAt: options.updatedAt }));
  const [first] = message.blocks;
  if (options.mention && first?.type === "section" && first.text)
    first.text.text = `<!subteam^${options.mention}> ${first.text.text}`;
  return message;
}
