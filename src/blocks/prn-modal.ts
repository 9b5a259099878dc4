/**
 * The forms of as-needed doses (issue 35): "💊 Give if needed…" (which item when the plan has
 * several, why it was given, required, with the plan's own reason as the hint; when, default now; a
 * note) and, when a dose goes past the plan's most per 24 h or least time between doses, the same
 * form again saying why, with "I have checked: give it anyway" and a note both required (and, its
 * medicine past its discard-by or handed back, the same box for that: src/blocks/prn-custody-ask.ts); and the
 * effect's form of the follow-up (helped, no change, worse, and a note). Pure: the listeners open
 * them (their metadata sealed: src/slack/seal.ts) and read the submissions here; what a form may
 * write is checked against the pet's current plan (src/answers/prn.ts), never taken from the form.
 */
import { z } from "zod";
import type { AsNeededItem, PrnDose, PrnRule } from "../domain/prn.ts";
import type { PrnEffect } from "../domain/prn-effects.ts";
import { cleanText, line, whole } from "../present/doc.ts";
import { refuseContacts } from "../present/form-contacts.ts";
import {
  EFFECT_CHOICES,
  followUpLines,
  giveFormLines,
  givenAtError,
  pastLimitLines,
  prnGivenAt,
  REASON_MISSING_ABOVE,
  REASONS_ABOVE,
  reasonHintWords,
  reasonMissingWords,
} from "../present/prn.ts";
import { RECENT_HEAD, recentDoseLines } from "../present/prn-last-day.ts";
import { atMostWords, REASON_MAX } from "../present/record-form.ts";
import { lineMrkdwn } from "./doc.ts";
import { wordSections } from "./form-room.ts";
import { atOf, defineForm, metaParts } from "./forms.ts";
import { LIMITS } from "./limits.ts";
import { cleanInput, type FormValues, modalView } from "./modal.ts";
import { truncate } from "./mrkdwn.ts";
import { type CustodyAsk, custodyAcked, custodyAskBlocks } from "./prn-custody-ask.ts";

const PRN_MODAL = "prn_modal";
const PRN_EFFECT_MODAL = "prn_effect_modal";
const NOTE_MAX = 500;
/** A pet's name or room whole: a round keeps names up to 2,000 characters (issue 47). */
const NAME_MAX = 2000;

const recordId = () => z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** What the give form carries back (sealed private_metadata). */
const giveMeta = () =>
  z.object({
    b: recordId(),
    p: recordId(),
    /** The kept sheet, and the message the button was on (redrawn after the dose). */
    s: recordId().optional(),
    c: z.string().max(40).optional(),
    t: z.string().max(40).optional(),
    h: z.string().max(40).optional(),
    u: z.string().max(500).optional(),
    /** When the pet arrived and left (the booking's check-in and check-out, ISO 8601), when known: no dose outside. */
    a: z.string().max(40).optional(),
    d: z.string().max(40).optional(),
    /**
     * The pet's name and room as the form shows them, whole (issue 47); left out when the metadata
     * has no room for them, and then read again from the pet's plan (src/listeners/actions/prn-give.ts).
     */
    n: z.string().max(NAME_MAX).optional(),
    r: z.string().max(NAME_MAX).optional(),
  });
export type GiveMeta = z.infer<ReturnType<typeof giveMeta>>;

/** "💊 Give if needed…": the stay's pet, the sheet and message it was on, when it arrived, its name. */
export const giveForm = defineForm(PRN_MODAL, giveMeta, {
  // The response_url left out when long, then the room, then the name: never a part of them.
  shorter: (m) => [
    { ...m, u: undefined },
    { ...m, u: undefined, r: undefined },
    { ...m, u: undefined, r: undefined, n: undefined },
  ],
  names: (m) => ({
    bookingId: m.b,
    petId: m.p,
    sheetId: m.s,
    at: atOf(m),
    arrival: m.a,
    departure: m.d,
    petName: m.n,
    room: m.r,
  }),
});

/** What the effect's form carries back: the dose, and the follow-up message (redrawn answered). */
export const effectForm = defineForm(
  PRN_EFFECT_MODAL,
  () =>
    z.object({
      d: recordId(),
      c: z.string().max(40).optional(),
      t: z.string().max(40).optional(),
      pn: metaParts(),
    }),
  { names: (m) => ({ doseId: m.d, at: { channel: m.c, ts: m.t, parts: m.pn } }) },
);

const plain = (text: string, max: number) => ({
  type: "plain_text" as const,
  text: truncate(cleanText(text).replace(/\s+/g, " ").trim() || " ", max),
});
/** Slack's limit for an input's hint. */
const HINT_MAX = 2000;
/**
 * An item as a choice: "💊 Piriton 4mg". Past a choice's 75 characters, with several to choose
 * from, each is numbered as it is above, where its words are whole: "💊 2. Piriton…".
 */
const itemOption = (numbered: boolean) => (i: AsNeededItem, n: number) => ({
  text: plain(`💊 ${numbered ? `${n + 1}. ` : ""}${i.label}`, LIMITS.optionText),
  value: i.key,
});
const numbers = (items: AsNeededItem[]) =>
  items.length > 1 && items.some((i) => `💊 ${i.label}`.length > LIMITS.optionText);
const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** What the give form shows filled in: the person's choices when it is shown again. */
export interface GiveValues {
  item?: string | undefined;
  reason?: string | undefined;
  givenAt?: string | undefined;
  note?: string | undefined;
}

/** The limits a dose goes past, as the form shows them: each in words, and which rules the box checks. */
export interface GiveWarning {
  words: string[];
  rules: PrnRule[];
}

const RULES: readonly PrnRule[] = ["max_per_24h", "min_interval"];

/** The give form's inputs: which item, why it was given and when (now unless said otherwise). */
function giveInputs(items: AsNeededItem[], v: GiveValues, now: string): unknown[] {
  const out: unknown[] = [];
  const chosen = items.find((i) => i.key === v.item) ?? (items.length === 1 ? items[0] : undefined);
  const option = itemOption(numbers(items));
  out.push({
    type: "input",
    block_id: "item",
    label: plain("Which", 2000),
    element: {
      type: "static_select",
      action_id: "item",
      placeholder: plain("Choose…", 150),
      options: items.map(option),
      ...(chosen ? { initial_option: option(chosen, items.indexOf(chosen)) } : {}),
    },
  });
  // The plan's reasons are whole above, beside each item: the hint says so when they pass a hint.
  const said = reasonHintWords(items);
  const hint = said && said.length > HINT_MAX ? REASONS_ABOVE : said;
  out.push({
    type: "input",
    block_id: "reason",
    label: plain(`Why it was given (${atMostWords(REASON_MAX)})`, 2000),
    ...(hint ? { hint: plain(hint, HINT_MAX) } : {}),
    element: {
      type: "plain_text_input",
      action_id: "reason",
      max_length: REASON_MAX,
      ...(v.reason ? { initial_value: v.reason } : {}),
    },
  });
  out.push({
    type: "input",
    block_id: "at",
    label: plain("When it was given", 2000),
    hint: plain("Now, unless it was given earlier: not in the future, not before the pet arrived.", 2000),
    element: {
      type: "datetimepicker",
      action_id: "at",
      initial_date_time: seconds(v.givenAt ?? now),
    },
  });
  return out;
}

/**
 * "💊 Give if needed…": the pet, each item with its plan's reason and limits, the doses of the last
 * 24 hours; then the fields. `warning`: each limit the dose goes past (the form shown again): the
 * acknowledgement (naming the rules it checks) and the note become required.
 */
export function giveModal(
  sealed: string,
  m: { n: string; r?: string | undefined },
  items: AsNeededItem[],
  recent: PrnDose[],
  o: { timezone: string; now: string; values?: GiveValues; warning?: GiveWarning; custody?: CustodyAsk } & {
    /** Its medicine past its discard-by or handed back, said as the form opens (asked at the submission). */
    medicine?: string[];
  },
) {
  const v = o.values ?? {};
  // The pet, then each item with its reason and limits, whole: as many sections as they take.
  const blocks: unknown[] = wordSections(giveFormLines(m.n, m.r, items, numbers(items)));
  // Its medicine's concerns said before anything is filled in, whole, unless the ask below says them.
  if (o.medicine?.length && !o.custody?.words.length)
    blocks.push(...wordSections(o.medicine.map((w) => line(whole(w)))));
  const doses = recentDoseLines(recent.slice(-6), o.timezone, o.now);
  const shown = `${RECENT_HEAD} ${doses.map(lineMrkdwn).join(" · ")}`;
  // The last day's doses on one line while a context holds it; else (long drugs' names) whole in sections.
  if (doses.length && shown.length <= LIMITS.sectionText)
    blocks.push({ type: "context", elements: [{ type: "mrkdwn", text: shown, verbatim: true }] });
  else if (doses.length) blocks.push(...wordSections([[{ text: RECENT_HEAD }], ...doses]));
  blocks.push(...giveInputs(items, v, o.now), ...custodyAskBlocks(o.custody));
  const warned = (o.warning?.words.length ?? 0) > 0;
  if (o.warning && warned) {
    blocks.push(...wordSections(pastLimitLines(o.warning.words)), {
      type: "input",
      block_id: "ack",
      label: plain("Checked", 2000),
      element: {
        type: "checkboxes",
        action_id: "ack",
        options: [{ text: plain("I have checked: give it anyway", 75), value: o.warning.rules.join(" ") }],
      },
    });
  }
  blocks.push({
    type: "input",
    block_id: "note",
    optional: !warned,
    label: plain(warned ? "Note: who you checked with, and why" : "Note", 2000),
    element: {
      type: "plain_text_input",
      action_id: "note",
      multiline: true,
      max_length: NOTE_MAX,
      ...(v.note ? { initial_value: v.note } : {}),
    },
  });
  return modalView({
    callbackId: PRN_MODAL,
    sealed,
    title: "Give if needed",
    submit: warned || o.custody?.words.length ? "Give it anyway" : "Record dose",
    blocks,
  });
}

export type GiveSubmission =
  | {
      ok: true;
      item: AsNeededItem;
      reason: string;
      givenAt: string;
      note: string | undefined;
      /** The limits the giver checked ("give it anyway"): none when the box was not ticked. */
      acked: PrnRule[];
      /** Whether the giver ticked the medicine's custody ask (src/blocks/prn-custody-ask.ts). */
      custodyAcked: boolean;
      values: GiveValues;
    }
  | { ok: false; errors: Record<string, string> };

/**
 * The give form's fields, checked: an item the plan offers, a reason, a time given that is not in
 * the future, not before the pet arrived (`arrival`), not after it went home (`departure`) and not
 * more than a day back; a note within 500 characters. Errors keep the form open, on the field to fix.
 */
export function readGive(
  values: FormValues,
  items: AsNeededItem[],
  o: { now: string; arrival?: string | undefined; departure?: string | undefined; timezone: string },
): GiveSubmission {
  const errors: Record<string, string> = {};
  const key = values.item?.item?.selected_option?.value ?? (items.length === 1 ? items[0]?.key : undefined);
  const item = items.find((i) => i.key === key);
  if (!item) errors.item = key ? "That is no longer in the pet's plan: choose one listed." : "Choose which.";
  const reason = cleanInput(values.reason?.reason?.value);
  // The plan's reason quoted whole, or (too long to quote under the field) said to be whole above.
  const missing = reasonMissingWords(item?.reason);
  if (!reason) errors.reason = missing.length > HINT_MAX ? REASON_MISSING_ABOVE : missing;
  else if (Array.from(reason).length > REASON_MAX) errors.reason = `At most ${REASON_MAX} characters.`;
  const raw = values.at?.at?.selected_date_time;
  const at = raw === null || raw === undefined || raw === "" ? Date.parse(o.now) : Number(raw) * 1000;
  const atError = givenAtError(at, o);
  if (atError) errors.at = atError;
  const note = cleanInput(values.note?.note?.value);
  if (note && Array.from(note).length > NOTE_MAX) errors.note = `At most ${NOTE_MAX} characters.`;
  refuseContacts(errors, { reason, note }, "record");
  if (Object.keys(errors).length || !item || !reason) return { ok: false, errors };
  const givenAt = prnGivenAt(at, o.now);
  // The box names the rules it checks ("yes": a form drawn before it did, which checked both).
  const acked = (values.ack?.ack?.selected_options ?? []).flatMap((x) =>
    x.value === "yes" ? RULES : RULES.filter((r) => (x.value ?? "").split(" ").includes(r)),
  );
  return {
    ok: true,
    item,
    reason,
    givenAt,
    note,
    acked,
    custodyAcked: custodyAcked(values),
    values: { item: item.key, reason, givenAt, note },
  };
}

/** The follow-up's effect form: the question, how it worked (the tapped one chosen), a note. */
export function effectModal(sealed: string, dose: PrnDose, petName: string, timezone: string) {
  const option = (c: (typeof EFFECT_CHOICES)[number]) => ({ text: plain(c.words, 75), value: c.effect });
  return modalView({
    callbackId: PRN_EFFECT_MODAL,
    sealed,
    title: "How did it work?",
    submit: "Record",
    blocks: [
      ...wordSections(followUpLines(dose, petName, timezone)),
      {
        type: "input",
        block_id: "effect",
        label: plain("Effect", 2000),
        element: {
          type: "static_select",
          action_id: "effect",
          placeholder: plain("Choose…", 150),
          options: EFFECT_CHOICES.map(option),
        },
      },
      {
        type: "input",
        block_id: "note",
        optional: true,
        label: plain("Note", 2000),
        element: { type: "plain_text_input", action_id: "note", multiline: true, max_length: NOTE_MAX },
      },
    ],
  });
}

export type EffectSubmission =
  | { ok: true; effect: PrnEffect; note: string | undefined }
  | { ok: false; errors: Record<string, string> };

export function readEffect(values: FormValues): EffectSubmission {
  const effect = values.effect?.effect?.selected_option?.value;
  const note = cleanInput(values.note?.note?.value);
  const errors: Record<string, string> = {};
  if (!EFFECT_CHOICES.some((c) => c.effect === effect)) errors.effect = "Choose how it worked.";
  if (note && Array.from(note).length > NOTE_MAX) errors.note = `At most ${NOTE_MAX} characters.`;
  refuseContacts(errors, { note }, "record");
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, effect: effect as PrnEffect, note };
}
