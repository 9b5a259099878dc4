/**
 * Names compared as staff type them, without accents: "Chloe" is Chloé, "Muller" is Müller, "Oyvind"
 * is Øyvind, "Strasse" is Straße (and the other way round). The kennel API's own name filter is not
 * shown to fold accents (the sandbox's does not), so a search that finds nothing as typed asks it
 * once more for a stem no accent can change, and the answer is matched here (src/answers/pet-loose.ts).
 */

/** Letters that decompose into no base letter (ø, ł, æ, ß…): written as staff type them. */
const SPELLED: Record<string, string> = {
  ø: "o",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  æ: "ae",
  œ: "oe",
  ß: "ss",
  ı: "i",
};

/** Lower case, accents off, the letters above spelled out, spaces single. */
export function folded(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/[øłđðþæœßı]/g, (ch) => SPELLED[ch] as string)
    .replace(/\s+/g, " ")
    .trim();
}

/** Whether `name` holds `text`, accents and case aside ("Chloé" holds "chloe"). */
export const holdsFolded = (name: string, text: string): boolean => folded(name).includes(folded(text));

/**
 * ASCII letters an accent is seldom written on in the names a kennel meets: not the vowels, n, s and
 * z (é, ö, ü, ý, ñ, š, ž: the letters staff leave the accent off).
 */
const STEADY = /[bcdfghjklmpqrtvwx0-9]+/g;

/**
 * The longest run of the text's steady letters (Chloe: "chl"; Muller: "ll"), at least two long, for
 * an API filter that every spelling of the name, with or without its accents, still holds; undefined
 * when the text has none so long (then nothing more is asked).
 */
export function steadyStem(text: string): string | undefined {
  const runs = folded(text).match(STEADY) ?? [];
  const longest = runs.reduce((a, b) => (b.length > a.length ? b : a), "");
  return longest.length >= 2 ? longest : undefined;
}
