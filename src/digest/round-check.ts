/**
 * The round check on the scheduled posts' machinery: at a round's time + ROUND_CHECK_AFTER the job
 * runs the `check:<round>` post, which replies once in the round post's thread when something due
 * is not recorded (or, when there is no round post that day, posts in the rounds channel). Exactly
 * once across restarts and replicas, as every scheduled post: the reply carries the posts' metadata
 * (`kennel_digest`, kind `check:<round>`), the thread is read before posting, and after posting a
 * later duplicate deletes itself. Nothing is posted when every item is recorded. Only Kennel Desk's
 * own messages count, as for every scheduled post (src/digest/post.ts).
 *
 * Then the reply follows the record: each committed entry of that date and round (whichever replica
 * took the tap) re-reads the record and edits the reply, until it says "all recorded ✓". Edits in one
 * process are serialised, each reading the store afresh, so the last one shows the record as it is.
 */
import { roundCheck } from "../answers/round-check.ts";
import { roundCheckMessage } from "../blocks/round-check.ts";
import type { Message } from "../blocks/types.ts";
import type { Deps } from "../deps.ts";
import type { Round } from "../domain/care.ts";
import { timeOf } from "../words/dates.ts";
import { dueInstant } from "./due.ts";
import {
  compareTs,
  DIGEST_EVENT,
  historyStartTs,
  ownMessages,
  type PostDigestOptions,
  type PostOutcome,
  postsFor,
} from "./post.ts";
import { checkOfPost, type PostMessages, type ScheduledPost } from "./posts.ts";
import type { DigestSlack, HistoryMessage } from "./slack.ts";

export const isCheckKind = (kind: string) => checkOfPost(kind) !== undefined;
const roundOfCheck = (kind: string) => checkOfPost(kind) as Round;

/** The check's messages for a round and date: nothingToPost when every due item is recorded. */
export async function composeRoundCheck(deps: Deps, kind: string, date: string): Promise<PostMessages> {
  const check = await roundCheck(deps, roundOfCheck(kind), date);
  const parent = roundCheckMessage(check, {
    mention: deps.config.roundCheck.mention,
    updatedAt: timeOf(deps.clock.now().toISOString(), deps.config.timezone),
  });
  return { parent, replies: [], nothingToPost: check.missing.length === 0 && !check.problem };
}

interface Found {
  /** The round post's parent, when there is one. */
  roundTs: string | undefined;
  /** Every copy of the check, earliest first. */
  checks: HistoryMessage[];
}

async function findCheck(
  slack: DigestSlack,
  o: { channel: string; date: string; kind: string; timezone: string; now: Date },
): Promise<Found> {
  // Only Kennel Desk's own round post and checks: another app's look-alike is ignored (and logged).
  const read = await slack.history(o.channel, historyStartTs(o.date, o.timezone, o.now));
  const history = await ownMessages(slack, o.channel, read);
  const roundTs = postsFor(history, DIGEST_EVENT, o.date, `rounds:${roundOfCheck(o.kind)}`)[0]?.ts;
  const top = postsFor(history, DIGEST_EVENT, o.date, o.kind);
  const thread = roundTs ? await ownMessages(slack, o.channel, await slack.replies(o.channel, roundTs)) : [];
  const inThread = postsFor(
    thread.filter((m) => m.ts !== roundTs),
    DIGEST_EVENT,
    o.date,
    o.kind,
  );
  return { roundTs, checks: [...top, ...inThread].sort((a, b) => compareTs(a.ts, b.ts)) };
}

/** Posts the round check once (the job's poster for `check:*` kinds). */
export async function postRoundCheckOnce(o: PostDigestOptions): Promise<PostOutcome> {
  const where = { channel: o.channel, date: o.date, kind: o.kind, timezone: o.timezone, now: o.now() };
  const before = await findCheck(o.slack, where);
  const first = before.checks[0];
  if (first) return { result: "already-posted", ts: first.ts };
  const messages = await o.compose();
  if (messages.nothingToPost) return { result: "nothing-to-post" };
  const metadata = {
    event_type: DIGEST_EVENT,
    event_payload: { date: o.date, kind: o.kind, late: o.late, part: 1, parts: 1 },
  };
  const ts = await o.slack.post(o.channel, messages.parent, { threadTs: before.roundTs, metadata });
  await o.settle();
  const after = await findCheck(o.slack, { ...where, now: o.now() });
  const earliest = after.checks[0];
  if (earliest && earliest.ts !== ts && compareTs(earliest.ts, ts) < 0) {
    // Another replica posted it first: this later copy deletes itself.
    await o.slack.remove(o.channel, ts);
    return { result: "duplicate-removed", kept: earliest.ts };
  }
  return { result: "posted", ts, replies: 0 };
}

/**
 * Edits the round check's reply as entries arrive. `changed(date, round)` is called after each
 * commit; it does nothing before the check's time (nothing can be posted yet) or when no check was
 * posted (everything was recorded at its time).
 */
export class RoundCheckEditor {
  readonly #deps: Deps;
  readonly #slack: DigestSlack;
  readonly #posts: readonly ScheduledPost[];
  /** Where each check is (by kind and date), once found. */
  readonly #found = new Map<string, { channel: string; ts: string }>();
  readonly #chains = new Map<string, Promise<void>>();
  /** Checks with an edit queued and not started: a burst of taps makes one more edit, not one each. */
  readonly #queued = new Set<string>();

  constructor(deps: Deps, slack: DigestSlack, posts: readonly ScheduledPost[]) {
    this.#deps = deps;
    this.#slack = slack;
    this.#posts = posts.filter((p) => isCheckKind(p.kind));
  }

  /** Resolves when the edit is made (or found not needed); never throws (a failed edit is logged). */
  changed(date: string, round: Round): Promise<void> {
    const kind = `check:${round}`;
    const post = this.#posts.find((p) => p.kind === kind);
    if (!post || !this.#slack.update) return Promise.resolve();
    const due = dueInstant(post.time, this.#deps.config.timezone, date);
    if (!due || this.#deps.clock.now().getTime() < due.getTime()) return Promise.resolve();
    const key = `${kind}|${date}`;
    const previous = this.#chains.get(key);
    if (previous && this.#queued.has(key)) return previous;
    this.#queued.add(key);
    const next = (previous ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => {
        this.#queued.delete(key);
        return this.#edit(post, date);
      })
      .catch((error: unknown) => {
        this.#deps.log.warn(
          { date, kind, err: String((error as Error)?.message ?? error) },
          "could not edit the round check",
        );
      });
    this.#chains.set(key, next);
    return next.finally(() => {
      if (this.#chains.get(key) === next) this.#chains.delete(key);
    });
  }

  async #edit(post: ScheduledPost, date: string): Promise<void> {
    const key = `${post.kind}|${date}`;
    let where = this.#found.get(key);
    if (!where) {
      const found = await findCheck(this.#slack, {
        channel: post.channel,
        date,
        kind: post.kind,
        timezone: this.#deps.config.timezone,
        now: this.#deps.clock.now(),
      });
      const first = found.checks[0];
      if (!first) return;
      where = { channel: post.channel, ts: first.ts };
      this.#found.set(key, where);
      if (this.#found.size > 50) this.#found.delete(this.#found.keys().next().value as string);
    }
    const { parent } = await composeRoundCheck(this.#deps, post.kind, date);
    await (this.#slack.update as (c: string, t: string, m: Message) => Promise<void>)(
      where.channel,
      where.ts,
      parent,
    );
  }
}
