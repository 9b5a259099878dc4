/**
 * "📄 Enter from paper…" in Slack (issue 50): its two forms' metadata, defined once here, and their
 * views, drawn from their documents (src/present/paper-form.ts): which pet, then that pet's doses as
 * the chart on paper says them. Once a pet is entered the form returns to the first, to enter the next.
 * Each is shared out by size (its 100 blocks, its 250 kB: src/blocks/view-room.ts), never by a count:
 * a form holds the pets or the doses that fit, says which, and the next holds the rest.
 */
import { z } from "zod";
import type { Part } from "../present/doc.ts";
import {
  PAPER_NAMES_WHOLE,
  type PaperDoseDoc,
  type PaperPetDoc,
  type PaperPickDoc,
  paperDosesPageWords,
  paperPetStep,
  paperPickBackWords,
  paperPickPageWords,
} from "../present/paper-form.ts";
import { paperPage } from "./buttons.ts";
import { docBlocks } from "./doc.ts";
import { wordSections } from "./form-room.ts";
import { atOf, defineForm, metaWhere } from "./forms.ts";
import { button, esc, truncate } from "./mrkdwn.ts";
import { plain } from "./plan.ts";
import { fittingRun, lessBy, type Room, sizeOf, VIEW_ROOM, within } from "./view-room.ts";

const recordId = () => z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** The run of the list a form shows when one form does not hold it all (its 100 blocks, its 250 kB): from `f`, to before `e`. */
const run = () => ({
  f: z.number().int().min(0).max(1_000_000).optional(),
  e: z.number().int().min(1).max(1_000_000).optional(),
});
const pickMeta = () => z.object({ s: recordId(), ...run(), ...metaWhere() });
const petMeta = () => z.object({ s: recordId(), b: recordId(), p: recordId(), ...run(), ...metaWhere() });

/** The items a form shows of its list (its pets, its doses): from `from`, to before `to`. */
export interface Shown {
  from: number;
  to: number;
}
const shownOf = (m: { f?: number | undefined; e?: number | undefined }): Shown | undefined =>
  m.f !== undefined && m.e !== undefined && m.e > m.f ? { from: m.f, to: m.e } : undefined;
const runOf = (shown: Shown | undefined) => (shown ? { f: shown.from, e: shown.to } : {});

/** Which pet: the round's kept sheet and the post it is on, and the pets its menu showed when not all. */
export const paperPickForm = defineForm("paper_pick", pickMeta, {
  shorter: (m) => [{ ...m, u: undefined }],
  names: (m) => ({ sheetId: m.s, at: atOf(m), shown: shownOf(m) }),
});
/** One pet's doses from the paper, and which of them the form showed when not all. */
export const paperPetForm = defineForm("paper_pet", petMeta, {
  shorter: (m) => [{ ...m, u: undefined }],
  names: (m) => ({ sheetId: m.s, bookingId: m.b, petId: m.p, at: atOf(m), shown: shownOf(m) }),
});
export type PaperPickMeta = z.infer<ReturnType<typeof pickMeta>>;
export type PaperPetMeta = z.infer<ReturnType<typeof petMeta>>;
/** A form's metadata with the run of its list it shows (none: all of it). */
export const withShown = <M extends object>(meta: M, shown: Shown | undefined) => ({
  ...meta,
  ...runOf(shown),
});

/**
 * Room kept beside a run's blocks for its words, drawn as a run reaching the end says them while its
 * length is measured: a shorter run's are as long, give or take a few digits.
 */
const RUN_WORDS: Room = { blocks: 0, bytes: 100 };

/**
 * A list shared out over forms by size (src/blocks/view-room.ts): the run from `from` (past the end:
 * the first), as far as a form holds it.
 */
function runAt(n: number, from: number, draw: (from: number, to: number) => unknown[]) {
  const start = from < n ? from : 0;
  const to = fittingRun(n, start, (t) => draw(start, t), RUN_WORDS);
  return { start, to, all: start === 0 && to >= n };
}

const mrkdwn = (text: string) => ({
  type: "section",
  text: { type: "mrkdwn", text: truncate(text, 2900), verbatim: true },
});
const option = (c: { text: string; value: string }) => ({ text: plain(c.text, 75), value: c.value });
const input = (block_id: string, label: string, element: Record<string, unknown>) => ({
  type: "input",
  block_id,
  optional: true,
  label: plain(label, 2000),
  element: { action_id: "v", ...element },
});

const PET = "pet";
/** The picker's ◀ Back: its block, beside the page's words. */
const PAGES = "paper_pages";

/** Where a picker's page is: its number of how many, and the page before (none on the first). */
interface PickAt {
  page: number;
  pages: number;
  back: Shown | undefined;
}

/** A page's words and its ◀ Back to the page before (none on the first). */
function pageBlocks(doc: PaperPickDoc, from: number, to: number, at: PickAt): unknown[] {
  const n = doc.pets.length;
  const words = paperPickPageWords({ page: at.page, pages: at.pages, from: from + 1, to, of: n });
  const back = at.back && {
    type: "actions",
    block_id: PAGES,
    elements: [
      button(
        paperPickBackWords(at.page - 1),
        paperPage.actionId("back"),
        paperPage.encode({ f: at.back.from, e: at.back.to }),
      ),
    ],
  };
  return [...wordSections([[{ text: words }]]), ...(back ? [back] : [])];
}

/**
 * The first form's blocks with the pets `from`…`to` − 1 in its menu (at most 100 a group, as Slack's
 * select takes them), the words of those the menu shortens whole above it, and, when it holds only
 * some of the pets (`at`: which page), which, that choosing none shows the next, and ◀ Back.
 */
function pickBlocks(doc: PaperPickDoc, from: number, to: number, at: PickAt | undefined): unknown[] {
  const pets = doc.pets.slice(from, to);
  const groups = Array.from({ length: Math.ceil(pets.length / 100) }, (_, i) =>
    pets.slice(i * 100, i * 100 + 100),
  );
  const element =
    groups.length > 1
      ? {
          type: "static_select",
          option_groups: groups.map((g, i) => ({
            label: plain(`Pets ${from + i * 100 + 1}–${from + i * 100 + g.length}`, 75),
            options: g.map(option),
          })),
        }
      : { type: "static_select", options: pets.map(option) };
  const whole = pets.flatMap((p) => (p.whole ? [[{ text: p.whole }]] : []));
  return [
    ...(doc.done ? docBlocks(doc.done) : []),
    mrkdwn(esc(doc.intro)),
    ...(whole.length ? wordSections([[{ text: PAPER_NAMES_WHOLE, strong: true }], ...whole]) : []),
    ...(at ? pageBlocks(doc, from, to, at) : []),
    { ...input(PET, "Which pet?", element), optional: at !== undefined },
  ];
}

/**
 * The first pet of the longest run that ends at `to` on one form (`fits(from)`: the run from `from`
 * to `to` does); a single pet when none longer does (one too long alone is its own run).
 */
function startBefore(to: number, fits: (from: number) => boolean): number {
  if (fits(0)) return 0;
  let past = 0;
  let fit = to - 1;
  while (fit - past > 1) {
    const mid = Math.floor((past + fit) / 2);
    if (fits(mid)) fit = mid;
    else past = mid;
  }
  return fit;
}

/**
 * The picker's pages, and which is the one from `from` (past the last: the first): from it on, each
 * as far as one form holds from where the one before ends (the first ending by `until` when given: a
 * page as it was shown, which ◀ Back names); before it, each as far back as one form holds from where
 * the one after starts, so ◀ Back shows the pets just before this page, however Next came to it (the
 * first page of all headed by what the last pet's submission entered, `done`, which the others are not).
 */
function pickPages(doc: PaperPickDoc, from: number, until?: number): { pages: Shown[]; k: number } {
  const n = doc.pets.length;
  const start = from < n ? from : 0;
  const bare = { ...doc, done: undefined };
  // Measured with the page's words and ◀ Back at their longest.
  const longest: PickAt = { page: n, pages: n, back: { from: n, to: n } };
  const draw = (d: PaperPickDoc, f: number, t: number) => pickBlocks(d, f, t, longest);
  const room = lessBy(VIEW_ROOM, RUN_WORDS);
  const pages: Shown[] = [];
  for (let t = start; t > 0; t = pages[0]?.from ?? 0)
    pages.unshift({ from: startBefore(t, (f) => within(sizeOf(draw(bare, f, t)), room)), to: t });
  const k = pages.length;
  for (let f = start; f < n || pages.length === k; f = pages.at(-1)?.to ?? n) {
    const to = fittingRun(n, f, (t) => draw(f === start ? doc : bare, f, t), RUN_WORDS);
    pages.push({ from: f, to: f === start && until !== undefined && until > f ? Math.min(to, until) : to });
  }
  return { pages, k };
}

/**
 * The first form: which pet. Every pet in its menu while one form holds them (its 100 blocks, its
 * 250 kB, with the words of the names it shortens whole above it); else the page of pets from `from`
 * (past the last: the first) as far as one form holds, saying which page of how many and which pets,
 * that choosing none shows the next page (after the last, the first again), and ◀ Back to the page
 * before (`until`: where the page ◀ Back names ends, as it was shown). `seal`: its metadata, with
 * the pets it shows when not all.
 */
export function paperPickModal(
  seal: (shown: Shown | undefined) => string,
  doc: PaperPickDoc,
  from = 0,
  until?: number,
) {
  const { pages, k } = pickPages(doc, from, until);
  const shown = pages[k] ?? { from: 0, to: doc.pets.length };
  const all = pages.length === 1 && shown.to >= doc.pets.length;
  const at = all ? undefined : { page: k + 1, pages: pages.length, back: pages[k - 1] };
  return {
    type: "modal" as const,
    callback_id: paperPickForm.id,
    private_metadata: seal(all ? undefined : shown),
    title: plain("Enter from paper", 24),
    submit: plain("Next", 24),
    close: plain("Done", 24),
    blocks: pickBlocks(doc, shown.from, shown.to, at),
  };
}

/** One dose's blocks: its words, then its fields, or what is recorded already. */
function doseBlocks(d: PaperDoseDoc, doc: PaperPetDoc): unknown[] {
  // A dose's words in bold, whole: as many sections as they take, each piece bold on its own.
  const head = [{ type: "divider" }, ...wordSections([[{ text: "💊 " }, { text: d.text, strong: true }]])];
  if (d.recorded)
    return [...head, { type: "context", elements: [{ type: "mrkdwn", text: esc(d.recorded) }] }];
  return [
    ...head,
    input(d.fields.mark, "On the paper", { type: "static_select", options: doc.marks.map(option) }),
    input(d.fields.time, doc.timeLabel, { type: "timepicker" }),
    input(d.fields.by, "Given by (initials or name, as on the paper)", {
      type: "plain_text_input",
      max_length: 60,
    }),
    ...(d.fields.witness
      ? [input(d.fields.witness, doc.witnessLabel, { type: "plain_text_input", max_length: 60 })]
      : []),
    input(d.fields.note, "Written beside it", { type: "plain_text_input", max_length: 400 }),
  ];
}

/**
 * The second form's blocks with the doses `from`…`to` − 1: what the last form entered (`done`), the
 * pet whole and the round, and, when it holds only some of the doses, which, and that the next holds the rest.
 */
function petBlocks(doc: PaperPetDoc, done: Part[] | undefined, from: number, to: number) {
  const paged = from > 0 || to < doc.doses.length;
  return [
    ...(done ? docBlocks(done) : []),
    // The pet whole, on its line; each line escaped on its own: never folded into "↵".
    ...wordSections([
      [{ text: doc.pet, strong: true }, { text: ` · ${doc.round}` }],
      [{ text: doc.intro }],
      ...(paged
        ? [[{ text: paperDosesPageWords(from + 1, to, doc.doses.length, paperPetStep(doc, from, to)) }]]
        : []),
    ]),
    ...doc.doses.slice(from, to).flatMap((d) => doseBlocks(d, doc)),
  ];
}

const STEP_BUTTON = { enter: "Enter", next: "Next", back: "Back" } as const;

/**
 * The second form: one pet's doses at this round. Every dose while one form holds them (its 100
 * blocks, its 250 kB); else the doses from `from` as far as one form holds, saying which: once
 * entered (or with none filled in) the next form holds the next. A form of doses each in the record
 * already has nothing to fill in: its button, "Next" while a later form has one open, else "Back",
 * returns to the pets.
 * `done`: what the form before it entered. `seal`: its metadata, with the doses it shows when not all.
 */
export function paperPetModal(
  seal: (shown: Shown | undefined) => string,
  doc: PaperPetDoc,
  o: { from?: number; done?: Part[] | undefined } = {},
) {
  const at = runAt(doc.doses.length, o.from ?? 0, (f, t) => petBlocks(doc, o.done, f, t));
  return {
    type: "modal" as const,
    callback_id: paperPetForm.id,
    private_metadata: seal(at.all ? undefined : { from: at.start, to: at.to }),
    title: plain("Enter from paper", 24),
    submit: plain(STEP_BUTTON[paperPetStep(doc, at.start, at.to)], 24),
    close: plain("Cancel", 24),
    blocks: petBlocks(doc, o.done, at.start, at.to),
  };
}

type ViewValues = Record<
  string,
  Record<
    string,
    { selected_option?: { value?: string } | null; value?: string | null; selected_time?: string | null }
  >
>;

/** A form's field by its block id, as Slack sends it back (a choice, a time or words). */
export const formValue =
  (values: ViewValues) =>
  (field: string): string | undefined => {
    const v = values[field]?.v;
    return v?.selected_option?.value ?? v?.selected_time ?? v?.value ?? undefined;
  };

/** The pet chosen in the first form. */
export const PICKED_PET = PET;
