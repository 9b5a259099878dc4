/**
 * The morning post of a day's arrivals or departures: the parent message (header, summary, the
 * first entries) and thread replies with the rest: the parts of the day's document
 * (src/present/day.ts), so the post says what /arrivals and /departures say (the going-home check
 * included). Channel-safe.
 */

import type { DayReport } from "../answers/day.ts";
import type { ChannelSafe } from "../domain/privacy.ts";
import { channelDoc } from "../present/channel-words.ts";
import { dayDoc } from "../present/day.ts";
import { recordHeadLine } from "../present/record.ts";
import type { ChainHead } from "../record/types.ts";
import { dayHeading } from "../words/dates.ts";
import { dayTitle, postedLateWords, summaryParts } from "../words/day.ts";
import { docThread, lineMrkdwn } from "./doc.ts";
import { context, esc, fallback, section } from "./mrkdwn.ts";
import { stayRecordAction } from "./stay.ts";
import { type Threaded, threadSplit } from "./thread.ts";

/**
 * The morning post: the day's list as a parent and its thread; `recordHead` (the care record's head
 * when it was composed) named at the parent's foot.
 */
export function digestMessages(
  r: ChannelSafe<DayReport>,
  timezone: string,
  lateAt?: string,
  recordHead?: ChainHead,
): Threaded {
  const sealed = recordHead ? [context(lineMrkdwn(recordHeadLine(recordHead)))] : [];
  const words = r.kind === "arrivals" ? "arrivals" : "departures";
  const late = lateAt ? ` · ${esc(postedLateWords(lateAt))}` : "";
  const title = dayTitle(r.kind, r.date, r.totals.bookings);
  if (r.totals.bookings === 0) {
    const off = summaryParts(r.kind, r.totals)
      .slice(2)
      .map((p) => p.text);
    const line = `No ${words} on ${dayHeading(r.date)}${off.length ? ` (${esc(off.join("; "))})` : ""}.${late}`;
    return {
      parent: { text: fallback(`No ${words} on ${dayHeading(r.date)}.`), blocks: [section(line), ...sealed] },
      replies: [],
    };
  }
  // The day's document, as /arrivals and /departures draw it: the same title, summary and entries.
  const doc = channelDoc(dayDoc(r, { timezone, stayAction: stayRecordAction, requestId: true }));
  const { head, items, foot } = docThread(doc);
  const summary = doc.parts.flatMap((p) => (p.kind === "summary" ? p.lines : []));
  const summaryWith = (more: string) => context(`${summary.map(lineMrkdwn).join(" · ")}${more}${late}`);
  head[1] = summaryWith("");
  const { thread: out, itemsPer } = threadSplit(title, head, items, [...foot, ...sealed]);
  // The entries begun in the thread (an entry's blocks are as many as its care needs).
  const inThread = out.replies.length ? ` · ${items.length - (itemsPer[0] ?? 0)} more in the thread` : "";
  if (inThread) out.parent.blocks[1] = summaryWith(inThread);
  out.parent.text = fallback(doc.fallback);
  return out;
}

/** The short notice when a post cannot be made on time. */
export function digestNotice(what: string, date: string, failure: string, requestId: string | undefined) {
  const id = requestId ? ` (request id \`${esc(requestId)}\`)` : "";
  const text = `⚠️ Today's ${esc(what)} post (${dayHeading(date)}) could not be made: ${esc(failure.replace(/\.\s*$/, ""))}${id}. Kennel Desk will keep trying every hour and post it as soon as it can.`;
  return {
    text: fallback(`Today's ${what} post could not be made yet; Kennel Desk will keep trying every hour.`),
    blocks: [section(text)],
  };
}
