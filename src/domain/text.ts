/**
 * Text from the API, made safe to show on any surface: bidi overrides and invisible characters
 * go (a room name must not be able to reverse "UNPAID" on screen); emoji and accents stay.
 */

/**
 * The one invisible-character rule, by Unicode's own classes rather than a list (a list always
 * missed some): every format character (`\p{Cf}`: bidi overrides, isolates and marks, zero-width
 * characters, the deprecated format characters, U+1BCA0–1BCA3, U+13430–1343F…), every variation
 * selector, and the symbols that show as blank (U+2800 braille blank; the Hangul fillers U+115F,
 * U+1160, U+3164, U+FFA0; the Khmer inherent vowels U+17B4–17B5; the combining grapheme joiner
 * U+034F) are removed, with three exceptions that emoji need: a zero-width joiner between two emoji
 * (👩‍⚕️, 🏳️‍🌈), the presentation selector U+FE0E/U+FE0F after an emoji (❤️, 1️⃣), and the tag
 * characters of a flag's tag sequence (Scotland's: 🏴, tags, the cancel tag).
 */
const INVISIBLE =
  /(\u{1F3F4}[\u{E0020}-\u{E007E}]{1,12}\u{E007F})|[\p{Cf}\p{Variation_Selector}\u{E0000}-\u{E007F}\u2800\u115F\u1160\u3164\uFFA0\u17B4\u17B5]|\u034F/gu;

/** Whether a code point is of a class, remembered (the rule asks of the same few emoji again and again). */
function classOf(re: RegExp): (cp: number | undefined) => boolean {
  const known = new Map<number, boolean>();
  return (cp) => {
    if (cp === undefined) return false;
    let is = known.get(cp);
    if (is === undefined) {
      is = re.test(String.fromCodePoint(cp));
      if (known.size < 4096) known.set(cp, is);
    }
    return is;
  };
}
const isPictograph = classOf(/^[\p{Extended_Pictographic}\p{Emoji_Modifier}]$/u);
const isEmoji = classOf(/^\p{Emoji}$/u);

/** The code point that ends just before `at`. */
function before(text: string, at: number): number | undefined {
  if (at <= 0) return undefined;
  const low = text.charCodeAt(at - 1);
  return low >= 0xdc00 && low <= 0xdfff && at >= 2 ? text.codePointAt(at - 2) : low;
}

/** What the rule keeps of a match: a flag's tags, an emoji's joiner or presentation selector; else nothing. */
function invisible(match: string, flag: string | undefined, at: number, text: string): string {
  if (flag) return flag;
  if (match === "\u200D") {
    // Between two emoji (the one before may end in its presentation selector).
    const end = text.charCodeAt(at - 1) === 0xfe0f ? at - 1 : at;
    return isPictograph(before(text, end)) && isPictograph(text.codePointAt(at + 1)) ? match : "";
  }
  if (match === "\uFE0E" || match === "\uFE0F") return isEmoji(before(text, at)) ? match : "";
  return "";
}

// Line and paragraph separators read as line breaks.
const SEPARATORS = /[\u2028\u2029\u0085]/g;
// A line break, once cleanText has made every kind of break (\r\n, \r, U+2028, U+2029, U+0085) a \n.
const LINE_BREAK = /\n/g;
const EDGE_BREAKS = /^\s*\n\s*|\s*\n\s*$/g;
// C0 and C1 controls other than tab and line feed: they have no place in a name or a note.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/**
 * The text with display-hijacking characters removed (the rule above), every line break a \n, and
 * C0 and C1 controls (ESC, BEL…: a terminal's escape sequences) made spaces; undefined and null
 * read as "". The one cleaning of text from outside for every surface: Slack, the terminal, the
 * connector and every export (CSV, JSON, the printable page).
 */
export function cleanText(value: unknown): string {
  if (value === undefined || value === null) return "";
  return String(value)
    .replace(SEPARATORS, "\n")
    .replace(INVISIBLE, invisible)
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

/** The text's first `max` characters (code points, as the database counts them), unmarked: only for words past what any record keeps. */
export const firstChars = (text: string, max: number): string => Array.from(text).slice(0, max).join("");

/** Cuts plain text to at most `max` characters at a word boundary where one is near, with "…". */
export function shorten(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join("");
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/u, "")}…`;
}

/**
 * Cuts plain text to at most `max` characters at a word boundary, with "…": never inside a word
 * (only a first word longer than `max` itself, with no space to cut at, is cut inside it). For free
 * prose only: a name, a drug, an allergy, a danger note or a fast is never shortened (issue 47).
 */
export function shortenAtWord(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join("");
  // The boundary: a space in the cut, or the cut's end when the next character is a space.
  const atBoundary = /\s/.test(chars[max - 1] ?? "");
  const space = cut.lastIndexOf(" ");
  const kept = atBoundary ? cut : space > 0 ? cut.slice(0, space) : cut;
  return `${kept.replace(/[\s,;:.–-]+$/u, "")}…`;
}

/** A text's length once Slack's three characters are escaped (`&` → `&amp;`, `<` → `&lt;`, `>` → `&gt;`). */
export const escapedLength = (t: string): number =>
  t.length + 4 * (t.split("&").length - 1) + 3 * (t.match(/[<>]/g)?.length ?? 0);

/**
 * An instruction whose plan adds its condition ("… · only if: ONLY if she has eaten") when its own
 * words say it already: the condition said once, as the words have it. Any other condition stays.
 */
export function conditionOnce(text: string): string {
  return text.replace(/ · only if: ([^·]+?)(?= · |$)/g, (all: string, cond: string, at: number) =>
    text.slice(0, at).toLowerCase().includes(cond.trim().toLowerCase()) ? "" : all,
  );
}
