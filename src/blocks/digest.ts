/**
 * The morning post of a day's arrivals or departures: the parent message (header, summary, the
 * first entries) and thread replies with the rest. Channel-safe, like /departures, which it draws
 * with the same entry text (the going-home check included).
 */
import type { DayReport } from "../answers/day.ts";
import type { ChannelSafe } from "../domain/privacy.ts";
import { dayHeading } from "../words/dates.ts";
import { dayTitle, summaryParts } from "../words/day.ts";
import { entryText, summaryLine } from "./day-list.ts";
import { context, esc, fallback, header, section } from "./mrkdwn.ts";
import { stayButton } from "./stay.ts";
import { type Threaded, threaded } from "./thread.ts";

export function lateWords(lateAt: string | undefined): string {
  return lateAt ? ` · ⏰ posted late, at ${esc(lateAt)}` : "";
}

export function digestMessages(r: ChannelSafe<DayReport>, timezone: string, lateAt?: string): Threaded {
  const words = r.kind === "arrivals" ? "arrivals" : "departures";
  const late = lateWords(lateAt);
  const title = dayTitle(r.kind, r.date, r.totals.bookings);
  if (r.totals.bookings === 0) {
    const off = summaryParts(r.kind, r.totals)
      .slice(2)
      .map((p) => p.text);
    const line = `No ${words} on ${dayHeading(r.date)}${off.length ? ` (${esc(off.join("; "))})` : ""}.${late}`;
    return {
      parent: { text: fallback(`No ${words} on ${dayHeading(r.date)}.`), blocks: [section(line)] },
      replies: [],
    };
  }
  const items = r.entries.map((e) => {
    const text = entryText(r.kind, e, timezone);
    const accessory = stayButton(e.stay);
    return accessory ? { text, accessory } : text;
  });
  const head = [header(title), context(`${summaryLine(r.kind, r.totals)}${late}`)];
  const foot = r.careProblem ? [context(`❔ ${esc(r.careProblem)}`)] : [];
  const out = threaded(title, head, items, foot);
  const inThread = out.replies.length
    ? ` · ${r.entries.length - (out.parent.blocks.length - head.length - foot.length)} more in the thread`
    : "";
  if (inThread) out.parent.blocks[1] = context(`${summaryLine(r.kind, r.totals)}${inThread}${late}`);
  out.parent.text = fallback(
    `${title}: ${summaryParts(r.kind, r.totals)
      .map((p) => p.text)
      .join(" · ")}`,
  );
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
