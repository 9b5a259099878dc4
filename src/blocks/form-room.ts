/**
 * Long words in a form (a Slack modal holds at most 100 blocks): each item's words whole in their
 * sections (src/blocks/sections.ts) above its inputs while there is room, else one block in their
 * place saying where they are whole; never a part of them, never an input left out.
 */
import type { Line } from "../present/doc.ts";
import { lineSections } from "./doc.ts";
import { LIMITS } from "./limits.ts";

/** One item of a form: its words' blocks, its inputs, and what stands in for its words when they have no room. */
export interface FormItem {
  words: unknown[];
  inputs: unknown[];
  elsewhere: unknown;
}

/** Lines as a form's sections, whole: split between lines, then words, each piece keeping its marks. */
export const wordSections = (lines: Line[]): unknown[] =>
  lineSections(lines).map((t) => ({ type: "section", text: { type: "mrkdwn", text: t, verbatim: true } }));

/**
 * The items' blocks in order within a view beside `others` blocks of its own (a heading, a question):
 * an item's words take more than one block only while they all fit; else its one `elsewhere` block.
 */
export function fitItems(items: FormItem[], others: number): unknown[] {
  const least = items.reduce((n, i) => n + i.inputs.length + Math.min(i.words.length, 1), 0);
  let left = LIMITS.viewBlocks - others - least;
  return items.flatMap(({ words, inputs, elsewhere }) => {
    if (words.length <= 1) return [...words, ...inputs];
    if (words.length - 1 <= left) {
      left -= words.length - 1;
      return [...words, ...inputs];
    }
    return [elsewhere, ...inputs];
  });
}

/**
 * Groups of blocks (a plan's items with their questions) as a form's pages of at most `room` blocks
 * each, in order: each group whole in one page where one holds it, else begun in the room left and
 * going on at a block's edge; nothing left out. One page when they all fit.
 */
export function formPages<G extends { blocks: unknown[] }>(groups: G[], room: number): G[][] {
  const pages: G[][] = [[]];
  let used = 0;
  for (const g of groups) {
    if (used + g.blocks.length <= room) {
      (pages.at(-1) as G[]).push(g);
      used += g.blocks.length;
      continue;
    }
    if (used > 0 && g.blocks.length <= room) {
      pages.push([g]);
      used = g.blocks.length;
      continue;
    }
    // A group no page holds whole: its blocks in the room left, then on as many pages as they need.
    let rest = g.blocks;
    while (rest.length) {
      if (used >= room) {
        pages.push([]);
        used = 0;
      }
      const take = rest.slice(0, room - used);
      (pages.at(-1) as G[]).push({ ...g, blocks: take });
      used += take.length;
      rest = rest.slice(take.length);
    }
  }
  return pages;
}

/**
 * A list in a view (a pet's medicines, the stock) within its 100 blocks beside `others` of its own:
 * every group when all fit; else the first that fit whole, then `more(n)`, the one block saying how
 * many are not shown and where they are whole. Never a group in part.
 */
export function fitList<B>(groups: B[][], others: number, more: (n: number) => B): B[] {
  const room = LIMITS.viewBlocks - others;
  if (groups.reduce((n, g) => n + g.length, 0) <= room) return groups.flat();
  const shown: B[] = [];
  let n = 0;
  for (const g of groups) {
    if (shown.length + g.length > room - 1) break;
    shown.push(...g);
    n++;
  }
  return [...shown, more(groups.length - n)];
}
