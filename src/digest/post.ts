/**
 * Posting a scheduled post exactly once, and completely. Every part carries metadata
 * (`kennel_digest`: date, kind, part i of n; the parent is part 1). Before posting, the channel's
 * history is read: a parent already there for the same date and kind is kept, and its thread is
 * read (`conversations.replies`) so that only the missing parts are posted (a crash between the
 * parent and its replies). After posting a parent, the history is read again: if another
 * instance posted first, this one deletes its own post. After posting replies (the first poster's,
 * or a re-run's completing a thread), every poster pauses, reads the thread again and deletes each
 * of its replies that has an earlier copy: the earliest copy of each part is the one kept, so any
 * number of replicas at once leave one parent and one copy of each reply.
 *
 * Only Kennel Desk's own messages count (its bot's bot_id or its app's app_id, learned from
 * auth.test): a message carrying its metadata that another app or a person posted is ignored, and
 * logged once, so it can neither stop a post nor stand in for a part of one.
 *
 * With a care record (every bot has one), a post is claimed there first (src/digest/post-claims.ts,
 * issue 46): only the replica whose claim is written posts it, parent and thread, and records it
 * posted; the history is read once, as a check, and nothing is posted to be deleted. The reading
 * and deleting above is what a post made without a record still does.
 */
import type { Message } from "../blocks/types.ts";
import { dayStartIso, localDate } from "../time.ts";
import { codeOrder } from "../words/order.ts";
import type { PostClaims, PostRef } from "./post-claims.ts";
import { type PostMessages, repliesOf } from "./posts.ts";
import { type DigestSlack, type HistoryMessage, postedBySelf } from "./slack.ts";

export const DIGEST_EVENT = "kennel_digest";
export const NOTICE_EVENT = "kennel_digest_notice";
/** A dose time's reply (issue 35): a nudge, a late or a missed reply (src/digest/dose-alerts.ts). */
export const DOSE_ALERT_EVENT = "kennel_dose_alert";

export type PostOutcome =
  | { result: "posted"; ts: string; replies: number }
  | { result: "already-posted"; ts: string }
  /** The parent was there, some thread replies were not: only those were posted. */
  | { result: "completed"; ts: string; replies: number }
  | { result: "duplicate-removed"; kept: string }
  /** Nothing needed saying (no care plan to confirm): nothing posted. */
  | { result: "nothing-to-post" }
  /** Another replica claimed it in the record and has not posted it yet: looked at again at `retryAt`. */
  | { result: "claimed-elsewhere"; retryAt: string };

/** Slack's ts as a comparable pair (seconds, then the fraction), never a lossy float. */
export function compareTs(a: string, b: string): number {
  const [as = "0", af = ""] = a.split(".");
  const [bs = "0", bf = ""] = b.split(".");
  if (as !== bs) return Number(as) - Number(bs);
  return codeOrder(af.padEnd(6, "0"), bf.padEnd(6, "0"));
}

/** The local midnight of a day, as a Slack ts. */
function dayStartTs(date: string, timezone: string): string {
  return String(Math.floor(Date.parse(dayStartIso(date, timezone)) / 1000));
}

/**
 * Where to start reading history: the earlier of the post's day's local midnight and today's (a
 * post for a future day, made today with `digest --date`, is seen by the next run).
 */
export function historyStartTs(date: string, timezone: string, now: Date): string {
  const today = localDate(now, timezone);
  return dayStartTs(today < date ? today : date, timezone);
}

type Payload = Record<string, unknown>;

function payloadOf(m: HistoryMessage, event: string, date: string, kind: string): Payload | undefined {
  const p = m.metadata?.event_type === event ? m.metadata.event_payload : undefined;
  return p && p.date === date && p.kind === kind ? p : undefined;
}

/** Part 1 (or a parent posted before parts were numbered). */
function isParent(p: Payload): boolean {
  return p.part === undefined || p.part === 1;
}

function partOf(p: Payload): number | undefined {
  return typeof p.part === "number" && Number.isInteger(p.part) ? p.part : undefined;
}

/**
 * Kennel Desk's own messages among those read. A look-alike (its metadata on a message another app
 * or a person posted) is left out, and said in the log once.
 */
export async function ownMessages(
  slack: DigestSlack,
  channel: string,
  messages: HistoryMessage[],
): Promise<HistoryMessage[]> {
  const self = await slack.self();
  return messages.filter((m) => {
    if (postedBySelf(self, m)) return true;
    const event = m.metadata?.event_type;
    if (event === DIGEST_EVENT || event === NOTICE_EVENT || event === DOSE_ALERT_EVENT)
      slack.lookAlike(channel, m);
    return false;
  });
}

export function postsFor(
  history: HistoryMessage[],
  event: string,
  date: string,
  kind: string,
): HistoryMessage[] {
  return history
    .filter((m) => {
      const p = payloadOf(m, event, date, kind);
      return p !== undefined && isParent(p);
    })
    .sort((a, b) => compareTs(a.ts, b.ts));
}

async function findPost(
  slack: DigestSlack,
  channel: string,
  date: string,
  kind: string,
  timezone: string,
  now: Date,
  whole = false,
) {
  // Read back to the day's start, or until the post itself is found (a busy channel has
  // thousands of messages since it). `whole`: always to the day's start (every copy of the post).
  // A look-alike never ends the read early: only Kennel Desk's own post does.
  const self = await slack.self();
  const read = await slack.history(
    channel,
    historyStartTs(date, timezone, now),
    whole ? undefined : (m) => postedBySelf(self, m) && postsFor([m], DIGEST_EVENT, date, kind).length > 0,
  );
  const history = await ownMessages(slack, channel, read);
  return {
    post: postsFor(history, DIGEST_EVENT, date, kind)[0],
    notice: postsFor(history, NOTICE_EVENT, date, kind)[0],
  };
}

export interface PostDigestOptions {
  slack: DigestSlack;
  channel: string;
  date: string;
  kind: string;
  timezone: string;
  /** The injected clock's now (for how far back to read the history). */
  now: () => Date;
  /** Builds the messages only when something must be posted (it calls the kennel API). */
  compose: () => Promise<PostMessages>;
  late: boolean;
  /** Pause between posting and re-reading (lets a rival's post land). */
  settle: () => Promise<void>;
  /** The care record's claims (src/digest/post-claims.ts): with them, a post is claimed before it is made. */
  claims?: PostClaims | undefined;
}

function partMetadata(o: PostDigestOptions, part: number, parts: number, more: PostMessages["payload"] = {}) {
  const payload: Record<string, string | number | boolean> = { ...more, date: o.date, kind: o.kind };
  if (part === 1) payload.late = o.late;
  payload.part = part;
  payload.parts = parts;
  return { event_type: DIGEST_EVENT, event_payload: payload };
}

export async function postDigestOnce(o: PostDigestOptions): Promise<PostOutcome> {
  if (o.claims) return postClaimed(o, o.claims);
  const existing = await findPost(o.slack, o.channel, o.date, o.kind, o.timezone, o.now());
  if (existing.post) return completeThread(o, existing.post);
  const messages = await o.compose();
  if (messages.nothingToPost) return { result: "nothing-to-post" };
  const parts = 1 + messages.replies.length;
  const ts = await o.slack.post(o.channel, messages.parent, {
    metadata: partMetadata(o, 1, parts, messages.payload),
  });
  await o.settle();
  // Every copy, back to the day's start: a rival's earlier post may be further back than ours.
  const after = await findPost(o.slack, o.channel, o.date, o.kind, o.timezone, o.now(), true);
  if (after.post && after.post.ts !== ts && compareTs(after.post.ts, ts) < 0) {
    // Another instance posted first: the later duplicate deletes itself.
    await o.slack.remove(o.channel, ts);
    return { result: "duplicate-removed", kept: after.post.ts };
  }
  return { result: "posted", ts, replies: await postReplies(o, ts, messages, parts) };
}

/** A new parent's thread replies, each a part; how many of them were kept. */
async function postReplies(o: PostDigestOptions, ts: string, messages: PostMessages, parts: number) {
  const mine: Mine = [];
  for (const [i, reply] of repliesOf(messages, ts).entries()) {
    const part = i + 2;
    mine.push({
      part,
      ts: await o.slack.post(o.channel, reply, {
        threadTs: ts,
        metadata: partMetadata(o, part, parts, messages.payload),
      }),
    });
  }
  // A replica that found this parent meanwhile may be completing its thread too.
  return keepEarliest(o, ts, mine);
}

/**
 * A post claimed in the care record first (issue 46): posted by the one replica whose claim is
 * written, without posting then deleting a copy. The channel's history is read once, as a check (a
 * post made before the claims, or by a replica that stopped before recording it).
 */
async function postClaimed(o: PostDigestOptions, claims: PostClaims): Promise<PostOutcome> {
  const ref = { date: o.date, kind: o.kind, channel: o.channel };
  const gate = await claims.enter(ref, o.now());
  if (gate.state === "elsewhere") return { result: "claimed-elsewhere", retryAt: gate.retryAt };
  // Recorded posted once its thread was whole: nothing more to do.
  if (gate.state === "posted") return { result: "already-posted", ts: gate.ts };
  const existing = await findPost(o.slack, o.channel, o.date, o.kind, o.timezone, o.now());
  if (existing.post) {
    // Posted by a replica that stopped before recording it: its thread completed here if need be.
    const outcome = await completeThread(o, existing.post);
    const parts = existing.post.metadata?.event_payload?.parts;
    const whole = typeof parts === "number" ? parts : 1;
    await claims.posted(ref, { attempt: gate.attempt, ts: existing.post.ts, parts: whole });
    return outcome;
  }
  let posted: { ts: string; messages: PostMessages };
  try {
    const made = await postParent(o, ref, claims, gate.attempt);
    if (made.result !== "made") return made;
    posted = made;
  } catch (error) {
    // Composing or posting failed (the kennel API down, Slack refused it): the claim is given up so
    // another replica (or this one, retrying) claims it at once, not after it has stood five
    // minutes; its history check finds a parent Slack kept though its answer was lost. (The record
    // down too: the claim stands its time, then is taken over, as a stopped replica's is.)
    await claims.release(ref, gate.attempt).catch(() => undefined);
    throw error;
  }
  const { ts, messages } = posted;
  const parts = 1 + messages.replies.length;
  const replies = await postReplies(o, ts, messages, parts);
  await claims.posted(ref, { attempt: gate.attempt, ts, parts });
  return { result: "posted", ts, replies };
}

/** The post's parent, composed and posted while the claim is still this replica's. */
async function postParent(
  o: PostDigestOptions,
  ref: PostRef,
  claims: PostClaims,
  attempt: number,
): Promise<PostOutcome | { result: "made"; ts: string; messages: PostMessages }> {
  const messages = await o.compose();
  if (messages.nothingToPost) {
    await claims.release(ref, attempt);
    return { result: "nothing-to-post" };
  }
  // Composing takes a while on a big day: a replica may have taken the claim over meanwhile.
  if (!(await claims.stillMine(ref, attempt)))
    return { result: "claimed-elsewhere", retryAt: o.now().toISOString() };
  const ts = await o.slack.post(o.channel, messages.parent, {
    metadata: partMetadata(o, 1, 1 + messages.replies.length, messages.payload),
  });
  return { result: "made", ts, messages };
}

/** Replies this run posted, by part. */
type Mine = Array<{ part: number; ts: string }>;

/**
 * After posting replies: pause, read the thread again, and delete each of ours that has an earlier
 * copy (another replica's). Every poster does this, so the earliest copy of each part is the one
 * left. Returns how many of ours were kept.
 */
async function keepEarliest(o: PostDigestOptions, parentTs: string, mine: Mine): Promise<number> {
  if (mine.length === 0) return 0;
  await o.settle();
  const after = await threadParts(o, parentTs);
  let kept = 0;
  for (const { part, ts } of mine) {
    const first = after.get(part)?.[0];
    if (first && first !== ts && compareTs(first, ts) < 0) await o.slack.remove(o.channel, ts);
    else kept++;
  }
  return kept;
}

/** The thread's parts by number, the earliest copy of each first. */
async function threadParts(o: PostDigestOptions, parentTs: string): Promise<Map<number, string[]>> {
  const thread = await ownMessages(o.slack, o.channel, await o.slack.replies(o.channel, parentTs));
  const parts = new Map<number, string[]>();
  for (const m of [...thread].sort((a, b) => compareTs(a.ts, b.ts))) {
    if (m.ts === parentTs) continue;
    const p = payloadOf(m, DIGEST_EVENT, o.date, o.kind);
    const part = p ? partOf(p) : undefined;
    if (part === undefined || part < 2) continue;
    parts.set(part, [...(parts.get(part) ?? []), m.ts]);
  }
  return parts;
}

/** A parent is there: post only the thread replies it lacks (none when it is complete). */
async function completeThread(o: PostDigestOptions, parent: HistoryMessage): Promise<PostOutcome> {
  const payload = parent.metadata?.event_payload ?? {};
  const parts = typeof payload.parts === "number" ? payload.parts : undefined;
  // A parent posted before parts were numbered, or one with no replies: complete as it is.
  if (parts === undefined || parts <= 1) return { result: "already-posted", ts: parent.ts };
  const have = await threadParts(o, parent.ts);
  const missing = (count: number) => {
    const out: number[] = [];
    for (let part = 2; part <= count; part++) if (!have.has(part)) out.push(part);
    return out;
  };
  if (missing(parts).length === 0) return { result: "already-posted", ts: parent.ts };
  const messages = await o.compose();
  // The day may have changed since the parent was posted: every part the new content has is posted.
  const total = Math.max(parts, 1 + messages.replies.length);
  const mine: Mine = [];
  for (const part of missing(total)) {
    const reply = repliesOf(messages, parent.ts)[part - 2];
    if (!reply) continue;
    const ts = await o.slack.post(o.channel, reply, {
      threadTs: parent.ts,
      metadata: partMetadata(o, part, total, messages.payload),
    });
    mine.push({ part, ts });
  }
  // Replicas completing the same thread at once: the later copy of a part deletes itself.
  const posted = await keepEarliest(o, parent.ts, mine);
  return posted
    ? { result: "completed", ts: parent.ts, replies: posted }
    : { result: "already-posted", ts: parent.ts };
}

export async function postNotice(
  slack: DigestSlack,
  channel: string,
  date: string,
  kind: string,
  timezone: string,
  notice: Message,
  now: Date,
): Promise<void> {
  const existing = await findPost(slack, channel, date, kind, timezone, now);
  if (existing.notice || existing.post) return;
  await slack.post(channel, notice, {
    metadata: { event_type: NOTICE_EVENT, event_payload: { date, kind } },
  });
}
