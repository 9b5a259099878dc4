/**
 * The modals of the care record: "Record each…" (each item's outcome, a reason when a dose was not
 * given, a note) and the confirmation of a tap on an earlier day's sheet. Pure: the listener opens
 * them with views.open (their metadata sealed: src/slack/seal.ts) and reads the submission with
 * `readSubmission`; what a form may write is checked against the kept sheet
 * (src/answers/record-round.ts), never taken from the metadata.
 */
import { z } from "zod";
import type { Sheet, SheetPet } from "../answers/sheets.ts";
import type { Round } from "../domain/care.ts";
import { isMedicationItem } from "../domain/record.ts";
import { roundWord } from "../domain/rounds.ts";
import { cleanText } from "../domain/text.ts";
import { entryLine } from "../present/record.ts";
import {
  type Entry,
  type ItemKey,
  MEAL_OUTCOMES,
  MEDICATION_OUTCOMES,
  type Outcome,
} from "../record/types.ts";
import { dayHeading } from "../words/dates.ts";
import { outcomeWords } from "../words/record.ts";
import { lineMrkdwn } from "./doc.ts";
import { clip, esc, truncate } from "./mrkdwn.ts";

export const RECORD_MODAL = "rec_modal";
export const LATE_MODAL = "rec_late";
const NOTE_MAX = 500;

const recordId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** What a modal carries back to the bot (private_metadata, ≤ 3000 characters with its seal). */
const modalMeta = z.object({
  /** The kept sheet, the booking and the pet. */
  s: recordId,
  b: recordId,
  p: recordId,
  /** The message the button was on: channel, ts, and its thread's ts when it is a reply. */
  c: z.string().min(1).max(40),
  t: z.string().min(1).max(40),
  h: z.string().max(40).optional(),
  /** The tap's response_url (to replace the message when chat.update cannot). */
  u: z.string().max(500).optional(),
  /** The current entry of each item when the modal opened: [item, entry id, outcome]. */
  cur: z.array(z.tuple([z.string(), z.number().int(), z.string()])).max(6),
});
export type ModalMeta = z.infer<typeof modalMeta>;

/** The metadata, from the text its seal covered (src/slack/seal.ts opens it first). */
export function readMeta(raw: string | undefined): ModalMeta | undefined {
  if (!raw || raw.length > 3000) return undefined;
  try {
    const r = modalMeta.safeParse(JSON.parse(raw));
    return r.success ? r.data : undefined;
  } catch {
    return undefined;
  }
}

/** The round of a sheet, as the modals name it. */
type SheetRound = Pick<Sheet, "date" | "round">;

/** "recording late for Tue 24 Nov, morning" */
function lateWords(s: SheetRound): string {
  return `recording late for ${dayHeading(s.date)}, ${s.round}`;
}

const plain = (text: string, max: number) => ({
  type: "plain_text" as const,
  text: truncate(text || " ", max),
});
const option = (o: Outcome) => ({ text: plain(outcomeWords(o), 75), value: o });
/**
 * The modal's metadata as text, within Slack's 3000 characters once sealed: in full when it fits;
 * else without the response_url (the redraw then uses chat.update alone).
 */
export function metaText(m: ModalMeta, room = 3000): string {
  for (const t of [m, { ...m, u: undefined }]) {
    const raw = JSON.stringify(t);
    if (raw.length <= room) return raw;
  }
  throw new RangeError("modal metadata too long");
}

/**
 * What a modal asks before recording: a tap on an earlier day's sheet (late), or one before the
 * round's time or before the pet has arrived (early: its words, src/words/record.ts earlyWords).
 */
export type Ask = { kind: "late" } | { kind: "early"; words: string };

/** The head of both modals: the pet, the round, and what is asked (late, early) when there is one. */
function heading(s: SheetRound, pet: SheetPet, ask: Ask | undefined) {
  const line = `*${esc(pet.name)}* · ${roundWord(s.round as Round).toLowerCase()} round, ${dayHeading(s.date)}`;
  if (ask?.kind === "early") {
    return { type: "section", text: { type: "mrkdwn", text: `${line}\n${esc(ask.words)}`, verbatim: true } };
  }
  const late = ask?.kind === "late";
  return {
    type: "section",
    text: {
      type: "mrkdwn",
      text: late ? `${line}\n⏰ ${lateWords(s)[0]?.toUpperCase()}${lateWords(s).slice(1)}` : line,
      verbatim: true,
    },
  };
}

/**
 * "Record each…": each item's outcome (the current one chosen), a reason for a dose not given, a
 * note. `sealed`: the metadata's text with its seal.
 */
export function recordModal(
  sealed: string,
  m: ModalMeta,
  sheet: SheetRound,
  pet: SheetPet,
  entries: Entry[],
  timezone: string,
  ask?: Ask,
) {
  const late = ask?.kind === "late";
  const current = new Map(m.cur.map(([item, , outcome]) => [item, outcome as Outcome]));
  const blocks: unknown[] = [heading(sheet, pet, ask)];
  for (const { item, text, label } of pet.due) {
    const med = isMedicationItem(item as ItemKey);
    const now = current.get(item);
    blocks.push({
      type: "input",
      block_id: `it:${item}`,
      optional: true,
      label: plain(med ? `💊 ${label}` : "🍽 Meal", 2000),
      hint: plain(text, 2000),
      element: {
        type: "static_select",
        action_id: "outcome",
        placeholder: plain("Choose…", 150),
        options: (med ? MEDICATION_OUTCOMES : MEAL_OUTCOMES).map(option),
        ...(now ? { initial_option: option(now) } : {}),
      },
    });
    if (med) {
      blocks.push({
        type: "input",
        block_id: `why:${item}`,
        optional: true,
        label: plain(`Why not given (${label})`, 2000),
        element: { type: "plain_text_input", action_id: "reason", max_length: NOTE_MAX },
      });
    }
  }
  blocks.push({
    type: "input",
    block_id: "note",
    optional: true,
    label: plain("Note", 2000),
    element: { type: "plain_text_input", action_id: "note", multiline: true, max_length: NOTE_MAX },
  });
  const recorded = entries.map((e) => lineMrkdwn(entryLine(e, timezone))).slice(-6);
  if (recorded.length) {
    blocks.push({
      type: "context",
      elements: [
        { type: "mrkdwn", text: truncate(`Recorded: ${recorded.join(" · ")}`, 2900), verbatim: true },
      ],
    });
  }
  return {
    type: "modal" as const,
    callback_id: RECORD_MODAL,
    private_metadata: sealed,
    title: plain("Record the round", 24),
    submit: plain(late ? "Record late" : "Record", 24),
    close: plain("Cancel", 24),
    blocks,
  };
}

/**
 * The confirmation of a one-tap "all given and eaten" that asks first: on an earlier day's sheet, or
 * before the round's time or the pet's arrival. Nothing is written until it is submitted.
 */
export function confirmModal(sealed: string, sheet: SheetRound, pet: SheetPet, ask: Ask) {
  const items = pet.due.map(({ item, label }) =>
    isMedicationItem(item as ItemKey) ? `💊 ${label}` : "🍽 meal",
  );
  const late = ask.kind === "late";
  return {
    type: "modal" as const,
    callback_id: LATE_MODAL,
    private_metadata: sealed,
    title: plain(late ? "Record late?" : "Record now?", 24),
    submit: plain(late ? "Record late" : "Record now", 24),
    close: plain("Cancel", 24),
    blocks: [
      heading(sheet, pet, ask),
      {
        type: "section",
        text: {
          type: "mrkdwn",
          text: truncate(
            `All given and eaten, for what is not recorded yet: ${clip(items.join(", "), 1500)}`,
            2900,
          ),
          verbatim: true,
        },
      },
    ],
  };
}

/** One item's choice in a submitted modal. */
interface ItemChoice {
  item: ItemKey;
  outcome: Outcome;
  reason: string | undefined;
}

export type Submission =
  | { ok: true; choices: ItemChoice[]; note: string | undefined }
  | { ok: false; errors: Record<string, string> };

type ViewValues = Record<
  string,
  Record<string, { selected_option?: { value?: string } | null; value?: string | null }>
>;

/** Cleaned like every input: display-hijacking characters out, spaces tidied; "" is nothing. */
function cleanInput(value: string | null | undefined): string | undefined {
  const t = cleanText(value ?? "")
    .replace(/[ \t]+/g, " ")
    .trim();
  return t ? t : undefined;
}

/**
 * The choices in a submitted "Record each…" modal: only what changed from the current record (a new
 * outcome, or a new reason), and the note. Errors keep the modal open, on the field to fix.
 */
export function readSubmission(m: ModalMeta, pet: SheetPet, values: ViewValues): Submission {
  const errors: Record<string, string> = {};
  const choices: ItemChoice[] = [];
  const current = new Map(m.cur.map(([item, , outcome]) => [item, outcome]));
  const allowed = new Set<string>([...MEDICATION_OUTCOMES, ...MEAL_OUTCOMES]);
  for (const { item } of pet.due) {
    const outcome = values[`it:${item}`]?.outcome?.selected_option?.value ?? undefined;
    const reason = cleanInput(values[`why:${item}`]?.reason?.value);
    if (reason && Array.from(reason).length > NOTE_MAX)
      errors[`why:${item}`] = `At most ${NOTE_MAX} characters.`;
    if (!outcome) {
      if (reason) errors[`it:${item}`] = "Choose what happened for this reason to be recorded.";
      continue;
    }
    const med = isMedicationItem(item as ItemKey);
    const fits = med
      ? (MEDICATION_OUTCOMES as readonly string[]).includes(outcome)
      : (MEAL_OUTCOMES as readonly string[]).includes(outcome);
    if (!allowed.has(outcome) || !fits) {
      errors[`it:${item}`] = "Choose one of the listed outcomes.";
      continue;
    }
    if (outcome === "not_given" && !reason) {
      errors[`why:${item}`] = "Say why it was not given.";
      continue;
    }
    if (current.get(item) === outcome && !reason) continue;
    choices.push({ item: item as ItemKey, outcome: outcome as Outcome, reason });
  }
  const note = cleanInput(values.note?.note?.value);
  if (note && Array.from(note).length > NOTE_MAX) errors.note = `At most ${NOTE_MAX} characters.`;
  if (Object.keys(errors).length) return { ok: false, errors };
  if (choices.length === 0) {
    return {
      ok: false,
      errors: {
        [firstField(pet)]: note
          ? "Nothing changed: choose an outcome to record the note with."
          : "Nothing changed: choose what happened.",
      },
    };
  }
  return { ok: true, choices, note };
}

/** The block id of a "Record each…" form's first field: where an error that names no item is shown. */
export const firstField = (pet: SheetPet) => `it:${pet.due[0]?.item ?? "meal"}`;

/** The form replaced by a refusal (nothing was written): why, and what to do. */
export function refusalView(text: string) {
  return {
    type: "modal" as const,
    title: plain("Not recorded", 24),
    close: plain("Close", 24),
    blocks: [{ type: "section", text: { type: "mrkdwn", text: truncate(text, 2900), verbatim: true } }],
  };
}
