/**
 * The terminal's look: bold, dim and colours only when asked (a terminal, never a pipe or the
 * connector), titles underlined, and every value from the API cleaned of display-hijacking
 * characters and kept to one line where a line is expected.
 */
import { cleanText, shorten } from "../present/doc.ts";
import type { SummaryPart } from "../words/day.ts";
import type { TextOptions } from "./options.ts";

const ansi = (code: string) => (o: TextOptions, s: string) => (o.color && s ? `\x1b[${code}m${s}\x1b[0m` : s);

export const bold = ansi("1");
export const dim = ansi("2");
export const red = ansi("1;31");
export const yellow = ansi("33");
export const cyan = ansi("36");
const strike = ansi("9");
/** Struck through: a terminal's strike, else Slack's own marks (~…~), which read the same in a pipe. */
export const struck = (o: TextOptions, s: string) => (o.color ? strike(o, s) : s ? `~${s}~` : s);

/** A value from the API on one line: cleaned, white space folded, cut at `max` characters. */
export function one(value: unknown, max = 500): string {
  return shorten(cleanText(value).replace(/\s+/g, " ").trim(), max);
}

/** A title and its underline. */
export function title(o: TextOptions, text: string): string {
  return `${bold(o, text)}\n${"═".repeat(Math.min(72, Array.from(text).length))}`;
}

/** Summary parts on one line; loud parts stand out. */
export function summary(o: TextOptions, parts: SummaryPart[]): string {
  return parts.map((p) => (p.loud ? red(o, p.text) : p.text)).join(" · ");
}

/** Paragraphs joined by a blank line, empty ones dropped. */
export function paragraphs(parts: Array<string | undefined>): string {
  return parts.filter((p): p is string => Boolean(p)).join("\n\n");
}
