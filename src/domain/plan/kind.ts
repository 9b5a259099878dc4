/**
 * What kind of item an instruction is: routine, as needed ("PRN", "as needed", with its reason, the
 * most per 24 hours and the least time between doses when the words give them) or conditional
 * ("ONLY if she has eaten"), and the words that leave it to someone's judgement ("as directed",
 * "see vet's letter", "increase to…", a question mark).
 */

/** As needed: "PRN", "as needed/required", "when needed", "if needed", "SOS". */
const AS_NEEDED =
  /(?<![\p{L}])(?:p\.?r\.?n\.?|as\s+(?:and\s+when\s+)?(?:needed|required|necessary)|when\s+(?:needed|required|necessary)|if\s+(?:needed|required|necessary)|s\.?o\.?s\.?)(?![\p{L}])/iu;

/** A condition: "only if…", "if…", "unless…", "provided…", "only after she has eaten". To the clause's end. */
const CONDITION =
  /\b(?:(?:only(?:\s+give)?|give\s+only)\s+(?:if|when|after|once)|(?:stop|don'?t\s+give|do\s+not\s+give|but\s+not)\s+(?:if|when|unless)|if|unless|provided(?:\s+that)?|as\s+long\s+as)\b\s+(?!needed|required|necessary)[^,;.()–—]+/i;

/** As needed beside a routine: "twice daily or as needed", "plus PRN". */
const AS_WELL =
  /\b(?:or|and|plus|\+|also)\s+(?:p\.?r\.?n|as\s+(?:needed|required)|when\s+needed|if\s+needed)\b/i;

/** A reason for an as-needed dose: "for itching", "for pain", "if scratching". */
const REASON =
  /\b(?:for|in\s+case\s+of|if|when|only\s+if)\s+(?!\d|needed|required|necessary|(?:the\s+)?(?:next|first|\d))[^,;.()–—]+/i;

const MAX_PER_DAY =
  /\b(?:max(?:imum)?\.?|no\s+more\s+than|not\s+more\s+than|up\s+to)\s*(?:of\s+)?(\d{1,2})\s*(?:doses?|times?|tabs?|tablets?|x)?\s*(?:in|per|a|\/|every|each)\s*(?:24\s*(?:h|hrs?|hours?)|day|days)\b/i;
const MIN_HOURS = [
  /\b(?:at\s+least|minimum(?:\s+of)?|min\.?|no\s+(?:more|sooner)\s+(?:often\s+)?than(?:\s+(?:every|once\s+every))?|not\s+within)\s*(\d{1,2})\s*(?:h|hrs?|hours?)\b/i,
  /\b(\d{1,2})\s*(?:h|hrs?|hours?)\s+apart\b/i,
  /\bq\.?\s?(\d{1,2})\s?h(?:rs?|ours?)?\b/i,
  /\bevery\s+(\d{1,2})\s?(?:h|hrs?|hours?)\b/i,
];

/** Words that leave the dose to someone's judgement: a person reads it. */
const JUDGEMENT =
  /\b(?:as\s+(?:directed|per|instructed|advised)|see\s+(?:vet|notes?|letter|attached|sheet|instructions?|label|box|bottle|packet|below|above)|vet\s+(?:to|will)|owners?\s+(?:to|will)|ask|check\s+with|call|phone|increas\w*|decreas\w*|reduc\w*|wean\w*|depend\w*|according\s+to|sliding\s+scale|glucose|curve|tbc|tba|unsure|not\s+sure|maybe|possibly|either|and\/or|except|alternat(?:e|ing)\s+(?!days?\b)|split|the\s+rest|remaining|rest\s+(?:at|in|later)|skip\w*|withh?old\w*|hold\s+if|stat|loading\s+dose|double|extra|additional|top[\s-]?up|until\s+(?!finished|gone|all\s+gone|used\s+up|empty|course\s+(?:is\s+)?(?:finished|complete))(?!\s*\d)\p{L}+)\b|\?/iu;

export interface KindWords {
  asNeeded: string | undefined;
  /** As needed beside a routine ("BID or as needed"): which is it? */
  asWell: boolean;
  condition: string | undefined;
  reason: string | undefined;
  maxPer24h: number | undefined;
  minHoursBetween: number | undefined;
  judgement: string | undefined;
}

export function kindWordsIn(text: string): KindWords {
  const asNeeded = AS_NEEDED.exec(text)?.[0];
  const afterNeeded = asNeeded ? text.slice(text.indexOf(asNeeded) + asNeeded.length) : text;
  const condition = CONDITION.exec(text)?.[0].trim();
  const max = MAX_PER_DAY.exec(text)?.[1];
  const minHours = MIN_HOURS.map((re) => re.exec(text)?.[1]).find((h) => h !== undefined);
  return {
    asNeeded,
    asWell: AS_WELL.test(text),
    condition,
    reason: (REASON.exec(afterNeeded) ?? REASON.exec(text))?.[0].trim(),
    maxPer24h: max === undefined ? undefined : Number(max),
    minHoursBetween: minHours === undefined ? undefined : Number(minHours),
    judgement: JUDGEMENT.exec(text)?.[0],
  };
}
