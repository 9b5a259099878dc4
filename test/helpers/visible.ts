/**
 * What a reader sees of an answer, line by line: Slack's Block Kit (headers, sections, fields,
 * context; buttons left out) with its marks drawn as Slack draws them, and the terminal's text
 * without colours, underlines or indentation. test/present/serializers.test.ts compares the two.
 */
import type { Block, Message } from "../../src/blocks/types.ts";

const unescapeMarks = (t: string) => t.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/**
 * Slack's bold, italic and strike marks, removed as Slack removes them when it draws the text. The
 * terminal's lines go through it too: a value that carries marks of its own (an allergy written
 * "_x_") is drawn in italics by Slack and as written by the terminal, the same words.
 */
export function unmark(t: string): string {
  return t
    .replace(/(^|[\s(:·])\*([^*\s](?:[^*\n]*[^*\s])?)\*(?=$|[\s).,:;!?·])/g, "$1$2")
    .replace(/(^|[\s(:·])_([^_\s](?:[^_\n]*[^_\s])?)_(?=$|[\s).,:;!?·])/g, "$1$2")
    .replace(/(^|[\s(:·])~([^~\s](?:[^~\n]*[^~\s])?)~(?=$|[\s).,:;!?·])/g, "$1$2")
    .replace(/`([^`\n]+)`/g, "$1");
}

const mrkdwnLines = (t: string) => unmark(t).split("\n").map(unescapeMarks);

function visibleOfBlocks(blocks: Block[]): string[] {
  const out: string[] = [];
  for (const b of blocks) {
    if (b.type === "header") out.push(b.text.text);
    if (b.type === "section") {
      if (b.text) out.push(...mrkdwnLines(b.text.text));
      for (const f of b.fields ?? []) out.push(...mrkdwnLines(f.text));
    }
    if (b.type === "context")
      for (const e of b.elements) out.push(...(e.type === "mrkdwn" ? mrkdwnLines(e.text) : [e.text]));
  }
  return out.map((l) => l.trim()).filter(Boolean);
}

export const visibleOfMessages = (ms: Message[]): string[] => ms.flatMap((m) => visibleOfBlocks(m.blocks));

export function visibleOfText(text: string): string[] {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colours are what is removed
      .replace(/\x1b\[[0-9;]*m/g, "")
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l && !/^═+$/.test(l))
      .map(unmark)
  );
}

/**
 * What a reader sees of a page (src/text/html.ts): the body's text, a line at each `<br>` and at
 * the end of each paragraph or heading, tags and entities as a browser draws them; marks a value
 * carries unmarked as for the other two (the comparison is of words, not of marks).
 */
export function visibleOfHtml(html: string): string[] {
  const body = /<body>([\s\S]*)<\/body>/.exec(html)?.[1] ?? html;
  return body
    .replace(/<br>|<\/(p|h1|h2|section)>/g, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .map(unmark);
}
