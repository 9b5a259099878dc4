/**
 * A document as one card for Slack's assistant (Slackbot): the connector's tools return it in
 * `_meta.slack.blocks` beside their text (src/mcp/tool.ts). The same document as the text, drawn by
 * the same serializer as every Slack message (src/blocks/doc.ts), without buttons (a click in the
 * assistant's reply reaches no listener of this app), within one message's limits: what does not fit
 * is counted in a last line that points to the text, which always has all of it.
 */
import type { Doc, Line, Part } from "../present/doc.ts";
import { docBlocks } from "./doc.ts";
import { LIMITS, messageChars } from "./limits.ts";
import { context, fallback } from "./mrkdwn.ts";
import type { Block } from "./types.ts";

/** Room kept for the last line and Slack's own fallback. */
const ROOM = LIMITS.messageText - 500;

/** Lines without the names of buttons (" 📋 Plan…"): a card has no buttons. */
const unnamed = (lines: Line[]): Line[] => lines.map((l) => l.filter((s) => !s.button));

const withoutButtons = (parts: Part[]): Part[] =>
  parts.flatMap((p): Part[] => {
    if (p.kind === "actions") return [];
    if (p.kind === "item" || p.kind === "text")
      return [{ ...p, lines: unnamed(p.lines), ...(p.action ? { action: undefined } : {}) }];
    if (p.kind === "summary" || p.kind === "note") return [{ ...p, lines: unnamed(p.lines) }];
    return [p];
  });

export function docCard(doc: Doc): Block[] {
  const all = docBlocks(withoutButtons(doc.parts));
  const text = fallback(doc.fallback);
  const kept: Block[] = [];
  for (const [i, b] of all.entries()) {
    const room = kept.length < LIMITS.blocks - 1 && messageChars({ text, blocks: [...kept, b] }) <= ROOM;
    if (!room) {
      const more = all.length - i;
      kept.push(
        context(
          `… and ${more} more ${more === 1 ? "part" : "parts"} of this answer: its text has all of it.`,
        ),
      );
      break;
    }
    kept.push(b);
  }
  // Whole blocks only, within ROOM and the count line: nothing in a kept block is ever cut.
  return kept;
}
