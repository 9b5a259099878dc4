/**
 * The same cards as readable text for a terminal: Block Kit in, lines out. Pure; colours only when
 * asked (a terminal), never when piped.
 */
import type { Block, Message, TextObject } from "./types.ts";

export interface TextOptions {
  color: boolean;
}

const ansi = (code: string, on: boolean) => (s: string) => (on ? `\x1b[${code}m${s}\x1b[0m` : s);

/** Slack mrkdwn to terminal text: markup resolved, entities decoded. */
export function mrkdwnToText(src: string, o: TextOptions): string {
  const bold = ansi("1", o.color);
  const italic = ansi("3", o.color);
  const strike = ansi("9", o.color);
  const code = ansi("36", o.color);
  let s = src.replace(/<([^<>\n]+)>/g, (m, inner: string) => {
    const [target = "", label] = inner.split("|");
    if (target.startsWith("#")) return `#${label ?? "channel"}`;
    if (target.startsWith("@")) return `@${label ?? "someone"}`;
    if (target.startsWith("!")) return `@${target.slice(1).split("^")[0]}`;
    if (/^(https?:|mailto:)/.test(target)) return label ? `${label} (${target})` : target;
    return m;
  });
  s = s.replace(/```([\s\S]*?)```/g, (_m, c: string) => c.replace(/^\n/, ""));
  s = s.replace(/`([^`\n]+)`/g, (_m, c: string) => code(c));
  s = s.replace(/(^|[\s(])\*([^*\n]+)\*(?=$|[\s).,:;!?])/gm, (_m, a: string, b: string) => `${a}${bold(b)}`);
  s = s.replace(/(^|[\s(])_([^_\n]+)_(?=$|[\s).,:;!?])/gm, (_m, a: string, b: string) => `${a}${italic(b)}`);
  s = s.replace(/(^|[\s(])~([^~\n]+)~(?=$|[\s).,:;!?])/gm, (_m, a: string, b: string) => `${a}${strike(b)}`);
  return s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}

function text(t: TextObject | undefined, o: TextOptions): string {
  if (!t) return "";
  return t.type === "mrkdwn" ? mrkdwnToText(t.text, o) : t.text;
}

function blockLines(b: Block, o: TextOptions): string[] {
  const dim = ansi("2", o.color);
  switch (b.type) {
    case "header": {
      const t = text(b.text, o);
      return ["", ansi("1", o.color)(t), "═".repeat(Math.min(72, [...t].length))];
    }
    case "divider":
      return ["─".repeat(40)];
    case "context":
      return [dim(b.elements.map((e) => text(e, o)).join("  "))];
    case "actions":
      return [dim(b.elements.map((e) => `[${text(e.text, o)}]`).join(" "))];
    case "section": {
      const lines: string[] = [];
      if (b.text) lines.push(...text(b.text, o).split("\n"));
      if (b.fields) {
        // "*Label*\nvalue" fields read as "Label: value".
        for (const f of b.fields) {
          const [label = "", ...value] = text(f, o).split("\n");
          lines.push(`${label}: ${value.join(" / ")}`);
        }
      }
      if (b.accessory) lines.push(dim(`  [${text(b.accessory.text, o)}]`));
      return [...lines, ""];
    }
  }
}

export function messageToText(message: Message, o: TextOptions): string {
  const lines = message.blocks.flatMap((b) => blockLines(b, o));
  while (lines[0] === "") lines.shift();
  while (lines[lines.length - 1] === "") lines.pop();
  return lines.join("\n");
}
