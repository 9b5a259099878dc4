/**
 * The orders the kennel sorts by, without the locale library (issue 48: the first `localeCompare` or
 * `Intl.Collator` in a process costs about 4 MB and 8–13 ms, which the bot's start and everyday
 * answers no longer pay).
 *
 * - `codeOrder`: ISO dates, instants, "07:00" times and padded keys, whose order is their characters'
 *   (what `localeCompare` gave them too).
 * - `nameOrder`, `nameOrderBase`, `naturalOrder`, `naturalOrderBase`: names, rooms and items in the
 *   order English collation (`localeCompare`, `Intl.Collator("en", …)`) gives them, for what a
 *   kennel's names hold: letters with or without accents and case (Chloé, chloe, Zoë, Æsop, Øyvind,
 *   Łukasz, Straße), digits, spaces, hyphens, apostrophes (O'Brien, O’Brien), other punctuation.
 *   Compared as the collation does, level by level over the whole text: first the letters (accents
 *   and case aside: "chloe" and "Chloé" tie), then the accents (none before any; é before è before
 *   ê before ë), then the case (lower before upper). Punctuation and spaces count, and come before
 *   digits, which come before letters. The natural orders read a run of digits as its number
 *   (Run 2 before Run 10; "02" and "2" tie); the base orders stop at the letters (as
 *   `sensitivity: "base"`). Letters of other scripts follow Latin, by code point; other symbols
 *   (emoji, currency) come between punctuation and digits, by code point: among themselves the
 *   collation's order differs at places ("°" before "©").
 */

/** a < b ? -1 : a > b ? 1 : 0, by UTF-16 code units. */
export const codeOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** A text's collation weights, level by level. */
interface Key {
  /** The letters, digits and punctuation (accents and case aside). */
  primary: number[];
  /** One weight per letter (COMMON but for ligatures and curly quotes), each followed by its accents'. */
  secondary: number[];
  /** Lower or upper case (or a compatibility form's), one per letter. */
  tertiary: number[];
}

const COMMON = 0;
/**
 * Whitespace and ASCII punctuation in collation order; other symbols (emoji) follow them, then
 * currency signs, each by code point (the collation's own order of those differs at places).
 */
const PUNCTUATION = "\t\n\v\f\r _-–—,;:!?.…·'\"()[]{}@*/\\&#%`^+<=>|~";
const SYMBOL = 100;
const CURRENCY = 1_200_000;
const DIGIT = 2_000_000;
const LOOSE_DIGIT = 500_000;
const LETTER = 3_000_000;
const OTHER_LETTER = 4_000_000;

/**
 * Latin letters' primary weights; two apart, so that the dotless ı falls between i and j, ŋ after n,
 * ŧ after t, and þ after z, as in the collation.
 */
function letterWeight(ch: string): number | undefined {
  const c = ch.charCodeAt(0);
  if (ch.length === 1 && c >= 97 && c <= 122) return LETTER + (c - 97) * 2;
  if (ch === "ı") return LETTER + 17;
  if (ch === "ŋ") return LETTER + 27;
  if (ch === "ŧ") return LETTER + 39;
  if (ch === "þ") return LETTER + 52;
  return undefined;
}

/**
 * The combining accents U+0300–U+036F in the collation's order of accents; those in one group weigh
 * the same. Others weigh more than these, by code point.
 */
const ACCENT_GROUPS = [
  "\u0332",
  "\u0313\u0343",
  "\u0314",
  "\u0301\u0341",
  "\u0300\u0340",
  "\u0306",
  "\u0302",
  "\u030c",
  "\u030a",
  "\u0342",
  "\u0308",
  "\u0344",
  "\u030b",
  "\u0303",
  "\u0307",
  "\u0338",
  "\u0327",
  "\u0328",
  "\u0304",
  "\u030d\u030e\u0312\u0315\u031a\u033d\u033e\u033f\u0346\u034a\u034b\u034c\u0350\u0351\u0352\u0357\u035b\u035d\u035e",
  "\u0316\u0317\u0318\u0319\u031c\u031d\u031e\u031f\u0320\u0329\u032a\u032b\u032c\u032f\u0333\u033a\u033b\u033c\u0347\u0348\u0349\u034d\u034e\u0353\u0354\u0355\u0356\u0359\u035a\u035c\u035f\u0362",
  "\u0336\u0337",
  "\u0335",
  "\u0305",
  "\u0309",
  "\u030f",
  "\u0310",
  "\u0311",
  "\u031b",
  "\u0321",
  "\u0322",
  "\u0323",
  "\u0324",
  "\u0325",
  "\u0326",
  "\u032d",
  "\u032e",
  "\u0330",
  "\u0331",
  "\u0334",
  "\u0339",
  "\u0345",
  "\u0358",
  "\u0360",
  "\u0361",
  "\u0363",
  "\u0368",
  "\u0369",
  "\u0364",
  "\u036a",
  "\u0365",
  "\u036b",
  "\u0366",
  "\u036c",
  "\u036d",
  "\u0367",
  "\u036e",
  "\u036f",
];
const ACCENT = new Map(ACCENT_GROUPS.flatMap((group, i) => [...group].map((ch) => [ch, i + 1] as const)));
/** A secondary weight above every accent's: ligatures, ß, ð, and curly quotes. */
const SPECIAL = 2_000_000;

/**
 * Letters with a stroke that Unicode does not decompose, and the collation reads as a letter with an
 * overlay accent: Øyvind sorts as Oyvind with that accent.
 */
const STROKED: Record<string, string> = {
  ø: "o\u0338",
  Ø: "O\u0338",
  ł: "l\u0335",
  Ł: "L\u0335",
  đ: "d\u0335",
  Đ: "D\u0335",
  ħ: "h\u0335",
  Ħ: "H\u0335",
};
const STROKED_RE = /[øØłŁđĐħĦ]/g;

/** Letters the collation reads as others with a secondary difference (æ as "ae", ß as "ss"). */
const LIGATURES: Record<string, string> = { æ: "ae", œ: "oe", ß: "ss", ð: "d" };
/** Curly quotes: the straight quote with a secondary difference, ‘ before ’. */
const QUOTES: Record<string, [string, number]> = {
  "‘": ["'", SPECIAL + 1],
  "’": ["'", SPECIAL + 2],
  "“": ['"', SPECIAL + 1],
  "”": ['"', SPECIAL + 2],
};
const LOWER = 0;
const UPPER = 1;
/** A compatibility form (no-break space, ½): after what it stands for, at the last level. */
const VARIANT = 2;

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const IS_ACCENT = /^\p{M}$/u;
const IS_LETTER = /^\p{L}$/u;
const IS_CURRENCY = /^\p{Sc}$/u;

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** A run of ASCII digits from `at` as one weight (its length without leading zeros, then its digits). */
function numberAt(text: string, at: number, key: Key): number {
  let end = at;
  while (end < text.length && isDigit(text.charCodeAt(end))) end++;
  const digits = text.slice(at, end).replace(/^0+(?=\d)/, "");
  key.primary.push(DIGIT + digits.length, ...[...digits].map(Number));
  key.secondary.push(COMMON);
  key.tertiary.push(LOWER);
  return end;
}

/** The primary weight of a letter or sign that is neither an accent nor a digit run. */
function primaryOf(sign: string, lower: string, numeric: boolean): number {
  const letter = letterWeight(lower);
  if (letter !== undefined) return letter;
  const punctuation = PUNCTUATION.indexOf(sign);
  if (punctuation >= 0) return punctuation + 1;
  // A digit not read as part of a number (½'s, in a natural order) weighs more than every number.
  if (isDigit(sign.charCodeAt(0))) return DIGIT + (numeric ? LOOSE_DIGIT : 0) + Number(sign);
  // The Unicode classes last: a pattern of them is built at its first use, which ASCII names never reach.
  if (sign === "$" || IS_CURRENCY.test(sign)) return CURRENCY + (sign.codePointAt(0) as number);
  if (IS_LETTER.test(sign)) return OTHER_LETTER + (lower.codePointAt(0) as number);
  return SYMBOL + (sign.codePointAt(0) as number);
}

const accentWeight = (ch: string): number =>
  ACCENT.get(ch) ?? ACCENT_GROUPS.length + (ch.codePointAt(0) as number);

/** Adds one letter or sign (not an accent, not a digit run) to the key. */
function addSign(ch: string, key: Key, numeric: boolean): void {
  const lower = ch.toLowerCase();
  const tertiary = lower === ch ? LOWER : UPPER;
  const ligature = LIGATURES[lower];
  if (ligature) {
    [...ligature].forEach((l, i) => {
      key.primary.push(letterWeight(l) as number);
      key.secondary.push(i === 0 ? SPECIAL : COMMON);
      key.tertiary.push(tertiary);
    });
    return;
  }
  const quote = QUOTES[ch];
  const sign = quote?.[0] ?? ch;
  const compat = ch.length === 1 && ch.charCodeAt(0) < 0x80 ? ch : ch.normalize("NFKD");
  if (compat !== ch && !quote && letterWeight(lower) === undefined) {
    // A compatibility form (no-break space, ½, ĳ, ²): as what it stands for, a variant at the last level.
    for (const c of compat) {
      if (IS_ACCENT.test(c)) key.secondary.push(accentWeight(c));
      else {
        addSign(c, key, numeric);
        key.tertiary.push(VARIANT + (key.tertiary.pop() as number));
      }
    }
    return;
  }
  key.primary.push(primaryOf(sign, lower, numeric));
  key.secondary.push(quote?.[1] ?? COMMON);
  key.tertiary.push(tertiary);
}

function keyOf(text: string, numeric: boolean): Key {
  const key: Key = { primary: [], secondary: [], tertiary: [] };
  const chars = PRINTABLE_ASCII.test(text)
    ? text
    : text.replace(STROKED_RE, (ch) => STROKED[ch] as string).normalize("NFD");
  let at = 0;
  while (at < chars.length) {
    if (numeric && isDigit(chars.charCodeAt(at))) {
      at = numberAt(chars, at, key);
      continue;
    }
    const ch = String.fromCodePoint(chars.codePointAt(at) as number);
    at += ch.length;
    if (ch.charCodeAt(0) >= 0x300 && IS_ACCENT.test(ch)) key.secondary.push(accentWeight(ch));
    else addSign(ch, key, numeric);
  }
  return key;
}

function compareWeights(a: number[], b: number[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = (a[i] as number) - (b[i] as number);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/** A comparator of texts by collation, keys kept for the texts it sees again (a sort sees each often). */
function collation(numeric: boolean, base: boolean): (a: string, b: string) => number {
  const keys = new Map<string, Key>();
  const keyFor = (text: string): Key => {
    let key = keys.get(text);
    if (!key) {
      if (keys.size >= 4096) keys.clear();
      key = keyOf(text, numeric);
      keys.set(text, key);
    }
    return key;
  };
  return (a, b) => {
    if (a === b) return 0;
    const ka = keyFor(a);
    const kb = keyFor(b);
    return (
      compareWeights(ka.primary, kb.primary) ||
      (base ? 0 : compareWeights(ka.secondary, kb.secondary) || compareWeights(ka.tertiary, kb.tertiary))
    );
  };
}

/** As `a.localeCompare(b)` in English: names of pets and owners. */
export const nameOrder = collation(false, false);
/** As `a.localeCompare(b, "en", { sensitivity: "base" })`: accents and case aside ("Zoë" ties "zoe"). */
export const nameOrderBase = collation(false, true);
/** As `a.localeCompare(b, "en", { numeric: true })`: rooms and items, Run 2 before Run 10. */
export const naturalOrder = collation(true, false);
/** As `Intl.Collator("en", { numeric: true, sensitivity: "base" })`: rooms, "run 2" tying "Run 02". */
export const naturalOrderBase = collation(true, true);
