/**
 * What kind of item an instruction is: routine, as needed ("PRN", "as needed", "when reqd", "SOS",
 * with its reason, the most per 24 hours and the least time between doses when the words give them)
 * or conditional ("ONLY if she has eaten", "skip if sick", "hold if vomiting", "not eating = no
 * jab"), the words that leave it to someone's judgement ("as directed", "see vet's letter",
 * "increase to…", a question mark), and the words that say it is not given at all ("stopped by the
 * vet", "do not give").
 *
 * A condition or a reason is read in the words kennels use for one (eating, sickness, itching,
 * pain, seizures, fireworks, a temperature above 39.2): a word outside them is not placed
 * (src/domain/plan/closed.ts), and the item is left to a person.
 */
import type { Claim } from "./closed.ts";

/** As needed: "PRN", "as needed/required", "when reqd", "if needed", "as and when", "SOS". */
const AS_NEEDED =
  /(?<![\p{L}])(?:p\.?\s?r\.?\s?n\.?|as\s+(?:and|&)\s+when(?:\s+(?:needed|required|necessary|req(?:uire)?d\.?))?|(?:(?:only\s+)?as|(?:only\s+)?when|(?:only\s+)?if|if\s+and\s+when)\s+(?:needed|required|necessary|req(?:uire)?d\.?|req\.?)|s\.?o\.?s\.?)(?![\p{L}])/iu;

/** The end of a clause: a comma, semicolon, full stop (not a decimal point), bracket or dash. */
const CLAUSE = "(?:[^,;.()–—\\n]|\\.(?=\\d))+";

/** A condition's opening words, with or without "if": to the clause's end. */
const CONDITION = new RegExp(
  "(?<![\\p{L}])(?:(?:only(?:\\s+give)?|give\\s+only)\\s+(?:if|when|after|once)|" +
    "(?:stop|skip|hold(?:\\s+off)?|withhold|omit|miss|don'?t\\s+give|do\\s+not\\s+give|not|no\\s+dose|no\\s+jab|none|but\\s+not|except)\\s+(?:if|when|unless)|" +
    `if|unless|provided(?:\\s+that)?|as\\s+long\\s+as)(?![\\p{L}])\\s+(?!needed|required|necessary|req)${CLAUSE}`,
  "iu",
);

/** A condition written as a sum: "not eating = no jab", "vomiting -> skip", "off food → no insulin". */
const CONDITION_SUM = new RegExp(
  `(?<![\\p{L}])(?:[\\p{L}'’]+\\s+){0,4}[\\p{L}'’]+\\s*(?:=+>?|->|→)\\s*(?:no|skip|hold|miss|withhold|omit|none|don'?t\\s+give|do\\s+not\\s+give)(?![\\p{L}])${CLAUSE.replace("+", "*")}`,
  "iu",
);

/** As needed beside a routine: "twice daily or as needed", "plus PRN". */
const AS_WELL =
  /\b(?:or|and|plus|\+|also)\s+(?:p\.?r\.?n|as\s+(?:needed|required)|when\s+needed|if\s+needed)\b/i;

/** A reason for an as-needed dose: "for itching", "if scratching", "in case of seizures". */
const REASON = new RegExp(
  `(?<![\\p{L}])(?:for|in\\s+case\\s+of|if|when|only\\s+if)\\s+(?!\\d|needed|required|necessary|req|(?:the\\s+)?(?:next|first|\\d))${CLAUSE}`,
  "iu",
);

const MAX_PER_DAY =
  /\b(?:max(?:imum)?\.?|no\s+more\s+than|not\s+more\s+than|up\s+to)\s*(?:of\s+)?(\d{1,2})\s*(?:doses?|times?|tabs?|tablets?|x)?\s*(?:in|per|a|\/|every|each)\s*(?:24\s*(?:h|hrs?|hours?)|day|days)\b/i;
const MIN_HOURS = [
  /\b(?:at\s+least|minimum(?:\s+of)?|min\.?|not?\s+(?:more|sooner)\s+(?:often\s+)?than(?:\s+(?:every|once\s+every))?|not\s+within)\s*(\d{1,2})\s*(?:h|hrs?|hours?)(?:\s+apart)?\b/i,
  /\b(\d{1,2})\s*(?:h|hrs?|hours?)\s+apart\b/i,
  /\bq\.?\s?(\d{1,2})\s?h(?:rs?|ours?)?\b/i,
  /\bevery\s+(\d{1,2})\s?(?:h|hrs?|hours?)\b/i,
];

/** Words that leave the dose to someone's judgement: a person reads it. */
const JUDGEMENT =
  /\b(?:as\s+(?:directed|per|instructed|advised)|see\s+(?:vet|notes?|letter|attached|sheet|instructions?|label|box|bottle|packet|below|above)|vet\s+(?:to|will)|owners?\s+(?:to|will)|ask|check\s+with|call|phone|increas\w*|decreas\w*|reduc\w*|wean\w*|depend\w*|according\s+to|sliding\s+scale|glucose\s+curve|curve|tbc|tba|unsure|not\s+sure|maybe|possibly|either|and\/or|alternat(?:e|ing)\s+(?!days?\b|weeks?\b|(?:mornings|evenings|nights|doses)\b|mon|tue|wed|thu|fri|sat|sun)|the\s+rest|remaining|alternate\s+weeks?|alt\.?\s+weeks?|week\s+on,?\s+week\s+off|rest\s+(?:at|in|later)|stat|loading\s+dose|double|extra|additional|top[\s-]?up|until\s+(?!finished|gone|all\s+gone|used\s+up|empty|course\s+(?:is\s+)?(?:finished|complete))(?!\s*\d)(?!the\s+\d)\p{L}+)\b|\?/iu;

/** Words that say the drug is not given: stopped, finished, on hold, not to be given. */
const STOPPED =
  /(?<![\p{L}])(?:stopped|discontinued|d\/c'?d|no\s+longer\s+(?:given|needed|required|taking|on\s+it)|not\s+(?:to\s+be\s+)?given|not\s+needed|not\s+required|do\s+not\s+give|don'?t\s+give|not\s+giving|stop(?:ped)?\s+giving|on\s+hold|paused|course\s+(?:finished|completed|done)|finished\s+(?:course|now)|vet\s+(?:said|says)\s+stop)(?![\p{L}])/iu;

/**
 * Words a condition or an as-needed reason is written in: who, eating, sickness, the symptoms an
 * as-needed dose is for, the events that bring one on, a reading and its numbers.
 */
const CONDITION_WORDS = new Set(
  (
    "she he it they him her his its their the a an any some all most her's dog cat pet " +
    "has have had is isn't not no hasn't haven't doesn't does did didn't won't will was been being be has'nt " +
    "eaten eat eats eating ate food meal meals breakfast dinner tea supper lunch anything something finished " +
    "finish finishes appetite interested picky off fussy hungry refuses refused refusing " +
    "vomit vomits vomiting vomited sick being bringing up brings brought diarrhoea diarrhea loose runny stool stools " +
    "poo poos poop soft watery bloody blood mucus constipated straining itchy itching itch itches scratching scratch " +
    "scratches scratchy licking lick licks chewing chews nibbling paws feet skin ears ear eyes eye red sore hot " +
    "pain painful sore limping limp limps stiff stiffness lame lameness uncomfortable discomfort sore crying " +
    "yelping seizure seizures seizing fit fits fitting cluster clusters tremors trembling shaking twitching episode " +
    "episodes attack collapse collapses collapsing wobbly weak panting anxious anxiety stressed stress nervous " +
    "worried scared frightened fearful fireworks firework thunder thunderstorm thunderstorms storm storms bangs " +
    "noise noises travel travelling car journey vet visit visits restless unsettled agitated barking whining " +
    "howling coughing cough coughs sneezing sneezes breathing breathless hypo hypoglycaemic lethargic quiet flat " +
    "dull unwell poorly temp temperature above over below under higher lower high low reading glucose sugar blood " +
    "urine wee wees peeing drinking thirsty more less than very much well badly bad better worse normal normally " +
    "usual usually again still lasts lasting longer minutes mins min seconds secs 5 than or and with after before " +
    "he's she's it's jab injection insulin dose doses tablet tablets tab tabs meds medication medicine one given " +
    "give then skip hold miss none °c c degrees in on at of to is's properly fully least cramps cramping colic " +
    "wind gassy bloated tummy upset sleepy drowsy sedated dopey groggy don't can't cannot won't distressed " +
    "biting bites bite nibbles " +
    "grooming bath bathing nails clipping vets vet's appointment visitors hot spots hotspots flare flares up"
  ).split(" "),
);

export interface KindWords {
  asNeeded: string | undefined;
  /** As needed beside a routine ("BID or as needed"): which is it? */
  asWell: boolean;
  condition: string | undefined;
  reason: string | undefined;
  maxPer24h: number | undefined;
  minHoursBetween: number | undefined;
  judgement: string | undefined;
  /** Words that say the drug is not given ("stopped by the vet"). */
  stopped: string | undefined;
  /** The words placed by the kind: each at its place in the text. */
  claims: Claim[];
}

/** A clause of condition or reason words: its opening claimed whole, each word inside that is one. */
function clauseClaims(clause: RegExpExecArray, opening: RegExp): Claim[] {
  const text = clause[0];
  const open = opening.exec(text);
  const from = open ? open.index + open[0].length : 0;
  const claims: Claim[] = open ? [{ at: clause.index + open.index, words: open[0] }] : [];
  for (const m of text.slice(from).matchAll(/[\p{L}\p{N}]+(?:['’.,][\p{L}\p{N}]+)*|[=→>°-]+/gu)) {
    const w = m[0].toLowerCase();
    if (CONDITION_WORDS.has(w) || /^[\d.,]+$/.test(w) || /^[=→>°-]+$/.test(w)) {
      claims.push({ at: clause.index + from + m.index, words: m[0] });
    }
  }
  return claims;
}

const OPENING =
  /^(?:(?:only(?:\s+give)?|give\s+only)\s+(?:if|when|after|once)|(?:stop|skip|hold(?:\s+off)?|withhold|omit|miss|don'?t\s+give|do\s+not\s+give|not|no\s+dose|no\s+jab|none|but\s+not|except)\s+(?:if|when|unless)|if|unless|provided(?:\s+that)?|as\s+long\s+as|for|in\s+case\s+of|when)\s+/i;

/** "not eating = no jab": the sum's condition from its first word of a condition ("BID not eating" → "not eating"). */
function sumCondition(text: string): RegExpExecArray | null {
  const m = CONDITION_SUM.exec(text);
  if (!m) return null;
  let words = m[0];
  let at = m.index;
  for (
    let w = /^([\p{L}'’]+)\s+/u.exec(words);
    w && !CONDITION_WORDS.has((w[1] ?? "").toLowerCase());
    w = /^([\p{L}'’]+)\s+/u.exec(words)
  ) {
    at += w[0].length;
    words = words.slice(w[0].length);
  }
  return Object.assign([words] as unknown as RegExpExecArray, { index: at, input: text });
}

const whole = (m: RegExpExecArray | null): Claim[] => (m ? [{ at: m.index, words: m[0] }] : []);

/** A clause's words after its opening ("if", "skip if", none for a sum), each a word of a condition? */
function accountedFor(clause: RegExpExecArray): boolean {
  const text = clause[0];
  const open = OPENING.exec(text);
  const rest = open ? text.slice(open[0].length) : text;
  return [...rest.matchAll(/[\p{L}\p{N}]+(?:['’.,][\p{L}\p{N}]+)*|[=→>°-]+/gu)].every((m) => {
    const w = m[0].toLowerCase();
    return CONDITION_WORDS.has(w) || /^[\d.,]+$/.test(w) || /^[=→>°-]+$/.test(w);
  });
}

/**
 * The condition the words give: the first clause opening with "if", "skip if", "unless"… (or a sum,
 * "not eating = no jab") whose every word is one a condition is written in. A clause with a word
 * outside them is no condition ("she spits it out if she sees it": a behaviour note, not when to
 * give it): its words are not placed, and the item goes to a person with them whole, routine.
 */
function conditionIn(text: string): RegExpExecArray | null {
  for (const m of text.matchAll(new RegExp(CONDITION.source, "giu"))) {
    if (accountedFor(m))
      return Object.assign([m[0]] as unknown as RegExpExecArray, { index: m.index, input: text });
  }
  const sum = sumCondition(text);
  return sum && accountedFor(sum) ? sum : null;
}

export function kindWordsIn(text: string): KindWords {
  const asNeededMatch = AS_NEEDED.exec(text);
  const asNeeded = asNeededMatch?.[0];
  const afterAt = asNeededMatch ? asNeededMatch.index + asNeededMatch[0].length : 0;
  const afterNeeded = text.slice(afterAt);
  const conditionMatch = conditionIn(text);
  const condition = conditionMatch?.[0].trim();
  const reasonAfter = REASON.exec(afterNeeded);
  const reasonMatch = reasonAfter
    ? Object.assign(reasonAfter, { index: reasonAfter.index + afterAt })
    : REASON.exec(text);
  const maxMatch = MAX_PER_DAY.exec(text);
  const minMatches = MIN_HOURS.map((re) => re.exec(text));
  const minHours = minMatches.map((m) => m?.[1]).find((h) => h !== undefined);
  const stopped = STOPPED.exec(condition ? text.replace(condition, " ".repeat(condition.length)) : text);
  const reasonClaims = asNeeded && reasonMatch && !condition ? clauseClaims(reasonMatch, OPENING) : [];
  return {
    asNeeded,
    asWell: AS_WELL.test(text),
    condition,
    reason: reasonMatch?.[0].trim(),
    maxPer24h: maxMatch?.[1] === undefined ? undefined : Number(maxMatch[1]),
    minHoursBetween: minHours === undefined ? undefined : Number(minHours),
    judgement: JUDGEMENT.exec(text)?.[0],
    stopped: stopped?.[0],
    claims: [
      ...whole(asNeededMatch),
      ...(conditionMatch
        ? clauseClaims(conditionMatch, conditionMatch[0].match(OPENING) ? OPENING : /^$/)
        : []),
      ...reasonClaims,
      ...whole(maxMatch),
      ...minMatches.flatMap(whole),
    ],
  };
}
