/**
 * When a fast applies, from its words (issue 32). "Fasting from 8pm" applies from 20:00: the rounds
 * before it feed the pet as usual, with "🚫 fasting from 20:00" beside the meal. "no food after 6pm"
 * is from 18:00; "NBM until 10am" until 10:00; "from 8pm until 9am" across the night. A fast from a
 * time with no end runs to the next morning's procedure, which a static care record cannot date: the
 * sheets say from when, and never drop the words. Words that name no time ("NIL BY MOUTH – op at
 * 10:00") apply at every round. Midnight as a start is the end of the day ("Starve from midnight":
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
}

const CLOCK = String.raw`(?:(\d{1,2})(?:[:.](\d{2}))?\s*(a\.?m\b\.?|p\.?m\b\.?)?|(midnight|noon|midday))`;
const FROM = new RegExp(String.raw`\b(?:from|after|since|starting(?:\s+at)?)\s+${CLOCK}`, "i");
const UNTIL = new RegExp(String.raw`\b(?:until|till|til|up\s+to)\s+${CLOCK}`, "i");

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
  if (!from && !until) return undefined;
  return { ...(from ? { from } : {}), ...(until ? { until } : {}) };
}

const minutesOf = (hhmm: string) => {
  const [h = "0", m = "0"] = hhmm.split(":");
  return Number(h) * 60 + Number(m);
};

/** Does a fast apply at a round's time (HH:MM)? Always, when its words state no time. */
export function fastingAt(times: FastingTimes | undefined, at: string): boolean {
  if (!times) return true;
  const t = minutesOf(at);
  const from = times.from === undefined ? undefined : minutesOf(times.from);
  const until = times.until === undefined ? undefined : minutesOf(times.until);
  if (from !== undefined && until !== undefined)
    return from < until ? from <= t && t < until : t >= from || t < until;
  if (from !== undefined) return t >= from;
  return until !== undefined && t < until;
}

/** A time of a fast in words: "20:00", "midnight". */
export const fastingClock = (hhmm: string) => (hhmm === "24:00" || hhmm === "00:00" ? "midnight" : hhmm);
