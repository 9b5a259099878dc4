/**
 * A long post as a parent message and thread replies (the 07:00 post, the round posts, tomorrow's
 * check): every message within 50 blocks and the total-text budget, whatever the day's size.
 */
import { replyLabel } from "../present/parts.ts";
import { LIMITS, messageChars } from "./limits.ts";
import { context, esc, fallback } from "./mrkdwn.ts";
import type { Block, Message } from "./types.ts";

export interface Threaded {
  parent: Message;
  replies: Message[];
}

/** Room left for the reply's own context line and the fallback. */
const REPLY_OVERHEAD = 400;

/**
 * The parent holds `head` (header, summary) then as many items as fit, then `foot`; the rest go in
 * replies, each headed "21–65 of 120". An item is one or more blocks kept together (an entry, a pet
 * with its record buttons), with room reserved for text it gains later (its record, drawn after each
 * tap). An item too long for any message alone (a name of thousands of characters) goes on in the
 * next message at a block's edge, the reply holding only its rest headed "24 of 84, continued":
 * nothing is cut (issue 47).
 */
export interface ThreadItem {
  blocks: Block[];
  reserve: number;
  /** Its message ends with it: the next item starts the next message (a pet's care said to go on there). */
  ends?: true;
}

/** Messages already split (`docMessages`) as a post: the first the parent, the others its replies, in order. */
export const asThread = ([parent, ...replies]: Message[]): Threaded => ({
  parent: parent ?? { text: "", blocks: [] },
  replies,
});

export function threaded(title: string, head: Block[], items: ThreadItem[], foot: Block[] = []): Threaded {
  return threadSplit(title, head, items, foot).thread;
}

/**
 * A message of a split post: its blocks (the parent's after its head), the room it reserves, how many
 * items start in it, the first and last item it holds any of, and whether the first began in the
 * message before (`on`).
 */
interface Out {
  blocks: Block[];
  reserved: number;
  items: number;
  first: number;
  last: number;
  on: boolean;
}
const fresh = (i: number, on = false): Out => ({ blocks: [], reserved: 0, items: 0, first: i, last: i, on });

/**
 * `threaded`, and how many of the items each message holds (the parent first; an item counts where it
 * starts). An item starts in a message of its own, whole, when it fits one: a caller may share its
 * items out by these counts (the round's sheet, kept by message) as long as none is bigger than a
 * message alone. Only such an item goes on in the next message(s) at a block's edge.
 */
export function threadSplit(
  title: string,
  head: Block[],
  items: ThreadItem[],
  foot: Block[] = [],
): { thread: Threaded; itemsPer: number[] } {
  const budget = LIMITS.messageText - REPLY_OVERHEAD;
  const messages: Out[] = [fresh(0)];
  const fits = (m: Out, more: Block[], reserve: number) => {
    const fixed = m === messages[0] ? [...head, ...foot] : [];
    const blocks = [...fixed, ...m.blocks, ...more];
    return (
      blocks.length <= LIMITS.blocks - 2 &&
      messageChars({ text: title, blocks }) + m.reserved + reserve <= budget
    );
  };
  const start = (i: number, on = false): Out => {
    const m = fresh(i, on);
    messages.push(m);
    return m;
  };
  items.forEach((item, i) => {
    let m = messages.at(-1) as Out;
    // Whole in a reply of its own when it is not whole where it would start (after other items, or
    // after the parent's head and foot) and a reply holds it whole.
    const after = m.blocks.length > 0 || (m === messages[0] && fits(fresh(i), item.blocks, item.reserve));
    if (items[i - 1]?.ends || (after && !fits(m, item.blocks, item.reserve))) m = start(i);
    m.items++;
    m.reserved += item.reserve;
    m.last = i;
    for (const b of item.blocks) {
      if (m.blocks.length > 0 && !fits(m, [b], 0)) m = start(i, true);
      m.blocks.push(b);
    }
  });
  const itemsPer = messages.map((m) => m.items);
  const heading = head.find((b) => b.type === "header")?.text.text;
  const [parent, ...rest] = messages;
  const replies = rest.map((m): Message => {
    // Each reply says which post it continues, and an item begun in the message before as its rest
    // (never counted twice): a reply can be read on its own (a follow-up message).
    const label = replyLabel(m.first, m.last + 1, items.length, m.on);
    return {
      text: fallback(`${title}: ${label}`),
      blocks: [context(heading ? `*${esc(heading)}* · ${label}` : label), ...m.blocks],
    };
  });
  const parentBlocks = [...head, ...(parent?.blocks ?? []), ...foot];
  return { thread: { parent: { text: fallback(title), blocks: parentBlocks }, replies }, itemsPer };
}
