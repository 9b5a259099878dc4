/**
 * A view's room (a form's, the Home tab's): its 100 blocks and its size in all, Slack's 250 kB less a
 * margin (src/blocks/limits.ts `LIMITS.viewBytes`). The pagers and the lists that fit a view (the
 * medicines and the stock, the plan's form, the record form, Home) count both: a page holds fewer
 * items when their words are long, never a part of one.
 */
import { jsonBytes, LIMITS } from "./limits.ts";

/** Room in a view, or what blocks take of it: blocks, and bytes of the view's JSON. */
export interface Room {
  blocks: number;
  bytes: number;
}

/**
 * What a view's other fields may take beside its blocks: its metadata at its longest (sealed JSON:
 * each character up to three bytes, a quote two once escaped), its form's id, its title and its
 * buttons' words (each character up to six bytes once escaped), and their keys.
 */
const FRAME_BYTES = 3 * LIMITS.privateMetadata + LIMITS.callbackId + 3 * 6 * LIMITS.viewTitle + 600;

/** A whole view's room for its blocks. */
export const VIEW_ROOM: Room = { blocks: LIMITS.viewBlocks, bytes: LIMITS.viewBytes - FRAME_BYTES };

/** Blocks' size in a view: each block's JSON and the comma after it. */
export const blocksBytes = (blocks: readonly unknown[]): number =>
  blocks.reduce<number>((n, b) => n + jsonBytes(b) + 1, 0);

/** What blocks take of a view's room. */
export const sizeOf = (blocks: readonly unknown[]): Room => ({
  blocks: blocks.length,
  bytes: blocksBytes(blocks),
});

/** The room left once `blocks` take theirs. */
export const less = (room: Room, blocks: readonly unknown[]): Room => lessBy(room, sizeOf(blocks));

/** The room left once `taken` is taken. */
export const lessBy = (room: Room, taken: Room): Room => ({
  blocks: room.blocks - taken.blocks,
  bytes: room.bytes - taken.bytes,
});

/** Does `size` fit in `room`? */
export const within = (size: Room, room: Room): boolean =>
  size.blocks <= room.blocks && size.bytes <= room.bytes;

/** How many of `blocks`, from the first, fit in `room`. */
export function fitting(blocks: readonly unknown[], room: Room): number {
  let bytes = 0;
  let n = 0;
  for (const b of blocks) {
    bytes += jsonBytes(b) + 1;
    if (n + 1 > room.blocks || bytes > room.bytes) break;
    n++;
  }
  return n;
}

/** A page being filled: its blocks and their size. */
export interface Filling {
  blocks: unknown[];
  bytes: number;
}

/** A page with nothing on it yet. */
export const emptyPage = (): Filling => ({ blocks: [], bytes: 0 });

/** The room left on `page` within `room`. */
export const leftOn = (page: Filling, room: Room): Room =>
  lessBy(room, { blocks: page.blocks.length, bytes: page.bytes });

/** Do `blocks` fit on `page` beside what it holds? */
export const fitsOn = (page: Filling, blocks: readonly unknown[], room: Room): boolean =>
  within(sizeOf(blocks), leftOn(page, room));

/** `blocks` put on `page`. */
export function put(page: Filling, blocks: readonly unknown[]): void {
  page.blocks.push(...blocks);
  page.bytes += blocksBytes(blocks);
}

/**
 * Pages each drawn within a view's room: `cut` shares the content out in pages of at most the room
 * it is given, `draw` gives every page's blocks with its head and foot. The room given to `cut` is
 * the view's less `head` (what a page's head and foot take, at least), less more for as long as a
 * drawn page is past the view's room (a head saying more once there are more pages).
 */
export function drawnWithin<P>(
  cut: (room: Room) => P[],
  draw: (pages: P[]) => unknown[][],
  head: Room,
): { pages: P[]; drawn: unknown[][] } {
  let reserve = head;
  for (let tries = 0; tries < 50; tries++) {
    const pages = cut(lessBy(VIEW_ROOM, reserve));
    const drawn = draw(pages);
    const over = drawn.map((d) => lessBy(sizeOf(d), VIEW_ROOM));
    const most = {
      blocks: Math.max(0, ...over.map((o) => o.blocks)),
      bytes: Math.max(0, ...over.map((o) => o.bytes)),
    };
    if (most.blocks === 0 && most.bytes === 0) return { pages, drawn };
    reserve = { blocks: reserve.blocks + most.blocks, bytes: reserve.bytes + most.bytes };
  }
  throw new RangeError("pages whose heads take a whole view");
}

/**
 * How far a run of a list's items, from `from`, goes on one view: the largest `to` (at most `n`)
 * whose view, as `draw(to)` draws it with the items `from`…`to` − 1, is within a view's room less
 * `margin` (words that change with where the next run ends); at least one item, never none (one too
 * long alone is its own run).
 */
export function fittingRun(n: number, from: number, draw: (to: number) => unknown[], margin: Room): number {
  const room = lessBy(VIEW_ROOM, margin);
  const fits = (to: number) => within(sizeOf(draw(to)), room);
  if (from >= n || fits(n)) return n;
  let fit = from + 1;
  if (!fits(fit)) return fit;
  let past = n;
  while (past - fit > 1) {
    const mid = Math.floor((fit + past) / 2);
    if (fits(mid)) fit = mid;
    else past = mid;
  }
  return fit;
}
