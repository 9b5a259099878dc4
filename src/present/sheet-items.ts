/**
 * A round's sheet's items (src/present/round-sheet.ts) when a pet's care passes a Slack message: its
 * parts, each but the last marked `more` (src/blocks/round-sheet.ts shares them out), counted as one
 * pet in the thread's labels and joined again as one item where the round is read whole (the
 * terminal). Each part read alone says whose care it is: a part after the first begins with the pet's
 * room and name "(continued)", a part but the last ends saying the care goes on in the next message;
 * those lines (`piece`) are left out when the parts are joined, and a line split between two parts
 * (`cut`) is put back whole.
 */
import { CONTINUED, goesOnWords } from "../words/parts.ts";
import type { Line, Part, Span } from "./doc.ts";

type Item = Extract<Part, { kind: "item" }>;
export const isItem = (p: Part): p is Item => p.kind === "item";

/**
 * Which pet (from 0) each item of a sheet is, and whether it goes on from the item before (a pet
 * shared out over messages: its items but the last say `more`), and how many pets there are.
 */
export function petsOfItems(items: Item[]): { pet: number[]; on: boolean[]; total: number } {
  let total = 0;
  const pet: number[] = [];
  const on: boolean[] = [];
  items.forEach((p, i) => {
    pet.push(total);
    on.push(items[i - 1]?.more === true);
    if (!p.more) total++;
  });
  return { pet, on, total };
}

const pieceLine = (spans: Span[]): Line => spans.map((s) => ({ ...s, piece: true }));
const isPieceLine = (l: Line): boolean => l.length > 0 && l.every((s) => s.piece);

/**
 * A pet's head on a part after its first: its first line's room and name (what comes before its
 * second " · "), "(continued)".
 */
export function continuedHead(first: Line): Line {
  const second = first.map((s, i) => (s.text === " · " ? i : -1)).filter((i) => i >= 0)[1];
  return pieceLine([...first.slice(0, second), { text: CONTINUED }]);
}

/** The last line of a pet's part but the last: whose care goes on, and the next message's label. */
export const goesOnLine = (name: string | undefined, label: string): Line =>
  pieceLine([{ text: goesOnWords(name, label) }]);

const sameMarks = (a: Span, b: Span): boolean =>
  JSON.stringify({ ...a, text: "" }) === JSON.stringify({ ...b, text: "" });

/** A line split between words, whole again: `a` then `b`, the span cut in two as one. */
function joinedLine(a: Line, b: Line): Line {
  const last = a.at(-1);
  const [first, ...rest] = b;
  if (!last || !first || !sameMarks(last, first)) return [...a, ...b];
  return [...a.slice(0, -1), { ...last, text: last.text + first.text }, ...rest];
}

/**
 * The items of a pet shared out over messages (`more`) as one: every line of its care, a line split
 * between two parts (`cut`) whole again, without the lines that say where it goes on; the last's key.
 */
export function joinedItems(parts: Part[]): Part[] {
  const out: Part[] = [];
  let held: Line[] = [];
  let cut = false;
  const take = (p: Item) => {
    const [first, ...rest] = p.lines.filter((l) => !isPieceLine(l));
    const before = held.at(-1);
    if (cut && before && first) held = [...held.slice(0, -1), joinedLine(before, first), ...rest];
    else held = [...held, ...(first ? [first, ...rest] : [])];
    cut = p.cut === true;
  };
  const flush = () => {
    if (held.length) out.push({ kind: "item", lines: held });
    [held, cut] = [[], false];
  };
  for (const p of parts) {
    if (isItem(p) && p.more) take(p);
    else if (isItem(p)) {
      take(p);
      out.push({ ...p, lines: held });
      [held, cut] = [[], false];
    } else {
      flush();
      out.push(p);
    }
  }
  flush();
  return out;
}
