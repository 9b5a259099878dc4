/**
 * A round's sheet in Slack with its care record: the sheet's document (src/present/round-sheet.ts)
 * as Block Kit. `sheetForSlack` shares a draft out into a parent message and thread replies, by what
 * fits a message (Block Kit's limits: 50 blocks, the text budget), before it is kept; `sheetMessage`
 * and `sheetMessages` draw a kept sheet (or a draft not kept) with the record: each pet's sections
 * and buttons (src/blocks/round-pet.ts), the progress line, the record in a few words when a message
 * would be too long with it whole. Nothing here decides what a pet is due or which buttons it gets.
 */
import type { SheetRecord } from "../answers/round-record.ts";
import type { Sheet, SheetBody, SheetPet } from "../answers/sheets.ts";
import { channelDoc } from "../present/channel-words.ts";
import type { Line, Part } from "../present/doc.ts";
import { PAPER_BUTTON } from "../present/paper-form.ts";
import { replyLabel } from "../present/parts.ts";
import {
  chartPart,
  petButtons,
  type SheetChartPart,
  type SheetHeadPart,
  type SheetMessageDoc,
  sheetMessageDoc,
  splitSheet,
} from "../present/round-sheet.ts";
import { sheetPetKey } from "../present/rounds.ts";
import { continuedHead, goesOnLine } from "../present/sheet-items.ts";
import { chartButton, paperEnter } from "./buttons.ts";
import { docBlocks, docThread, lineMrkdwn } from "./doc.ts";
import { LIMITS, messageChars } from "./limits.ts";
import { button, context, fallback } from "./mrkdwn.ts";
import { petBlocks } from "./round-pet.ts";
import { linePieces } from "./sections.ts";
import { type Threaded, type ThreadItem, threadSplit } from "./thread.ts";
import type { Block, Message } from "./types.ts";

const PROGRESS_BLOCK = "kd_progress";
/** The progress line of one message of a round posted in several (a parent and thread replies). */
const PROGRESS_PART_BLOCK = "kd_progress_part";
/** Room kept in a message for each pet's record, drawn later (the compact form fits in it). */
const RECORD_RESERVE = 90;
/** The longest id a sheet is kept with, for sizing its messages before it has one. */
const SIZING_ID = Number.MAX_SAFE_INTEGER;

/** Most of a message a pet's own lines take: a pet with more care goes on in the next message. */
const PET_MAX = LIMITS.messageText - 2000;

/** A pet's part: its lines, and whether its last goes on as the next part's first (`cut`). */
interface Piece {
  lines: Line[];
  cut: boolean;
}

/**
 * A pet's lines in parts of at most `room` each: a line that fits a part whole starts the next when
 * it is not whole in this one; a longer one fills what is left of this one, cut between words.
 */
function pieces(lines: Line[], room: number): Piece[] {
  const out: Piece[] = [{ lines: [], cut: false }];
  let used = 0;
  const next = (cut: boolean) => {
    (out.at(-1) as Piece).cut = cut;
    out.push({ lines: [], cut: false });
    used = 0;
  };
  for (const l of lines) {
    const w = lineMrkdwn(l).length + 1;
    if (used > 0 && used + w > room && w <= room) next(false);
    const shared = linePieces(l, room, used);
    // Not a word of it fits what is left: it starts the next part.
    if (shared[0]?.length === 0) {
      shared.shift();
      next(false);
    }
    shared.forEach((part, i) => {
      if (i > 0) next(true);
      (out.at(-1) as Piece).lines.push(part);
      used += lineMrkdwn(part).length + 1;
    });
  }
  return out.filter((p) => p.lines.length > 0);
}

const width = (lines: Line[]) => lines.reduce((n, l) => n + lineMrkdwn(l).length + 1, 0);

/**
 * A pet whose care alone passes a message (thousands of characters in every field, or in one) as
 * several items, in order, its key (and so its record and buttons) on the last, after all of its
 * care: each item within a message, so the sheet's messages, kept by item, are too. Each but the last
 * says it goes on in the next (`more`; `cut` when a line goes on there) and ends saying so in words
 * ("↪ Jasper's care goes on in the next message (24 of 84, continued)"); each but the first begins
 * with the pet's room and name "(continued)": any one message says whose care it holds. The sheet
 * keeps and counts them as one pet.
 */
function longPetsShared(parts: Part[], pets: Map<string, SheetPet>): Part[] {
  const total = parts.filter((p) => p.kind === "item").length;
  let n = -1;
  return parts.flatMap((p): Part[] => {
    if (p.kind !== "item") return [p];
    n++;
    if (width(p.lines) <= PET_MAX) return [p];
    const head = continuedHead(p.lines[0] ?? []);
    const on = goesOnLine(p.key ? pets.get(p.key)?.name : undefined, replyLabel(n, n + 1, total, true));
    const shared = pieces(p.lines, Math.max(PET_MAX - width([head, on]), PET_MAX / 4));
    return shared.map((c, i): Part => {
      const lines = [...(i > 0 ? [head] : []), ...c.lines];
      if (i === shared.length - 1) return { ...p, lines };
      return { kind: "item", lines: [...lines, on], more: true, ...(c.cut ? { cut: true } : {}) };
    });
  });
}

/**
 * A draft shared out into the messages Slack will show: as many pets in each as fit with their
 * buttons and room for their record. Pure; the caller keeps the result (src/answers/sheets.ts). A
 * sheet shown for reference (`reference`: its words, as its summary says them) says so on every part.
 */
export function sheetForSlack(sheet: SheetBody, o: { reference?: string | undefined } = {}): SheetBody {
  const due = new Map(sheet.pets.map((p) => [sheetPetKey(p.bookingId, p.petId), p]));
  const parts = longPetsShared(
    sheet.messages.flatMap((m) => m.parts as Part[]),
    due,
  );
  const draft = { ...sheet, messages: [{ parts }] };
  const doc = { fallback: draft.fallback, parts };
  const sized = doc.parts.flatMap((p): ThreadItem[] => {
    if (p.kind !== "item") return [];
    const pet = p.key ? due.get(p.key) : undefined;
    // As kept: no witness awaited yet, nothing recorded.
    const buttons = pet ? petButtons(pet) : [];
    return [
      {
        blocks: petBlocks(p.key ?? "0-0", p.lines, [], buttons, SIZING_ID),
        reserve: pet ? RECORD_RESERVE : 0,
        // A pet's care that goes on: its next part in the next message, as its last line says.
        ...(p.more ? { ends: true as const } : {}),
      },
    ];
  });
  const { head, foot } = docThread(doc);
  // The parent's foot as it is drawn once kept: its notes, then "🖨 Chart".
  const kept = [...foot, chartBlock(chartPart(sheet.date), SIZING_ID)];
  return splitSheet(draft, threadSplit(doc.fallback, head, sized, kept).itemsPer, o.reference);
}

const CHART_BLOCK = "kd_sheet_act";

/**
 * "🖨 Chart": the sheet's day's medication chart, for the one who taps; "📄 Enter from paper…": the
 * round's doses entered from that chart on paper, a pet at a time (issue 50).
 */
function chartBlock(p: SheetChartPart, sheetId: number): Block {
  const chart = button(p.text, chartButton.actionId(), chartButton.encode({ d: p.date }));
  const paper = button(PAPER_BUTTON, paperEnter.actionId(), paperEnter.encode({ s: sheetId }));
  return { type: "actions", block_id: CHART_BLOCK, elements: [chart, paper] };
}

function headBlock(h: SheetHeadPart): Block {
  return { ...context(lineMrkdwn(h.line)), block_id: h.part ? PROGRESS_PART_BLOCK : PROGRESS_BLOCK };
}

/** A message's blocks, each pet's record (and its welfare flags) whole or in a few words. */
function draw(doc: SheetMessageDoc, sheetId: number, compact: boolean): Block[] {
  return doc.parts.flatMap((p): Block[] => {
    if (p.kind === "head") return [headBlock(p)];
    if (p.kind === "chart") return [chartBlock(p, sheetId)];
    if (p.kind === "pet")
      return compact
        ? petBlocks(p.key, p.short ?? p.lines, p.record.compact, p.buttons, sheetId)
        : petBlocks(p.key, p.lines, p.record.full, p.buttons, sheetId);
    return docBlocks([p]);
  });
}

/**
 * One message of a sheet with the record. A kept sheet has each pet's record and buttons and a
 * progress line (or, when the record could not be read, `problem` in its place); a sheet not kept
 * has no buttons, and says `problem` when there is one (the record could not be written).
 */
export function sheetMessage(
  sheet: Sheet | SheetBody,
  index: number,
  record: SheetRecord,
  o: { problem?: string | undefined } = {},
): Message {
  // Posted in the channel: a contact detail kept before the checks is not shown (src/present/channel-words.ts).
  const doc = channelDoc(sheetMessageDoc(sheet, index, record, o));
  const text = fallback(doc.fallback);
  const id = "id" in sheet ? sheet.id : 0;
  const whole = { text, blocks: draw(doc, id, false) };
  return messageChars(whole) > LIMITS.messageText - 200 ? { text, blocks: draw(doc, id, true) } : whole;
}

/** Every message of a kept sheet (or of a draft that could not be kept), with the record. */
export function sheetMessages(
  sheet: Sheet | SheetBody,
  record: SheetRecord,
  o: { problem?: string | undefined } = {},
): Threaded {
  const [parent, ...replies] = sheet.messages.map((_, i) => sheetMessage(sheet, i, record, o));
  return { parent: parent as Message, replies };
}
