/**
 * The days an instruction's words give, as the round sheets read them (src/domain/care.ts
 * `medicationsFor`): what a dose left to a person is due by, its care plan not confirmed. The words
 * never make a dose due every day that they say is not:
 * - every other day, every few days, weekly, monthly ("EOD", "alternate days", "q48h", "every 3rd
 *   day", "every other evening": its round only): with no day to count from, no sheet can say which
 *   day is one of its days. Shown whole on each sheet it would be due on, never chased there: "every
 *   other day: was it given yesterday? check the record" (its plan's question settles its days);
 * - days it is not given ("except Sunday", "no Sundays", "Sundays off") and days named ("Mon/Wed/Fri"):
 *   on another day, shown whole, "not today: its words say …", never chased. Days named beside words
 *   that say other days differ ("1 tab Mon, half the other days") are not read here.
 * The reading is the care plan's (src/domain/plan/days.ts): one reading of days for every surface.
 */
import { weekday } from "../time.ts";
import { daysIn } from "./plan/days.ts";
import { roundsByName } from "./round-words.ts";

/** A round (care.ts's `Round`, written here so the two modules import one way only). */
type Round = "morning" | "midday" | "evening";

/** Why a dose the sheet would print is not due on it by its days' words, with the words. */
export type OffByDays =
  /** Every other day (or every few days, weekly…): which day is not known from the words. */
  | { state: "some_days"; words: string }
  /** Not one of the days the words give ("except Sunday", "Mon/Wed/Fri"). */
  | { state: "not_today"; words: string };

/** Words beside days named that say the other days differ, or say more than the days. */
const MORE = /\b(?:other|rest|remaining|otherwise|else|instead|then|extra|double|increase|reduce)\b/i;

/**
 * Is a dose the sheet would print at `round` on `date` (the kennel's date; undefined: not known)
 * off by its instruction's days? Undefined when its days' words do not say so.
 */
export function offByDays(
  instruction: string | undefined,
  round: Round,
  date: string | undefined,
): OffByDays | undefined {
  const days = instruction ? daysIn(instruction) : undefined;
  if (!days || !instruction) return undefined;
  if (days.every === "weekdays") {
    if (date === undefined || days.weekdays.includes(weekday(date))) return undefined;
    return MORE.test(instruction) ? undefined : { state: "not_today", words: days.words };
  }
  // "every other evening": the evening only; the morning of "every morning and every other evening" is due.
  const own = days.every === "n_days" && days.round ? Object.keys(roundsByName(days.round)) : [];
  if (own.length > 0 && !own.includes(round)) return undefined;
  return { state: "some_days", words: days.words };
}
