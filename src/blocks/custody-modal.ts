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
import type { CountInStart } from "../domain/custody-rules.ts";
import type { CountUnit } from "../domain/custody-units.ts";
import { custodyBounds } from "../present/custody-bounds.ts";
import {
  type CountValues,
  type HandBackValues,
  LABEL_TOO_LONG,
  MEDICINE_WORDS_MAX,
  medicineItemKey,
  PAST_DISCARD_TICK,
  REASON_OPTIONS,
  refillHintWords,
  UNIT_OPTIONS,
} from "../present/custody-form.ts";
import { input, notes, noteText, number, option, radios, select, text } from "./custody-fields.ts";
import { wordSections } from "./form-room.ts";
import { defineForm } from "./forms.ts";
import { modalView } from "./modal.ts";

const id = () => z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const channel = () => z.string().max(40).optional();
/**
 * A pet's name whole, when the metadata has room for it (`shorter` leaves it out, never a part of it):
 * the forms' answers name the pet from the record (src/listeners/actions/custody-forms.ts).
 */
const petName = () => z.string().max(2000).optional();
/** The view a form is opened over, drawn again once it is recorded: a pet's medicines, the stock. */
const under = () => z.enum(["pet", "stock", "controlled"]).optional();
export type UnderView = z.infer<ReturnType<typeof under>>;
/** The page of a pet's medicines or the stock shown (from 1; none: the first), kept when it is drawn again. */
const page = () => z.number().int().min(1).max(100_000).optional();
/** The metadata without the pet's name, when with it the metadata would pass Slack's 3000 characters once sealed. */
const shorter = <M extends { n?: string | undefined }>(m: M): M[] => [{ ...m, n: undefined }];

/** A pet's medicines (a view, no submit): the stay's pet, its name, the channel it was opened from (none: Home). */
export const medicinesForm = defineForm(
  "custody_view",
  () => z.object({ b: id(), p: id(), n: petName(), c: channel(), g: page() }),
  {
    shorter,
    names: (m) => ({ bookingId: m.b, petId: m.p, petName: m.n, channel: m.c, page: m.g }),
  },
);
/** What the kennel holds now (a view, from Home): the controlled drugs only, or every medicine. */
export const stockForm = defineForm(
  "custody_stock_view",
  () => z.object({ k: z.boolean().optional(), c: channel(), g: page() }),
  {
    names: (m) => ({ controlled: m.k === true, channel: m.c, page: m.g }),
  },
);
/** "💊 Count in…": a plan's medicine of a stay's pet. */
export const countInForm = defineForm(
  "custody_in",
  () =>
    z.object({ b: id(), p: id(), i: medicineItemKey(), n: petName(), c: channel(), o: under(), g: page() }),
  {
    shorter,
    names: (m) => ({
      bookingId: m.b,
      petId: m.p,
      item: m.i,
      petName: m.n,
      channel: m.c,
      under: m.o,
      page: m.g,
    }),
  },
);
/** A medicine in custody (its first counting in's id `m`): "🔢 Count…", "↩️ Handed back…". */
const medicineMeta = () => z.object({ m: id(), n: petName(), c: channel(), o: under(), g: page() });
const medicineNames = (m: z.infer<ReturnType<typeof medicineMeta>>) => ({
  custodyId: m.m,
  petName: m.n,
  channel: m.c,
  under: m.o,
  page: m.g,
});
export const countForm = defineForm("custody_count", medicineMeta, { shorter, names: medicineNames });
export const handBackForm = defineForm("custody_back", medicineMeta, { shorter, names: medicineNames });
/** "✔️ Close discrepancy…": a count (`k`) whose difference a manager closes. */
export const closeForm = defineForm(
  "custody_close",
  () => z.object({ k: id(), n: petName(), c: channel(), o: under(), g: page() }),
  {
    shorter,
    names: (m) => ({ countId: m.k, petName: m.n, channel: m.c, under: m.o, page: m.g }),
  },
);

/** The second person field, with the one chosen before when the form is drawn again. */
const secondPerson = (required: boolean, chosen?: string) =>
  input(
    "witness",
    "Second person (counts with you)",
    { type: "users_select", ...(chosen ? { initial_user: chosen } : {}) },
    {
      optional: !required,
      hint: required
        ? "A controlled or high-alert medicine: a second, different member of staff counts it with you."
        : "Needed for a controlled or high-alert medicine.",
    },
  );

/** Why a count (or what is handed back) differs from the balance: the words, the reasons, what happened. */
const explainFields = (explain: string, v: CountValues) => [
  ...notes(`⚠️ ${explain}`),
  input("reason", "Why it differs", select(REASON_OPTIONS, v.reason)),
];

const modal = (callbackId: string, title: string, sealed: string, blocks: unknown[], submit = "Record") =>
  modalView({ callbackId, sealed, title, submit, blocks });

/** A refill of a medicine held: its unit (`per`: a pen's or vial's content), offered, and said at the field. */
type Refill = { unit: CountUnit; per?: "iu" | "ml" | undefined };

/** "💊 Count in…": what the label says and what was counted. */
const labelFields = (s: CountInStart, refill?: Refill) => [
  input("label", "Name as on the label", text(s.label, MEDICINE_WORDS_MAX), {
    hint: s.label.length > MEDICINE_WORDS_MAX ? LABEL_TOO_LONG : undefined,
  }),
  input("strength", "Strength", text(s.strength, MEDICINE_WORDS_MAX), {
    optional: true,
    hint: (s.strength?.length ?? 0) > MEDICINE_WORDS_MAX ? LABEL_TOO_LONG : undefined,
  }),
  input("unit", "Counted in", select(UNIT_OPTIONS, s.unit), {
    hint: refill ? refillHintWords(refill.unit, refill.per) : undefined,
  }),
  input("quantity", "Quantity counted", number(custodyBounds().countedIn, undefined, true, "positive")),
  input("per", "Each pen or vial holds", number(custodyBounds().per, undefined, true, "positive"), {
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
];

/** "💊 Count in…": its dates, its storage, whether it is a controlled drug. */
const keepingFields = (s: CountInStart) => [
  input("expiry", "Expiry date", { type: "datepicker" }, { optional: true }),
  input(
    "past",
    "Past its date",
    { type: "checkboxes", options: [option(PAST_DISCARD_TICK, "yes")] },
    {
      optional: true,
      hint: "Only for a medicine already past its expiry or discard-by: kept in custody to go home, not given (each dose asks first).",
    },
  ),
  input("opened", "Opened on", { type: "datepicker" }, { optional: true, hint: "Where it has been opened." }),
  input(
    "discard",
    "Discard after opening, days",
    number(custodyBounds().discardDays.most, s.discardDays, false, custodyBounds().discardDays.least),
    {
      optional: true,
      hint: "Usual: insulin 28 days (a Caninsulin vial 42), eye and ear drops 28, oral liquids 180 (check the label).",
    },
  ),
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
];

/**
 * "💊 Medicines in…": one medicine of the pet's plan, as handed over (`petName` as the plan has it,
 * escaped here); `refill`: more of a medicine held, counted in its unit.
 */
export function countInModal(sealed: string, petName: string, s: CountInStart, refill?: Refill) {
  const blocks = [
    // The plan's words whole (the drug they name), however long, in as many sections as they take.
    ...wordSections([
      [{ text: petName, strong: true }, { text: ` · ${s.words}` }],
      [{ text: "Count what the owner handed over, from the label." }],
    ]),
    ...labelFields(s, refill),
    ...keepingFields(s),
    secondPerson(s.secondPerson),
    input("note", "Note", noteText(), { optional: true }),
  ];
  return modal(countInForm.id, "Medicines in", sealed, blocks);
}

/**
 * "🔢 Count…": the quantity counted now; `explain` (it differs from the balance): why, both required.
 * Drawn again to ask why, it keeps every value given (the second person too).
 */
export function countModal(
  sealed: string,
  o: { head: string; secondPerson: boolean; values?: CountValues; explain?: string },
) {
  const v = o.values ?? {};
  const blocks: unknown[] = [
    ...notes(o.head),
    input("counted", "Counted now", number(custodyBounds().counted, v.counted)),
  ];
  if (o.secondPerson) blocks.push(secondPerson(true, v.witness));
  if (o.explain) blocks.push(...explainFields(o.explain, v));
  blocks.push(
    input("note", o.explain ? "What happened" : "Note", noteText(v.note), { optional: !o.explain }),
  );
  return modal(countForm.id, "Count", sealed, blocks);
}

/**
 * "↩️ Handed back…": how much (the balance offered), to whom (a name typed), a second person where
 * needed; `warn`: what handing it back leaves (doses still due). `explain` (what is handed back differs
 * from the balance): why, and what happened, both required, as a count's; drawn again, it keeps every
 * value given.
 */
export function handBackModal(
  sealed: string,
  o: {
    head: string;
    secondPerson: boolean;
    balance: number | undefined;
    warn?: string | undefined;
    values?: HandBackValues;
    explain?: string;
  },
) {
  const v = o.values ?? {};
  const offered = v.quantity ?? (o.balance !== undefined ? Math.max(0, o.balance) : undefined);
  const blocks: unknown[] = [
    ...notes(o.head),
    ...(o.warn ? notes(`⚠️ ${o.warn}`) : []),
    input("quantity", "Quantity handed back", number(custodyBounds().handedBack, offered)),
    input("to", "Handed to (name)", text(v.to, custodyBounds().to), {
      hint: "The name of the person collecting, as they say it.",
    }),
  ];
  if (o.secondPerson) blocks.push(secondPerson(true, v.witness));
  if (o.explain) blocks.push(...explainFields(o.explain, v));
  blocks.push(
    input("note", o.explain ? "What happened" : "Note", noteText(v.note), { optional: !o.explain }),
  );
  return modal(handBackForm.id, "Handed back", sealed, blocks);
}

/** "✔️ Close…": a manager closes a discrepancy, with words. */
export function closeModal(sealed: string, head: string) {
  return modal(
    closeForm.id,
    "Close discrepancy",
    sealed,
    [...notes(head), input("note", "Why it is closed", noteText())],
    "Close it",
  );
}
