/**
 * The preview's kennel clock: today's local date (in KENNEL_TIMEZONE) at a time of day the preview
 * chooses, running in real time from there (the real clock plus a constant offset). The dose times
 * (issue 35) depend on the hour: on it, the preview's seed writes the kennel's morning as staff
 * would have written it (src/preview/dose-seed.ts), each entry at its own time, then the clock is
 * set to 13:00 and the bot started, whatever the hour the preview is started at. Only the preview
 * moves it, and only forward, before its bot's jobs start (from the evenings of the two days before,
 * for the welfare checks: src/preview/welfare-seed.ts); the sandbox's "today" is the same date.
 */
import type { Clock } from "../deps.ts";
import { localDate, zonedInstant } from "../time.ts";

/** The kennel's time of day when the preview's bot starts (with the default round times: morning missed, midday late). */
export const PREVIEW_STARTS_AT = "13:00";

export interface KennelClock extends Clock {
  /** The kennel's local date the clock is on (fixed when it was made). */
  readonly today: string;
  /** From now on reads `hhmm` on its date (or on `date`, a day before it), then runs in real time. */
  setTo(hhmm: string, date?: string): void;
}

export function kennelClock(
  timezone: string,
  hhmm: string,
  real: Clock = { now: () => new Date() },
): KennelClock {
  const today = localDate(real.now(), timezone);
  let offset = 0;
  const clock = {
    today,
    now: () => new Date(real.now().getTime() + offset),
    setTo(time: string, date = today) {
      offset = zonedInstant(date, time, timezone).getTime() - real.now().getTime();
    },
  };
  clock.setTo(hhmm);
  return clock;
}
