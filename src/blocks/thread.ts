/**
 * A long post as a parent message and thread replies (the 07:00 post, the round posts, tomorrow's
 * check): every message within 50 blocks and the total-text budget, whatever the day's size.
 */
import { replyLabel } from "../present/parts.ts";
import { LIMITS, messageChars } from "./limits.ts";
import { context, esc, fallback, section } from "./mrkdwn.ts";
import type { Block, Button, Message } from "./types.ts";

export interface Threaded {
  parent: Message;
  replies: Message[];
}

/** Room left for the reply's own context line and the fallback. */
const REPLY_OVERHEAD = 400;

/**
 * The parent holds `head` (header, summary) then as many items as fit; the rest go in replies,
 * each headed "21–65 of 120". Items are one section each: its mrkdwn (already within 3000 chars), or
 * its mrkdwn and a button beside it; the button is counted in the message's size like the text. An
 * item may also be several blocks kept together (a pet with its record buttons), with room reserved
 * for text it gains later (its record, drawn after each tap).
 */
export type ThreadItem =
  | string
  | { text: string; accessory: Button }
  /** Several blocks (a pet with its record buttons), and room kept for text they may gain later. */
  | { blocks: Block[]; reserve: number };

const blocksOf = (item: ThreadItem): Block[] =>
  typeof item === "string"
    ? [section(item)]
    : "blocks" in item
      ? item.blocks
      : [section(item.text, item.accessory)];
const reserveOf = (item: ThreadItem) => (typeof item === "object" && "reserve" in item ? item.reserve : 0);

export function threaded(title: string, head: Block[], items: ThreadItem[], foot: Block[] = []): Threaded {
  return threadSplit(title, head, items, foot).thread;
}

/** `threaded`, and how many of the items each message holds (the parent first). */
export function threadSplit(
  title: string,
  head: Block[],
  items: ThreadItem[],
  foot: Block[] = [],
): { thread: Threaded; itemsPer: number[] } {
  const budget = LIMITS.messageText - REPLY_OVERHEAD;
  const parentBlocks = [...head];
  let i = 0;
  let reserved = 0;
  const size = (blocks: Block[]) => messageChars({ text: title, blocks }) + reserved;
  while (i < items.length) {
    const item = items[i] as ThreadItem;
    const next = blocksOf(item);
    if (parentBlocks.length + next.length + foot.length > LIMITS.blocks - 2) break;
    reserved += reserveOf(item);
    if (size([...parentBlocks, ...next, ...foot]) > budget) {
      reserved -= reserveOf(item);
      break;
    }
    parentBlocks.push(...next);
    i++;
  }
  parentBlocks.push(...foot);
  const itemsPer = [i];
  const replies: Message[] = [];
  while (i < items.length) {
    const start = i;
    const blocks: Block[] = [];
    reserved = 0;
    while (i < items.length) {
      const item = items[i] as ThreadItem;
      const next = blocksOf(item);
      if (blocks.length > 0 && blocks.length + next.length > LIMITS.blocks - 2) break;
      reserved += reserveOf(item);
      if (blocks.length > 0 && size([...blocks, ...next]) > budget) {
        reserved -= reserveOf(item);
        break;
      }
      blocks.push(...next);
      i++;
    }
    itemsPer.push(i - start);
    // Each reply says which post it continues: a reply can be read on its own (a follow-up message).
    const label = replyLabel(start, i, items.length);
    const heading = head.find((b) => b.type === "header")?.text.text;
    replies.push({
      text: fallback(`${title}: ${label}`),
      blocks: [context(heading ? `*${esc(heading)}* · ${label}` : label), ...blocks],
    });
  }
  return { thread: { parent: { text: fallback(title), blocks: parentBlocks }, replies }, itemsPer };
}
