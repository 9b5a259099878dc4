/**
 * The care record's retention (KENNEL_RECORD_RETENTION_DAYS, default 1095 days, three years; 0
 * keeps everything): once a day, at RETENTION_TIME in the kennel's zone, the entries of rounds more
 * than that many days before today are deleted (the store's purge, one transaction, which first
 * writes a retention entry into the record: the dates, how many, the setting, the last place
 * removed and its hash, so the chain still verifies), and how many is logged. Never at start-up: the first run is the next 03:30 after the bot starts, so a restart loop
 * or a wrong setting caught at start deletes nothing. Several replicas each run it: the second finds
 * nothing left to delete.
 */
import type { Clock } from "../deps.ts";
import type { Logger } from "../log.ts";
import type { CareRecordStore } from "../record/types.ts";
import { addDays, localDate } from "../time.ts";
import { nextDigestRun } from "./due.ts";
import type { Timers } from "./schedule.ts";

/** When the daily run is, local time: a quiet hour at a kennel. */
const RETENTION_TIME = "03:30";
/** The longest wait between two looks at the clock (a machine that slept still runs the day's job). */
const TICK_MS = 60 * 60_000;

const realTimers: Timers = {
  // Unref'd: the retention alone never keeps a process alive.
  set: (fn, ms) => setTimeout(fn, ms).unref(),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface RetentionJob {
  /** The next run, or null when the record keeps everything. */
  nextRun(): Date | null;
  /** Deletes what is past the retention now (what the daily run does); how many entries. */
  runOnce(): Promise<number>;
  stop(): void;
}

/** The oldest round date kept on `today`, with `days` of retention. */
export const keptFrom = (today: string, days: number) => addDays(today, -days);

interface RetentionOptions {
  store: CareRecordStore;
  days: number;
  timezone: string;
  clock: Clock;
  log: Logger;
  timers?: Timers;
}

/** One pass of retention now: deletes the entries of rounds before what is kept, and logs how many. */
async function purgeOnce(o: RetentionOptions): Promise<number> {
  const today = localDate(o.clock.now(), o.timezone);
  const before = keptFrom(today, o.days);
  const pass = await o.store.purge(before, { days: o.days, today });
  const deleted = pass.entries;
  o.log.info(
    { deleted, records: pass.records, before, throughSeq: pass.throughSeq, retentionDays: o.days },
    `care record retention: ${deleted} ${deleted === 1 ? "entry" : "entries"} of rounds before ${before} deleted, with a retention entry in the record`,
  );
  return deleted;
}

export function startRetention(o: RetentionOptions): RetentionJob {
  const timers = o.timers ?? realTimers;
  let stopped = false;
  let handle: unknown;
  // The first run is the next one after start: never at start-up.
  let next: Date | null = o.days > 0 ? nextDigestRun(RETENTION_TIME, o.timezone, o.clock.now()) : null;

  const runOnce = () => purgeOnce(o);

  const tick = async () => {
    if (stopped || !next) return;
    const now = o.clock.now();
    if (now.getTime() >= next.getTime()) {
      next = nextDigestRun(RETENTION_TIME, o.timezone, now);
      try {
        await runOnce();
      } catch (error) {
        o.log.error(
          { err: String((error as Error)?.message ?? error) },
          "care record retention failed: it runs again tomorrow",
        );
      }
    }
  };

  const arm = () => {
    if (stopped || !next) return;
    const wait = Math.min(TICK_MS, Math.max(0, next.getTime() - o.clock.now().getTime()));
    handle = timers.set(() => {
      void tick().finally(arm);
    }, wait);
  };

  if (o.days === 0) o.log.info("care record retention: KENNEL_RECORD_RETENTION_DAYS=0, every entry is kept");
  else {
    o.log.info(
      { next: next?.toISOString(), retentionDays: o.days },
      "care record retention scheduled, daily",
    );
    arm();
  }
  return {
    nextRun: () => next,
    runOnce,
    stop() {
      stopped = true;
      if (handle !== undefined) timers.clear(handle);
    },
  };
}
