/**
 * Where a dose time's reply goes in Slack, and its copies there: the round's post (Kennel Desk's
 * own, kind `rounds:<round>` of the round's date: the reply goes in its thread; without one, in
 * ROUNDS_CHANNEL itself), and each copy of a reply (its metadata: `kennel_dose_alert` with the
 * reply's key), so a reply posted by a replica that died before recording it is found, and a
 * later copy deletes itself. Only Kennel Desk's own messages count (src/digest/post.ts ownMessages).
 */
import { loadSheet, type Sheet } from "../answers/sheets.ts";
import type { Message } from "../blocks/types.ts";
import type { Deps } from "../deps.ts";
import type { Round } from "../domain/care.ts";
import { compareTs, DIGEST_EVENT, DOSE_ALERT_EVENT, historyStartTs, ownMessages, postsFor } from "./post.ts";
import { roundPost } from "./posts.ts";
import { type DigestSlack, type HistoryMessage, postedBySelf } from "./slack.ts";

export interface AlertPlace {
  slack: DigestSlack;
  channel: string;
  date: string;
  round: Round;
  timezone: string;
  now: Date;
}

/** The round's post (its parent message), when Kennel Desk made one that day. */
export const findRoundPost = (p: AlertPlace) => findPostOf(p, roundPost(p.round));

/** A scheduled post of the day (its parent message), when Kennel Desk made one: the round's, or its plans post. */
async function findPostOf(p: AlertPlace, kind: string): Promise<HistoryMessage | undefined> {
  const self = await p.slack.self();
  const read = await p.slack.history(
    p.channel,
    historyStartTs(p.date, p.timezone, p.now),
    (m) => postedBySelf(self, m) && postsFor([m], DIGEST_EVENT, p.date, kind).length > 0,
  );
  return postsFor(await ownMessages(p.slack, p.channel, read), DIGEST_EVENT, p.date, kind)[0];
}

/**
 * A scheduled post's messages of the day (the parent, part 1, then its thread's parts), each with its
 * ts: the round's post (kind `rounds:<round>`), or its plans post (`plans:<round>`, issue 44).
 */
export async function postMessages(
  p: AlertPlace,
  kind: string = roundPost(p.round),
): Promise<{ parent: HistoryMessage; parts: Map<number, string> } | undefined> {
  const parent = await findPostOf(p, kind);
  if (!parent) return undefined;
  return { parent, parts: await postParts(p, parent.ts, kind) };
}

/**
 * A scheduled post's messages by their part (1 the parent, then its thread's parts), each with its
 * ts, from its parent's ts (a tap or form on the parent knows it): the thread read once.
 */
export async function postParts(
  p: Pick<AlertPlace, "slack" | "channel" | "date">,
  parentTs: string,
  kind: string,
): Promise<Map<number, string>> {
  const parts = new Map<number, string>([[1, parentTs]]);
  const thread = await ownMessages(p.slack, p.channel, await p.slack.replies(p.channel, parentTs));
  for (const m of [...thread].sort((a, b) => compareTs(a.ts, b.ts))) {
    const payload = m.metadata?.event_type === DIGEST_EVENT ? m.metadata.event_payload : undefined;
    if (m.ts === parentTs || payload?.date !== p.date || payload.kind !== kind) continue;
    const part = payload.part;
    if (typeof part === "number" && part >= 2 && !parts.has(part)) parts.set(part, m.ts);
  }
  return parts;
}

const isCopy = (m: HistoryMessage, key: string) =>
  m.metadata?.event_type === DOSE_ALERT_EVENT && m.metadata.event_payload?.key === key;

/** Every copy of a reply, earliest first: in the round post's thread (when there is one) and in the channel. */
export async function findCopies(
  p: AlertPlace,
  key: string,
  threadTs: string | undefined,
): Promise<string[]> {
  const top = await p.slack.history(p.channel, historyStartTs(p.date, p.timezone, p.now));
  const thread = threadTs ? await p.slack.replies(p.channel, threadTs) : [];
  const own = await ownMessages(p.slack, p.channel, [...top, ...thread]);
  return [...new Set(own.filter((m) => isCopy(m, key)).map((m) => m.ts))].sort(compareTs);
}

/**
 * Posts one reply, then reads its copies again: when another copy came first (two replicas that
 * both took it over), this later one deletes itself and the earlier one is answered.
 */
export async function postReply(
  p: AlertPlace,
  key: string,
  message: Message,
  threadTs: string | undefined,
): Promise<{ ts: string; kept: boolean }> {
  const ts = await p.slack.post(p.channel, message, {
    threadTs,
    metadata: {
      event_type: DOSE_ALERT_EVENT,
      event_payload: { date: p.date, round: p.round, key },
    },
  });
  const copies = await findCopies(p, key, threadTs);
  const first = copies[0];
  if (first && first !== ts && compareTs(first, ts) < 0) {
    await p.slack.remove(p.channel, ts);
    return { ts: first, kept: false };
  }
  return { ts, kept: true };
}

/**
 * Draws the round's post again (each of its messages, from the sheet its metadata names, kept in
 * the record): after a late or missed reply, so the sheet shows the state. `draw` puts one message
 * in place (the listeners' SheetRedraw, which taps use too). Nothing when the round has no post of
 * Kennel Desk's that day, or its sheet was not kept.
 */
export async function redrawRoundPost(
  p: AlertPlace,
  deps: Pick<Deps, "record">,
  draw: (
    sheet: Sheet,
    index: number,
    ref: { channel: string; ts: string; threadTs?: string },
  ) => Promise<unknown>,
): Promise<void> {
  const where = await postMessages(p);
  const id = where?.parent.metadata?.event_payload?.sheet;
  if (!where || typeof id !== "number") return;
  const sheet = await loadSheet(deps, id);
  if (!sheet || sheet.date !== p.date || sheet.round !== p.round) return;
  await Promise.all(
    sheet.messages.map((_, i) => {
      const ts = where.parts.get(i + 1);
      return ts
        ? draw(sheet, i, { channel: p.channel, ts, ...(i > 0 ? { threadTs: where.parent.ts } : {}) })
        : undefined;
    }),
  );
}
