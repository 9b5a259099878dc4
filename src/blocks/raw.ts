/**
 * KENNEL_RAW_RESPONSES=1: the API's JSON in code blocks, split so every message respects the
 * limits, and capped: at most RAW_MAX_MESSAGES messages, the last saying where the cut is and the
 * terminal command that prints all of it. A 10 MB answer never floods a channel.
 */
import { LIMITS } from "./limits.ts";
import { esc, escLines, fallback, header, section } from "./mrkdwn.ts";
import type { Block, Message } from "./types.ts";

export const RAW_MAX_MESSAGES = 3;
/** Sections of JSON per message: within the message's total text budget. */
const SECTIONS_PER_MESSAGE = 3;

export function rawMessages(title: string, raw: unknown, fullCommand: string): Message[] {
  const json = JSON.stringify(raw ?? null, null, 2) ?? "null";
  const chunkChars = LIMITS.sectionText - 8;
  // Escape first, then cut between characters so no entity (&amp;) is split.
  const escaped = escLines(json);
  const chunks: string[] = [];
  let rest = escaped;
  const most = RAW_MAX_MESSAGES * SECTIONS_PER_MESSAGE;
  while (rest.length > 0 && chunks.length < most) {
    let cut = Math.min(chunkChars, rest.length);
    const amp = rest.lastIndexOf("&", cut);
    if (amp > cut - 6 && amp > 0 && rest.indexOf(";", amp) >= cut) cut = amp;
    chunks.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  const cutShort = rest.length > 0;
  const messages: Message[] = [];
  const total = Math.ceil(chunks.length / SECTIONS_PER_MESSAGE);
  for (let i = 0; i < chunks.length; i += SECTIONS_PER_MESSAGE) {
    const n = i / SECTIONS_PER_MESSAGE + 1;
    const blocks: Block[] = [header(total > 1 ? `${title} (raw, part ${n} of ${total})` : `${title} (raw)`)];
    for (const c of chunks.slice(i, i + SECTIONS_PER_MESSAGE)) blocks.push(section(`\`\`\`${c}\`\`\``));
    // The title names a pet, a customer or a typed search: Slack parses the notification's text too.
    messages.push({
      text: fallback(`${title}: the API's JSON${total > 1 ? `, part ${n} of ${total}` : ""}`),
      blocks,
    });
  }
  if (cutShort) {
    const last = messages[messages.length - 1] as Message;
    const kb = Math.round(json.length / 1024).toLocaleString("en-GB");
    last.blocks.push(
      section(
        `✂️ *Cut here*: the answer is ${kb} KB, more than ${RAW_MAX_MESSAGES} messages. For all of it, on the bot's computer: \`${esc(fullCommand)}\``,
      ),
    );
  }
  return messages;
}
