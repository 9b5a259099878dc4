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

/** A plan's item in a form with its questions: kept together on one page where one holds them. */
export interface FormGroup {
  /** The item's blocks (its words, its ✏️ Edit…): shared out at a block's edge only when no page holds them. */
  words: unknown[];
  /** Each question about it, its blocks kept whole on one page. */
  questions: Array<{ n: number; blocks: unknown[] }>;
  /** The item in words ("medication 2"); none for a part that is no item. */
  item?: string | undefined;
}

/** A page of a form: its blocks, and the items and questions it holds (each question's answers with it). */
export interface FormPage {
  blocks: unknown[];
  items: string[];
  questions: number[];
}

/** What a page says where an item's or a question's words go on in the next part (`part` from 1), and where they came from. */
export interface GoesOnMarks {
  goesOn: (what: string, part: number) => unknown;
  continued: (what: string, part: number) => unknown;
}

/**
 * Groups (a plan's items, each with its questions) as a form's pages of at most `room` blocks each, in
 * order: each group whole in one page where one holds it; else its item's words, then each question,
 * each whole on a page where one holds it, else begun in the room left and going on at a block's
 * edge, each page saying where they go on and where they came from (`marks`; a question's answers
 * always with its last words). A page holds the items whose words it shows and the questions whose
 * answers it asks: what its head says. Nothing left out. One page when they all fit.
 */
export function formPages(groups: FormGroup[], room: number, marks: GoesOnMarks): FormPage[] {
  const pages: FormPage[] = [{ blocks: [], items: [], questions: [] }];
  const page = () => pages.at(-1) as FormPage;
  const left = () => room - page().blocks.length;
  const turn = () => pages.push({ blocks: [], items: [], questions: [] });
  /** Blocks on as many pages as they need; `each` on every page they touch but the last, `last` on that. */
  const place = (blocks: unknown[], what: string, each: () => void, last = each) => {
    if (blocks.length > left() && page().blocks.length > 0 && blocks.length <= room) turn();
    if (blocks.length > left() && left() < 2) turn();
    let rest = blocks;
    while (rest.length > left()) {
      const take = rest.slice(0, left() - 1);
      page().blocks.push(...take, marks.goesOn(what, pages.length + 1));
      each();
      rest = rest.slice(take.length);
      turn();
      page().blocks.push(marks.continued(what, pages.length - 1));
    }
    page().blocks.push(...rest);
    last();
  };
  for (const g of groups) {
    const size = g.words.length + g.questions.reduce((n, q) => n + q.blocks.length, 0);
    if (size > left() && page().blocks.length > 0 && size <= room) turn();
    const holds = () => {
      if (g.item !== undefined && !page().items.includes(g.item)) page().items.push(g.item);
    };
    place(g.words, g.item ?? "this part", holds);
    // A question's answers are asked on the page of its last words; a page before holds its words.
    for (const q of g.questions)
      place(
        q.blocks,
        `question ${q.n}`,
        () => page().items.push(`question ${q.n}'s words`),
        () => page().questions.push(q.n),
      );
  }
  return pages;
}

/**
 * A list in a view (a pet's medicines, the stock) within its 100 blocks beside `others` of its own:
 * every group when all fit; else those that fit whole, in order (one too long passed over, not the
 * rest after it), then `more(n)`, the one block saying how many are not shown and where they are
 * whole. Never a group in part.
 */
export function fitList<B>(groups: B[][], others: number, more: (n: number) => B): B[] {
  const room = LIMITS.viewBlocks - others;
  if (groups.reduce((n, g) => n + g.length, 0) <= room) return groups.flat();
  const shown: B[] = [];
  let n = 0;
  // A group with no room left is passed over, not the rest after it (one huge fast hides no day).
  for (const g of groups) {
    if (shown.length + g.length > room - 1) continue;
    shown.push(...g);
    n++;
  }
  return [...shown, more(groups.length - n)];
}
