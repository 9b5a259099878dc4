/**
 * The scheduled posts (the 07:00 post's departures and arrivals, the round posts, tomorrow's
 * check…), each made once per local date whatever happens: the API down at the post's time is
 * retried with backoff for up to 15 minutes; then a short notice is posted (once) and the post is
 * tried every hour until it is made or the day is over. Time and waiting are injected, so tests
 * run on a fake clock. What a post says comes from the injected compose function.
 */
import { describeFailure } from "../answers/failure.ts";
import { digestNotice } from "../blocks/digest.ts";
import type { DigestSettings } from "../config.ts";
import type { Deps } from "../deps.ts";
import { asBulk } from "../kennel/limiter.ts";
import { localDate, zonedInstant } from "../time.ts";
import { timeOf } from "../words/dates.ts";
import { composePost } from "./compose.ts";
import { dueInstant } from "./due.ts";
import { type PostOutcome, postDigestOnce, postNotice } from "./post.ts";
import { PostClaims } from "./post-claims.ts";
import {
  type ComposeFn,
  digestPosts,
  isPostKind,
  type NoticeFn,
  postLabel,
  type ScheduledPost,
} from "./posts.ts";
import type { DigestSlack } from "./slack.ts";
import { Sleeper } from "./sleeper.ts";
import { welfarePoster } from "./welfare.ts";

const RETRY_WINDOW_MS = 15 * 60_000;
const HOURLY_MS = 60 * 60_000;
/** A post made more than this after its time is marked late. */
const LATE_AFTER_MS = 5 * 60_000;

/** The posts a job makes: `scheduledPosts(config)` (or the helpers in posts.ts), one line each. */
interface PostsSettings {
  posts: ScheduledPost[];
}

export interface DigestJobOptions {
  deps: Deps;
  slack: DigestSlack;
  /** The posts to make; the 07:00 post's settings alone (DIGEST_*) mean its departures/arrivals. */
  settings: PostsSettings | DigestSettings;
  /** What each kind says. Default: the day lists, for departures and arrivals only. */
  compose?: ComposeFn;
  /** The notice when a post is late because of the API. Default: worded from the kind. */
  notice?: NoticeFn;
  /** Waits; resolves false when the job is being stopped. Default: a timer. */
  sleep?: (ms: number) => Promise<boolean>;
  /** Pause between posting and re-reading the history. Default 2 s. */
  settleMs?: number;
  /** Called as a post's run begins (the bot warms the care cache with the 07:00 post). */
  onPost?: (kind: string, date: string) => void;
}

export type KindOutcome = PostOutcome | { result: "gave-up"; reason: string } | { result: "stopped" };

export interface DayOutcome {
  date: string;
  /** By kind, in the order of the job's posts. */
  kinds: Record<string, KindOutcome>;
}

export class DigestJob {
  readonly #o: DigestJobOptions;
  readonly posts: readonly ScheduledPost[];
  readonly #running = new Map<string, Promise<KindOutcome>>();
  readonly #sleeper: Sleeper;
  /** The care record's claims: each post claimed there before it is made (src/digest/post-claims.ts). */
  readonly #claims: PostClaims | undefined;

  constructor(options: DigestJobOptions) {
    this.#o = options;
    this.#sleeper = new Sleeper(options.sleep);
    this.#claims = options.deps.record ? new PostClaims(options.deps.record) : undefined;
    const s = options.settings;
    this.posts = "posts" in s ? [...s.posts] : digestPosts(s);
    const seen = new Set<string>();
    for (const p of this.posts) {
      if (seen.has(p.kind))
        throw new Error(`Two scheduled posts of the kind "${p.kind}": each kind is posted once a day.`);
      seen.add(p.kind);
    }
  }

  stop(): void {
    this.#sleeper.stop();
  }

  /**
   * Makes every post of the job (or those of `kinds`) for a date, one after the other. With
   * `retry` false (the CLI), one attempt each: failures throw, for the caller's exit code.
   */
  async runDay(
    date: string,
    options: { retry?: boolean; kinds?: readonly string[] } = {},
  ): Promise<DayOutcome> {
    const outcome: DayOutcome = { date, kinds: {} };
    const posts = options.kinds ? this.posts.filter((p) => options.kinds?.includes(p.kind)) : this.posts;
    for (const post of posts) outcome.kinds[post.kind] = await this.runPost(post.kind, date, options);
    return outcome;
  }

  /** Makes one post for a date. Concurrent calls for one kind and date share one run. */
  runPost(kind: string, date: string, options: { retry?: boolean } = {}): Promise<KindOutcome> {
    const post = this.posts.find((p) => p.kind === kind);
    if (!post) return Promise.reject(new Error(`No scheduled post of the kind "${kind}".`));
    const key = `${kind}|${date}`;
    const existing = this.#running.get(key);
    if (existing) return existing;
    // Bulk work: an answer someone waits for in Slack is served first when the API's slots are taken.
    const run = asBulk(() => this.#runPost(post, date, options.retry ?? true)).finally(() =>
      this.#running.delete(key),
    );
    this.#running.set(key, run);
    return run;
  }

  #lateAt(post: ScheduledPost, date: string): string | undefined {
    const { deps } = this.#o;
    const tz = deps.config.timezone;
    const now = deps.clock.now();
    const due = (dueInstant(post.time, tz, date) ?? zonedInstant(date, post.time, tz)).getTime();
    if (localDate(now, tz) !== date || now.getTime() - due <= LATE_AFTER_MS) return undefined;
    return timeOf(now.toISOString(), tz);
  }

  #compose(kind: string, date: string, lateAt: string | undefined) {
    if (this.#o.compose) return this.#o.compose(kind, date, { lateAt });
    if (!isPostKind(kind)) return Promise.reject(new Error(`Nothing composes the "${kind}" post.`));
    return composePost(this.#o.deps, kind, date, lateAt);
  }

  #notice(kind: string, date: string, what: string, requestId: string | undefined) {
    if (this.#o.notice) return this.#o.notice(kind, date, what, requestId);
    return digestNotice(postLabel(kind), date, what, requestId);
  }

  /** One post (the welfare check's pets not checked reply in its post's thread; every other kind is a post of its own). */
  #postOnce(post: ScheduledPost, date: string, lateAt: string | undefined) {
    const { deps, slack } = this.#o;
    const { kind, channel } = post;
    const poster = welfarePoster(kind, deps.config.welfare.inRound) ?? postDigestOnce;
    return poster({
      slack,
      channel,
      date,
      kind,
      timezone: deps.config.timezone,
      now: () => deps.clock.now(),
      late: lateAt !== undefined,
      compose: () => this.#compose(kind, date, lateAt),
      settle: async () => {
        await this.#sleeper.sleep(this.#o.settleMs ?? 2_000);
      },
      claims: this.#claims,
    });
  }

  /** The notice in the channel that a post could not be made (once, after the retry window). */
  async #tellFailed(
    post: ScheduledPost,
    date: string,
    what: string,
    requestId: string | undefined,
    now: Date,
  ) {
    const { deps, slack } = this.#o;
    const { kind, channel } = post;
    try {
      const notice = this.#notice(kind, date, what, requestId);
      await postNotice(slack, channel, date, kind, deps.config.timezone, notice, now);
    } catch (noticeError) {
      deps.log.error(
        { date, kind, err: String((noticeError as Error)?.message ?? noticeError) },
        "could not post the notice",
      );
    }
  }

  async #runPost(post: ScheduledPost, date: string, retry: boolean): Promise<KindOutcome> {
    const { deps } = this.#o;
    this.#o.onPost?.(post.kind, date);
    const { kind, channel } = post;
    const tz = deps.config.timezone;
    const started = deps.clock.now().getTime();
    let attempt = 0;
    let looks = 0;
    let noticePosted = false;
    for (;;) {
      if (this.#sleeper.stopping) return { result: "stopped" };
      const lateAt = this.#lateAt(post, date);
      try {
        const outcome = await this.#postOnce(post, date, lateAt);
        deps.log.info({ date, kind, channel, ...outcome }, `${postLabel(kind)} post: ${outcome.result}`);
        // Another replica's to post: looked at again (2 s, 4 s, 8 s… until its claim would be taken
        // over), to complete its thread if need be, or to take it over if that replica stopped.
        if (outcome.result === "claimed-elsewhere" && retry && localDate(deps.clock.now(), tz) <= date) {
          const wait = Date.parse(outcome.retryAt) - deps.clock.now().getTime();
          if (!(await this.#sleeper.sleep(Math.max(1_000, Math.min(wait, 2_000 * 2 ** looks++)))))
            return { result: "stopped" };
          continue;
        }
        return outcome;
      } catch (error) {
        if (!retry) throw error;
        const failure = describeFailure(error);
        const what =
          failure.kind === "unexpected" ? String((error as Error)?.message ?? error) : failure.what;
        const requestId = failure.requestId;
        deps.log.warn(
          { date, kind, attempt, requestId, err: what },
          `${postLabel(kind)} post failed; will retry`,
        );
        const now = deps.clock.now();
        // Past the day itself there is nothing left to post (an operator can still run `digest --date`).
        if (localDate(now, tz) > date) return { result: "gave-up", reason: `the day ended: ${what}` };
        let wait: number;
        const elapsed = Math.max(0, now.getTime() - started);
        if (elapsed < RETRY_WINDOW_MS) {
          wait = Math.min(30_000 * 2 ** attempt, 5 * 60_000, RETRY_WINDOW_MS - elapsed);
          attempt++;
        } else {
          if (!noticePosted) await this.#tellFailed(post, date, what, requestId, now);
          noticePosted = true;
          wait = HOURLY_MS;
        }
        if (!(await this.#sleeper.sleep(Math.max(1_000, wait)))) return { result: "stopped" };
      }
    }
  }
}
