/**
 * Text from the API, made safe to show on any surface: bidi overrides and invisible characters
 * go (a room name must not be able to reverse "UNPAID" on screen); emoji and accents stay.
 */

// Bidi embeddings, overrides and isolates, the marks, and the Arabic letter mark.
const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;
// Zero-width space, non-joiner, word joiner, invisible operators, BOM, soft hyphen, Mongolian vowel separator.
const INVISIBLE = /[\u200B\u200C\u2060-\u2064\uFEFF\u00AD\u180E]/g;
// A zero-width joiner is kept only between two emoji (family and profession emoji need it).
const STRAY_ZWJ = /(?<!\p{Extended_Pictographic}\uFE0F?)\u200D|\u200D(?!\p{Extended_Pictographic})/gu;
// C0 and C1 controls other than tab and line feed: they have no place in a name or a note.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/** The text with display-hijacking characters removed; undefined and null read as "". */
export function cleanText(value: unknown): string {
  if (value === undefined || value === null) return "";
  return String(value).replace(BIDI, "").replace(INVISIBLE, "").replace(STRAY_ZWJ, "").replace(CONTROLS, " ");
}

/** "1 pet", "2 pets" */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Cuts plain text to at most `max` characters at a word boundary where one is near, with "…". */
export function shorten(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join("");
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/u, "")}…`;
}
