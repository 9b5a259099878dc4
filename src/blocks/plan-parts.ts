/**
 * The plan's form in parts (issue 44) when one form does not hold it (its 100 blocks, its 250 kB:
 * src/blocks/view-room.ts): each item with "✏️ Edit…", each question with its answers as radio
 * buttons after the item it is about, every part but a lone one headed by what it and the others
 * hold, with ◀ ▶ to the others. Pure: src/blocks/plan.ts draws the form around a part.
 */
import {
  type FormQuestion,
  itemKeyWords,
  type PlanFormDoc,
  planContinuedWords,
  planGoesOnWords,
  planPartWords,
  questionChoices,
} from "../present/plan-form.ts";
import { planAnswer, planEdit, planPart } from "./buttons.ts";
import { docBlocks } from "./doc.ts";
import { type FormGroup, formPages, type GoesOnMarks, wordSections } from "./form-room.ts";
import { jsonBytes, LIMITS } from "./limits.ts";
import { plain } from "./modal.ts";
import { button, context, esc } from "./mrkdwn.ts";
import { blocksBytes, drawnWithin, lessBy, sizeOf, VIEW_ROOM, within } from "./view-room.ts";

/**
 * A question and its answers: a radio button each (never a cut answer), the one chosen so far chosen
 * (one tap). `measure`: its blocks as the form's parts measure them, its longest answer chosen, so
 * that choosing one never moves where a part ends.
 */
export function questionBlocks(q: FormQuestion): { blocks: unknown[]; measure: unknown[] } {
  const { lines, choices } = questionChoices(q, LIMITS.optionText);
  const options = q.answers.map((a, i) => ({
    text: plain(choices[i] ?? a.words, LIMITS.optionText),
    value: planAnswer.encode({ a: a.id }),
  }));
  const longest = options.reduce((m, o, i) => (jsonBytes(o) > jsonBytes(options[m]) ? i : m), 0);
  const drawn = (picked: number) => [
    // The question whole (the drug it names), then long answers whole, in as many sections as they take.
    ...wordSections(lines),
    ...(options.length
      ? [
          {
            type: "actions",
            block_id: `q:${q.id}`,
            elements: [
              {
                type: "radio_buttons",
                action_id: planAnswer.actionId(q.n),
                options: options.slice(0, 10),
                ...(picked >= 0 ? { initial_option: options[picked] } : {}),
              },
            ],
          },
        ]
      : []),
  ];
  const blocks = drawn(q.answers.findIndex((a) => a.id === q.chosen));
  return {
    blocks,
    measure: [...blocks.slice(0, -1), ...drawn(longest).slice(-1)],
  };
}

/**
 * The plan's form's blocks, in as many parts as it takes (one when all fit): every item, word and
 * question in one of them, the plan's state (what stands between the person and Confirm) at the
 * foot of the last.
 */
export function planFormParts(doc: PlanFormDoc): unknown[][] {
  const groups: FormGroup[] = doc.parts.map((p, i) => {
    const item = doc.items.get(i);
    const edit =
      item && doc.edit
        ? {
            text: "✏️ Edit…",
            actionId: planEdit.actionId(i),
            value: planEdit.encode({ v: doc.edit, k: item }),
          }
        : undefined;
    return {
      words: docBlocks([p.kind === "item" && edit ? { ...p, action: edit } : p]),
      questions: doc.questions.filter((x) => x.after === i).map((q) => ({ n: q.n, ...questionBlocks(q) })),
      item: item ? itemKeyWords(item) : undefined,
    };
  });
  return inParts(groups, doc.standing ? context(esc(doc.standing)) : undefined);
}

/** Where an item's words go on in the next part of the form, and where they came from. */
const GOES_ON: GoesOnMarks = {
  goesOn: (item, part) => context(esc(planGoesOnWords(item, part))),
  continued: (item, part) => context(esc(planContinuedWords(item, part))),
};

/**
 * The form's blocks in as many parts as a form's room needs (its 100 blocks and its 250 kB, each
 * question measured with its longest answer chosen; one part when all fit), the plan's state
 * (`standing`: what stands between the person and Confirm) at the foot of the last: each part but a
 * lone one headed by what it and the others hold (`planPartWords`) and the buttons to the others.
 * Room is kept for the state whether or not there is one (a block, and `FOOT_BYTES` at least), so
 * answering never changes how many parts there are nor which part asks a question.
 */
function inParts(groups: FormGroup[], standing: unknown): unknown[][] {
  const all = (of: (q: FormGroup["questions"][number]) => unknown[]) =>
    groups.flatMap((g) => [...g.words, ...g.questions.flatMap(of)]);
  const foot = standing ? [standing] : [];
  const footRoom = { blocks: 1, bytes: Math.max(FOOT_BYTES, blocksBytes(foot)) };
  if (within(sizeOf(all((q) => q.measure ?? q.blocks)), lessBy(VIEW_ROOM, footRoom)))
    return [[...all((q) => q.blocks), ...foot]];
  const { drawn } = drawnWithin(
    (room) => formPages(groups, room, GOES_ON),
    (pages) =>
      pages.map((page, k) => [
        ...wordSections([[{ text: planPartWords(k, pages) }]]),
        partButtons(k, pages.length),
        ...page.blocks,
        ...(k === pages.length - 1 ? foot : []),
      ]),
    { blocks: footRoom.blocks + 2, bytes: footRoom.bytes },
  );
  return drawn;
}

/** The room kept for the plan's state at the foot of its form: what it says, at its longest but a person's name. */
const FOOT_BYTES = 2_000;

/** "◀ Part 1" and "Part 3 ▶": the parts either side of part `k` (from 0) of `n`. */
const partButtons = (k: number, n: number) => ({
  type: "actions",
  block_id: "plan_parts",
  elements: [
    ...(k > 0 ? [button(`◀ Part ${k}`, planPart.actionId("prev"), planPart.encode({ n: k - 1 }))] : []),
    ...(k < n - 1
      ? [button(`Part ${k + 2} ▶`, planPart.actionId("next"), planPart.encode({ n: k + 1 }), "primary")]
      : []),
  ],
});
