/**
 * Medicine custody's forms as values (issue 49): the choices they offer (the units, the reasons a
 * count may differ) and the reading of their submissions, each field checked with the words of its
 * error. The forms themselves are drawn by src/blocks/custody-modal.ts.
 */
import type { MedicineLabel } from "../domain/custody.ts";
import { DISCREPANCY_REASONS, type DiscrepancyReason } from "../domain/custody-reasons.ts";
import { COUNT_UNITS, type CountUnit, MEDICINE_WORDS_MAX, unitWords } from "../domain/custody-units.ts";
import { cleanText } from "../domain/text.ts";
import { isIsoDate } from "../time.ts";
import { REASON_WORDS } from "../words/custody.ts";
import { thousands } from "../words/numbers.ts";

/** A plan's medicine (every item but the meal), as a button or a form names it. */
export { medicineItemKey } from "../record/items.ts";
export { LABEL_TOO_LONG } from "../words/custody.ts";
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

/** The counting-in form's fields, or the error at each field at fault. */
export function readCountIn(raw: unknown, today: string): Read<CountInValues> {
  const v = raw as Values;
  const errors: Record<string, string> = {};
  const label = textOf(v, "label");
  if (!label) errors.label = "Write the name as on the label.";
  else if (label.length > MEDICINE_WORDS_MAX) errors.label = tooLong("name");
  const strength = textOf(v, "strength");
  if (strength && strength.length > MEDICINE_WORDS_MAX) errors.strength = tooLong("strength");
  const unit = choiceOf(v, "unit") as CountUnit | undefined;
  if (!unit || !COUNT_UNITS.includes(unit)) errors.unit = "Choose what it is counted in.";
  const quantity = numberOf(v, "quantity");
  if (quantity === undefined || quantity <= 0 || quantity > 1_000_000)
    errors.quantity = "Write the quantity counted (more than 0).";
  const per = numberOf(v, "per");
  const perUnit = choiceOf(v, "per_unit") === "ml" ? "ml" : "iu";
  if (per !== undefined && (per <= 0 || (unit !== "pen" && unit !== "vial")))
    errors.per = "Only for pens and vials: what each holds (more than 0).";
  const owner = choiceOf(v, "owner");
  if (owner !== "yes" && owner !== "no") errors.owner = "Say whether the owner's name is on the label.";
  const openedOn = dateOf(v, "opened");
  if (openedOn && openedOn > today) errors.opened = "That is later than today: when was it opened?";
  const discardDays = numberOf(v, "discard");
  if (discardDays !== undefined && (!Number.isInteger(discardDays) || discardDays < 1 || discardDays > 3650))
    errors.discard = "Write whole days, from 1.";
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
      expiry: dateOf(v, "expiry"),
      openedOn,
      discardDays: openedOn ? discardDays : undefined,
      storage: choiceOf(v, "storage") === "fridge" ? "fridge" : "room",
      controlled: (field(v, "controlled")?.selected_options ?? []).some((o) => o.value === "yes"),
      note: textOf(v, "note"),
    },
  };
}

export interface CountValues {
  counted?: number | undefined;
  reason?: DiscrepancyReason | undefined;
  note?: string | undefined;
}

/** The count form's fields (the reason and the words when it asked for them). */
export function readCount(raw: unknown): Read<CountValues & { counted: number }> {
  const v = raw as Values;
  const counted = numberOf(v, "counted");
  if (counted === undefined || counted < 0 || counted > 1_000_000)
    return { ok: false, errors: { counted: "Write the quantity counted now." } };
  const reason = choiceOf(v, "reason") as DiscrepancyReason | undefined;
  return {
    ok: true,
    value: {
      counted,
      ...(reason && DISCREPANCY_REASONS.includes(reason) ? { reason } : {}),
      note: textOf(v, "note"),
    },
  };
}

/** The hand-back form's fields. */
export function readHandBack(
  raw: unknown,
): Read<{ quantity: number; to: string; note?: string | undefined }> {
  const v = raw as Values;
  const quantity = numberOf(v, "quantity");
  const to = textOf(v, "to");
  const errors: Record<string, string> = {};
  if (quantity === undefined || quantity < 0) errors.quantity = "Write the quantity handed back (0 if none).";
  if (!to) errors.to = "Write who it was handed to.";
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { quantity: quantity as number, to: to as string, note: textOf(v, "note") } };
}

/** The closing form's words. */
export const readClose = (raw: unknown): string | undefined => textOf(raw as Values, "note");
