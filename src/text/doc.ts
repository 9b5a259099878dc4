/**
 * A document (src/present/doc.ts) as plain text, for the terminal and the connector: the title
 * underlined, each part a paragraph, a group's name in bold above its items, an item's first line
 * indented two spaces and its details five; buttons left out (nothing here can click them).
 * Colours only when asked (a terminal, never a pipe or the connector).
 */
import { cleanText, type Doc, gridLines, type Line, type Part, type Span } from "../present/doc.ts";
import type { TextOptions } from "./options.ts";
import { bold, cyan, dim, red, struck, title, yellow } from "./style.ts";

const TONE = { alert: red, warn: yellow, muted: dim, accent: cyan } as const;

function spanText(o: TextOptions, s: Span): string {
  // The name of a button the terminal does not have.
  if (s.button) return "";
  // Our own words and values already cleaned by the document; a line break can never start a line.
  const text = cleanText(s.text).replace(/\s*\n\s*/g, " ");
  const toned = s.tone ? TONE[s.tone](o, text) : s.code ? cyan(o, text) : text;
  if (s.struck) return struck(o, toned);
  return s.strong ? bold(o, toned) : toned;
}

/** A line as the terminal shows it (colours only when asked). */
export const terminalLine = (o: TextOptions, l: Line): string => l.map((s) => spanText(o, s)).join("");

function partText(o: TextOptions, p: Part): string[] {
  switch (p.kind) {
    case "title":
      return [title(o, p.text)];
    case "summary":
    case "text":
      return p.lines.map((l) => terminalLine(o, l));
    case "note":
      return p.lines.map((l) => dim(o, terminalLine(o, l)));
    case "group":
      return [bold(o, terminalLine(o, p.line))];
    case "item": {
      const [first, ...rest] = p.lines;
      return [
        ...(first ? [`  ${terminalLine(o, first)}`] : []),
        ...rest.map((l) => `     ${terminalLine(o, l)}`),
      ];
    }
    case "fields":
      return p.fields.map((f) => `${f.label}: ${terminalLine(o, f.value)}`);
    case "grid":
      return gridLines(p).map((l) => terminalLine(o, l));
    case "qr":
      return [...p.lines.map((l) => terminalLine(o, l)), cleanText(p.link)];
    case "actions":
    case "divider":
      return [];
  }
}

/** A document's parts as text: paragraphs separated by a blank line, a group's items together. */
function partsText(parts: Part[], o: TextOptions): string {
  const paragraphs: string[][] = [];
  let prev: Part["kind"] | undefined;
  for (const p of parts) {
    const out = partText(o, p);
    if (out.length === 0) continue;
    const together = p.kind === "item" && (prev === "item" || prev === "group");
    if (together) (paragraphs.at(-1) as string[]).push(...out);
    else paragraphs.push(out);
    prev = p.kind;
  }
  return paragraphs.map((ls) => ls.join("\n")).join("\n\n");
}

export const docText = (doc: Doc, o: TextOptions): string => partsText(doc.parts, o);
