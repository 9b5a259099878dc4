/**
 * Parts more than one document uses: a room's line, a summary line, a reference, page buttons and
 * note, a list's buttons, a titled document with its summary, lines split into section-sized parts, and
 * the record's head in a foot.
 */
import { ENTRY_CAPS } from "../domain/day.ts";
import { plural } from "../domain/text.ts";
import type { ChainHead } from "../record/types.ts";
import type { SummaryPart } from "../words/day.ts";
import { PART_UNUSED } from "../words/parts.ts";
import { VERIFY_HEAD_WHERE, verifyHeadCommand } from "../words/record.ts";
import type { Action, ActionOf, Doc, Line, PageAction, Part, Span } from "./doc.ts";
import { code, dotted, line, lineText, strong, value } from "./doc.ts";
import { headToCheck } from "./record.ts";

/** A room's name as a group's line. */
export const roomLine = (room: string): Line => [strong(room)];

/** Summary parts on one line, loud ones (money to take) standing out, then what follows them. */
export function summaryLine(parts: SummaryPart[], ...after: Array<string | undefined | false>): Line {
  return dotted(...parts.map((p) => (p.loud ? strong(p.text, "alert") : p.text)), ...after);
}

/** A booking's reference, or its id when it has none. */
export function referenceSpan(b: { reference?: string | undefined; bookingId?: number | undefined }): Span {
  return b.reference
    ? code(value(b.reference, ENTRY_CAPS.reference))
    : { text: `booking id ${b.bookingId ?? "not recorded"}` };
}

/** A list's buttons in Slack (a search's customers, pets or bookings): each record's card, and the pages. */
export interface ListDocOptions {
  openAction?: ActionOf<number>;
  pageAction?: PageAction;
}

/** ◀ Previous and Next ▶ (page k of n), when there is more than one page. */
export function pageActions(r: { page: number; pages: number }, action: PageAction): Part {
  const actions: Action[] = [];
  if (r.page > 1) actions.push({ text: "◀ Previous", ...action(r.page - 1, "prev") });
  if (r.page < r.pages)
    actions.push({ text: `Next ▶ (page ${r.page + 1} of ${r.pages})`, ...action(r.page + 1, "next") });
  return { kind: "actions", actions };
}

/**
 * "page 2 of 5" as a list's closing note, or nothing for a list of one page (a request id is said
 * only with a problem, and in the morning post's foot).
 */
export function pageNote(l: { page: number; totalPages: number }): Part[] {
  return l.totalPages > 1 ? [{ kind: "note", lines: [dotted(`page ${l.page} of ${l.totalPages}`)] }] : [];
}

/**
 * Which of a post's items (a round's pets) a message of its thread holds: the items from `start` (from
 * 0) to before `end`, of `total`; `continued` when the first goes on from the message before. "21–65
 * of 120", "24 of 84"; "24 of 84, continued" (the rest of one item); "24 continued, 25–30 of 84".
 */
export function replyLabel(start: number, end: number, total: number, continued = false): string {
  const span = (from: number) => (end - from > 1 ? `${from + 1}–${end}` : `${end}`);
  if (!continued) return `${span(start)} of ${total}`;
  return end - start > 1
    ? `${start + 1} continued, ${span(start + 1)} of ${total}`
    : `${start + 1} of ${total}, continued`;
}

/**
 * What a capped list left out, and where to see it: "and 1 more", "and 66 more pets: see /rounds"
 * ("more" is never plural; the thing counted is).
 */
export function andMoreWords(n: number, noun?: string, where?: string): string {
  const what = noun ? ` ${plural(n, noun).replace(/^\d+ /, "")}` : "";
  return `and ${n} more${what}${where ? `: see ${where}` : ""}`;
}

/** A document: its title, a summary of `summary`'s lines, then the rest. */
export function summarisedDoc(title: string, summary: Line[], rest: Part[]): Doc {
  return {
    fallback: title,
    parts: [{ kind: "title", text: title }, { kind: "summary", lines: summary }, ...rest],
  };
}

/**
 * Lines in as few text parts as fit `max` characters each, whole lines kept together. The default:
 * a Slack section holds 3,000 once escaped.
 */
export function textParts(ls: Line[], max = 2400): Part[] {
  const parts: Part[] = [];
  let chunk: Line[] = [];
  let used = 0;
  for (const l of ls) {
    const n = lineText(l).length + 1;
    if (chunk.length && used + n > max) {
      parts.push({ kind: "text", lines: chunk });
      chunk = [];
      used = 0;
    }
    chunk.push(l);
    used += n;
  }
  if (chunk.length) parts.push({ kind: "text", lines: chunk });
  return parts;
}

/**
 * A page's foot line naming the record's head it was made at and the command that checks it, whole:
 * `record verify --head` with that head, run where the record is.
 */
export function recordHeadLines(head: ChainHead | undefined): Line[] {
  if (!head) return [];
  return [
    line(
      `Record head at the time: #${head.seq}, sha256 `,
      code(head.hash),
      ` (${VERIFY_HEAD_WHERE} `,
      code(verifyHeadCommand(headToCheck(head))),
      ").",
    ),
  ];
}

/** A part of a long message that a shorter drawing no longer needs (src/blocks/parts.ts): kept, saying so. */
export const unusedPartDoc = (): Doc => ({
  fallback: PART_UNUSED,
  parts: [{ kind: "note", lines: [[{ text: PART_UNUSED, em: true }]] }],
});
