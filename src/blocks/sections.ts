/**
 * Text longer than a section holds (Slack's 3,000 characters) as several sections, whole: cut between
 * lines, and a line longer than a section between words (never inside a word or an escaped `&amp;`).
 * Nothing is shortened: a pet whose care passes one section takes as many as it needs (issue 47).
 */
import { LIMITS } from "./limits.ts";

/** A section's text stays under this (Slack's 3,000, less a margin). */
const SECTION_MAX = LIMITS.sectionText - 10;

/** A line too long for a section, between words; a run with no space at all (never seen in care) at an entity's edge. */
function splitLine(text: string, max: number): string[] {
  const out: string[] = [];
  let rest = text;
  while (rest.length > max) {
    let cut = rest.lastIndexOf(" ", max);
    if (cut <= 0) {
      cut = max;
      const amp = rest.lastIndexOf("&", cut);
      if (amp > cut - 6 && amp > 0) cut = amp;
    }
    out.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  if (rest) out.push(rest);
  return out;
}

/** The text as sections' texts, each within `max`, lines kept whole where they fit. */
export function sectionTexts(text: string, max: number = SECTION_MAX): string[] {
  if (text.length <= max) return [text];
  const out: string[] = [];
  let current = "";
  for (const whole of text.split("\n")) {
    for (const piece of whole.length > max ? splitLine(whole, max) : [whole]) {
      if (current && current.length + 1 + piece.length > max) {
        out.push(current);
        current = piece;
      } else current = current ? `${current}\n${piece}` : piece;
    }
  }
  if (current) out.push(current);
  return out;
}
