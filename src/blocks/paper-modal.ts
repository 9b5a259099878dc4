/**
 * "📄 Enter from paper…" in Slack (issue 50): its two forms' metadata, defined once here, and their
 * views, drawn from their documents (src/present/paper-form.ts): which pet, then that pet's doses as
 * the chart on paper says them. Once a pet is entered the form returns to the first, to enter the next.
 */
import { z } from "zod";
import type { PaperDoseDoc, PaperPetDoc, PaperPickDoc } from "../present/paper-form.ts";
import { docBlocks } from "./doc.ts";
import { wordSections } from "./form-room.ts";
import { atOf, defineForm, metaWhere } from "./forms.ts";
import { esc, truncate } from "./mrkdwn.ts";
import { plain } from "./plan.ts";

const recordId = () => z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const pickMeta = () => z.object({ s: recordId(), ...metaWhere() });
const petMeta = () => z.object({ s: recordId(), b: recordId(), p: recordId(), ...metaWhere() });

/** Which pet: the round's kept sheet and the post it is on. */
export const paperPickForm = defineForm("paper_pick", pickMeta, {
  shorter: (m) => [{ ...m, u: undefined }],
  names: (m) => ({ sheetId: m.s, at: atOf(m) }),
});
/** One pet's doses from the paper. */
export const paperPetForm = defineForm("paper_pet", petMeta, {
  shorter: (m) => [{ ...m, u: undefined }],
  names: (m) => ({ sheetId: m.s, bookingId: m.b, petId: m.p, at: atOf(m) }),
});
export type PaperPickMeta = z.infer<ReturnType<typeof pickMeta>>;

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

/** The first form: which pet (at most 100 a group, as Slack's select takes them). */
export function paperPickModal(sealed: string, doc: PaperPickDoc) {
  const groups = Array.from({ length: Math.ceil(doc.pets.length / 100) }, (_, i) =>
    doc.pets.slice(i * 100, i * 100 + 100),
  );
  const element =
    groups.length > 1
      ? {
          type: "static_select",
          option_groups: groups.map((g, i) => ({
            label: plain(`Pets ${i * 100 + 1}–${i * 100 + g.length}`, 75),
            options: g.map(option),
          })),
        }
      : { type: "static_select", options: doc.pets.map(option) };
  return {
    type: "modal" as const,
    callback_id: paperPickForm.id,
    private_metadata: sealed,
    title: plain("Enter from paper", 24),
    submit: plain("Next", 24),
    close: plain("Done", 24),
    blocks: [
      ...(doc.done ? docBlocks(doc.done) : []),
      mrkdwn(esc(doc.intro)),
      { ...input(PET, "Which pet?", element), optional: false },
    ],
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

/** The second form: one pet's doses at this round. */
export function paperPetModal(sealed: string, doc: PaperPetDoc) {
  return {
    type: "modal" as const,
    callback_id: paperPetForm.id,
    private_metadata: sealed,
    title: plain("Enter from paper", 24),
    submit: plain("Enter", 24),
    close: plain("Cancel", 24),
    blocks: [
      // Each line escaped on its own: a line break between them is the form's, never folded into "↵".
      mrkdwn(`*${esc(doc.pet)}* · ${esc(doc.round)}\n${esc(doc.intro)}`),
      ...doc.doses.flatMap((d) => doseBlocks(d, doc)),
    ],
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
