/**
 * The closed reading (issue 42): a reading is certain only when every word of its field is placed by
 * what the reader understood (drug and strength, amount, route, rounds, times, how often, days,
 * dates, durations, conditions, an as-needed reason and its limits) or is a word known to carry
 * nothing for the dose ("please", "with food", "owner's own"). What is left over is named, as
 * written, in the doubt that leaves the item to a person.
 *
 * The readers say which words they used (`used`: slices of the text); each is placed at its first
 * occurrence not placed yet, so a word written twice is placed twice only when it was used twice.
 */

/** A word: letters and digits, with the marks inside a word or a number ("don't", "2.5", "1/2", "i/d", "q12h"). */
const TOKEN = /[\p{L}\p{N}]+(?:['’.,/][\p{L}\p{N}]+)*|[^\s\p{L}\p{N}]/gu;

/** Marks between words that carry nothing by themselves: a list's commas, a dash, brackets, a full stop. */
const SEPARATOR = /^[,;:.\-–—/&+()[\]·•*"“”'’!_]$/u;

/**
 * Words and phrases known to carry nothing for the dose: politeness, giving, the route and the way
 * it is given, whose supply it is, handling. Never a negation, a condition or a number.
 */
const FILLERS: RegExp[] = [
  /\b(?:please|pls|plz|thanks|thank\s+you|thankyou|thx|ta|cheers|kindly|x{1,3}(?=\s*$))\b/giu,
  /\b(?:to\s+be\s+)?(?:give|given|giving|administer|administered|apply|applied|put|offer|pop|popped|hide|hidden)\b/giu,
  /\b(?:orally|by\s+mouth|p\.?o\.?|per\s+os|topically|subcut(?:aneously)?|s\/?c|sq|sub[\s-]?q|under\s+the\s+skin|into\s+the\s+scruff|in\s+(?:the\s+)?scruff|rectally|inhaled|via\s+spacer)\b/giu,
  /\b(?:in|into|to|on|onto)\s+(?:the|her|his|its|left|right|l|r|affected)?\s*(?:eyes?|ears?|paws?|feet|skin|coat|neck|lesions?|spots?|areas?|wound|gums?|nose|back\s+of\s+(?:the\s+)?neck)\b/giu,
  /\b(?:left|right|l|r|affected)\s+(?:eyes?|ears?|paws?|feet|sides?|nostrils?)\b/giu,
  /\b(?:each|both)\s+(?:paws?|feet|sides?)\b/giu,
  // One eye or ear ("OD", "AS"); both ("OU", "AU", "each eye") are part of the amount (quantities.ts), or left over.
  /\b(?:od|os|ad|a\/s|a\/d|o\/d|o\/s)\b(?=[\s,.;)]|$)/giu,
  /\b(?:under\s+the\s+tongue|sublingual(?:ly)?|buccal(?:ly)?|into\s+the\s+cheek(?:\s+pouch)?|otm|on\s+the\s+gums)\b/giu,
  /\b(?:with|in|on|after|and)\s+(?:a\s+(?:little|bit\s+of)\s+|some\s+|his\s+|her\s+|its\s+|their\s+)?(?:food|a\s+meal|meal|treat|treats|cheese|pill\s+pockets?|pill\s+pocket|ham|chicken|butter|peanut\s+butter|pb|pate|pâté|paste|wet\s+food|tuna|yoghurt|yogurt|sausage|a\s+treat|kibble|biscuit|water)\b/giu,
  /\b(?:eye|ear)\s+(?:drops?|ointment|gel|cleaner|wash)\b/giu,
  /\b(?:on\s+an?\s+empty\s+stomach|empty\s+stomach|without\s+food|away\s+from\s+food)\b/giu,
  /\b\d+\s*(?:mins?|minutes?|hrs?|hours?|h)\s+(?:before|after|prior\s+to)\b/giu,
  /\b(?:before|after)\b(?=\s+(?:breakfast|dinner|tea|supper|lunch|food|meals?|feeding|bed))/giu,
  /\b(?:owner'?s?'?|owners|own|kennel'?s?|stock|supply|supplied|brought[\s-]in|from\s+home|from\s+(?:the\s+)?vets?|(?:in|from)\s+(?:the\s+|her\s+|his\s+)?(?:bag|box|fridge|pot|tub|bottle|packet|blister|envelope))\b/giu,
  /\b(?:keep|kept|store|stored)\s+in\s+(?:the\s+)?fridge\b|\brefrigerate(?:d)?\b|\bshake\s+well\b|\bwear\s+gloves\b|\bwash\s+hands\b|\brub\s+in\b|\bthin\s+layer\b|\bthinly\b|\bgently\b|\bslowly\b|\bcrushed\b|\bcrush(?:ed)?\s+(?:and\s+)?mix(?:ed)?\b|\bwhole\b|\bdo\s+not\s+crush\b|\bdon'?t\s+crush\b/giu,
  /\b(?:oral|suspension|liquid|syrup|solution|cream|ointment|gel|paste|powder|granules|chewable|flavou?red|palatable|spot[\s-]?on|pipette|injection|inj|jab|pen|spray|shampoo|wipes?|drops|tablets?|tabs?|capsules?|caps|chews?|sachets?|pouch|dose)\b/giu,
  /\b(?:a|an|the|of|in|into|on|at|with|by|to|and|for|her|his|its|him|she|he|dog|cat|pet)\b/giu,
  /\b(?:mouth|food|foods|meal|meals)\b/giu,
  // "each morning", "every Monday", "AM only", "weekdays only", "until finished", "8/12 inclusive".
  /\b(?:each|every)\b(?=\s+(?:morning|evening|night|day|breakfast|dinner|tea|lunch|bedtime|meal|feed|mon|tue|wed|thu|fri|sat|sun|week))/giu,
  /(?<=(?:\b(?:am|pm|a\.m|p\.m|mornings?|evenings?|nights?|breakfast|dinner|lunch|tea|bedtime|weekdays|weekends|days?|daily|once|twice|[a-z]+days|[a-z]+day)|\d)\.?\s+)only\b(?!\s+(?:if|when|after|once|give))/giu,
  /\b(?:until|till|til)\s+(?:finished|gone|all\s+gone|used\s+up|empty|course\s+(?:is\s+)?(?:finished|complete))\b|\b(?:finish|complete)\s+(?:the\s+)?course\b/giu,
  /\b(?:inclusive|incl\.?|included)(?![\p{L}])/giu,
  // What it is for, when it is routine: "for joints", "for her heart", "for itchy skin".
  /\bfor\s+(?:(?:her|his|its|the)\s+)?(?:itchy\s+|dry\s+|sore\s+|sensitive\s+|upset\s+|bad\s+|old\s+)?(?:joints?|arthritis|hips?|heart|thyroid|skin|allergy|allergies|itch|itching|anxiety|nerves|kidneys?|liver|bladder|urinary|stomach|tummy|gut|digestion|coat|eyes?|ears?|ear\s+infection|infection|seizures|epilepsy|fits|pain|mobility|stiffness|calming|stress|diabetes|cushings|cushing's|addisons|addison's|blood\s+pressure|bp|uti|incontinence|colitis|pancreatitis|sickness|nausea|vomiting|diarrhoea|diarrhea|worms|fleas|ticks|cough|coughing|breathing|appetite|weight|hair\s+loss|dandruff|wax|teeth|breath)\b/giu,
  /\b(?:sprinkled?|sprinkle\s+over|open(?:ed)?(?:\s+(?:up\s+)?(?:onto|into|over))?|mixed|mix|stirred|stir)\b/giu,
];

/** Damerau distance at most one between two words (a letter added, dropped, changed or two swapped). */
function oneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** The round and frequency words a typo may stand for (five letters or more: "tea" and "once" too short to guess). */
const TYPO_TARGETS = [
  "breakfast",
  "morning",
  "mornings",
  "lunch",
  "lunchtime",
  "afternoon",
  "dinner",
  "dinnertime",
  "teatime",
  "evening",
  "evenings",
  "night",
  "nights",
  "nightly",
  "bedtime",
  "daily",
  "twice",
  "thrice",
  "weekly",
  "alternate",
  "every",
];

/** Real words one edit from a round or frequency word: never read as its typo. */
const NOT_TYPOS = new Set(
  (
    "eight right light sight fight might tight nigh knight lightly rightly nightie dairy dally daisy dailey " +
    "bunch punch hunch lunge launch lynch munch very ever eve even fever never winner once nice twin " +
    "supper super upper midway twine twins twin thrive weakly weekday weekend meekly evenly lunchtime"
  ).split(" "),
);

/**
 * The text with a one-edit typo of a round or frequency word read as that word ("mornign",
 * "twcie", "brekfast"), and the typos read. Numbers are never touched, so every amount and strength
 * read from the result is written the same in the words.
 */
export function withTyposRead(
  text: string,
  known: (word: string) => boolean,
): { text: string; typos: string[] } {
  const typos: string[] = [];
  const out = text.replace(/\p{L}{4,}/gu, (word) => {
    const lower = word.toLowerCase();
    if (TYPO_TARGETS.includes(lower) || NOT_TYPOS.has(lower) || known(lower)) return word;
    const target = TYPO_TARGETS.find((t) => oneEdit(lower, t));
    if (!target) return word;
    typos.push(word);
    return target;
  });
  return { text: out, typos };
}

/** Words a reader used at a known place in the text. */
export interface Claim {
  at: number;
  words: string;
}

/**
 * The words a reading used, placed in the text (a claim at its place; a bare word at its first
 * occurrence not placed yet); the runs of words left over, as written.
 */
export function leftOver(text: string, used: ReadonlyArray<string | Claim | undefined>): string[] {
  const placed = new Uint8Array(text.length);
  const place = (from: number, to: number) => placed.fill(1, from, to);
  for (const word of used) {
    if (typeof word === "object") {
      if (text.startsWith(word.words, word.at)) place(word.at, word.at + word.words.length);
      continue;
    }
    const w = word?.trim();
    if (!w) continue;
    let at = text.indexOf(w);
    while (at >= 0 && placed.subarray(at, at + w.length).every((c) => c === 1)) at = text.indexOf(w, at + 1);
    if (at >= 0) place(at, at + w.length);
  }
  for (const re of FILLERS) for (const m of text.matchAll(re)) place(m.index, m.index + m[0].length);
  const left: Array<{ from: number; to: number }> = [];
  for (const m of text.matchAll(TOKEN)) {
    const token = m[0];
    const from = m.index;
    const open = [...token].some((ch, i) => placed[from + i] !== 1 && !SEPARATOR.test(ch));
    if (!open || SEPARATOR.test(token)) continue;
    const last = left.at(-1);
    // A run of words left over, with only spaces or marks between them: named as one.
    if (
      last &&
      /^[\s\p{P}\p{S}]*$/u.test(text.slice(last.to, from)) &&
      !/[,;]/.test(text.slice(last.to, from))
    ) {
      last.to = from + token.length;
    } else left.push({ from, to: from + token.length });
  }
  return left.map((r) => text.slice(r.from, r.to));
}
