/**
 * A drug's short name from its instruction, for lists and the sheets' rows ("Rimadyl 50 mg, half a
 * tablet" → "Rimadyl 50 mg"). A short name is whole words, never cut with "…", and never splits a
 * number ("2,5", "1.5", "1/2"): where it would, the whole instruction is the name.
 */
import { shorten } from "./text.ts";

/**
 * Words that begin an instruction but name no drug: times of day ("AM:", "Morning -"), how often,
 * how much, and what to do ("Give 1 tablet of …").
 */
const NOT_A_DRUG = new Set(
  (
    "am pm a.m p.m morning mornings evening evenings night nightly nights noon midday lunch lunchtime " +
    "breakfast dinner tea supper bedtime daily once twice thrice bid sid tid bd od eod every each per " +
    "give given giving administer apply put add one two three four half quarter a an the of x " +
    "tablet tablets tab tabs capsule capsules caps drop drops ml mg g units unit iu sachet sachets " +
    "with after before in on at into by to from as see meds med medication medications medicine dose " +
    "doses then and or plus for only until every each weekdays weekends monday mondays tuesday tuesdays " +
    "meal meals food feed feeds feeding breakfast dinner tea supper lunch eye eyes ear ears paw paws skin " +
    "coat left right both affected under over onto third second other alternate day days week weeks hourly " +
    "wednesday wednesdays thursday thursdays friday fridays saturday saturdays sunday sundays mon tue tues wed " +
    "thu thur thurs fri sat sun please pls"
  ).split(" "),
);

/**
 * Where an instruction is cut for a drug's short name: a comma, semicolon, colon, dash or
 * parenthesis; never a comma or colon between two digits, which is part of a number ("2,5 mg",
 * "08:00").
 */
const NAME_CUT = /\s*(?:(?<!\d)[,:]|[,:](?!\d)|[;(]|\s[-–—]\s)\s*/;

/** Past this many characters, a drug's short name ends before how or when it is given (whole words). */
const NAME_MAX = 32;

/**
 * Words that, past a drug's name and strength, begin how or when it is given ("with breakfast",
 * "EOD AM", "twice daily"): a long short name ends before the first of them. Never "and", "or",
 * "plus" nor a form ("oral suspension", "tablet"): they may be the drug's own words.
 */
const GIVEN_HOW = new Set(
  (
    "with before after at in on into onto by to from for until then every each once twice thrice " +
    "daily bid sid tid qid bd od eod am pm a.m p.m morning mornings evening evenings night nightly " +
    "noon midday lunch lunchtime breakfast dinner tea supper bedtime only if when as per give apply " +
    "mon tue tues wed thu thur thurs fri sat sun monday tuesday wednesday thursday friday saturday sunday " +
    "except excluding skip not alternate"
  ).split(" "),
);

/** Would a cut to NAME_MAX characters fall inside a number ("2,5", "1.5", "1/2")? */
function cutInsideNumber(text: string): boolean {
  const chars = Array.from(text);
  const at = Array.from(shorten(text, NAME_MAX)).length - 1;
  // The run of non-space characters the cut falls in: a number when it holds a digit.
  let from = at;
  while (from > 0 && !/\s/.test(chars[from - 1] ?? " ")) from--;
  let to = at;
  while (to < chars.length && !/\s/.test(chars[to] ?? " ")) to++;
  return from < at && at < to && /\d/.test(chars.slice(from, to).join(""));
}

/**
 * A drug's short name, never cut inside a word nor with "…" (a drug's words are never cut): the text
 * itself up to NAME_MAX characters; past it, the words before how or when it is given, after the
 * drug's name and its strength ("Owner's own Metacam 1.5ml with breakfast" → "Owner's own Metacam
 * 1.5ml"); with no such word, the text whole, or the whole instruction where a cut would have fallen
 * inside a number, so a dose is never shown cut.
 */
function nameOf(text: string, instruction: string): string {
  if (Array.from(text).length <= NAME_MAX) return text;
  const words = text.split(/\s+/);
  // The drug's strength is its first word with a digit: the name ends after it, never before.
  const after = Math.max(1, words.findIndex((w) => /\d/.test(w)) + 1);
  const bare = (w: string) =>
    w
      .toLowerCase()
      .replace(/[^\p{L}.]+/gu, "")
      .replace(/\.$/, "");
  const end = words.findIndex((w, i) => i >= after && GIVEN_HOW.has(bare(w)));
  if (end > 0) return words.slice(0, end).join(" ");
  return cutInsideNumber(text) ? instruction.trim() : text;
}

/**
 * The drug's name in an instruction: the words before the first comma, semicolon, colon, dash or
 * parenthesis (NAME_CUT), from the first word that can name a drug ("AM: Vetmedin 5 mg" → "Vetmedin
 * 5 mg"; "Give 1 tablet of Rimadyl" → "Rimadyl"; "Vetmedin 2,5 mg, one tablet" → "Vetmedin 2,5 mg"),
 * past 32 characters ended before how or when it is given ("… 1.5ml with breakfast" → "… 1.5ml"),
 * never cut; undefined when no word there names one ("AM", "1 tablet twice daily").
 */
export function drugWords(instruction: string): string | undefined {
  const cuts = instruction.split(NAME_CUT).map((c) => c.trim());
  for (const head of cuts) {
    const words = head.split(/\s+/).filter(Boolean);
    const start = words.findIndex((w) => {
      const bare = w
        .toLowerCase()
        .replace(/[^\p{L}\p{N}.]+/gu, "")
        .replace(/\.$/, "");
      return /^\p{L}{2,}/u.test(bare) && !NOT_A_DRUG.has(bare);
    });
    if (start >= 0) return nameOf(words.slice(start).join(" "), instruction);
    // A head of time or dose words only ("AM", "1 tablet"): the drug may follow the colon.
    if (!/^(am|pm|a\.m\.?|p\.m\.?|morning|evening|night|noon|midday|daily)$/i.test(head)) break;
  }
  return undefined;
}

/**
 * The drug's short name from its instruction ("Rimadyl 50 mg, half a tablet" → "Rimadyl 50 mg"):
 * the words that name the drug, else the instruction's first words, as `nameOf` ends them (never
 * cut; where a cut would split a number, the whole instruction).
 */
export function drugName(instruction: string): string {
  const head = instruction.split(NAME_CUT)[0]?.trim() || instruction.trim();
  return drugWords(instruction) ?? nameOf(head, instruction);
}

/**
 * The words that say a medication is the kennel's own stock: "Kennel stock Metacam 1.5ml", "From
 * the kennel's stock: …", "Kennel supply …" at its start, or "(kennel stock)" anywhere. Only these:
 * "owner's own", or nothing said, is never read as the kennel's.
 */
const KENNEL_STOCK =
  /^\s*(?:(?:use|from|give)\s+)?(?:the\s+)?kennel(?:'?s|s')?(?:\s+own)?\s+(?:stock|supply)\b|\(\s*(?:the\s+)?kennel(?:'?s|s')?(?:\s+own)?\s+(?:stock|supply)\s*\)/i;

/**
 * Is this medication the kennel's own stock, by the words of the instruction that names it (the
 * first of its instruction, midday and evening given)? It is not handed back to the owner at
 * pick-up; it stays on the rounds like any other dose. Never guessed: only KENNEL_STOCK's words say so.
 */
export function kennelStock(m: {
  instruction?: string | undefined;
  midday?: string | undefined;
  evening?: string | undefined;
}): boolean {
  const first = [m.instruction, m.midday, m.evening].find((t) => t?.trim());
  return first !== undefined && KENNEL_STOCK.test(first);
}

/**
 * What two slots holding the same drug share: the first word of its short name ("rimadyl"); none
 * for a slot named only by its number ("medication 2").
 */
export const sameDrugKey = (name: string): string =>
  /^medication \d+$/.test(name) ? "" : (name.split(/\s+/)[0] ?? "").toLowerCase();

/** The drugs recorded in two or more slots ("Rimadyl" in 1 and 3): they may be one dose twice. */
export function listedTwice(medications: ReadonlyArray<{ name: string }>): string[] {
  const key = (m: { name: string }) => sameDrugKey(m.name);
  const seen = new Map<string, { name: string }>();
  const out: string[] = [];
  for (const m of medications) {
    const k = key(m);
    if (!k) continue;
    const first = seen.get(k);
    if (first && !out.includes(first.name)) out.push(first.name);
    if (!first) seen.set(k, m);
  }
  return out;
}
