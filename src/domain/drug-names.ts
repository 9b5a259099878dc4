/**
 * A drug's short name from its instruction, for lists and the sheets' rows ("Rimadyl 50 mg, half a
 * tablet" → "Rimadyl 50 mg"). A short name never splits a number ("2,5", "1.5", "1/2"): where it
 * would, the whole instruction is the name.
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

/** Longest short name of a drug. */
const NAME_MAX = 32;

/**
 * The text cut cleanly to NAME_MAX characters, unless the cut would fall inside a number ("2,5",
 * "1.5", "1/2"): then the whole instruction is the name, so a dose is never shown cut.
 */
function nameOf(text: string, instruction: string): string {
  const short = shorten(text, NAME_MAX);
  if (short === text) return text;
  const chars = Array.from(text);
  const at = Array.from(short).length - 1;
  // The run of non-space characters the cut falls in: a number when it holds a digit.
  let from = at;
  while (from > 0 && !/\s/.test(chars[from - 1] ?? " ")) from--;
  let to = at;
  while (to < chars.length && !/\s/.test(chars[to] ?? " ")) to++;
  const run = chars.slice(from, to).join("");
  const inside = from < at && at < to;
  return inside && /\d/.test(run) ? instruction.trim() : short;
}

/**
 * The drug's name in an instruction: the words before the first comma, semicolon, colon, dash or
 * parenthesis (NAME_CUT), from the first word that can name a drug ("AM: Vetmedin 5 mg" → "Vetmedin
 * 5 mg"; "Give 1 tablet of Rimadyl" → "Rimadyl"; "Vetmedin 2,5 mg, one tablet" → "Vetmedin 2,5 mg"),
 * cut cleanly to 32 characters but never inside a number; undefined when no word there names one
 * ("AM", "1 tablet twice daily").
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
 * the words that name the drug, else the instruction's first words, cut cleanly to 32 characters
 * (never inside a number: then the whole instruction).
 */
export function drugName(instruction: string): string {
  const head = instruction.split(NAME_CUT)[0]?.trim() || instruction.trim();
  return drugWords(instruction) ?? nameOf(head, instruction);
}
