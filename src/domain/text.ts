/**
 * Text from the API, made safe to show on any surface: bidi overrides and invisible characters
 * go (a room name must not be able to reverse "UNPAID" on screen); emoji and accents stay.
 */

// Bidi embeddings, overrides and isolates, the marks, and the Arabic letter mark.
const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;
// Zero-width space, non-joiner, word joiner, invisible operators, BOM, soft hyphen, Mongolian vowel
// separator; the deprecated format characters (U+206A–206F); the fillers that show as blank letters
// (Hangul U+115F, U+1160, U+3164, U+FFA0; Khmer U+17B4–17B5); the combining grapheme joiner; musical
// formatting (U+1D173–1D17A); and the interlinear annotation marks (U+FFF9–FFFB).
const INVISIBLE =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: each is matched on its own, on purpose.
  /[\u200B\u200C\u2060-\u2064\u206A-\u206F\uFEFF\u00AD\u180E\u115F\u1160\u3164\uFFA0\u17B4\u17B5\u034F\uFFF9-\uFFFB\u{1D173}-\u{1D17A}]/gu;
// Tag characters (U+E0000–E007F) hide text from the eye; they are kept only in a flag's tag sequence
// (🏴 then tags then the cancel tag: England, Scotland, Wales).
const TAGS = /(\u{1F3F4}[\u{E0020}-\u{E007E}]{1,12}\u{E007F})|[\u{E0000}-\u{E007F}]/gu;
// Line and paragraph separators read as line breaks.
const SEPARATORS = /[\u2028\u2029\u0085]/g;
// A line break, once cleanText has made every kind of break (\r\n, \r, U+2028, U+2029, U+0085) a \n.
const LINE_BREAK = /\n/g;
const EDGE_BREAKS = /^\s*\n\s*|\s*\n\s*$/g;
// A zero-width joiner is kept only between two emoji (family and profession emoji need it).
const STRAY_ZWJ = /(?<!\p{Extended_Pictographic}\uFE0F?)\u200D|\u200D(?!\p{Extended_Pictographic})/gu;
// C0 and C1 controls other than tab and line feed: they have no place in a name or a note.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/** The text with display-hijacking characters removed; undefined and null read as "". */
export function cleanText(value: unknown): string {
  if (value === undefined || value === null) return "";
  return String(value)
    .replace(SEPARATORS, "\n")
    .replace(BIDI, "")
    .replace(INVISIBLE, "")
    .replace(TAGS, (_, flag: string | undefined) => flag ?? "")
    .replace(STRAY_ZWJ, "")
    .replace(/\r\n?/g, "\n")
    .replace(CONTROLS, " ");
}

/** Shown where text from the API had a line break, when it must stay on one line. */
const FOLDED_BREAK = " ↵ ";

/**
 * The one sanitiser for text that stays on its line (every value in a message's lines, headers and
 * buttons): cleaned as `cleanText`, and every line break folded to " ↵ ", so a room name or a note
 * cannot start a line of its own ("✅ paid in full" under an unpaid departure).
 */
export function oneLine(value: unknown): string {
  // Breaks at either end separate nothing: they become a space, so a value of only breaks stays blank.
  return cleanText(value).replace(EDGE_BREAKS, " ").replace(LINE_BREAK, FOLDED_BREAK);
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
