/**
 * The in-process scheduler: croner fires at DIGEST_TIME in the kennel's time zone every day (a time
 * that does not exist that day fires once at the next valid minute; a time that happens twice
 * fires once). At start, a day whose time has passed without a post is posted late.
 */
import { Cron } from "croner";
import type { DigestSettings } from "../config.ts";
import type { Clock } from "../deps.ts";
import type { Logger } from "../log.ts";
import { localDate, zonedInstant } from "../time.ts";
import type { DigestJob } from "./job.ts";

export function cronPattern(time: string): string {
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

export interface DigestSchedule {
  nextRun(): Date | null;
  stop(): void;
}

export function startDigestSchedule(options: {
  job: DigestJob;
  settings: DigestSettings;
  timezone: string;
  clock: Clock;
  log: Logger;
}): DigestSchedule {
  const { job, settings, timezone, clock, log } = options;
  const cron = new Cron(cronPattern(settings.time), { timezone }, () => {
    const date = localDate(clock.now(), timezone);
    void job.runDay(date);
  });
  // Catch-up: started after today's time (a crash, a deploy): post now if not posted yet.
  const now = clock.now();
  const today = localDate(now, timezone);
  if (now.getTime() >= zonedInstant(today, settings.time, timezone).getTime()) {
    log.info({ date: today }, "started after the morning post's time: checking it was made");
    void job.runDay(today);
  }
  log.info({ next: cron.nextRun()?.toISOString(), time: settings.time, timezone }, "morning post scheduled");
  return {
    nextRun: () => cron.nextRun(),
    stop: () => {
      cron.stop();
      job.stop();
    },
  };
}
