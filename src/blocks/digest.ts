/**
 * The morning post: a parent message (header, summary, the first entries) and, when the day does
 * not fit one message, thread replies with the rest. Channel-safe, like /departures.
 */
import {
  type DayEntry,
  type DayKind,
  dayTitle,
  entryText,
  sortEntries,
  summarise,
  summaryLine,
} from "./day-list.ts";
import { dayHeading } from "./format.ts";
import { context, esc, fallback, header, section } from "./mrkdwn.ts";
import type { Block, Message } from "./types.ts";

/** Entries in the parent message, and in each thread reply (each within the 50-block limit). */
export const DIGEST_PARENT_ENTRIES = 20;
export const DIGEST_REPLY_ENTRIES = 45;

export interface DigestInput {
  kind: DayKind;
  date: string;
  entries: DayEntry[];
  timezone: string;
  /** Cancelled and no-show bookings left out. */
  calledOff: number;
  /** Set when the post is made after its time (the bot was not running, or the API was down). */
  lateAt?: string | undefined;
  careProblem?: string | undefined;
}

export interface DigestMessages {
  parent: Message;
  replies: Message[];
}

export function digestMessages(input: DigestInput): DigestMessages {
  const entries = sortEntries(input.kind, input.entries);
  const title = dayTitle(input.kind, input.date, entries.length);
  const late = input.lateAt ? ` · ⏰ posted late, at ${esc(input.lateAt)}` : "";
  const words = input.kind === "arrivals" ? "arrivals" : "departures";
  if (entries.length === 0) {
    const off = input.calledOff ? ` (${input.calledOff} cancelled or no-show)` : "";
    const line = `No ${words} today, ${dayHeading(input.date)}${off}.${late}`;
    return {
      parent: { text: fallback(`No ${words} today, ${dayHeading(input.date)}.`), blocks: [section(line)] },
      replies: [],
    };
  }
  const summary = summaryLine(input.kind, summarise(entries));
  const off = input.calledOff ? ` · ${input.calledOff} cancelled or no-show not listed` : "";
  const rest = entries.length - DIGEST_PARENT_ENTRIES;
  const more = rest > 0 ? ` · ${rest} more in the thread` : "";
  const blocks: Block[] = [header(title), context(`${summary}${off}${more}${late}`)];
  for (const e of entries.slice(0, DIGEST_PARENT_ENTRIES))
    blocks.push(section(entryText(input.kind, e, input.timezone)));
  if (input.careProblem) blocks.push(context(`❔ ${esc(input.careProblem)}`));
  const replies: Message[] = [];
  for (let i = DIGEST_PARENT_ENTRIES; i < entries.length; i += DIGEST_REPLY_ENTRIES) {
    const chunk = entries.slice(i, i + DIGEST_REPLY_ENTRIES);
    const to = i + chunk.length;
    replies.push({
      text: fallback(`${title}: ${i + 1}–${to}`),
      blocks: [
        context(`${i + 1}–${to} of ${entries.length}`),
        ...chunk.map((e) => section(entryText(input.kind, e, input.timezone))),
      ],
    });
  }
  return { parent: { text: fallback(`${title}: ${summary.replace(/[*]/g, "")}`), blocks }, replies };
}

/** The short notice when the post cannot be made on time. */
export function digestNotice(
  kind: DayKind,
  date: string,
  what: string,
  requestId: string | undefined,
): Message {
  const id = requestId ? ` (request id \`${esc(requestId)}\`)` : "";
  const text = `⚠️ Today's ${kind} post (${dayHeading(date)}) could not be made: ${esc(what.replace(/\.\s*$/, ""))}${id}. Kennel Desk will keep trying every hour and post it as soon as it can.`;
  return {
    text: fallback(`Today's ${kind} post could not be made yet; Kennel Desk will keep trying every hour.`),
    blocks: [section(text)],
  };
}
