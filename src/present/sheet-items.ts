/**
 * A round's sheet's items (src/present/round-sheet.ts) when a pet's care passes a Slack message: its
 * parts, each but the last marked `more` (src/blocks/round-sheet.ts shares them out), counted as one
 * pet in the thread's labels and joined again as one item where the round is read whole (the
 * terminal).
 */
import type { Line, Part } from "./doc.ts";

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

/** The items of a pet shared out over messages (`more`) as one: every line, the last's key. */
export function joinedItems(parts: Part[]): Part[] {
  const out: Part[] = [];
  let held: Line[] = [];
  const flush = () => {
    if (held.length) out.push({ kind: "item", lines: held });
    held = [];
  };
  for (const p of parts) {
    if (isItem(p) && p.more) held.push(...p.lines);
    else if (isItem(p)) {
      out.push({ ...p, lines: [...held, ...p.lines] });
      held = [];
    } else {
      flush();
      out.push(p);
    }
  }
  flush();
  return out;
}
