/**
 * The words in a care instruction that name a round or say how often, so a dose written only in
 * words ("half a tablet with breakfast", "twice daily", "at bedtime", "every 8 hours") is on the
 * sheet of the round it names. The API gives medication no morning field, and its instruction
 * (`medicationN`) no time at all: the instruction is the one place where such a dose is written.
 *
 * These words only ever ADD a line to a round's sheet (src/domain/care.ts `medicationsFor`), never
 * take one away: a word missed here leaves the plain rule (every instruction in full in the
 * morning, "no time given: follow the instruction" in the other rounds) as it was. The one change
 * they make to a line is issue 27's: an untimed instruction that says "once a day" is due on one
 * sheet only, and the other sheets say where it is. A round the words say is not given ("skip PM",
 * "no PM dose") is never one of theirs: that sheet keeps the line whole, not due, saying why.
 *
 * Matching is on whole words, case-insensitive. Times of day are as a kennel writes them: "7am",
 * "6pm", "18:00" (before 11:00 morning, before 16:00 midday, later evening).
 */
/** A round (the same as care.ts's `Round`, written here so the two modules import one way only). */
type Round = "morning" | "midday" | "evening";

const ALL: Round[] = ["morning", "midday", "evening"];
const TWICE: Round[] = ["morning", "evening"];

/** Words that name one round. */
const ROUND_WORDS: Array<[Round, RegExp]> = [
  [
    "morning",
    /\b(?:breakfast|brekkie|brekky|morning|mornings|first thing|sunrise|wake[\s-]?up|mane|o\.m\.?|om)\b/i,
  ],
  ["morning", /(?<![a-z])a\.?m\b\.?/i],
  ["midday", /\b(?:lunch|lunchtime|noon|midday|mid-day|afternoon|afternoons)\b/i],
  [
    "evening",
    /\b(?:dinner|dinnertime|supper|tea|teatime|evening|evenings|eve|night|nights|nite|nightly|bedtime|(?:before|at|by) bed|overnight|nocte|o\.n\.)(?![\p{L}])/iu,
  ],
  ["evening", /(?<![a-z])p\.?m\b\.?/i],
  // "ON" (omni nocte) only as prescriptions write it: capitals, after the dose, ending the clause.
  ["evening", /(?<=\b(?:tabs?|tablets?|caps?|capsules?|ml|mg|units?|iu|drops?)\.?\s+)ON(?=\s*(?:[,.;]|$))/],
];

/** "3 meals a day", "two feeds daily": how many times a day a pet is fed. */
/** "two meals a day", "two small meals a day", "2 light feeds daily": a word of size or kind may stand between. */
const meals = (n: string) =>
  `(?:${n}) (?:(?:small|smaller|little|light|tiny|equal|separate|main|wet|dry|raw|big|large|good|proper) )?(?:meals|feeds|feedings) (?:daily|a day|per day|each day)`;

/** Words that say how many times a day (more than once). */
const TIMES_A_DAY: Array<[number, RegExp]> = [
  [
    2,
    new RegExp(
      `\\b(?:(?:twice|two times|2 ?x(?! ?\\d)|x ?2|2 times)(?: ?(?:\\/ ?)?(?:daily|a day|per day|each day|day|dly))?|${meals("two|2")}|b\\.?i\\.?d\\.?|b\\.?d\\.?|q\\.? ?12 ?h(?:rs?|ours?)?)(?![\\p{L}])`,
      "iu",
    ),
  ],
  [
    3,
    new RegExp(
      `\\b(?:(?:three times|thrice|3 ?x(?! ?\\d)|x ?3|3 times)(?: ?(?:\\/ ?)?(?:daily|a day|per day|each day|day|dly))?|${meals("three|3")}|t\\.?i\\.?d\\.?|t\\.?d\\.?s\\.?|q\\.? ?8 ?h(?:rs?|ours?)?)(?![\\p{L}])`,
      "iu",
    ),
  ],
  [
    4,
    new RegExp(
      `\\b(?:(?:four times|4 ?x(?! ?\\d)|x ?4|4 times)(?: ?(?:\\/ ?)?(?:daily|a day|per day|each day|day|dly))?|${meals("four|4")}|q\\.?i\\.?d\\.?|q\\.?d\\.?s\\.?|q\\.? ?[46] ?h(?:rs?|ours?)?)(?![\\p{L}])`,
      "iu",
    ),
  ],
];

/** With each meal: at every round that has a feed. */
const EACH_MEAL = /\b(?:(?:each|every|all) (?:meal|feed|feeding)s?|with (?:all )?meals)\b/i;

const countOf = (n: number) => TIMES_A_DAY.find(([c]) => c === n)?.[1] as RegExp;

/** Words that say how often, and the rounds they put a dose on (more than once a day). */
const OFTEN_WORDS: Array<[Round[], RegExp]> = [
  [TWICE, countOf(2)],
  [ALL, countOf(3)],
  [ALL, EACH_MEAL],
  [ALL, countOf(4)],
];

/** "every 8 hours", "every 12 hrs", "every 6h". */
const EVERY_HOURS = /\b(?:every (\d{1,2}) ?(?:h|hrs?|hours?)|(\d{1,2})[\s-]?hourly)\b/i;

/** Words that say once a day. "daily" alone is once a day, unless the words say more often. */
const ONCE_WORDS =
  /\b(?:once (?:a|per|each|every) day|once daily|once a day|(?:1 ?x|x ?1) ?(?:\/ ?)?(?:daily|a day|per day|day)|daily|dly|every day|each day|s\.?i\.?d\.?|q\.? ?24 ?h(?:rs?|ours?)?|every 24 ?(?:h|hrs?|hours?)|(?<=\b(?:tabs?|tablets?|caps?|capsules?|ml|mg|units?|iu|sachets?)\.?\s)o\.?d\.?|(?<=\b(?:tabs?|tablets?|caps?|capsules?|chews?|sachets?|scoops?|pumps?|ml|mg|drops?|units?|iu)\.?\s)(?:per|a|each) day)(?![\p{L}])/iu;

/**
 * "no PM dose", "none at night", "not at lunch", "skip PM", "(was PM, changed by vet)": a round the
 * words say is not given. Such a round is never a round of the words (`roundsNamed`), and the plan's
 * reader sets its words apart (src/domain/plan/read-text.ts `withoutNegatedRounds`).
 */
export const NOT_ROUND =
  /\b(?:no|none(?:\s+(?:at|in\s+the))?|nothing(?:\s+(?:at|in\s+the))?|not(?:\s+given)?(?:\s+(?:at|in\s+the|with))?|skip|skipping|skipped|omit|omitting|withhold|stop|stopped|no\s+longer(?:\s+(?:given\s+)?(?:at|in\s+the))?|never(?:\s+(?:at|in\s+the))?|was|previously|formerly)\s+(?:the\s+)?(breakfast|morning|am|a\.m\.|lunch|lunchtime|midday|noon|afternoon|dinner|tea|teatime|evening|night|bedtime|pm|p\.m\.)(?:\s+(?:dose|doses|tablet|tab|tabs|meds|medication|one|jab|injection|insulin))?(?![\p{L}\p{N}])/giu;

/** The rounds the words say are not given, each with its words ("skip PM"), in the day's order. */
export function roundsSaidNot(text: string | undefined): Partial<Record<Round, string>> {
  const out: Partial<Record<Round, string>> = {};
  for (const m of text?.matchAll(NOT_ROUND) ?? []) {
    for (const r of Object.keys(roundsByName(m[1] as string)) as Round[]) out[r] ??= m[0];
  }
  return Object.fromEntries(ALL.filter((r) => out[r]).map((r) => [r, out[r]]));
}

/** "7am", "6 pm", "18:00", "7.30pm": the round of a time written in the text; "0.2 pm" is an amount. */
const CLOCK = /(?<!\d[.,])\b(\d{1,2})(?:([:.])(\d{2}))?\s?(a\.?m\b\.?|p\.?m\b\.?)?(?![\w:])/gi;

function clockRound(text: string): { round: Round; word: string } | undefined {
  return clockRounds(text)[0];
}

/** "0800", "2000hrs": a 24-hour time in four digits (a leading zero, "h"/"hrs" after it, or paired with one). */
const FOUR_DIGITS =
  /(?<![\d.,:-])(?<!\d{1,2}\/\d{1,2}\/)([01]\d|2[0-3])([0-5]\d)(\s?(?:h|hrs?|hours)\b)?(?!\d|[.,:]\d|\/\d{1,2}(?!\d)|\s?(?:mg|ml|g|iu|units?)\b)/gi;
/** "6 & 18", "7 and 19": two bare hours, the first before noon and the second after: a 24-hour pair. */
const HOUR_PAIR =
  /(?<![\d/.,:])(\d{1,2})\s*(?:&|and|\+)\s*(\d{1,2})(?!\d|[/.,:]\d|\s*(?:mg|mcg|µg|ml|g|kg|tabs?|tablets?|caps?|capsules?|units?|iu|u|drops?|x|%|cups?|sachets?|am|pm|a\.m|p\.m)\b)/gi;

const roundOfHour = (hour: number): Round => (hour < 11 ? "morning" : hour < 16 ? "midday" : "evening");

/** A clock time written in a text: its round, its words, where it is, and its minutes after midnight. */
export interface ClockTime {
  round: Round;
  word: string;
  index: number;
  minutes: number;
}

/** Every clock time written in a text ("3am", "22:00", "0700"), in order: the plan's reader checks each is near its round. */
export const clockTimes = (text: string): ClockTime[] => clockRounds(text);

/** Every time written as a clock time in a text ("7am and 7pm", "08:00 & 20:00"), with its round, in order. */
function clockRounds(text: string): ClockTime[] {
  const out: ClockTime[] = [];
  for (const m of text.matchAll(CLOCK)) {
    const [word, h, sep, min, half] = m;
    // A bare number or a decimal is a quantity ("2 ml", "1.25 ml"), not a time.
    if (!half && sep !== ":") continue;
    if (min && Number(min) > 59) continue;
    let hour = Number(h);
    if (hour > 23 || (half && (hour < 1 || hour > 12))) continue;
    if (half && /^p/i.test(half) && hour < 12) hour += 12;
    if (half && /^a/i.test(half) && hour === 12) hour = 0;
    out.push({
      round: roundOfHour(hour),
      word: word.trim(),
      index: m.index,
      minutes: hour * 60 + Number(min ?? 0),
    });
  }
  // A leading zero or "hrs" makes a time; so does being listed beside one ("0700, 1500, 2300").
  const four: RegExpExecArray[] = [...text.matchAll(FOUR_DIGITS)];
  const sure = new Set(four.filter((m) => m[0].startsWith("0") || m[3] !== undefined));
  const beside = (a: RegExpExecArray, b: RegExpExecArray) => {
    const [first, second] = a.index < b.index ? [a, b] : [b, a];
    return /^\s*(?:\/|&|and|\+|,|-|–)\s*$/i.test(text.slice(first.index + first[0].length, second.index));
  };
  for (let grew = true; grew; ) {
    grew = false;
    for (const m of four) {
      if (!sure.has(m) && [...sure].some((o) => beside(o, m))) {
        sure.add(m);
        grew = true;
      }
    }
  }
  for (const m of sure) {
    const minutes = Number(m[1]) * 60 + Number(m[2]);
    out.push({ round: roundOfHour(Number(m[1])), word: m[0].trim(), index: m.index, minutes });
  }
  for (const m of text.matchAll(HOUR_PAIR)) {
    const [a, b] = [Number(m[1]), Number(m[2])];
    if (a >= 12 || b < 12 || b > 23) continue;
    out.push({ round: roundOfHour(a), word: m[1] as string, index: m.index, minutes: a * 60 });
    out.push({
      round: roundOfHour(b),
      word: m[2] as string,
      index: m.index + m[0].lastIndexOf(m[2] as string),
      minutes: b * 60,
    });
  }
  return out.sort((x, y) => x.index - y.index);
}

const globalOf = (re: RegExp) => new RegExp(re.source, re.flags.includes("g") ? re.flags : `${re.flags}g`);

/** Every round and frequency pattern, global, compiled once. */
const USED_PATTERNS = [
  ...ROUND_WORDS.map(([, re]) => re),
  ...TIMES_A_DAY.map(([, re]) => re),
  EACH_MEAL,
  EVERY_HOURS,
  ONCE_WORDS,
].map(globalOf);

/**
 * Every word the round and frequency words read in a text, as written: each round's word and clock
 * time, each "twice daily", "q8h", "once daily", "every 12 hours", "with each meal". The care plan's
 * reader places them (src/domain/plan/closed.ts).
 */
export function roundWordsUsed(text: string): string[] {
  const rest = text.replace(CLOCK, (m, _h, sep, _min, half) =>
    half || sep === ":" ? " ".repeat(m.length) : m,
  );
  return [
    ...clockRounds(text).map((c) => c.word),
    ...USED_PATTERNS.flatMap((re) => [...rest.matchAll(re)].map((m) => m[0])),
  ];
}

/**
 * The rounds a text names, each with the words that name it ("bedtime", "twice daily"), in the
 * day's order. Empty when the text names no round.
 */
export function roundsNamed(text: string | undefined): Partial<Record<Round, string>> {
  const out: Partial<Record<Round, string>> = {};
  if (!text) return out;
  // A round the words say is not given is never one of theirs ("1 tab AM, skip PM").
  const not = roundsSaidNot(text);
  const add = (rounds: Round[], word: string) => {
    for (const r of rounds) if (!not[r]) out[r] ??= word;
  };
  const said = text.replace(NOT_ROUND, (m) => " ".repeat(m.length));
  const clock = clockRound(said);
  if (clock) add([clock.round], clock.word);
  for (const [round, re] of ROUND_WORDS) {
    const m = re.exec(said);
    if (m) add([round], m[0].trim());
  }
  for (const [rounds, re] of OFTEN_WORDS) {
    const m = re.exec(said);
    if (m) add(rounds, m[0].trim());
  }
  const every = EVERY_HOURS.exec(said);
  if (every) {
    const hours = Number(every[1] ?? every[2]);
    if (hours >= 1 && hours <= 8) add(ALL, every[0]);
    else if (hours <= 16) add(TWICE, every[0]);
  }
  return Object.fromEntries(ALL.filter((r) => out[r]).map((r) => [r, out[r]]));
}

/** More than once a day, by its words: "twice daily", "TID", "every 8 hours". */
function moreThanOnce(text: string): boolean {
  if (OFTEN_WORDS.some(([, re]) => re.test(text))) return true;
  const every = EVERY_HOURS.exec(text);
  return every !== null && Number(every[1] ?? every[2]) <= 16;
}

/**
 * The words that say the text is given once a day ("once daily", "SID", "every 24 hours",
 * "daily"), or undefined: not said, or words that say more often are there too (then it is not once).
 */
export function onceADay(text: string | undefined): string | undefined {
  if (!text || moreThanOnce(text)) return undefined;
  return ONCE_WORDS.exec(text)?.[0];
}

/** The round of a once-a-day instruction: the first round its words name, else the first not said not given. */
export function onceADayRound(text: string): Round {
  const named = roundsNamed(text);
  const not = roundsSaidNot(text);
  return ALL.find((r) => named[r]) ?? ALL.find((r) => !not[r]) ?? "morning";
}

/**
 * The rounds a text names by a round's word or a clock time ("with breakfast", "AM", "at bedtime",
 * "7am and 7pm"), each with its words, in the day's order; not by how often ("twice daily": see
 * `timesADay`). A clock time is read before the words, so "1pm" is midday, not evening by its "pm".
 */
export function roundsByName(text: string): Partial<Record<Round, string>> {
  const out: Partial<Record<Round, string>> = {};
  for (const c of clockRounds(text)) out[c.round] ??= c.word;
  const rest = text.replace(CLOCK, (m, _h, sep, _min, half) => (half || sep === ":" ? " " : m));
  for (const [round, re] of ROUND_WORDS) {
    const m = re.exec(rest);
    if (m) out[round] ??= m[0].trim();
  }
  return Object.fromEntries(ALL.filter((r) => out[r]).map((r) => [r, out[r]]));
}

/**
 * How many times a day a text says, with its words: "once daily", "SID", "daily" 1; "twice daily",
 * "BID", "q12h", "every 12 hours" 2; "TID", "q8h" 3; "QID", "every 6 hours" 4; "every N hours" 24/N
 * (rounded up). Undefined when it says none. "with each meal" is not a number (see `withEachMeal`).
 */
export function timesADay(text: string): { perDay: number; words: string } | undefined {
  for (const [n, re] of TIMES_A_DAY) {
    const m = re.exec(text);
    if (m) return { perDay: n, words: m[0].trim() };
  }
  const every = EVERY_HOURS.exec(text);
  const hours = Number(every?.[1] ?? every?.[2]);
  if (every && hours >= 1 && hours <= 24) return { perDay: Math.ceil(24 / hours), words: every[0] };
  const once = ONCE_WORDS.exec(text);
  return once ? { perDay: 1, words: once[0] } : undefined;
}

/** The words that say "with each meal" ("with meals", "every feed"), or undefined. */
export function withEachMeal(text: string): string | undefined {
  return EACH_MEAL.exec(text)?.[0];
}

/** Once a day said in so many words ("once daily", "SID"), not by "daily" alone ("twice daily" has it too). */
const ONCE_SAID =
  /\b(?:once (?:a|per|each|every) day|once daily|(?:1 ?x|x ?1) ?(?:\/ ?)?(?:daily|a day|per day|day)|s\.?i\.?d|q\.? ?24 ?h(?:rs?|ours?)?|every 24 ?(?:h|hrs?|hours?))\b/i;

/** Do the words say two different numbers of times a day ("SID … BID", "twice daily, every 8 hours")? */
export function timesDisagree(text: string): boolean {
  const counts = new Set(TIMES_A_DAY.filter(([, re]) => re.test(text)).map(([n]) => n));
  const every = EVERY_HOURS.exec(text);
  const hours = Number(every?.[1] ?? every?.[2]);
  if (every && hours >= 1 && hours <= 24) counts.add(Math.ceil(24 / hours));
  if (ONCE_SAID.test(text)) counts.add(1);
  return counts.size > 1;
}
