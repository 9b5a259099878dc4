/**
 * A dose time's reply in Slack (issue 35): its document (src/present/dose-alerts.ts) as Block Kit,
 * with the mentions the settings give in front, and nothing else that can ping: ROUND_CHECK_MENTION's
 * user group on the late and missed replies, and ROUND_ESCALATE_MENTION (a person or a user group)
 * on a late reply naming a high-alert drug. The ids were checked when the settings were read. A reply
 * too long for one message goes on in more (`blockMessages`): nothing is cut.
 */
import { channelDoc } from "../present/channel-words.ts";
import type { Doc } from "../present/doc.ts";
import { blockMessages, docGroups } from "./doc.ts";
import { LIMITS } from "./limits.ts";
import { section } from "./mrkdwn.ts";
import type { Block, Message } from "./types.ts";

/** `<!subteam^S0123ABCD>` for a user group, `<@U0123ABCD>` for a person. */
const mentionOf = (id: string): string => (id.startsWith("S") ? `<!subteam^${id}>` : `<@${id}>`);

/** The mentions in front of the first section's text, or in a section of their own when it has no room. */
function mentioned(words: string, first: Block[]): Block[] {
  const [b, ...rest] = first;
  if (b?.type === "section" && b.text && words.length + 1 + b.text.text.length <= LIMITS.sectionText)
    return [section(`${words} ${b.text.text}`), ...rest];
  return [section(words), ...first];
}

export function doseAlertMessages(drawn: Doc, mentions: readonly (string | undefined)[] = []): Message[] {
  const doc = channelDoc(drawn);
  const ids = [...new Set(mentions.filter((m): m is string => Boolean(m)))];
  const [first = [], ...groups] = docGroups(doc.parts);
  const title = doc.parts.find((p) => p.kind === "title");
  const head = ids.length ? mentioned(ids.map(mentionOf).join(" "), first) : first;
  return blockMessages(doc.fallback, title?.kind === "title" ? title.text : undefined, [head, ...groups]);
}
