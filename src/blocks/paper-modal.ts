/**
 * "📄 Enter from paper…" in Slack (issue 50): the two forms, defined once here. The first asks which
 * pet (the round's pets with a dose); the second is that pet's doses as the chart on paper says them:
 * for each, the mark written (initials: given, or a code of the chart's key), the time written, who
 * gave it as the paper names them, and words written beside it. A dose left without a mark is not
 * entered (it stays as the record has it). Once a pet is entered the form returns to the first, to
 * enter the next.
 */
import { z } from "zod";
import type { PaperCell } from "../answers/paper-enter.ts";
import type { Sheet, SheetPet } from "../answers/sheets.ts";
import { PAPER_MARK_WORDS, PAPER_MARKS, paperMarkOf } from "../domain/paper.ts";
import { isMedicationItem } from "../domain/record.ts";
import { roundWord } from "../domain/rounds.ts";
import { cleanText } from "../domain/text.ts";
import type { Entry, ItemKey } from "../record/types.ts";
import { dayHeading } from "../words/dates.ts";
import { paperAlreadyWords } from "../words/paper.ts";
import { atOf, defineForm } from "./forms.ts";
import { esc, truncate } from "./mrkdwn.ts";

const recordId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const where = {
  c: z.string().min(1).max(40),
  t: z.string().min(1).max(40),
  h: z.string().max(40).optional(),
  u: z.string().max(500).optional(),
};
const pickMeta = z.object({ s: recordId, ...where });
const petMeta = z.object({ s: recordId, b: recordId, p: recordId, ...where });

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
export type PaperPickMeta = z.infer<typeof pickMeta>;

const plain = (text: string, max: number) => ({
  type: "plain_text" as const,
  text: truncate(text || " ", max),
});
const mrkdwn = (text: string) => ({
  type: "section",
  text: { type: "mrkdwn", text: truncate(text, 2900), verbatim: true },
});
const roundWords = (sheet: Sheet) =>
  `the ${roundWord(sheet.round).toLowerCase()} round of ${dayHeading(sheet.date)}`;

const PET = "pet";
const petValue = (p: SheetPet) => `${p.bookingId}-${p.petId}`;

/** The first form: which pet (at most 100 a group, as Slack's select takes them). */
export function paperPickModal(sealed: string, sheet: Sheet, pets: SheetPet[], done?: string) {
  const option = (p: SheetPet) => ({ text: plain(p.name, 75), value: petValue(p) });
  const groups = Array.from({ length: Math.ceil(pets.length / 100) }, (_, i) =>
    pets.slice(i * 100, i * 100 + 100),
  );
  const element =
    groups.length > 1
      ? {
          type: "static_select",
          action_id: "v",
          option_groups: groups.map((g, i) => ({
            label: plain(`Pets ${i * 100 + 1}–${i * 100 + g.length}`, 75),
            options: g.map(option),
          })),
        }
      : { type: "static_select", action_id: "v", options: pets.map(option) };
  return {
    type: "modal" as const,
    callback_id: paperPickForm.id,
    private_metadata: sealed,
    title: plain("Enter from paper", 24),
    submit: plain("Next", 24),
    close: plain("Done", 24),
    blocks: [
      ...(done ? [mrkdwn(done)] : []),
      mrkdwn(
        `📄 The chart on paper for ${esc(roundWords(sheet))}: enter it one pet at a time. Each dose keeps the time written on the paper and who gave it; you are kept as who entered it, now.`,
      ),
      { type: "input", block_id: PET, label: plain("Which pet?", 2000), element },
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

/** The pet chosen in the first form, found on the sheet; undefined when none (or not one of it). */
export function readPickedPet(values: ViewValues, pets: SheetPet[]): SheetPet | undefined {
  const v = values[PET]?.v?.selected_option?.value;
  return pets.find((p) => petValue(p) === v);
}

const field = (name: string, item: ItemKey) => `${name}:${item}`;

/** The second form: one pet's doses at this round, each with its mark, time, giver and words. */
export function paperPetModal(
  sealed: string,
  sheet: Sheet,
  pet: SheetPet,
  current: Map<ItemKey, Entry>,
  timezone: string,
) {
  const blocks: unknown[] = [
    mrkdwn(
      `*${esc(pet.name)}* · ${esc(roundWords(sheet))}\nFor each dose, as the paper says it: initials (given) or a code, the time written, and who gave it. A dose with nothing on the paper: leave it.`,
    ),
  ];
  const option = (m: (typeof PAPER_MARKS)[number]) => ({ text: plain(PAPER_MARK_WORDS[m], 75), value: m });
  for (const due of pet.due.filter((d) => isMedicationItem(d.item))) {
    blocks.push({ type: "divider" }, mrkdwn(`💊 *${esc(due.text)}*`));
    const had = current.get(due.item);
    if (had) {
      blocks.push({
        type: "context",
        elements: [{ type: "mrkdwn", text: esc(paperAlreadyWords(due.label, had, timezone)) }],
      });
      continue;
    }
    blocks.push(
      {
        type: "input",
        block_id: field("mark", due.item),
        optional: true,
        label: plain("On the paper", 2000),
        element: { type: "static_select", action_id: "v", options: PAPER_MARKS.map(option) },
      },
      {
        type: "input",
        block_id: field("time", due.item),
        optional: true,
        label: plain(`Time written (the kennel's time, ${timezone})`, 2000),
        element: { type: "timepicker", action_id: "v", timezone },
      },
      {
        type: "input",
        block_id: field("by", due.item),
        optional: true,
        label: plain("Given by (initials or name, as on the paper)", 2000),
        element: { type: "plain_text_input", action_id: "v", max_length: 60 },
      },
      {
        type: "input",
        block_id: field("note", due.item),
        optional: true,
        label: plain("Written beside it", 2000),
        element: { type: "plain_text_input", action_id: "v", max_length: 400 },
      },
    );
  }
  return {
    type: "modal" as const,
    callback_id: paperPetForm.id,
    private_metadata: sealed,
    title: plain("Enter from paper", 24),
    submit: plain("Enter", 24),
    close: plain("Cancel", 24),
    blocks,
  };
}

const cleaned = (v: string | null | undefined) => {
  const t = cleanText(v ?? "")
    .replace(/\s+/g, " ")
    .trim();
  return t || undefined;
};

/** Each dose with a mark, as the form says it (the use case checks the rest). */
export function readPaperCells(values: ViewValues, pet: SheetPet): PaperCell[] {
  return pet.due.flatMap((d): PaperCell[] => {
    const mark = paperMarkOf(values[field("mark", d.item)]?.v?.selected_option?.value ?? "");
    if (!mark) return [];
    const note = cleaned(values[field("note", d.item)]?.v?.value);
    return [
      {
        item: d.item,
        mark,
        time: values[field("time", d.item)]?.v?.selected_time ?? undefined,
        by: cleaned(values[field("by", d.item)]?.v?.value),
        ...(note ? { note } : {}),
      },
    ];
  });
}

/** The use case's errors on the form's fields ("pet": on the first open dose's mark). */
export function paperErrors(
  errors: Record<string, string>,
  pet: SheetPet,
  current: Map<ItemKey, Entry>,
): Record<string, string> {
  const first = pet.due.find((d) => isMedicationItem(d.item) && !current.has(d.item));
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(errors))
    out[k === "pet" && first ? field("mark", first.item) : k] = truncate(v, 2000);
  return out;
}
