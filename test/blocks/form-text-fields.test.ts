/**
 * Every typed field of every form the bot opens refuses contact details at the field
 * (src/domain/contact-text.ts): each form is drawn as Slack shows it, its typed inputs found in the
 * view (never listed by hand), and each filled in turn with a phone number, an email address, a
 * street address and a postcode, the rest as a person would fill it; the form's reader must refuse
 * each at that field. A new typed field without the check, a new form left out of this table, or a
 * new file drawing typed inputs, fails here. The few fields that read a format (a time, limits, a
 * window) refuse anything else as that format's error.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { enterFromPaper } from "../../src/answers/paper-enter.ts";
import { type Sheet, type SheetPet, saveSheet } from "../../src/answers/sheets.ts";
import { closeModal, countInModal, countModal, handBackModal } from "../../src/blocks/custody-modal.ts";
import type { FormValues } from "../../src/blocks/modal.ts";
import { formValue, paperPetModal } from "../../src/blocks/paper-modal.ts";
import { editModal, readEdit } from "../../src/blocks/plan-edit.ts";
import { effectModal, giveModal, readEffect, readGive } from "../../src/blocks/prn-modal.ts";
import { readSubmission } from "../../src/blocks/record-form.ts";
import { recordModal } from "../../src/blocks/record-modal.ts";
import { readReview, reviewModal } from "../../src/blocks/review.ts";
import {
  adviceModal,
  readAdvice,
  readResolve,
  readWelfareSubmission,
  resolveModal,
  welfareModal,
} from "../../src/blocks/welfare-modal.ts";
import { loadConfig } from "../../src/config.ts";
import type { PlanItem } from "../../src/domain/plan/types.ts";
import type { PrnDose } from "../../src/domain/prn.ts";
import { silentLogger } from "../../src/log.ts";
import { readClose, readCount, readCountIn, readHandBack } from "../../src/present/custody-form.ts";
import { paperCellsOf, paperPetDoc } from "../../src/present/paper-form.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { biscuitMorning } from "../helpers/paper.ts";
import { scratchRecord } from "../helpers/record.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** What a person might paste: each kind of contact detail, as the refusal names it. */
const CONTACTS: Array<[string, string]> = [
  ["Oak Vets 01632 960123", "A phone number"],
  ["ann.lee@example.com", "An email address"],
  ["Oak Vets, 12 Acacia Avenue", "A street address"],
  ["Oak Vets, Harrogate HG1 2AB", "A postcode"],
  // Written round the check: a house's name for its number, an address spelt out in words.
  ["The Maltings, Mill Road", "A street address"],
  ["ann at example dot co dot uk", "An email address"],
];

/** Fields that read a format, not words: contact details are refused there as that format's error. */
const FORMATTED = /^(?:limits:|window:|when$)/;

type View = { blocks: unknown[] };
type Errors = Record<string, string> | undefined;
interface Form {
  /** The exported function that draws it. */
  name: string;
  view: () => View;
  /** Words typed into a field that is empty as drawn (a required one), by block id; the rest as drawn. */
  typed?: Record<string, string>;
  /** The form's reader: its errors by field, or undefined when it would record. */
  read: (values: FormValues) => Errors | Promise<Errors>;
}

/** One input's value as Slack sends it: as drawn (its first choice where a choice is required), or the words typed. */
function sent(
  element: Record<string, unknown>,
  typed: string | undefined,
  optional: boolean,
): Record<string, unknown> {
  const e = element as {
    type: string;
    initial_value?: string;
    initial_option?: unknown;
    initial_options?: unknown[];
    options?: unknown[];
    initial_date?: string;
    initial_time?: string;
    initial_date_time?: number;
    initial_user?: string;
  };
  switch (e.type) {
    case "plain_text_input":
      return { type: e.type, value: typed ?? e.initial_value ?? null };
    case "number_input":
      return { type: e.type, value: typed ?? e.initial_value ?? null };
    case "static_select":
    case "radio_buttons":
      return {
        type: e.type,
        selected_option: e.initial_option ?? (optional ? null : e.options?.[0]) ?? null,
      };
    case "multi_static_select":
    case "checkboxes":
      return { type: e.type, selected_options: e.initial_options ?? [] };
    case "datepicker":
      return { type: e.type, selected_date: e.initial_date ?? null };
    case "timepicker":
      return { type: e.type, selected_time: typed ?? e.initial_time ?? null };
    case "datetimepicker":
      return { type: e.type, selected_date_time: e.initial_date_time ?? null };
    case "users_select":
      return { type: e.type, selected_user: e.initial_user ?? null };
    default:
      return { type: e.type };
  }
}

interface Input {
  type: string;
  block_id: string;
  optional?: boolean;
  element: Record<string, unknown> & { action_id: string };
}
const inputsOf = (view: View) =>
  (view.blocks as Input[]).filter((b) => b.type === "input" && b.block_id && b.element);
const typedFields = (view: View) =>
  inputsOf(view)
    .filter((b) => b.element.type === "plain_text_input")
    .map((b) => b.block_id);

/** The form's values as Slack sends them, with `typed` (by block id) filled in. */
function valuesOf(view: View, typed: Record<string, string>): FormValues {
  return Object.fromEntries(
    inputsOf(view).map((b) => [
      b.block_id,
      { [b.element.action_id]: sent(b.element, typed[b.block_id], b.optional === true) },
    ]),
  ) as FormValues;
}

// The fixtures each form is drawn from.
const TODAY = "2026-11-24";
const NOW = "2026-11-24T10:00:00.000Z";
const TZ = "Europe/London";
const start = {
  label: "Rimadyl",
  strength: "50 mg",
  unit: "tablet" as const,
  controlled: false,
  secondPerson: false,
  words: "Rimadyl 50 mg, one tablet",
};
const planItem = (key: PlanItem["key"], over: Partial<PlanItem> = {}): PlanItem => ({
  key,
  what: { text: `words of ${key}`, name: `Drug ${key}` },
  when: { rounds: [{ round: "morning", why: "AM" }], days: { every: "day" }, steps: [] },
  kind: { kind: "routine" },
  source: { fields: [{ field: "medication", words: `words of ${key}` }], hash: "h" },
  readBy: "reader",
  doubts: [],
  sameDrugAs: [],
  ...over,
});
const PLAN_ITEMS = [
  planItem("med:1"),
  planItem("med:2", {
    kind: { kind: "as_needed", reason: "itching" },
    when: { ...planItem("med:2").when, rounds: [] },
  }),
];
const planView = {
  versionId: 1,
  petName: "Biscuit",
  plan: {
    format: 1,
    bookingId: 1,
    petId: 2,
    items: PLAN_ITEMS,
    sourceHash: "s",
    draftedAt: "2026-11-26T08:00:00Z",
    confirmations: [],
  },
} as unknown as Parameters<typeof editModal>[1];
const USUAL = { beforeMinutes: 60, afterMinutes: 120, highAlertAfterMinutes: 30 };
const PRN_ITEMS = [
  { key: "med:1" as const, label: "Piriton 4mg", text: "Piriton 4mg PRN", reason: "itching" },
];
const DOSE = {
  id: 1,
  date: TODAY,
  bookingId: 1,
  petId: 2,
  userId: "U0SAM",
  userName: "Sam",
  item: "med:1",
  label: "Piriton 4mg",
  itemText: "Piriton 4mg PRN",
  reason: "itching",
  givenAt: NOW,
  recordedAt: NOW,
} as PrnDose;
const FLAG = {
  id: 9,
  bookingId: 1,
  petId: 2,
  petName: "Biscuit",
  room: "Kennel 4",
  sign: "drinking:none",
  date: TODAY,
  openedAt: "2026-11-24T08:00:00.000Z",
  entries: [],
  advice: [],
} as unknown as Parameters<typeof adviceModal>[1];

// The kept sheets the round's forms are drawn from (real SQLite, as the bot keeps them).
let at = Date.parse("2026-11-24T15:00:00Z");
const clock = { now: () => new Date(at) };
const config = loadConfig({ KENNEL_TIMEZONE: TZ });
let store: CareRecordStore;
let sheet: Sheet;
const sheetPet = () => sheet.pets[0] as SheetPet;
beforeAll(async () => {
  at = Date.parse("2026-11-24T15:00:00Z");
  store = scratchRecord(clock);
  const body = biscuitMorning(TODAY);
  const pet = body.pets[0] as (typeof body.pets)[number];
  // A high-alert dose (its witness's field) and a dose to give if needed (its why).
  pet.due = pet.due.map((d) => (d.item === "med:1" ? { ...d, highAlert: true } : d));
  pet.ifNeeded = [{ item: "med:3", label: "Piriton 4mg", text: "Piriton 4mg if scratching" }];
  sheet = await saveSheet({ record: store }, body);
});
const stay = { checkInDate: "2026-11-22T10:00:00Z", checkOutDate: "2026-11-26T10:00:00Z" };
const kennel = { getBooking: async () => ({ data: stay }) } as never;
let request = 0;

const errorsOf = (r: { ok: boolean; errors?: Record<string, string> } | { ok: true }) =>
  r.ok ? undefined : (r as { errors: Record<string, string> }).errors;

const FORMS: Form[] = [
  {
    name: "countInModal",
    view: () => countInModal("sealed", "Biscuit", start),
    typed: {},
    read: (v) => errorsOf(readCountIn(withNumbers(v, { quantity: "60" }), TODAY)),
  },
  {
    name: "countModal",
    view: () => countModal("sealed", { head: "Rimadyl", secondPerson: false, explain: "It differs" }),
    typed: { note: "One dropped behind the kennel" },
    read: (v) => errorsOf(readCount(withNumbers(v, { counted: "12" }))),
  },
  {
    name: "handBackModal",
    view: () => handBackModal("sealed", { head: "Rimadyl", secondPerson: false, balance: 3 }),
    typed: { to: "Gareth Pugh" },
    read: (v) => errorsOf(readHandBack(v)),
  },
  {
    name: "closeModal",
    view: () => closeModal("sealed", "Rimadyl"),
    typed: { note: "Counted again with Alex: 2 went home" },
    read: (v) => errorsOf(readClose(v)),
  },
  {
    name: "editModal",
    view: () => editModal("sealed", planView, USUAL),
    read: (v) => errorsOf(readEdit(PLAN_ITEMS, v, "Biscuit")),
  },
  {
    name: "giveModal",
    view: () =>
      giveModal("sealed", { n: "Biscuit", r: "Kennel 4" }, PRN_ITEMS, [], { timezone: TZ, now: NOW }),
    typed: { reason: "itching" },
    read: (v) => errorsOf(readGive(v, PRN_ITEMS, { now: NOW, timezone: TZ })),
  },
  {
    name: "effectModal",
    view: () => effectModal("sealed", DOSE, "Biscuit", TZ),
    read: (v) => errorsOf(readEffect(v)),
  },
  {
    name: "welfareModal",
    view: () =>
      welfareModal(
        "sealed",
        { date: TODAY, round: "evening" },
        { bookingId: 1, petId: 2, name: "Biscuit", room: "Kennel 4", message: 0 },
        { check: undefined, meals: [], late: false, timezone: TZ },
      ),
    read: (v) => errorsOf(readWelfareSubmission(v)),
  },
  {
    name: "adviceModal",
    view: () => adviceModal("sealed", FLAG),
    typed: { vet: "Dr Patel, Oak Vets", advice: "Bland diet 48h" },
    read: (v) => errorsOf(readAdvice(v, new Date(NOW), TZ, FLAG)),
  },
  {
    name: "resolveModal",
    view: () => resolveModal("sealed", FLAG),
    typed: { why: "Drinking normally for 2 days" },
    read: (v) => errorsOf(readResolve(v)),
  },
  {
    name: "reviewModal",
    view: () => reviewModal("sealed", TODAY),
    read: (v) => errorsOf(readReview(v as never)),
  },
  {
    name: "recordModal",
    view: () =>
      recordModal("sealed", { s: sheet.id, b: 7, p: 77, c: "C1", t: "1.1", cur: [] }, sheet, sheetPet(), [], {
        time: "09:00",
        timezone: TZ,
      }),
    read: (v) => {
      const chosen = { ...v, "it:med:2": { outcome: { selected_option: { value: "given" } } } } as FormValues;
      return errorsOf(readSubmission({ cur: [] }, sheetPet(), chosen));
    },
  },
  {
    name: "paperPetModal",
    view: () => paperPetModal(() => "sealed", paperPetDoc(sheet, sheetPet(), new Map(), TZ)),
    typed: { "by:med:1": "JD", "witness:med:1": "TB", "by:med:2": "JD" },
    read: async (v) => {
      const chosen = {
        ...v,
        "mark:med:1": { v: { selected_option: { value: "given" } } },
        "time:med:1": { v: { selected_time: "08:05" } },
        "mark:med:2": { v: { selected_option: { value: "given" } } },
        "time:med:2": { v: { selected_time: "08:10" } },
      } as FormValues;
      const cells = paperCellsOf(sheetPet(), formValue(chosen as never));
      const deps = { record: store, config, clock, log: silentLogger(), kennel };
      const r = await enterFromPaper(
        deps,
        sheet,
        sheetPet(),
        cells,
        { userId: "U0SAM", userName: "Sam" },
        `v${request++}`,
      );
      return r.status === "fields" ? r.errors : undefined;
    },
  },
];

/** A number field's value (Slack sends a number typed as words). */
function withNumbers(v: FormValues, numbers: Record<string, string>): FormValues {
  const out = { ...v } as Record<string, Record<string, { value?: string | null }>>;
  for (const [k, value] of Object.entries(numbers)) out[k] = { [k]: { value } };
  return out as FormValues;
}

/** The forms the bot opens that hold no typed field: choices, dates and buttons only. */
const UNTYPED = ["paperPickModal", "confirmModal", "planModal"];

describe("every typed field of every form refuses contact details, at the field", () => {
  it("every form the bot draws is in this table or has no typed field", () => {
    const dir = `${ROOT}src/blocks`;
    const drawn = readdirSync(dir)
      .filter((f) => f.endsWith(".ts"))
      .flatMap((f) => [...readFileSync(`${dir}/${f}`, "utf8").matchAll(/export function (\w+Modal)\(/g)])
      .map((m) => m[1]);
    expect(new Set(drawn)).toEqual(new Set([...FORMS.map((f) => f.name), ...UNTYPED]));
  });

  it("typed inputs are drawn only where a form of this table draws them", () => {
    const files = readdirSync(`${ROOT}src`, { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".ts"))
      .filter((f) => readFileSync(`${ROOT}src/${f}`, "utf8").includes('"plain_text_input"'));
    expect(files.sort()).toEqual([
      "blocks/custody-fields.ts",
      "blocks/limits.ts",
      "blocks/paper-modal.ts",
      "blocks/plan-edit.ts",
      "blocks/prn-modal.ts",
      "blocks/record-items.ts",
      "blocks/review.ts",
      // Draws no input: a form drawn again keeps what was typed in the inputs its own builder drew.
      "blocks/typed.ts",
      "blocks/welfare-modal.ts",
    ]);
  });

  describe.each(FORMS.map((f) => [f.name, f] as const))("%s", (_, form) => {
    it("as a person fills it, without contact details, it records", async () => {
      expect(typedFields(form.view()).length).toBeGreaterThan(0);
      expect(await form.read(valuesOf(form.view(), form.typed ?? {}))).toBeUndefined();
    });

    it.each(CONTACTS)(
      "each typed field with %s: refused at that field, saying what was found",
      async (words, what) => {
        const view = form.view();
        for (const field of typedFields(view)) {
          const errors = await form.read(valuesOf(view, { ...form.typed, [field]: words }));
          expect(errors?.[field], `${form.name}: ${field}`).toBeDefined();
          if (!FORMATTED.test(field))
            expect(errors?.[field], `${form.name}: ${field}`).toMatch(new RegExp(`^${what} can't go into `));
        }
      },
    );
  });
});
