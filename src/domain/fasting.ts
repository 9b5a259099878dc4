/**
 * When a fast applies, from its words (issue 32). "Fasting from 8pm" applies from 20:00: the rounds
 * before it feed the pet as usual, with "🚫 fasting from 20:00" beside the meal. "no food after 6pm"
 * is from 18:00; "NBM until 10am" until 10:00; "from 8pm until 9am" across the night. A fast from a
 * time with no end runs to the next morning's procedure, which a static care record cannot date: the
 * sheets say from when, and never drop the words. Words that name no start nor end apply at every
 * round; an op's time ("NIL BY MOUTH – op at 10:00") ends nothing (the vet says when the pet eats
 * after it), but the rounds past it show the words with "ask before feeding" (`fastPassedAt`). Midnight as a start is the end of the day ("Starve from midnight":
 * the day's rounds are before it); as an end, the start of the day.
 *
 * Times are as the words state them, never guessed: a bare number with no am/pm and no minutes
 * ("from 8") names no time, and the fast then applies at every round.
 */

/**
 * Fasting words: "nil by mouth" (NBM, NPO), "fast", "fasting", "no food after", "starve", "nothing
 * to eat". "Breakfast", "eats fast" and "fast eater" are not a fast.
 */
const FASTING =
  /\b(nil\s+by\s+mouth|nbm|npo|n\.p\.o\.?|fasting|fasted|starved?|starving|nothing\s+to\s+eat|no\s+(food|feed|breakfast|dinner|tea|supper|meals?)\s+(after|from|before|until|till|tonight|today|tomorrow|on|the\s+night\s+before|morning\s+of)|fast(\s+(from|after|before|until|till|for|overnight|tonight|today))?)\b/i;
const NOT_FASTING = /\b(eats?|eating|ate|too|very|so)\s+fast\b|\bfast\s+(eater|eating|feeder)\b/gi;

/** Do the words say the pet is fasting? */
export const saysFasting = (text: string): boolean => FASTING.test(text.replace(NOT_FASTING, " "));

/** A fast's times, "HH:MM" in the kennel's day ("24:00": midnight as a start). */
export interface FastingTimes {
  from?: string;
  until?: string;
  /** The time of the procedure the pet fasts for, as the words state it ("op at 10:00"). */
  op?: string;
}

const CLOCK = String.raw`(?:(\d{1,2})(?:[:.](\d{2}))?\s*(a\.?m\b\.?|p\.?m\b\.?)?|(midnight|noon|midday))`;
const FROM = new RegExp(String.raw`\b(?:from|after|since|starting(?:\s+at)?)\s+${CLOCK}`, "i");
const UNTIL = new RegExp(String.raw`\b(?:until|till|til|up\s+to)\s+${CLOCK}`, "i");
/** The procedure's time: "op at 10:00", "surgery 9.30am", "spay booked for 11am". */
const OP = new RegExp(
  String.raw`\b(?:op|operation|surgery|procedure|spay|neuter|castration|dental|ga|an(?:a)?esthetic|sedation)\s+(?:is\s+)?(?:booked\s+)?(?:at|@|for)?\s*${CLOCK}`,
  "i",
);

const pad = (n: number) => String(n).padStart(2, "0");

/** The time a match names, or undefined when it names none for sure. */
function clockOf(m: RegExpExecArray | null, start: boolean): string | undefined {
  if (!m) return undefined;
  const [, h, min, half, word] = m;
  if (word) {
    if (/midnight/i.test(word)) return start ? "24:00" : "00:00";
    return "12:00";
  }
  if (h === undefined) return undefined;
  let hour = Number(h);
  const minutes = min === undefined ? 0 : Number(min);
  if (minutes > 59) return undefined;
  if (half) {
    if (hour < 1 || hour > 12) return undefined;
    if (/^p/i.test(half) && hour < 12) hour += 12;
    if (/^a/i.test(half) && hour === 12) hour = start ? 24 : 0;
  } else if (min === undefined || hour > 23) {
    // "from 8": which 8 is not said.
    return undefined;
  }
  return `${pad(hour)}:${pad(minutes)}`;
}

/** The times the fasting words state, or undefined when they state none. */
export function fastingTimes(words: string | undefined): FastingTimes | undefined {
  if (!words) return undefined;
  const from = clockOf(FROM.exec(words), true);
  const until = clockOf(UNTIL.exec(words), false);
  const op = clockOf(OP.exec(words), false);
  if (!from && !until && !op) return undefined;
  return { ...(from ? { from } : {}), ...(until ? { until } : {}), ...(op ? { op } : {}) };
}

const minutesOf = (hhmm: string) => {
  const [h = "0", m = "0"] = hhmm.split(":");
  return Number(h) * 60 + Number(m);
};

/** Does a fast apply at a round's time (HH:MM)? Always, when its words state no time. */
export function fastingAt(times: FastingTimes | undefined, at: string): boolean {
  // An op's time alone ends nothing: after it the vet says when the pet eats (`fastPassedAt`).
  if (!times || (times.from === undefined && times.until === undefined)) return true;
  const t = minutesOf(at);
  const from = times.from === undefined ? undefined : minutesOf(times.from);
  const until = times.until === undefined ? undefined : minutesOf(times.until);
  if (from !== undefined && until !== undefined)
    return from < until ? from <= t && t < until : t >= from || t < until;
  if (from !== undefined) return t >= from;
  return until !== undefined && t < until;
}

/** A round past a time its fast's words state: the op's ("op at 10:00"), or the fast's end ("until 10am"). */
export interface FastPassed {
  what: "op" | "end";
  at: string;
}

/**
 * Is a round (its time, HH:MM) past the op's time or the end the fast's words state? Then the sheet
 * shows the fast's words whole with "ask before feeding", not a bare "fasting" beside the round's
 * meal: a static care record cannot say whether today is the op's day, nor when the vet lets the pet
 * eat after it. Never a fast cut: past an op, the fast still applies (`fastingAt`: no meal due nor
 * chased; a person asks); past its stated end, the meal is due as the words say, and the sheet says
 * to ask first. A fast across the night ("from 8pm until 9am") is neither: its words state both times.
 */
export function fastPassedAt(times: FastingTimes | undefined, at: string): FastPassed | undefined {
  if (!times) return undefined;
  const t = minutesOf(at);
  if (times.op !== undefined && t >= minutesOf(times.op)) return { what: "op", at: times.op };
  const { from, until } = times;
  if (until === undefined || t < minutesOf(until)) return undefined;
  return from === undefined || minutesOf(from) <= minutesOf(until) ? { what: "end", at: until } : undefined;
}

/** A time of a fast in words: "20:00", "midnight". */
export const fastingClock = (hhmm: string) => (hhmm === "24:00" || hhmm === "00:00" ? "midnight" : hhmm);
