/**
 * Long words in a form (a Slack modal holds at most 100 blocks and 250 kB: src/blocks/view-room.ts):
 * each item's words whole in their sections (src/blocks/sections.ts) above its inputs while there is
 * room, else one block in their place saying where they are whole; never a part of them, never an
 * input left out.
 */
import type { Line } from "../present/doc.ts";
import { lineSections } from "./doc.ts";
import {
  emptyPage,
  type Filling,
  fitsOn,
  fitting,
  leftOn,
  less,
  lessBy,
  put,
  type Room,
  sizeOf,
  VIEW_ROOM,
  within,
} from "./view-room.ts";

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
 * The items' blocks in order within a view beside `others` blocks of its own (a heading, a question),
 * its 100 blocks and its 250 kB: an item's words take more than one block only while they all fit;
 * else its one `elsewhere` block.
 */
export function fitItems(items: FormItem[], others: unknown[]): unknown[] {
  const least = items.flatMap((i) => [...(i.words.length <= 1 ? i.words : [i.elsewhere]), ...i.inputs]);
  let left = less(VIEW_ROOM, [...others, ...least]);
  return items.flatMap(({ words, inputs, elsewhere }) => {
    if (words.length <= 1) return [...words, ...inputs];
    const more = lessBy(sizeOf(words), sizeOf([elsewhere]));
    if (within(more, left)) {
      left = lessBy(left, more);
      return [...words, ...inputs];
    }
    return [elsewhere, ...inputs];
  });
}

/** A plan's item in a form with its questions: kept together on one page where one holds them. */
export interface FormGroup {
  /** The item's blocks (its words, its ✏️ Edit…): shared out at a block's edge only when no page holds them. */
  words: unknown[];
  /**
   * Each question about it, its blocks kept whole on one page; `measure`: its blocks as a page's room
   * counts them, one for one, when they may grow (its longest answer chosen), so that choosing one
   * never moves where a page ends.
   */
  questions: Array<{ n: number; blocks: unknown[]; measure?: unknown[] }>;
  /** The item in words ("medication 2"); none for a part that is no item. */
  item?: string | undefined;
}

/** A page of a form: its blocks and their size, and the items and questions it holds (each question's answers with it). */
export interface FormPage extends Filling {
  items: string[];
  questions: number[];
}

/** What a page says where an item's or a question's words go on in the next part (`part` from 1), and where they came from. */
export interface GoesOnMarks {
  goesOn: (what: string, part: number) => unknown;
  continued: (what: string, part: number) => unknown;
}

/**
 * Groups (a plan's items, each with its questions) as a form's pages within `room` each (its blocks
 * and its bytes: a page holds fewer when their words are long), in order: each group whole in one
 * page where one holds it; else its item's words, then each question, each whole on a page where
 * one holds it, else begun in the room left and going on at a block's edge, each page saying where
 * they go on and where they came from (`marks`; a question's answers always with its last words). A
 * page holds the items whose words it shows and the questions whose answers it asks: what its head
 * says. A question is placed as measured (`measure`) and drawn as it is. Nothing left out. One page
 * when they all fit.
 */
export function formPages(groups: FormGroup[], room: Room, marks: GoesOnMarks): FormPage[] {
  const blank = (): FormPage => ({ ...emptyPage(), items: [], questions: [] });
  const pages: FormPage[] = [blank()];
  const page = () => pages.at(-1) as FormPage;
  const turn = () => pages.push(blank());
  /** Blocks where they fit whole: on this page, else on the next when a page holds them. */
  const start = (blocks: unknown[]) => {
    if (!fitsOn(page(), blocks, room) && page().blocks.length > 0 && fitsOn(blank(), blocks, room)) turn();
  };
  /** Blocks on as many pages as they need; `each` on every page they touch but the last, `last` on that. */
  const place = (blocks: unknown[], what: string, each: () => void, last = each) => {
    start(blocks);
    // Not one block beside the words saying where they go on: they begin on the next page.
    const goesOn = () => marks.goesOn(what, pages.length + 1);
    if (!fitsOn(page(), blocks, room) && fitting(blocks, less(leftOn(page(), room), [goesOn()])) === 0)
      turn();
    let rest = blocks;
    while (!fitsOn(page(), rest, room)) {
      const mark = goesOn();
      const take = rest.slice(0, Math.max(fitting(rest, less(leftOn(page(), room), [mark])), 1));
      put(page(), [...take, mark]);
      each();
      rest = rest.slice(take.length);
      turn();
      put(page(), [marks.continued(what, pages.length - 1)]);
    }
    put(page(), rest);
    last();
  };
  /** Each question's blocks as drawn, by its blocks as measured. */
  const drawn = new Map<unknown, unknown>();
  for (const g of groups) {
    start([...g.words, ...g.questions.flatMap((q) => q.measure ?? q.blocks)]);
    const holds = () => {
      if (g.item !== undefined && !page().items.includes(g.item)) page().items.push(g.item);
    };
    place(g.words, g.item ?? "this part", holds);
    // A question's answers are asked on the page of its last words; a page before holds its words.
    for (const q of g.questions) {
      q.measure?.forEach((m, k) => {
        drawn.set(m, q.blocks[k]);
      });
      place(
        q.measure ?? q.blocks,
        `question ${q.n}`,
        () => page().items.push(`question ${q.n}'s words`),
        () => page().questions.push(q.n),
      );
    }
  }
  for (const p of pages) p.blocks = p.blocks.map((b) => drawn.get(b) ?? b);
  return pages;
}

/**
 * A list in a view (the Home tab's parts) within its 100 blocks and its 250 kB beside `others` blocks
 * of its own: every group when all fit; else those that fit whole, in order (one too long passed
 * over, not the rest after it), then `more(n)`, the one block saying how many are not shown and
 * where they are whole. Never a group in part.
 */
export function fitList<B>(groups: B[][], others: unknown[], more: (n: number) => B): B[] {
  const room = less(VIEW_ROOM, others);
  if (within(sizeOf(groups.flat()), room)) return groups.flat();
  // Room kept for the words saying how many are not shown (at most all of them).
  const left = less(room, [more(groups.length)]);
  const page = emptyPage();
  let n = 0;
  // A group with no room left is passed over, not the rest after it (one huge fast hides no day).
  for (const g of groups) {
    if (!fitsOn(page, g, left)) continue;
    put(page, g);
    n++;
  }
  return [...(page.blocks as B[]), more(groups.length - n)];
}
