/**
 * Medicine custody's forms in Slack (issue 49): a pet's medicines (each counted in with its balance
 * and its buttons: 🔢 Count…, ↩️ Handed back…, ✔️ Close… a discrepancy; 💊 Count in… each medicine of
 * its plan), and the forms each opens on top: counted in (the label's name, strength, unit and
 * quantity, the owner's name checked, expiry, opened on, discard after, storage, controlled, a second
 * person), a count (and, when it differs from the balance, why), handed back, a discrepancy closed.
 * Pure: the listeners open them (their metadata sealed) and read the submissions here; what may be
 * written is checked against the record (src/answers/custody-write.ts), never taken from the form.
 */
import { z } from "zod";
import { DISCREPANCY_REASONS, type DiscrepancyReason } from "../domain/custody.ts";
import type { CountInStart } from "../domain/custody-rules.ts";
import { COUNT_UNITS, type CountUnit, type PackContent, unitWords } from "../domain/custody-units.ts";
import { cleanText } from "../domain/text.ts";
import type { Doc } from "../present/doc.ts";
import { isIsoDate } from "../time.ts";
import { REASON_WORDS } from "../words/custody.ts";
import { docBlocks } from "./doc.ts";
import { truncate } from "./mrkdwn.ts";

export const CUSTODY_VIEW = "custody_view";
export const CUSTODY_IN = "custody_in";
export const CUSTODY_COUNT = "custody_count";
export const CUSTODY_BACK = "custody_back";
export const CUSTODY_CLOSE = "custody_close";

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** What every custody form carries back (sealed): the stay's pet, the medicine or count, where it came from. */
const meta = z.object({
  b: id,
  p: id,
  /** The plan's item (counting in). */
  i: z.enum(["med:1", "med:2", "med:3", "med:4", "med:5"]).optional(),
  /** The medicine (its first counting in's id), or the count (closing). */
  m: id.optional(),
  k: id.optional(),
  /** The channel the first tap was in (none: Home). */
  c: z.string().max(40).optional(),
  n: z.string().max(200),
});
export type CustodyMeta = z.infer<typeof meta>;

export function readCustodyMeta(raw: string | undefined): CustodyMeta | undefined {
  if (!raw || raw.length > 3000) return undefined;
  try {
    const r = meta.safeParse(JSON.parse(raw));
    return r.success ? r.data : undefined;
  } catch {
    return undefined;
  }
}

export const custodyMetaText = (m: CustodyMeta): string => JSON.stringify({ ...m, n: m.n.slice(0, 80) });

const plain = (text: string, max: number) => ({
  type: "plain_text" as const,
  text: truncate(cleanText(text).replace(/\s+/g, " ").trim() || " ", max),
});
const note = (text: string) => ({
  type: "section",
  text: { type: "mrkdwn", text: truncate(text, 2900), verbatim: true },
});
const option = (text: string, value: string) => ({ text: plain(text, 75), value });

interface InputOptions {
  optional?: boolean;
  hint?: string | undefined;
}
const input = (blockId: string, label: string, element: object, o: InputOptions = {}) => ({
  type: "input",
  block_id: blockId,
  label: plain(label, 2000),
  ...(o.optional ? { optional: true } : {}),
  ...(o.hint ? { hint: plain(o.hint, 2000) } : {}),
  element: { action_id: blockId, ...element },
});
const text = (initial?: string, max = 200) => ({
  type: "plain_text_input",
  max_length: max,
  ...(initial ? { initial_value: initial.slice(0, max) } : {}),
});
const number = (initial?: number, decimal = true) => ({
  type: "number_input",
  is_decimal_allowed: decimal,
  min_value: "0",
  ...(initial !== undefined ? { initial_value: String(initial) } : {}),
});
const select = (options: Array<{ text: string; value: string }>, initial?: string) => {
  const opts = options.map((o) => option(o.text, o.value));
  const chosen = opts.find((o) => o.value === initial);
  return { type: "static_select", options: opts, ...(chosen ? { initial_option: chosen } : {}) };
};
const radios = (options: Array<{ text: string; value: string }>, initial?: string) => {
  const opts = options.map((o) => option(o.text, o.value));
  const chosen = opts.find((o) => o.value === initial);
  return { type: "radio_buttons", options: opts, ...(chosen ? { initial_option: chosen } : {}) };
};
const secondPerson = (required: boolean) =>
  input(
    "witness",
    "Second person (counts with you)",
    { type: "users_select" },
    {
      optional: !required,
      hint: required
        ? "A controlled or high-alert medicine: a second, different member of staff counts it with you."
        : "Needed for a controlled or high-alert medicine.",
    },
  );

const modal = (callbackId: string, title: string, sealed: string, blocks: unknown[], submit = "Record") => ({
  type: "modal" as const,
  callback_id: callbackId,
  title: plain(title, 24),
  submit: plain(submit, 24),
  close: plain("Cancel", 24),
  private_metadata: sealed,
  blocks,
});

/** A pet's medicines (the document of src/present/custody-pet.ts with its buttons): a view with no submit. */
export function medicinesView(sealed: string, doc: Doc) {
  return {
    type: "modal" as const,
    callback_id: CUSTODY_VIEW,
    title: plain("Medicines", 24),
    close: plain("Close", 24),
    private_metadata: sealed,
    blocks: docBlocks(doc.parts).slice(0, 100),
  };
}

const UNIT_OPTIONS = COUNT_UNITS.map((u) => ({ text: unitWords(u, 2), value: u }));

/** "💊 Medicines in…": one medicine of the pet's plan, as handed over. */
export function countInModal(sealed: string, petName: string, s: CountInStart) {
  const blocks = [
    note(`*${petName}* · ${s.words}\nCount what the owner handed over, from the label.`),
    input("label", "Name as on the label", text(s.label)),
    input("strength", "Strength", text(s.strength, 100), { optional: true }),
    input("unit", "Counted in", select(UNIT_OPTIONS, s.unit)),
    input("quantity", "Quantity counted", number()),
    input("per", "Each pen or vial holds", number(), {
      optional: true,
      hint: "For pens and vials: the units or ml in each (a 300 iu pen: 300), so each dose comes off the balance.",
    }),
    input(
      "per_unit",
      "Each holds, in",
      select(
        [
          { text: "iu", value: "iu" },
          { text: "ml", value: "ml" },
        ],
        "iu",
      ),
      { optional: true },
    ),
    input(
      "owner",
      "Owner's name on the label",
      radios([
        { text: "Checked: it is the owner's", value: "yes" },
        { text: "Not on the label, or not theirs", value: "no" },
      ]),
    ),
    input("expiry", "Expiry date", { type: "datepicker" }, { optional: true }),
    input(
      "opened",
      "Opened on",
      { type: "datepicker" },
      { optional: true, hint: "Where it has been opened." },
    ),
    input("discard", "Discard after opening, days", number(s.discardDays, false), {
      optional: true,
      hint: "Usual: insulin 28 days (a Caninsulin vial 42), eye and ear drops 28, oral liquids 180 (check the label).",
    }),
    input(
      "storage",
      "Storage",
      radios(
        [
          { text: "Fridge", value: "fridge" },
          { text: "Room temperature", value: "room" },
        ],
        s.storage ?? "room",
      ),
    ),
    input(
      "controlled",
      "Controlled drug",
      {
        type: "checkboxes",
        options: [option("A controlled drug (counted weekly by two people)", "yes")],
        ...(s.controlled
          ? { initial_options: [option("A controlled drug (counted weekly by two people)", "yes")] }
          : {}),
      },
      { optional: true },
    ),
    secondPerson(s.secondPerson),
    input("note", "Note", { ...text(undefined, 500), multiline: true }, { optional: true }),
  ];
  return modal(CUSTODY_IN, "Medicines in", sealed, blocks);
}

/** "🔢 Count…": the quantity counted now; `explain` (it differs from the balance): why, both required. */
export function countModal(
  sealed: string,
  o: { head: string; secondPerson: boolean; values?: CountValues; explain?: string },
) {
  const v = o.values ?? {};
  const blocks: unknown[] = [note(o.head), input("counted", "Counted now", number(v.counted))];
  if (o.secondPerson) blocks.push(secondPerson(true));
  if (o.explain) {
    blocks.push(note(`⚠️ ${o.explain}`));
    blocks.push(
      input(
        "reason",
        "Why it differs",
        select(
          DISCREPANCY_REASONS.map((r) => ({ text: REASON_WORDS[r], value: r })),
          v.reason,
        ),
      ),
    );
  }
  blocks.push(
    input(
      "note",
      o.explain ? "What happened" : "Note",
      { ...text(v.note, 500), multiline: true },
      { optional: !o.explain },
    ),
  );
  return modal(CUSTODY_COUNT, "Count", sealed, blocks);
}

/** "↩️ Handed back…": how much, to whom (a name typed), a second person where needed. */
export function handBackModal(
  sealed: string,
  o: { head: string; secondPerson: boolean; balance: number | undefined },
) {
  const blocks: unknown[] = [
    note(o.head),
    input(
      "quantity",
      "Quantity handed back",
      number(o.balance !== undefined ? Math.max(0, o.balance) : undefined),
    ),
    input("to", "Handed to (name)", text(undefined, 120), {
      hint: "The name of the person collecting, as they say it.",
    }),
  ];
  if (o.secondPerson) blocks.push(secondPerson(true));
  blocks.push(input("note", "Note", { ...text(undefined, 500), multiline: true }, { optional: true }));
  return modal(CUSTODY_BACK, "Handed back", sealed, blocks);
}

/** "✔️ Close…": a manager closes a discrepancy, with words. */
export function closeModal(sealed: string, head: string) {
  return modal(
    CUSTODY_CLOSE,
    "Close discrepancy",
    sealed,
    [note(head), input("note", "Why it is closed", { ...text(undefined, 500), multiline: true })],
    "Close it",
  );
}

// ---------------------------------------------------------------------------------------------
// Reading the submissions.

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

export interface CountInValues {
  label: string;
  strength?: string | undefined;
  unit: CountUnit;
  per?: PackContent | undefined;
  quantity: number;
  ownerNameChecked: boolean;
  expiry?: string | undefined;
  openedOn?: string | undefined;
  discardDays?: number | undefined;
  storage: "fridge" | "room";
  controlled: boolean;
  note?: string | undefined;
}

/** The counting-in form's fields, or the error at each field at fault. */
export function readCountIn(raw: unknown, today: string): Read<CountInValues> {
  const v = raw as Values;
  const errors: Record<string, string> = {};
  const label = textOf(v, "label");
  if (!label) errors.label = "Write the name as on the label.";
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
      strength: textOf(v, "strength"),
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
