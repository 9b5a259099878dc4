/**
 * The welfare check's forms: "✏️ Something to note" (drinking, stool, urine, demeanour, each
 * "normal" unless changed, and a note; the day's meals shown, read from the round's entries), and a
 * flag's "Vet advice" (who was asked, when, what was advised) and "Resolved" (why). Pure: the
 * listeners open them with views.open, their metadata sealed (src/slack/seal.ts), and read the
 * submissions here; what a form may write is checked against the kept list or flag, never taken
 * from the metadata.
 */
import { z } from "zod";
import type { ListPet } from "../answers/welfare-store.ts";
import type { Round } from "../domain/care.ts";
import type { MealSeen, WelfareCheck, WelfareField, WelfareValues } from "../domain/welfare.ts";
import type { WelfareFlag } from "../domain/welfare-flag.ts";
import { cleanText, type Line } from "../present/doc.ts";
import { CONTACT_INSTEAD, contactRefusal } from "../present/form-contacts.ts";
import {
  ALL_NORMAL,
  dayHeading,
  FIELD_WORDS,
  flagHeadWords,
  mealWords,
  soughtAt,
  timeOf,
  valueWords,
  WELFARE_FIELDS,
  WELFARE_SIGNS,
} from "../present/welfare.ts";
import { wordSections } from "./form-room.ts";
import { atOf, defineForm, metaParts } from "./forms.ts";
import { type FormValues, modalView, plain } from "./modal.ts";
import { esc, truncate } from "./mrkdwn.ts";

const WELFARE_MODAL = "wf_modal";
const ADVICE_MODAL = "wf_advice_modal";
const RESOLVE_MODAL = "wf_resolve_modal";
const NOTE_MAX = 500;

const recordId = () => z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** Where the button was: channel, ts, its thread's ts, the tap's response_url. */
const where = () => ({
  c: z.string().min(1).max(40),
  t: z.string().min(1).max(40),
  h: z.string().max(40).optional(),
  u: z.string().max(500).optional(),
});
const checkMeta = () =>
  z.object({ l: recordId(), b: recordId(), p: recordId(), ...where(), cur: recordId().optional() });
const flagMeta = () => z.object({ f: recordId(), l: z.literal(1).optional(), ...where(), pn: metaParts() });
type FlagMeta = z.infer<ReturnType<typeof flagMeta>>;

/** Without the response_url when it must, to fit Slack's 3000 characters once sealed. */
const shorter = <M extends { u?: string | undefined }>(m: M) => [{ ...m, u: undefined }];
const flagNames = (m: FlagMeta) => ({ flagId: m.f, onHomeList: m.l === 1, at: atOf(m) });

/** "✏️ Something to note" / "✏️ Change": the pet on the kept list, the message, the check it showed. */
export const checkForm = defineForm(WELFARE_MODAL, checkMeta, {
  shorter,
  names: (m) => ({ listId: m.l, bookingId: m.b, petId: m.p, at: atOf(m), corrects: m.cur }),
});
/** A flag's "🩺 Vet advice…" and "✔️ Resolved…". */
export const adviceForm = defineForm(ADVICE_MODAL, flagMeta, { shorter, names: flagNames });
export const resolveForm = defineForm(RESOLVE_MODAL, flagMeta, { shorter, names: flagNames });

const roomAndName = (room: string | undefined, name: string) => `${room ? `${room} ` : ""}${name}`;
const context = (text: string) => ({
  type: "context",
  elements: [{ type: "mrkdwn", text: truncate(text, 2900), verbatim: true }],
});

const valueOption = (field: WelfareField, v: string) => ({ text: plain(valueWords(field, v), 75), value: v });

/** The pet's room and name whole (each up to 2,000 characters), the round and day, in as many sections as they take. */
function checkHead(list: { date: string; round: Round }, pet: ListPet, late: boolean): unknown[] {
  const head: Line[] = [
    [
      { text: roomAndName(pet.room, pet.name), strong: true },
      { text: ` · ${list.round} welfare check, ${dayHeading(list.date)}` },
    ],
    ...(late ? [[{ text: `⏰ Recording late for ${dayHeading(list.date)}` }]] : []),
  ];
  return wordSections(head);
}

/** "✏️ Something to note": each sign (normal unless seen), and a note; `check`: the check to correct. */
export function welfareModal(
  sealed: string,
  list: { date: string; round: Round },
  pet: ListPet,
  o: { check: WelfareCheck | undefined; meals: MealSeen[]; late: boolean; timezone: string },
) {
  const now = o.check?.values ?? ALL_NORMAL;
  const meals = o.meals.length
    ? o.meals.map((m) => `${m.round}: ${mealWords(m).slice(3)}`).join(" · ")
    : "no meal recorded yet today";
  const blocks: unknown[] = [
    ...checkHead(list, pet, o.late),
    context(`🍽 Eating, from the round's entries: ${esc(meals)}. To change a meal, use the round post.`),
  ];
  for (const field of WELFARE_FIELDS)
    blocks.push({
      type: "input",
      block_id: `sign:${field}`,
      label: plain(FIELD_WORDS[field], 2000),
      element: {
        type: "static_select",
        action_id: "value",
        options: WELFARE_SIGNS[field].map((v) => valueOption(field, v)),
        initial_option: valueOption(field, now[field]),
      },
    });
  blocks.push({
    type: "input",
    block_id: "note",
    optional: true,
    label: plain("Note", 2000),
    element: {
      type: "plain_text_input",
      action_id: "note",
      multiline: true,
      max_length: NOTE_MAX,
      ...(o.check?.note ? { initial_value: o.check.note } : {}),
    },
  });
  if (o.check)
    blocks.push(
      context(
        `Checked at ${timeOf(o.check.recordedAt, o.timezone)} by ${esc(o.check.userName)}: saving records a correction; the first check is kept, marked corrected.`,
      ),
    );
  return modalView({
    callbackId: WELFARE_MODAL,
    sealed,
    title: "Welfare check",
    submit: o.check ? "Save correction" : o.late ? "Record late" : "Record",
    blocks,
  });
}

/** What the form says: each sign from its choices (a value not offered is refused), and the note. */
export function readWelfareSubmission(
  state: FormValues | undefined,
):
  | { ok: true; values: WelfareValues; note: string | undefined }
  | { ok: false; errors: Record<string, string> } {
  const values: Partial<Record<WelfareField, string>> = {};
  const errors: Record<string, string> = {};
  for (const field of WELFARE_FIELDS) {
    const chosen = state?.[`sign:${field}`]?.value?.selected_option?.value;
    if (chosen && (WELFARE_SIGNS[field] as readonly string[]).includes(chosen)) values[field] = chosen;
    else
      errors[`sign:${field}`] =
        `Choose what you saw (${FIELD_WORDS[field].toLowerCase()}): normal, or what was different.`;
  }
  const raw = state?.note?.note?.value;
  const note = typeof raw === "string" ? cleanText(raw).trim() : "";
  if ([...note].length > NOTE_MAX) errors.note = `At most ${NOTE_MAX} characters.`;
  const contact = contactRefusal(note, "channel", CONTACT_INSTEAD.note);
  if (contact) errors.note = contact;
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, values: values as WelfareValues, note: note || undefined };
}

const textInput = (
  block: string,
  label: string,
  o: { multiline?: boolean; max: number; optional?: boolean; hint?: string },
) => ({
  type: "input",
  block_id: block,
  ...(o.optional ? { optional: true } : {}),
  label: plain(label, 2000),
  ...(o.hint ? { hint: plain(o.hint, 2000) } : {}),
  element: {
    type: "plain_text_input",
    action_id: block,
    max_length: o.max,
    ...(o.multiline ? { multiline: true } : {}),
  },
});

/** The flag's pet, room and name whole, and what was flagged, in as many sections as they take. */
const flagHead = (f: WelfareFlag) =>
  wordSections([
    [{ text: roomAndName(f.room, f.petName), strong: true }, { text: ` · ${flagHeadWords(f)}` }],
  ]);

/** A flag's "Vet advice sought?": who was asked, when, what was advised. */
export function adviceModal(sealed: string, f: WelfareFlag) {
  return modalView({
    callbackId: ADVICE_MODAL,
    sealed,
    title: "Vet advice",
    submit: "Record advice",
    blocks: [
      ...flagHead(f),
      textInput("vet", "Who gave the advice (the vet or practice)", {
        max: 200,
        hint: "Their name only: it shows on the welfare post in the channel, so no phone number or address.",
      }),
      textInput("when", "When it was sought (HH:MM today, or YYYY-MM-DD HH:MM)", {
        max: 20,
        optional: true,
        hint: "Leave it empty for now.",
      }),
      textInput("advice", "What was advised", { max: 1000, multiline: true }),
    ],
  });
}

/** A flag's "Resolved": why it is closed. */
export function resolveModal(sealed: string, f: WelfareFlag) {
  return modalView({
    callbackId: RESOLVE_MODAL,
    sealed,
    title: "Flag resolved",
    submit: "Mark resolved",
    blocks: [...flagHead(f), textInput("why", "Why it is resolved", { max: 500, multiline: true })],
  });
}

const textOf = (state: FormValues | undefined, block: string) => {
  const raw = state?.[block]?.[block]?.value;
  return typeof raw === "string" ? cleanText(raw).trim() : "";
};

/**
 * The advice form: the vet, when (not in the future, not before the flag was raised; empty: now),
 * what was advised.
 */
export function readAdvice(
  state: FormValues | undefined,
  now: Date,
  timezone: string,
  flag: Pick<WelfareFlag, "openedAt">,
): { ok: true; vet: string; sought: string; advice: string } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const vet = textOf(state, "vet");
  const advice = textOf(state, "advice");
  const when = textOf(state, "when");
  // Each shows on the flag's message in the channel: no phone number or email address.
  const vetContact = contactRefusal(vet, "channel", CONTACT_INSTEAD.vet);
  const adviceContact = contactRefusal(advice, "channel", CONTACT_INSTEAD.note);
  if (!vet) errors.vet = "Say who gave the advice.";
  else if (vetContact) errors.vet = vetContact;
  if (!advice) errors.advice = "Say what was advised.";
  else if (adviceContact) errors.advice = adviceContact;
  let sought = now.toISOString();
  if (when) {
    const read = soughtAt(when, { now, timezone, openedAt: flag.openedAt });
    if ("error" in read) errors.when = read.error;
    else sought = read.at;
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, vet: vet.slice(0, 200), sought, advice: advice.slice(0, 1000) };
}

/** The resolve form: why. */
export function readResolve(
  state: FormValues | undefined,
): { ok: true; why: string } | { ok: false; errors: Record<string, string> } {
  const why = textOf(state, "why");
  const contact = contactRefusal(why, "channel", CONTACT_INSTEAD.note);
  if (!why) return { ok: false, errors: { why: "Say why the flag is resolved." } };
  return contact ? { ok: false, errors: { why: contact } } : { ok: true, why: why.slice(0, 500) };
}
