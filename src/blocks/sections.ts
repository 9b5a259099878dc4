/**
 * Text longer than a section holds (Slack's 3,000 characters) as several sections, whole: cut between
 * lines, and a line longer than a section between words, at the span level before it is drawn (never
 * inside a word or an escaped `&amp;`), so each piece's spans carry their own marks and every section
 * is well-formed: a struck-through dose cut in two is struck through in both (`~…~`, never a `~` left
 * open). Nothing is shortened: a pet whose care passes one section takes as many as it needs (issue 47).
 */
import type { Line, Span } from "../present/doc.ts";
import { LIMITS } from "./limits.ts";
import { esc } from "./mrkdwn.ts";

/** A section's text stays under this (Slack's 3,000, less a margin). */
const SECTION_MAX = LIMITS.sectionText - 10;

/** A text's words, each with the spaces after it; a run with no space longer than `k` as runs of `k`. */
const wordsOf = (text: string, k: number): string[] =>
  (text.match(/\S*\s*/g) ?? []).flatMap((w) => {
    const chars = Array.from(w);
    return chars.length <= k
      ? [w].filter(Boolean)
      : Array.from({ length: Math.ceil(chars.length / k) }, (_, i) =>
          chars.slice(i * k, (i + 1) * k).join(""),
        );
  });

/** A span's mrkdwn at its longest: escaped, in its marks (or backticks). */
const drawnAtMost = (s: Span) => esc(s.text).length + 2;

/**
 * A line whose mrkdwn may pass `max` (a drug's instruction of thousands of words) as several lines,
 * each within it: cut between words (a run with no space too long for one, never seen in care, where
 * it must), each span keeping its marks. Nothing is left out. Each piece is counted at its longest.
 * `taken`: what is used already of the first piece's room (none left, not even for a word: the first
 * piece is empty and the line starts in the next).
 */
export function linePieces(line: Line, max: number = SECTION_MAX, taken = 0): Line[] {
  if (taken + line.reduce((n, s) => n + drawnAtMost(s), 0) <= max) return [line];
  const out: Line[] = [];
  let current: Line = [];
  let used = taken;
  for (const s of line) {
    let text = "";
    for (const w of wordsOf(s.text, Math.floor((max - 2) / 5))) {
      const n = () => esc(w).length + (text ? 0 : 2);
      if (used + n() > max && (current.length > 0 || text || used > 0)) {
        if (text) current.push({ ...s, text });
        out.push(current);
        [current, text, used] = [[], "", 0];
      }
      used += n();
      text += w;
    }
    if (text) current.push({ ...s, text });
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** Drawn lines, each within `max` (`linePieces`), as sections' texts: as many whole lines in each as fit. */
export function sectionTexts(lines: string[], max: number = SECTION_MAX): string[] {
  const out: string[] = [];
  let current: string | undefined;
  for (const piece of lines) {
    if (current !== undefined && current.length + 1 + piece.length > max) {
      out.push(current);
      current = piece;
    } else current = current === undefined ? piece : `${current}\n${piece}`;
  }
  if (current !== undefined) out.push(current);
  return out;
}

/**
 * Text already drawn as mrkdwn (escaped by whoever wrote it: a refusal naming a pet and its care) as
 * sections' texts, whole: cut at the last space or line break that leaves each within `max`, never
 * inside an escaped `&amp;` or a character; a run with no space longer than a section where it must.
 */
export function drawnSections(text: string, max: number = SECTION_MAX): string[] {
  const out: string[] = [];
  let rest = text.trim();
  while (rest.length > max) {
    const space = rest.slice(0, max + 1).search(/\s\S*$/);
    let cut = space > 0 ? space : max;
    if (space <= 0) {
      // Inside a run with no space: before an entity it would split, and never between a surrogate pair.
      const amp = rest.lastIndexOf("&", cut);
      if (amp > cut - 5 && amp > 0 && !rest.slice(amp, cut).includes(";")) cut = amp;
      if (/[\uD800-\uDBFF]/.test(rest.charAt(cut - 1))) cut--;
    }
    out.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  if (rest) out.push(rest);
  return out;
}
