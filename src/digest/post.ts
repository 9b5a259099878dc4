/**
 * Posting the day's message exactly once. Before posting, the channel's history (with metadata)
 * is read and an existing post for the same day and kind is kept. After posting the parent, the
 * history is read again: if another instance posted first, this one deletes its own post.
 */
import type { DayKind } from "../domain/day.ts";
import type { Threaded as DigestMessages } from "../blocks/thread.ts";
import type { Message } from "../blocks/types.ts";
import { dayStartIso } from "../time.ts";
import type { DigestSlack, HistoryMessage } from "./slack.ts";

export const DIGEST_EVENT = "kennel_digest";
export const NOTICE_EVENT = "kennel_digest_notice";

export type PostOutcome =
  | { result: "posted"; ts: string; replies: number }
  | { result: "already-posted"; ts: string }
  | { result: "duplicate-removed"; kept: string };

/** Slack's ts as a comparable pair (seconds, then the fraction), never a lossy float. */
export function compareTs(a: string, b: string): number {
  const [as = "0", af = ""] = a.split(".");
  const [bs = "0", bf = ""] = b.split(".");
  if (as !== bs) return Number(as) - Number(bs);
  return af.padEnd(6, "0").localeCompare(bf.padEnd(6, "0"));
}

/** Where to start reading history: the local midnight of the day, as a Slack ts. */
export function dayStartTs(date: string, timezone: string): string {
  return String(Math.floor(Date.parse(dayStartIso(date, timezone)) / 1000));
}

function postsFor(history: HistoryMessage[], event: string, date: string, kind: DayKind): HistoryMessage[] {
  return history
    .filter(
      (m) =>
        m.metadata?.event_type === event &&
        m.metadata.event_payload?.date === date &&
        m.metadata.event_payload?.kind === kind,
    )
    .sort((a, b) => compareTs(a.ts, b.ts));
}

export async function findPost(
  slack: DigestSlack,
  channel: string,
  date: string,
  kind: DayKind,
  timezone: string,
) {
  const history = await slack.history(channel, dayStartTs(date, timezone));
  return {
    post: postsFor(history, DIGEST_EVENT, date, kind)[0],
    notice: postsFor(history, NOTICE_EVENT, date, kind)[0],
  };
}

export interface PostDigestOptions {
  slack: DigestSlack;
  channel: string;
  date: string;
  kind: DayKind;
  timezone: string;
  /** Builds the messages only when a post is needed (it calls the kennel API). */
  compose: () => Promise<DigestMessages>;
  late: boolean;
  /** Pause between posting the parent and re-reading the history (lets a rival's post land). */
  settle: () => Promise<void>;
}

export async function postDigestOnce(o: PostDigestOptions): Promise<PostOutcome> {
  const existing = await findPost(o.slack, o.channel, o.date, o.kind, o.timezone);
  if (existing.post) return { result: "already-posted", ts: existing.post.ts };
  const messages = await o.compose();
  const metadata = { event_type: DIGEST_EVENT, event_payload: { date: o.date, kind: o.kind, late: o.late } };
  const ts = await o.slack.post(o.channel, messages.parent, { metadata });
  await o.settle();
  const after = await findPost(o.slack, o.channel, o.date, o.kind, o.timezone);
  if (after.post && after.post.ts !== ts && compareTs(after.post.ts, ts) < 0) {
    // Another instance posted first: the later duplicate deletes itself.
    await o.slack.remove(o.channel, ts);
    return { result: "duplicate-removed", kept: after.post.ts };
  }
  for (const reply of messages.replies) await o.slack.post(o.channel, reply, { threadTs: ts });
  return { result: "posted", ts, replies: messages.replies.length };
}

export async function postNotice(
  slack: DigestSlack,
  channel: string,
  date: string,
  kind: DayKind,
  timezone: string,
  notice: Message,
): Promise<void> {
  const existing = await findPost(slack, channel, date, kind, timezone);
  if (existing.notice || existing.post) return;
  await slack.post(channel, notice, {
    metadata: { event_type: NOTICE_EVENT, event_payload: { date, kind } },
  });
}
