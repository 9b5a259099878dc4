/** When the day's review is due, from the rounds' times (issue 50). */
import { ROUNDS, type Round } from "./care.ts";

/**
 * When the day's review is due (issue 50): the last round's dose window closed (its time plus the
 * window's minutes after it), a minute before midnight at the latest. Before it, the day's rounds are
 * still open: the day is not yet to be reviewed.
 */
export function reviewTime(times: Record<Round, string>, afterMinutes: number): string {
  const last = Math.max(...ROUNDS.map((r) => minutesOf(times[r])));
  const at = Math.min(last + afterMinutes, 23 * 60 + 59);
  return `${String(Math.floor(at / 60)).padStart(2, "0")}:${String(at % 60).padStart(2, "0")}`;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
