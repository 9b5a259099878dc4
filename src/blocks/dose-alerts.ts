/**
 * A dose time's reply in Slack (issue 35): its document (src/present/dose-alerts.ts) as Block Kit,
 * with the mentions the settings give in front, and nothing else that can ping: ROUND_CHECK_MENTION's
 * user group on the late and missed replies, and ROUND_ESCALATE_MENTION (a person or a user group)
 * on a late reply naming a high-alert drug. The ids were checked when the settings were read.
 */
import type { Doc } from "../present/doc.ts";
import { docMessage } from "./doc.ts";
import { fitMessage } from "./fit.ts";
import { section } from "./mrkdwn.ts";
import type { Message } from "./types.ts";

/** `<!subteam^S0123ABCD>` for a user group, `<@U0123ABCD>` for a person. */
const mentionOf = (id: string): string => (id.startsWith("S") ? `<!subteam^${id}>` : `<@${id}>`);

export function doseAlertMessage(doc: Doc, mentions: readonly (string | undefined)[] = []): Message {
  const message = docMessage(doc);
  const ids = [...new Set(mentions.filter((m): m is string => Boolean(m)))];
  if (ids.length === 0) return message;
  const first = message.blocks[0];
  const words = ids.map(mentionOf).join(" ");
  // Fitted again with the mentions in front: they count in the message's text too.
  if (first?.type === "section" && first.text)
    return fitMessage({
      ...message,
      blocks: [section(`${words} ${first.text.text}`), ...message.blocks.slice(1)],
    });
  return fitMessage({ ...message, blocks: [section(words), ...message.blocks] });
}
