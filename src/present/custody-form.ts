/**
 * Medicine custody's forms as values (issue 49): the choices they offer (the units, the reasons a
 * count may differ) and the reading of their submissions, each field checked with the words of its
 * error. The forms themselves are drawn by src/blocks/custody-modal.ts.
 */
import { CONTACT_INSTEAD, contactRefusal, refuseContacts } from "../domain/contact-text.ts";
import type { MedicineLabel } from "../domain/custody.ts";
import { DISCREPANCY_REASONS, type DiscrepancyReason } from "../domain/custody-reasons.ts";
import { discardBy, pastDiscard } from "../domain/custody-rules.ts";
import { COUNT_UNITS, type CountUnit, MEDICINE_WORDS_MAX, unitWords } from "../domain/custody-units.ts";
import { cleanText } from "../domain/text.ts";
import { isIsoDate } from "../time.ts";
import { pastDiscardAskWords, REASON_WORDS } from "../words/custody.ts";
import { thousands } from "../words/numbers.ts";
import { custodyBounds } from "./custody-bounds.ts";

/** A plan's medicine (every item but the meal), as a button or a form names it. */
export { medicineItemKey } from "../record/items.ts";
export { LABEL_TOO_LONG, PAST_DISCARD_TICK, refillHintWords, stillDueWords } from "../words/custody.ts";
/** The longest name or strength a medicine is counted in with, and what a form says past it. */
export { MEDICINE_WORDS_MAX };
/** The units a medicine is counted in, as the form offers them. */
export const UNIT_OPTIONS = COUNT_UNITS.map((u) => ({ text: unitWords(u, 2), value: u }));
/** The reasons a count may differ from the balance, as the form offers them. */
export const REASON_OPTIONS = DISCREPANCY_REASONS.map((r) => ({ text: REASON_WORDS[r], value: r }));

type Values = Record<
  string,
  Record<
    string,
    {
      value?: string | null;
      selected_option?: { value?: string } | null;
      selected_options?: Array<{ value?: string }>;
      selected_date?: string | null;
      selected_user?: string | null;
    }
  >
>;

const field = (v: Values, k: string) => v[k]?.[k];
const textOf = (v: Values, k: string): string | undefined => {
  const t = cleanText(field(v, k)?.value ?? "").trim();
  return t || undefined;
};
const numberOf = (v: Values, k: string): number | undefined => {
  const raw = field(v, k)?.value;
  const n = raw === undefined || raw === null || raw === "" ? Number.NaN : Number(raw);
  return Number.isFinite(n) ? n : undefined;
};
const choiceOf = (v: Values, k: string) => field(v, k)?.selected_option?.value ?? undefined;
const dateOf = (v: Values, k: string) => {
  const d = field(v, k)?.selected_date ?? undefined;
  return d && isIsoDate(d) ? d : undefined;
};
export const witnessOf = (v: unknown): string | undefined =>
  field(v as Values, "witness")?.selected_user ?? undefined;

export type Read<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string> };

export type CountInValues = MedicineLabel;

/** A name or strength longer than the record keeps: said, nothing written. */
const tooLong = (what: string) =>
  `This ${what} is longer than the care record keeps (${thousands(MEDICINE_WORDS_MAX)} characters): write it as short as the label allows.`;

/** "more than 0, at most 1,000,000": a quantity's bounds as the record keeps them. */
const upTo = (most: number, from0 = false) =>
  `${from0 ? "0 or more" : "more than 0"}, at most ${thousands(most)}`;
/** A number typed within the record's bounds (`from0`: 0 is one). */
const within = (n: number | undefined, most: number, from0 = false): n is number =>
  n !== undefined && (from0 ? n >= 0 : n > 0) && n <= most;
/** Words typed longer than the record keeps: how long they may be, how long they are. */
const longer = (what: string, most: number, text: string) =>
  `${what} is longer than the care record keeps (${thousands(most)} characters; this is ${thousands(text.length)}): shorten it.`;
/** The note's error, when it is longer than the record keeps or holds a phone number or an email address. */
const noteError = (note: string | undefined, errors: Record<string, string>, what = "The note") => {
  const most = custodyBounds().note;
  const contact = contactRefusal(note, "record", CONTACT_INSTEAD.note);
  if (note && note.length > most) errors.note = longer(what, most, note);
  else if (contact) errors.note = contact;
};

/** The counting-in form's quantities, each within the record's bounds. */
function countInNumbers(v: Values, unit: CountUnit | undefined, errors: Record<string, string>) {
  const b = custodyBounds();
  const quantity = numberOf(v, "quantity");
  if (!within(quantity, b.countedIn)) errors.quantity = `Write the quantity counted: ${upTo(b.countedIn)}.`;
  const per = numberOf(v, "per");
  if (per !== undefined && !within(per, b.per))
    errors.per = `Write what each pen or vial holds: ${upTo(b.per)}.`;
  else if (per !== undefined && unit !== "pen" && unit !== "vial")
    errors.per = "Only for pens and vials: leave it empty for what is counted in tablets, ml or units.";
  const discardDays = numberOf(v, "discard");
  const d = b.discardDays;
  if (
    discardDays !== undefined &&
    (!Number.isInteger(discardDays) || discardDays < d.least || discardDays > d.most)
  )
    errors.discard = `Write whole days, from ${d.least} to ${thousands(d.most)}.`;
  return { quantity, per, discardDays };
}

/**
 * A medicine past its discard-by on the day it is counted in: asked first (`past` ticked: it is kept
 * in custody to go home with the pet, and every dose asks first), at the field whose date is past.
 */
function pastDiscardError(
  v: Values,
  m: Pick<MedicineLabel, "expiry" | "openedOn" | "discardDays">,
  today: string,
  errors: Record<string, string>,
) {
  const by = discardBy(m);
  if (!by || !pastDiscard(by, today)) return;
  if ((field(v, "past")?.selected_options ?? []).some((o) => o.value === "yes")) return;
  const at = m.expiry === by ? "expiry" : "discard";
  errors[at] = pastDiscardAskWords(by);
}

/** The counting-in form's fields, or the error at each field at fault. */
export function readCountIn(raw: unknown, today: string): Read<CountInValues> {
  const v = raw as Values;
  const errors: Record<string, string> = {};
  const label = textOf(v, "label");
  if (!label) errors.label = "Write the name as on the label.";
  else if (label.length > MEDICINE_WORDS_MAX) errors.label = tooLong("name");
  const strength = textOf(v, "strength");
  if (strength && strength.length > MEDICINE_WORDS_MAX) errors.strength = tooLong("strength");
  // A pharmacy label carries the practice's address and phone: only the medicine's words are kept.
  refuseContacts(errors, { label, strength }, "record", CONTACT_INSTEAD.label);
  const unit = choiceOf(v, "unit") as CountUnit | undefined;
  if (!unit || !COUNT_UNITS.includes(unit)) errors.unit = "Choose what it is counted in.";
  const { quantity, per, discardDays } = countInNumbers(v, unit, errors);
  const perUnit = choiceOf(v, "per_unit") === "ml" ? "ml" : "iu";
  const owner = choiceOf(v, "owner");
  if (owner !== "yes" && owner !== "no") errors.owner = "Say whether the owner's name is on the label.";
  const openedOn = dateOf(v, "opened");
  if (openedOn && openedOn > today) errors.opened = "That is later than today: when was it opened?";
  const dates = { expiry: dateOf(v, "expiry"), openedOn, discardDays: openedOn ? discardDays : undefined };
  if (!errors.discard && !errors.opened) pastDiscardError(v, dates, today, errors);
  const note = textOf(v, "note");
  noteError(note, errors);
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    value: {
      label: label as string,
      strength,
      unit: unit as CountUnit,
      ...(per !== undefined ? { per: { amount: per, unit: perUnit } } : {}),
      quantity: quantity as number,
      ownerNameChecked: owner === "yes",
      ...dates,
      storage: choiceOf(v, "storage") === "fridge" ? "fridge" : "room",
      controlled: (field(v, "controlled")?.selected_options ?? []).some((o) => o.value === "yes"),
      note,
    },
  };
}

/** A count form's values, given back when it is drawn again (`witness`: the second person's Slack id). */
export interface CountValues {
  counted?: number | undefined;
  reason?: DiscrepancyReason | undefined;
  note?: string | undefined;
  witness?: string | undefined;
}

/** A hand-back form's values, given back when it is drawn again to ask why it differs. */
export interface HandBackValues extends Omit<CountValues, "counted"> {
  quantity?: number | undefined;
  to?: string | undefined;
}

/** The reason chosen, when it is one of the list's. */
const reasonOf = (v: Values): { reason?: DiscrepancyReason } => {
  const reason = choiceOf(v, "reason") as DiscrepancyReason | undefined;
  return reason && DISCREPANCY_REASONS.includes(reason) ? { reason } : {};
};

/** The count form's fields (the reason and the words when it asked for them). */
export function readCount(raw: unknown): Read<CountValues & { counted: number }> {
  const v = raw as Values;
  const errors: Record<string, string> = {};
  const most = custodyBounds().counted;
  const counted = numberOf(v, "counted");
  if (!within(counted, most, true)) errors.counted = `Write the quantity counted now: ${upTo(most, true)}.`;
  const note = textOf(v, "note");
  noteError(note, errors);
  if (Object.keys(errors).length || counted === undefined) return { ok: false, errors };
  return { ok: true, value: { counted, ...reasonOf(v), note } };
}

/** The hand-back form's fields (the reason and the words when it asked for them). */
export function readHandBack(raw: unknown): Read<HandBackValues & { quantity: number; to: string }> {
  const v = raw as Values;
  const b = custodyBounds();
  const quantity = numberOf(v, "quantity");
  const to = textOf(v, "to");
  const errors: Record<string, string> = {};
  if (!within(quantity, b.handedBack, true))
    errors.quantity = `Write the quantity handed back (0 if none): ${upTo(b.handedBack, true)}.`;
  const contact = contactRefusal(to, "record", CONTACT_INSTEAD.collector);
  if (!to) errors.to = "Write who it was handed to.";
  else if (to.length > b.to) errors.to = longer("The name", b.to, to);
  else if (contact) errors.to = contact;
  const note = textOf(v, "note");
  noteError(note, errors);
  if (Object.keys(errors).length || quantity === undefined || !to) return { ok: false, errors };
  return { ok: true, value: { quantity, to, ...reasonOf(v), note } };
}

/** The closing form's words, or the error at its field. */
export function readClose(raw: unknown): Read<string> {
  const note = textOf(raw as Values, "note");
  const errors: Record<string, string> = {};
  if (!note) errors.note = "Say why it is closed.";
  else noteError(note, errors, "Why it is closed");
  return note && !errors.note ? { ok: true, value: note } : { ok: false, errors };
}
