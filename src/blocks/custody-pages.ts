/**
 * A pet's medicines and the stock in a Slack view (issue 49): every medicine whole with its buttons,
 * in pages when one form (its 100 blocks, its 250 kB: src/blocks/view-room.ts) does not hold them
 * all, so every button of every medicine (💊 Count in…, 🔢 Count…, ↩️ Handed back…, ✔️ Close
 * discrepancy…) is on some page. Pure: the listeners draw a page (src/listeners/actions/custody.ts).
 */
import { medicinesPageWords, pageBackWords, pageOnWords } from "../present/custody-pet.ts";
import type { Doc, Part } from "../present/doc.ts";
import { custodyPage } from "./buttons.ts";
import { docBlocks } from "./doc.ts";
import { wordSections } from "./form-room.ts";
import { button } from "./mrkdwn.ts";
import {
  blocksBytes,
  drawnWithin,
  emptyPage,
  type Filling,
  fitsOn,
  fitting,
  leftOn,
  put,
  type Room,
  sizeOf,
  VIEW_ROOM,
  within,
} from "./view-room.ts";

/**
 * A pet's medicines or the stock (a document of src/present/custody*.ts with its buttons): a view
 * with no submit. Every medicine whole with its buttons when one form holds them all (its 100 blocks
 * and its 250 kB); past that, in pages (`page`, from 1; past the last: the last), each headed by
 * which page it is, the pages holding something to act on and ◀ ▶ to the pages either side:
 * nothing left out, each medicine on one page where one holds it (a page holds fewer when their
 * words are long), else at a block's edge on as many as it takes. `holding`:
 * the key of a medicine's item (the one a form just acted on): the view at the page that now holds it
 * (its first), whatever `page` says; when no page does, `page`. `seal`: the view's metadata for the
 * page it shows (none: one form holds it all).
 */
export function medicinesView(
  callbackId: string,
  seal: (page: number | undefined) => string,
  doc: Doc,
  at: { page?: number | undefined; holding?: string | undefined } = {},
) {
  const head: Part[] = [];
  const foot: Part[] = [];
  const medicines: Part[][] = [];
  for (const p of doc.parts) {
    if (p.kind === "title" || p.kind === "summary") head.push(p);
    else if (p.kind === "note") foot.push(p);
    else if (p.kind === "actions" && medicines.length) medicines.at(-1)?.push(p);
    else medicines.push([p]);
  }
  const top = docBlocks(head);
  const bottom = docBlocks(foot);
  const groups = medicines.map((m) => ({
    blocks: docBlocks(m) as unknown[],
    act: toActOn(m),
    holds: at.holding !== undefined && m.some((p) => p.kind === "item" && p.key === at.holding),
  }));
  const all = groups.flatMap((g) => g.blocks);
  const view = (page: number | undefined, blocks: unknown[]) => ({
    type: "modal" as const,
    callback_id: callbackId,
    title: { type: "plain_text" as const, text: "Medicines" },
    close: { type: "plain_text" as const, text: "Close" },
    private_metadata: seal(page),
    blocks,
  });
  if (within(sizeOf([...top, ...all, ...bottom]), VIEW_ROOM))
    return view(undefined, [...top, ...all, ...bottom]);
  // Each page: its head's words and its buttons beside the document's head and foot.
  const { pages, drawn } = drawnWithin(
    (room) => pagesOf(groups, room),
    (pages) => drawPages(pages, top, bottom),
    { blocks: top.length + bottom.length + 2, bytes: blocksBytes([...top, ...bottom]) },
  );
  const holding = pages.findIndex((p) => p.holds) + 1;
  const k = holding || Math.min(Math.max(at.page ?? 1, 1), pages.length);
  return view(k, drawn[k - 1] as unknown[]);
}

/** Each page's blocks: the document's head, which page it is and the pages to act on, ◀ ▶, its medicines, the document's foot. */
function drawPages(pages: MedicinesPage[], top: unknown[], bottom: unknown[]): unknown[][] {
  const toAct = pages.flatMap((p, i) => (p.act ? [i + 1] : []));
  return pages.map((p, i) => [
    ...top,
    ...wordSections([[{ text: medicinesPageWords(i + 1, pages.length, toAct) }]]),
    pageButtons(i + 1, pages.length),
    ...p.blocks,
    ...bottom,
  ]);
}

/** A page of medicines: its blocks and their size, whether one of them has something to act on, whether the medicine asked for starts on it. */
interface MedicinesPage extends Filling {
  act: boolean;
  holds: boolean;
}

const emptyMedicines = (): MedicinesPage => ({ ...emptyPage(), act: false, holds: false });

/**
 * Medicines as pages within `room` (blocks and bytes), in order: each whole on one page where one
 * holds it (a page turned before it rather than it shared out); one longer than a page, at a block's
 * edge over as many as it takes. Never a block left out.
 */
function pagesOf(
  groups: Array<{ blocks: unknown[]; act: boolean; holds: boolean }>,
  room: Room,
): MedicinesPage[] {
  const pages: MedicinesPage[] = [emptyMedicines()];
  const last = () => pages.at(-1) as MedicinesPage;
  for (const g of groups) {
    if (last().blocks.length > 0 && !fitsOn(last(), g.blocks, room)) pages.push(emptyMedicines());
    // The medicine's first block is on the page it starts on.
    last().holds ||= g.holds;
    let rest = g.blocks;
    for (;;) {
      const take = rest.slice(0, Math.max(fitting(rest, leftOn(last(), room)), 1));
      put(last(), take);
      last().act ||= g.act;
      rest = rest.slice(take.length);
      if (rest.length === 0) break;
      pages.push(emptyMedicines());
    }
  }
  return pages;
}

/** "◀ Page 1" and "Page 3 ▶": the pages either side of page `k` (from 1) of `n`. */
const pageButtons = (k: number, n: number) => ({
  type: "actions",
  block_id: "custody_pages",
  elements: [
    ...(k > 1
      ? [button(pageBackWords(k - 1), custodyPage.actionId("prev"), custodyPage.encode({ g: k - 1 }))]
      : []),
    ...(k < n
      ? [
          button(
            pageOnWords(k + 1),
            custodyPage.actionId("next"),
            custodyPage.encode({ g: k + 1 }),
            "primary",
          ),
        ]
      : []),
  ],
});

/** A medicine with something to act on: a line of it marked as an alert (running out, overdue, a discrepancy). */
const toActOn = (parts: Part[]) =>
  parts.some((p) => "lines" in p && p.lines.some((l) => l.some((s) => s.tone === "alert")));
