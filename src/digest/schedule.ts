/**
 * The in-process scheduler for every scheduled post. Each post's time on a local date is croner's
 * firing for that date (a time that does not exist that day fires once at the next valid minute; a
 * time that happens twice fires once, the first time).
 *
 * The scheduler wakes at each post's time, and at least once a minute: what is due today by the
 * wall clock and not yet started today is started. So a start after the time (a crash, a deploy)
 * and a clock that jumps forward past the time (a machine that slept or was suspended: its timers
 * stop while the wall clock does not) both post once, marked late by the job; a clock set back
 * never starts a post twice (it was started today already; and the channel's history says so
 * after a restart).
 *
 * A late start posts only what is still useful: of the round posts past their time, only the
 * current round (the latest one due); the day's lists and tomorrow's check while the day lasts
 * (the scheduler only ever posts for today). A reply-post (the welfare check's pets not checked)
 * follows the same rule: none under a post skipped; and when its parent has only just been posted
 * (late), it waits as long after that post as it would have after the parent's time (none if that
 * is past the day's end). What it skips it says in the log, once. (The dose times' late and missed
 * replies have a job of their own: src/digest/dose-alerts.ts.)
 */
import type { DigestSettings } from "../config.ts";
import type { Clock } from "../deps.ts";
import type { Logger } from "../log.ts";
import { addDays, localDate } from "../time.ts";
import { dueInstant } from "./due.ts";

/** The longest the scheduler sleeps between two looks at the wall clock. */
const TICK_MS = 60_000;

import type { DigestJob } from "./job.ts";
import {
  digestPosts,
  parentPostOf,
  plansOfPost,
  roundOfPost,
  roundPost,
  type ScheduledPost,
} from "./posts.ts";

export interface DigestSchedule {
  nextRun(): Date | null;
  /**
   * Looks at the wall clock now (as each timer does) and starts what is due; resolves when those
   * runs end, and those of earlier looks still going.
   */
  check(): Promise<void>;
  stop(): void;
}

/** The round a post belongs to: a round's sheet ("rounds:evening") or its care plans to confirm ("plans:evening"). */
const roundOf = (kind: string) => roundOfPost(kind) ?? plansOfPost(kind);

/** Started late: the posts no longer useful, skipped because a later round is due. */
function logSkipped(log: Logger, today: string, skipped: ScheduledPost[]): void {
  if (skipped.length === 0) return;
  log.info(
    { date: today, skipped: skipped.map((p) => `${p.kind}@${p.time}`) },
    `started late: skipped the posts no longer useful (${skipped.map((p) => p.kind).join(", ")}); a later round is due`,
  );
}

/** Forgets the posts started more than three days ago, and the waits of days gone. */
function forgetPast(started: Set<string>, waiting: Map<string, Date>, today: string, timezone: string): void {
  for (const key of started) {
    const date = key.slice(key.lastIndexOf("|") + 1);
    if (date < addDays(today, -3)) started.delete(key);
  }
  for (const [key, at] of waiting) if (localDate(at, timezone) < today) waiting.delete(key);
}

/**
 * The posts due and not started that are no longer worth posting: a round's sheet, and its care
 * plans, once a later round's time has passed (at 23:20, the morning and midday rounds; the evening
 * round stays).
 */
export function supersededPosts(
  due: readonly ScheduledPost[],
  all: readonly ScheduledPost[],
  timezone: string,
  date: string,
  now: Date,
): ScheduledPost[] {
  const sheetTime = (kind: string) => {
    const round = roundOf(kind);
    const sheet = round ? all.find((p) => p.kind === roundPost(round)) : undefined;
    return sheet ? dueInstant(sheet.time, timezone, date)?.getTime() : undefined;
  };
  const passed = all
    .filter((p) => roundOfPost(p.kind))
    .map((p) => sheetTime(p.kind))
    .filter((t): t is number => t !== undefined && t <= now.getTime());
  if (passed.length === 0) return [];
  const current = Math.max(...passed);
  return due.filter((p) => {
    const t = sheetTime(p.kind);
    return t !== undefined && t < current;
  });
}

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function startDigestSchedule(options: {
  job: Pick<DigestJob, "runPost" | "stop"> & { posts?: readonly ScheduledPost[] };
  /** What to schedule; default the job's own posts. */
  posts?: readonly ScheduledPost[];
  /** The 07:00 post's settings, for a job that does not list its posts. */
  settings?: DigestSettings;
  timezone: string;
  clock: Clock;
  log: Logger;
  /** Default: the process's timers. */
  timers?: Timers;
  /** WELFARE_IN_ROUND: the pets not checked reply under the round post, which starts first. */
  welfare?: { inRound: boolean } | undefined;
}): DigestSchedule {
  const { job, timezone, clock, log } = options;
  const timers = options.timers ?? realTimers;
  const posts = options.posts ?? options.job.posts ?? digestPosts(options.settings);
  /** `kind|date` of every post started, so each starts once per local date. */
  const started = new Set<string>();
  /** `kind|date` of a reply-post waiting after its parent's late post: not before this instant. */
  const waiting = new Map<string, Date>();
  /** The runs of each look at the clock still going (a reply-post waits for its parent's). */
  const inFlight = new Set<Promise<void>>();
  let timer: unknown;
  let stopped = false;

  const nextRun = (): Date | null => {
    const now = clock.now();
    const today = localDate(now, timezone);
    let best: Date | null = null;
    for (const date of [today, addDays(today, 1), addDays(today, 2)]) {
      for (const post of posts) {
        const key = `${post.kind}|${date}`;
        if (started.has(key)) continue;
        const due = waiting.get(key) ?? dueInstant(post.time, timezone, date);
        if (due && due.getTime() > now.getTime() && (!best || due < best)) best = due;
      }
    }
    return best;
  };

  const run = async (post: ScheduledPost, date: string) => {
    try {
      return await job.runPost(post.kind, date);
    } catch (error) {
      log.error({ date, kind: post.kind, err: String((error as Error)?.message ?? error) }, "post failed");
      return undefined;
    }
  };

  /**
   * A reply-post after its parent's run of this same look at the clock: at once when the parent was
   * there already (a restart); when the parent has only just been posted, as long after it as the
   * reply-post comes after the parent's time (none past the day's end).
   */
  const checkAfterSheet = async (
    check: ScheduledPost,
    sheet: ScheduledPost,
    outcome: unknown,
    date: string,
  ) => {
    const key = `${check.kind}|${date}`;
    const result = (outcome as { result?: string } | undefined)?.result;
    if (result === "stopped") return;
    // Marked started meanwhile, so a later look at the clock does not start it too.
    if (result !== "posted") {
      await run(check, date);
      return;
    }
    const gap =
      (dueInstant(check.time, timezone, date)?.getTime() ?? 0) -
      (dueInstant(sheet.time, timezone, date)?.getTime() ?? 0);
    const at = new Date(clock.now().getTime() + Math.max(60_000, gap));
    if (localDate(at, timezone) !== date) {
      log.info(
        { date, kind: check.kind },
        "started late: the round's sheet has only just been posted, and its check would fall after the day's end: no check today",
      );
      return;
    }
    // The scheduler looks at the clock at least once a minute: it starts the check then.
    waiting.set(key, at);
    started.delete(key);
    log.info(
      { date, kind: check.kind, at: at.toISOString() },
      "started late: the round's sheet has only just been posted; its check waits as long after it as after the round's time",
    );
  };

  const check = (): Promise<void> => {
    const now = clock.now();
    const today = localDate(now, timezone);
    // Posts due at the same time run in order (departures, then arrivals); other times run apart.
    const groups = new Map<string, ScheduledPost[]>();
    const dueNow = posts.filter((post) => {
      const key = `${post.kind}|${today}`;
      const due = waiting.get(key) ?? dueInstant(post.time, timezone, today);
      return due !== null && now.getTime() >= due.getTime() && !started.has(key);
    });
    const skipped = supersededPosts(dueNow, posts, timezone, today, now);
    for (const post of skipped) started.add(`${post.kind}|${today}`);
    logSkipped(log, today, skipped);
    const starting = dueNow.filter((post) => !started.has(`${post.kind}|${today}`));
    // A check whose round's sheet starts in this same look waits for the sheet's outcome.
    const sheetOf = (post: ScheduledPost) => {
      const parent = parentPostOf(post.kind, options.welfare);
      return parent && !waiting.has(`${post.kind}|${today}`)
        ? starting.find((p) => p.kind === parent)
        : undefined;
    };
    const afterSheets: Array<[ScheduledPost, ScheduledPost]> = [];
    for (const post of starting) {
      const key = `${post.kind}|${today}`;
      const sheet = sheetOf(post);
      if (sheet) {
        started.add(key);
        afterSheets.push([post, sheet]);
        continue;
      }
      const due = (waiting.get(key) ?? dueInstant(post.time, timezone, today)) as Date;
      started.add(key);
      waiting.delete(key);
      const lateBy = Math.round((now.getTime() - due.getTime()) / 60_000);
      if (lateBy >= 1) {
        log.info(
          { date: today, kind: post.kind, time: post.time, lateByMinutes: lateBy },
          "past a post's time without it (started late, or the clock jumped): checking it was made",
        );
      }
      groups.set(post.time, [...(groups.get(post.time) ?? []), post]);
    }
    forgetPast(started, waiting, today, timezone);
    // Each run's outcome, for the checks waiting on their sheet.
    const outcomes = new Map(afterSheets.map(([, sheet]) => [sheet.kind, Promise.withResolvers<unknown>()]));
    const runs = [...groups.values()].map(async (group) => {
      for (const post of group) {
        const outcome = await run(post, today);
        outcomes.get(post.kind)?.resolve(outcome);
      }
    });
    const checks = afterSheets.map(async ([post, sheet]) =>
      checkAfterSheet(post, sheet, await outcomes.get(sheet.kind)?.promise, today),
    );
    const earlier = [...inFlight];
    const mine = Promise.all([...runs, ...checks]).then(() => undefined);
    inFlight.add(mine);
    void mine.finally(() => inFlight.delete(mine));
    return Promise.all([mine, ...earlier]).then(() => undefined);
  };

  const arm = () => {
    if (stopped) return;
    const next = nextRun();
    const wait = next ? Math.min(TICK_MS, Math.max(0, next.getTime() - clock.now().getTime())) : TICK_MS;
    timer = timers.set(() => {
      void check();
      arm();
    }, wait);
  };

  void check();
  arm();
  log.info(
    { next: nextRun()?.toISOString(), posts: posts.map((p) => `${p.kind}@${p.time}`), timezone },
    "scheduled posts",
  );
  return {
    nextRun,
    check,
    stop: () => {
      stopped = true;
      if (timer !== undefined) timers.clear(timer);
      job.stop();
    },
  };
}
