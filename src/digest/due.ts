/**
 * When a scheduled post is due: croner's firing times for a local time in the kennel's zone (DST
 * days included). Shared by the scheduler and the job (which marks a post late from it).
 */
import { Cron } from "croner";
import { localDate } from "../time.ts";

/** "07:00" → croner's pattern. */
function cronPattern(time: string): string {
  const [h, m] = time.split(":");
  return `${Number(m)} ${Number(h)} * * *`;
}

/** The next firing after `from`, by croner's own rules. */
export function nextDigestRun(time: string, timezone: string, from: Date): Date | null {
  const job = new Cron(cronPattern(time), { timezone, paused: true });
  const next = job.nextRun(from);
  job.stop();
  return next;
}

const dueCache = new Map<string, Date | null>();

/**
 * When a post at local `time` is due on a local `date`: croner's firing that day (DST days
 * included). Null for a date on which it never fires (a zone that skipped the whole day).
 */
export function dueInstant(time: string, timezone: string, date: string): Date | null {
  const key = `${time}|${timezone}|${date}`;
  const cached = dueCache.get(key);
  if (cached !== undefined) return cached;
  // The first firing after the end of the previous day, in UTC terms a day and a half back is
  // safely before the local midnight in every zone.
  const start = new Date(Date.parse(`${date}T00:00:00Z`) - 36 * 3600_000);
  let next = nextDigestRun(time, timezone, start);
  while (next && localDate(next, timezone) < date) next = nextDigestRun(time, timezone, next);
  const due = next && localDate(next, timezone) === date ? next : null;
  if (dueCache.size > 1000) dueCache.clear();
  dueCache.set(key, due);
  return due;
}
