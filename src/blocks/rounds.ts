/**
 * A feeding and medication round in Slack (/rounds and the round posts): the round's document
 * (src/present/rounds.ts) as a parent message and thread replies, each pet with something due
 * given its care record and its two record buttons. Channel-safe.
 */
import type { RoundPet, RoundReport } from "../answers/rounds.ts";
import type { ChannelSafe } from "../domain/privacy.ts";
import { dueItems, oneTapAllowed } from "../domain/record.ts";
import { roundDoc } from "../present/rounds.ts";
import type { Entry } from "../record/types.ts";
import type { PetRoundState } from "./buttons.ts";
import { docBlocks, docThread, lineMrkdwn } from "./doc.ts";
import { clip, context, fallback, truncate } from "./mrkdwn.ts";
import {
  PROGRESS_BLOCK,
  PROGRESS_PART_BLOCK,
  petBlocks,
  RECORD_RESERVE,
  redrawRecord,
} from "./round-record.ts";
import { type Threaded, type ThreadItem, threaded } from "./thread.ts";
import type { Block, Message } from "./types.ts";

/**
 * The care record on the post (when Kennel Desk keeps one): each round's entries and the kennel's
 * time zone. Each pet with something due gets its record and its two buttons; each message a
 * progress line.
 */
export interface RoundRecord {
  entries: Entry[];
  timezone: string;
  /** The store could not be read: the post says so (the record shows at the next tap). */
  problem?: string | undefined;
}

/** A pet's buttons' state; undefined when it has nothing to record (or the API gave no ids). */
function petState(p: ChannelSafe<RoundPet>, r: ChannelSafe<RoundReport>): PetRoundState | undefined {
  const bookingId = p.booking.bookingId;
  const petId = p.pet?.pet.petId;
  // ASSUMPTION: a booking or pet without its id (the spec does not say ids are always present)
  // cannot be keyed in the record: the pet's sheet is shown as always, without record buttons.
  if (!p.pet || !p.sheet || bookingId === undefined || petId === undefined) return undefined;
  const due = dueItems(p.sheet);
  if (due.length === 0) return undefined;
  return {
    d: r.date,
    r: r.round,
    b: bookingId,
    p: petId,
    n: Array.from(p.pet.flags.name || "pet")
      .slice(0, 80)
      .join(""),
    i: due.map((d) => [d.item, d.text, Array.from(d.label).slice(0, 40).join("")]),
  };
}

function withProgress(m: Message, at: number, record: RoundRecord, part: boolean): Message {
  if (!m.blocks.some((b) => b.type === "actions")) return m;
  const blocks: Block[] = [...m.blocks];
  const id = part ? PROGRESS_PART_BLOCK : PROGRESS_BLOCK;
  blocks.splice(at, 0, { type: "context", block_id: id, elements: [] });
  const drawn = redrawRecord(blocks, m.text, record.entries, record.timezone).blocks as Block[];
  if (record.problem) {
    drawn[at] = {
      ...context(
        `❔ The care record could not be read: ${clip(record.problem, 300)} It shows here at the next tap.`,
      ),
      block_id: id,
    };
  }
  return { text: m.text, blocks: drawn };
}

export function roundMessages(r: ChannelSafe<RoundReport>, lateAt?: string, record?: RoundRecord): Threaded {
  const doc = roundDoc(r, { lateAt });
  if (r.pets.length === 0)
    return { parent: { text: fallback(doc.fallback), blocks: docBlocks(doc.parts) }, replies: [] };
  const { head, foot } = docThread(doc);
  // The pets' sheets: the document's items, one per pet in order, each with its record buttons.
  const sheets = doc.parts.flatMap((p) => (p.kind === "item" ? [p.lines.map(lineMrkdwn).join("\n")] : []));
  const items = r.pets.map((p, i): ThreadItem => {
    const text = truncate(sheets[i] ?? "", 2900);
    const state = record ? petState(p, r) : undefined;
    const oneTap = p.pet ? oneTapAllowed(p.pet.flags) : true;
    return state ? { blocks: petBlocks(text, state, "", oneTap), reserve: RECORD_RESERVE } : text;
  });
  const post = threaded(doc.fallback, head, items, foot);
  if (!record) return post;
  return {
    parent: withProgress(post.parent, head.length, record, post.replies.length > 0),
    replies: post.replies.map((m) => withProgress(m, 1, record, true)),
  };
}
