/**
 * One day's post, made whatever happens: the API down at 07:00 is retried with backoff for up to
 * 15 minutes; then a short notice is posted (once) and the post is tried every hour until it is
 * made or the day is over. Time and waiting are injected, so tests run on a fake clock.
 */
import type { DayKind } from "../domain/day.ts";
import { digestNotice } from "../blocks/digest.ts";
import { timeOf } from "../words/dates.ts";
import type { DigestSettings } from "../config.ts";
import type { Deps } from "../deps.ts";
import { isKennelError } from "../kennel/errors.ts";
import { localDate, zonedInstant } from "../time.ts";
import { composeDigest } from "./compose.ts";
import { type PostOutcome, postDigestOnce, postNotice } from "./post.ts";
import type { DigestSlack } from "./slack.ts";

export const RETRY_WINDOW_MS = 15 * 60_000;
export const HOURLY_MS = 60 * 60_000;
/** A post made more than this after its time is marked late. */
export const LATE_AFTER_MS = 5 * 60_000;

export interface DigestJobOptions {
  deps: Deps;
  slack: DigestSlack;
  settings: DigestSettings;
  /** Waits; resolves false when the job is being stopped. Default: a timer. */
  sleep?: (ms: number) => Promise<boolean>;
  /** Pause between posting and re-reading the history. Default 2 s. */
  settleMs?: number;
}

export type KindOutcome = PostOutcome | { result: "gave-up"; reason: string } | { result: "stopped" };

export interface DayOutcome {
  date: string;
  kinds: Partial<Record<DayKind, KindOutcome>>;
}

export class DigestJob {
  readonly #o: DigestJobOptions;
  readonly #running = new Map<string, Promise<DayOutcome>>();
  #stopping = false;
  readonly #timers = new Set<() => void>();

  constructor(options: DigestJobOptions) {
    this.#o = options;
  }

  stop(): void {
    this.#stopping = true;
    for (const wake of this.#timers) wake();
  }

  async #sleep(ms: number): Promise<boolean> {
    if (this.#stopping) return false;
    if (this.#o.sleep) return this.#o.sleep(ms);
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        this.#timers.delete(wake);
        resolve(!this.#stopping);
      }, ms);
      const wake = () => {
        clearTimeout(timer);
        this.#timers.delete(wake);
        resolve(false);
      };
      this.#timers.add(wake);
    });
  }

  /**
   * Runs the day's post (every kind in DIGEST_CONTENT). Concurrent calls for one date share one
   * run. With `retry` false (the CLI), one attempt: failures throw, for the caller's exit code.
   */
  runDay(date: string, options: { retry?: boolean } = {}): Promise<DayOutcome> {
    const existing = this.#running.get(date);
    if (existing) return existing;
    const run = this.#runDay(date, options.retry ?? true).finally(() => this.#running.delete(date));
    this.#running.set(date, run);
    return run;
  }

  async #runDay(date: string, retry: boolean): Promise<DayOutcome> {
    const outcome: DayOutcome = { date, kinds: {} };
    for (const kind of this.#o.settings.kinds) outcome.kinds[kind] = await this.#runKind(kind, date, retry);
    return outcome;
  }

  #lateAt(date: string): string | undefined {
    const { deps, settings } = this.#o;
    const now = deps.clock.now();
    const due = zonedInstant(date, settings.time, deps.config.timezone).getTime();
    if (localDate(now, deps.config.timezone) !== date || now.getTime() - due <= LATE_AFTER_MS)
      return undefined;
    return timeOf(now.toISOString(), deps.config.timezone);
  }

  async #runKind(kind: DayKind, date: string, retry: boolean): Promise<KindOutcome> {
    const { deps, slack, settings } = this.#o;
    const tz = deps.config.timezone;
    const started = deps.clock.now().getTime();
    let attempt = 0;
    let noticePosted = false;
    for (;;) {
      if (this.#stopping) return { result: "stopped" };
      const lateAt = this.#lateAt(date);
      try {
        const outcome = await postDigestOnce({
          slack,
          channel: settings.channel,
          date,
          kind,
          timezone: tz,
          late: lateAt !== undefined,
          compose: () => composeDigest(deps, kind, date, lateAt),
          settle: async () => {
            await this.#sleep(this.#o.settleMs ?? 2_000);
          },
        });
        deps.log.info({ date, kind, ...outcome }, `morning post: ${outcome.result}`);
        return outcome;
      } catch (error) {
        if (!retry) throw error;
        const what = isKennelError(error) ? error.message : String((error as Error)?.message ?? error);
        const requestId = isKennelError(error) ? error.requestId : undefined;
        deps.log.warn({ date, kind, attempt, requestId, err: what }, "morning post failed; will retry");
        const now = deps.clock.now();
        // Past the day itself there is nothing left to post (an operator can still run `digest --date`).
        if (localDate(now, tz) > date) return { result: "gave-up", reason: `the day ended: ${what}` };
        let wait: number;
        if (now.getTime() - started < RETRY_WINDOW_MS) {
          wait = Math.min(30_000 * 2 ** attempt, 5 * 60_000, RETRY_WINDOW_MS - (now.getTime() - started));
          attempt++;
        } else {
          if (!noticePosted) {
            noticePosted = true;
            try {
              await postNotice(
                slack,
                settings.channel,
                date,
                kind,
                tz,
                digestNotice(kind, date, what, requestId),
              );
            } catch (noticeError) {
              deps.log.error(
                { date, kind, err: String((noticeError as Error)?.message ?? noticeError) },
                "could not post the notice",
              );
            }
          }
          wait = HOURLY_MS;
        }
        if (!(await this.#sleep(Math.max(1_000, wait)))) return { result: "stopped" };
      }
    }
  }
}
