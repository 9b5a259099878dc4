/**
 * The parts of a message a long day made into several (`docMessages`: a flag, the day's review, a
 * follow-up, a late or missed reply), marked so that drawing it again finds each part and updates it
 * in place, whichever part was tapped: the first part of n carries `kd_parts:<n>` (on its last
 * block), further part i of n `kd_part:<i>:<n>:<first part's ts>` (on its first block, its
 * "continued (i of n)" head). A tap's payload carries the tapped message's blocks with their
 * block_ids, so where it is comes from them without a Slack call; one read of the thread finds the
 * others. Block Kit wants a block_id unique within its message and at most 255 characters: a
 * message's blocks from `docMessages` carry none, and a marker is a few dozen characters.
 */
import { unusedPartDoc } from "../present/parts.ts";
import { docMessage } from "./doc.ts";
import type { Block, Message } from "./types.ts";

const FIRST = /^kd_parts:(\d{1,3})$/;
const FURTHER = /^kd_part:(\d{1,3}):(\d{1,3}):(\d{1,20}\.\d{1,10})$/;

/**
 * Where a message is among its parts, as its markers say: part `i` of `n`, and for a further part
 * the ts of the first. A message without markers is the first of one. A part a shorter drawing no
 * longer needs keeps its number, past the `n` of that drawing.
 */
export interface PartPlace {
  i: number;
  n: number;
  firstTs?: string | undefined;
}

/** The message with `id` on its first (or last) block that has no block_id yet. */
function marked(m: Message, id: string, on: "first" | "last"): Message {
  const free = (b: Block) => b.block_id === undefined;
  const at = on === "first" ? m.blocks.findIndex(free) : m.blocks.findLastIndex(free);
  // Every block taken (no drawing of `docMessages` does that): unmarked, it reads as a message in one part.
  if (at === -1) return m;
  const blocks = [...m.blocks];
  blocks[at] = { ...(blocks[at] as Block), block_id: id };
  return { ...m, blocks };
}

const furtherId = (i: number, n: number, firstTs: string) => `kd_part:${i}:${n}:${firstTs}`;

/** The first of a message's parts as it is posted or put in place: marked `kd_parts:<n>` when there are more. */
export function firstPart(messages: Message[]): Message {
  const [first] = messages;
  if (!first) throw new RangeError("a message with no parts");
  return messages.length > 1 ? marked(first, `kd_parts:${messages.length}`, "last") : first;
}

/** A message's further parts (2 of n onwards), each marked with its number and its first part's ts. */
export const furtherParts = (messages: Message[], firstTs: string): Message[] =>
  messages.slice(1).map((m, k) => marked(m, furtherId(k + 2, messages.length, firstTs), "first"));

/** Part `i` when the message is drawn in `n` < i parts: a short note, still marked, to be used again if it grows. */
const unusedPart = (i: number, n: number, firstTs: string): Message =>
  marked(docMessage(unusedPartDoc()), furtherId(i, n, firstTs), "first");

const blockIds = (blocks: unknown): string[] =>
  Array.isArray(blocks)
    ? blocks.flatMap((b) => {
        const id = (b as { block_id?: unknown } | null)?.block_id;
        return typeof id === "string" ? [id] : [];
      })
    : [];

/** Where a message is among its parts, from its blocks as Slack gives them (a tap's payload, a thread read). */
export function partPlace(blocks: unknown): PartPlace {
  for (const id of blockIds(blocks)) {
    const further = FURTHER.exec(id);
    if (further) return { i: Number(further[1]), n: Number(further[2]), firstTs: further[3] };
    const first = FIRST.exec(id);
    if (first) return { i: 1, n: Number(first[1]) };
  }
  return { i: 1, n: 1 };
}

/** A message in a thread as a read gives it: its ts and blocks. */
export interface ThreadMessage {
  ts: string;
  blocks?: unknown;
}

/** A further part found in a thread: its ts, and whether it is in use (its number within its drawing's). */
export interface FoundPart {
  ts: string;
  inUse: boolean;
}

/**
 * Slack's ts `a` against `b`, earlier first (a thread's order): seconds, a dot, and a count within the
 * second (six digits from Slack), each compared as a whole number.
 */
function byTs(a: string, b: string): number {
  const [as = "", af = ""] = a.split(".");
  const [bs = "", bf = ""] = b.split(".");
  const n = (x: string) => BigInt(x || "0");
  const by = (x: bigint, y: bigint) => (x < y ? -1 : x > y ? 1 : 0);
  return by(n(as), n(bs)) || by(n(af), n(bf));
}

/** The further parts of the message whose first part is at `firstTs`, from its thread's messages, whatever their numbers. */
export function partsIn(thread: ThreadMessage[], firstTs: string): FoundPart[] {
  const out: FoundPart[] = [];
  for (const m of thread) {
    const p = partPlace(m.blocks);
    if (p.firstTs === firstTs && p.i >= 2) out.push({ ts: m.ts, inUse: p.i <= p.n });
  }
  return out;
}

/** One step of putting a drawing's further parts in place: update a part where it is, or post it. */
export type PartStep = { update: string; message: Message } | { post: Message };

/**
 * The steps that put a drawing's further parts in place so that the thread reads them in order,
 * given those found in it (`partsIn`): the earliest found in the thread (by ts) updated to part 2,
 * the next to part 3, and so on, each marked anew with its number whatever number it had (a part
 * deleted, or a post that failed, leaves a gap; a part posted into it would read after the parts
 * past it); the parts past those found posted after them, in order; each found part the drawing no
 * longer needs updated to a short note (one already a note is left as it is). Nothing is deleted,
 * nothing posted twice.
 */
export function partSteps(messages: Message[], firstTs: string, found: FoundPart[]): PartStep[] {
  const further = furtherParts(messages, firstTs);
  const ordered = [...found].sort((a, b) => byTs(a.ts, b.ts));
  const steps: PartStep[] = further.map((message, k) => {
    const there = ordered[k];
    return there ? { update: there.ts, message } : { post: message };
  });
  ordered.slice(further.length).forEach((part, k) => {
    if (part.inUse)
      steps.push({ update: part.ts, message: unusedPart(further.length + 2 + k, messages.length, firstTs) });
  });
  return steps;
}
