/**
 * A phone number or an email address typed into a form's free text is refused at its field, with
 * why (src/domain/contact-text.ts): the vet's name on a welfare flag's advice (it shows on every
 * welfare and round post in the channel), who a medicine was handed back to, and every note, reason
 * and name the record's forms keep. The refusal is an error at the field: Slack keeps the form open
 * with what was typed. What a kennel writes (doses, dates, times, rooms) is accepted as before.
 */
import { describe, expect, it } from "vitest";
import type { FormValues } from "../../src/blocks/modal.ts";
import { readEffect, readGive } from "../../src/blocks/prn-modal.ts";
import { readSubmission } from "../../src/blocks/record-form.ts";
import { readReview } from "../../src/blocks/review.ts";
import { readAdvice, readResolve, readWelfareSubmission } from "../../src/blocks/welfare-modal.ts";
import { ALL_NORMAL, WELFARE_FIELDS } from "../../src/domain/welfare.ts";
import { readClose, readCount, readCountIn, readHandBack } from "../../src/present/custody-form.ts";
import { biscuitMorning } from "../helpers/paper.ts";

const VET_PHONE = "A phone number can't go into a channel post: name the vet or practice only.";
const VET_EMAIL = "An email address can't go into a channel post: name the vet or practice only.";
const NOTE_IN_CHANNEL =
  "A phone number can't go into a channel post: write about the pet only; keep owner contact details in the booking system.";
const NOTE_IN_RECORD =
  "A phone number can't go into the care record: write about the pet only; keep owner contact details in the booking system.";
const EMAIL_IN_RECORD =
  "An email address can't go into the care record: write about the pet only; keep owner contact details in the booking system.";

const now = new Date("2026-11-24T10:00:00Z");
const flag = { openedAt: "2026-11-24T08:00:00Z" };
const advice = (vet: string, words = "Bland diet 48h") =>
  readAdvice(
    { vet: { vet: { value: vet } }, advice: { advice: { value: words } } },
    now,
    "Europe/London",
    flag,
  );

describe("the vet advice form: who gave it", () => {
  it("a phone number in the vet's name is refused at the field, saying why; nothing else is wrong", () => {
    expect(advice("Dr Patel, Oak Vets 01632 960123")).toEqual({ ok: false, errors: { vet: VET_PHONE } });
    expect(advice("Oak Vets +44 1632 960123")).toEqual({ ok: false, errors: { vet: VET_PHONE } });
    expect(advice("Oak Vets (020) 7946 0958")).toEqual({ ok: false, errors: { vet: VET_PHONE } });
  });
  it("an email address too", () => {
    expect(advice("Dr Patel patel@oakvets.example")).toEqual({ ok: false, errors: { vet: VET_EMAIL } });
  });
  it("the vet or practice named alone is recorded as before, the advice with its doses and times whole", () => {
    const words = "Bland diet 48h; metoclopramide 2.5 mg at 08:00 and 20:00 for 3 days, recheck 2026-11-27";
    expect(advice("Dr Patel, Oak Vets", words)).toMatchObject({
      ok: true,
      vet: "Dr Patel, Oak Vets",
      advice: words,
    });
  });
  it("what was advised is refused with a phone number in it (it shows on the flag's message in the channel)", () => {
    expect(advice("Dr Patel", "Bland diet 48h, call 07700 900456 if worse")).toEqual({
      ok: false,
      errors: { advice: NOTE_IN_CHANNEL },
    });
  });
  it("the resolve form's why too", () => {
    expect(readResolve({ why: { why: { value: "Vet happy, owner on 07700 900456" } } })).toEqual({
      ok: false,
      errors: { why: NOTE_IN_CHANNEL },
    });
    expect(readResolve({ why: { why: { value: "Stools normal for 2 days" } } })).toEqual({
      ok: true,
      why: "Stools normal for 2 days",
    });
  });
});

describe("written round the check: a house's name for its number, an address spelt out in words", () => {
  const VET_STREET = "A street address can't go into a channel post: name the vet or practice only.";
  it("the vet's name with the practice's street line or a spelt-out address: refused at the field, the advice typed untouched", () => {
    expect(advice("Dr Patel, Oak Vets, Station Road")).toEqual({ ok: false, errors: { vet: VET_STREET } });
    expect(advice("Dr Patel, patel at oakvets dot co dot uk")).toEqual({
      ok: false,
      errors: { vet: VET_EMAIL },
    });
    // The error is the answer, at its field alone (Slack keeps the form open as typed): the same words
    // with the vet's name alone are recorded whole.
    const words = "Bland diet 48h at breakfast and dinner; walk on Mill Road field only";
    expect(advice("Oak Vets, The Maltings, Mill Road", words)).toEqual({
      ok: false,
      errors: { vet: VET_STREET },
    });
    expect(advice("Dr Patel, Oak Vets", words)).toMatchObject({
      ok: true,
      vet: "Dr Patel, Oak Vets",
      advice: words,
    });
  });
  it("handed back: a house's name and street, a spelt-out email, refused at who it was handed to; the care words kept", () => {
    const to = (words: string) => readHandBack(custody({ quantity: "3", to: words, note: "Give at dinner" }));
    const refused = (what: string) => ({
      ok: false,
      errors: {
        to: `${what} can't go into the care record: write their name only; keep owner contact details in the booking system.`,
      },
    });
    expect(to("Mrs Smith, Rose Cottage, Church Lane, Ashby")).toEqual(refused("A street address"));
    expect(to("Mrs Smith (jane at gmail dot com)")).toEqual(refused("An email address"));
    expect(to("Mrs Smith")).toEqual({
      ok: true,
      value: { quantity: 3, to: "Mrs Smith", note: "Give at dinner" },
    });
  });
});

describe("the welfare check's note", () => {
  const check = (note: string) =>
    readWelfareSubmission({
      ...Object.fromEntries(
        WELFARE_FIELDS.map((f) => [`sign:${f}`, { value: { selected_option: { value: ALL_NORMAL[f] } } }]),
      ),
      note: { note: { value: note } },
    });
  it("refused with a phone number or an email address in it; recorded without", () => {
    expect(check("Owner rang from 07700 900456")).toEqual({ ok: false, errors: { note: NOTE_IN_CHANNEL } });
    expect(check("Drank 500 ml by 14:00")).toMatchObject({ ok: true, note: "Drank 500 ml by 14:00" });
  });
});

const custody = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).map(([k, value]) => [k, { [k]: { value } }]));

describe("the medicine custody forms", () => {
  it("handed back: a phone number in who it was handed to is refused, saying why", () => {
    expect(readHandBack(custody({ quantity: "3", to: "Gareth Pugh 07700 900456" }))).toEqual({
      ok: false,
      errors: {
        to: "A phone number can't go into the care record: write their name only; keep owner contact details in the booking system.",
      },
    });
    expect(readHandBack(custody({ quantity: "3", to: "gareth.pugh@example.com" }))).toEqual({
      ok: false,
      errors: {
        to: "An email address can't go into the care record: write their name only; keep owner contact details in the booking system.",
      },
    });
  });
  it("handed back: the name alone is kept as before", () => {
    expect(readHandBack(custody({ quantity: "3", to: "Gareth Pugh" }))).toEqual({
      ok: true,
      value: { quantity: 3, to: "Gareth Pugh", note: undefined },
    });
  });
  it("handed back, count, close: the note refused with a contact in it", () => {
    expect(
      readHandBack(custody({ quantity: "3", to: "Gareth Pugh", note: "His wife: 07700 900456" })),
    ).toEqual({
      ok: false,
      errors: { note: NOTE_IN_RECORD },
    });
    expect(readCount(custody({ counted: "12", note: "owner ann@example.com" }))).toEqual({
      ok: false,
      errors: { note: EMAIL_IN_RECORD },
    });
    expect(readClose(custody({ note: "Rang the owner on 01632 960123: 2 tablets went home" }))).toEqual({
      ok: false,
      errors: { note: NOTE_IN_RECORD },
    });
    expect(readClose(custody({ note: "2 x 60 mg tablets went home on 2026-11-22" }))).toEqual({
      ok: true,
      value: "2 x 60 mg tablets went home on 2026-11-22",
    });
  });
  it("counting in: the note refused with a contact in it, a strength in mg kept", () => {
    const form = (note: string) => ({
      ...custody({ label: "Rimadyl", strength: "2.5 mg", quantity: "60", note }),
      unit: { unit: { selected_option: { value: "tablet" } } },
      owner: { owner: { selected_option: { value: "yes" } } },
    });
    expect(readCountIn(form("Vet's label: Oak Vets 01632 960123"), "2026-11-24")).toEqual({
      ok: false,
      errors: { note: NOTE_IN_RECORD },
    });
    expect(readCountIn(form("60 mg tablets, Kennel 19"), "2026-11-24")).toMatchObject({ ok: true });
  });
});

describe("counting a medicine in: the label's name and strength", () => {
  const form = (label: string, strength: string) => ({
    ...custody({ label, strength, quantity: "60" }),
    unit: { unit: { selected_option: { value: "tablet" } } },
    owner: { owner: { selected_option: { value: "yes" } } },
  });
  const LABEL = "the care record: write the medicine's name and strength only, as on the label.";
  it("the practice's phone number or address copied from the label is refused at its field", () => {
    expect(readCountIn(form("Rimadyl, Oak Vets 01632 960123", "50 mg"), "2026-11-24")).toEqual({
      ok: false,
      errors: { label: `A phone number can't go into ${LABEL}` },
    });
    expect(readCountIn(form("Rimadyl", "50 mg, Oak Vets, 12 High Street"), "2026-11-24")).toEqual({
      ok: false,
      errors: { strength: `A street address can't go into ${LABEL}` },
    });
    expect(readCountIn(form("Rimadyl (Oak Vets HG1 2AB)", "50 mg"), "2026-11-24")).toEqual({
      ok: false,
      errors: { label: `A postcode can't go into ${LABEL}` },
    });
  });
  it("a drug's name and strength with numbers are kept", () => {
    expect(readCountIn(form("Metacam 1.5 mg/ml oral suspension", "1.5 mg/ml"), "2026-11-24")).toMatchObject({
      ok: true,
      value: { label: "Metacam 1.5 mg/ml oral suspension", strength: "1.5 mg/ml" },
    });
    expect(readCountIn(form("Vitamin B12 drops", "B12 5 mg"), "2026-11-24")).toMatchObject({ ok: true });
  });
});

describe("the as-needed dose's forms", () => {
  const item = { key: "med:1" as const, label: "Piriton 4mg", text: "Piriton 4mg PRN", reason: "itching" };
  const give = (reason: string, note?: string) =>
    readGive(
      {
        item: { item: { selected_option: { value: "med:1" } } },
        reason: { reason: { value: reason } },
        ...(note ? { note: { note: { value: note } } } : {}),
      },
      [item],
      { now: "2026-11-24T09:00:00.000Z", timezone: "Europe/London" },
    );
  it("the reason and the note refused with a contact in them; a dose's words kept", () => {
    expect(give("itching, owner on 07700 900456")).toEqual({ ok: false, errors: { reason: NOTE_IN_RECORD } });
    expect(give("itching", "ann@example.com asked")).toEqual({
      ok: false,
      errors: { note: EMAIL_IN_RECORD },
    });
    expect(give("itching at 08:30", "half a 4 mg tablet")).toMatchObject({ ok: true });
  });
  it("how it worked: the note refused with a contact in it", () => {
    const effect = (note: string) =>
      readEffect({
        effect: { effect: { selected_option: { value: "helped" } } },
        note: { note: { value: note } },
      });
    expect(effect("Told the owner, 07700 900456")).toEqual({ ok: false, errors: { note: NOTE_IN_RECORD } });
    expect(effect("Settled by 10:15")).toMatchObject({ ok: true, note: "Settled by 10:15" });
  });
});

describe("Record each…: the reasons and notes", () => {
  const sheetPet = biscuitMorning("2026-11-24").pets[0] as Parameters<typeof readSubmission>[1];
  const meta = { cur: [] };
  const refused = (fields: FormValues) => readSubmission(meta, sheetPet, fields);
  it("a phone number in an item's note or reason is refused at its field", () => {
    expect(
      refused({
        "it:med:1": { outcome: { selected_option: { value: "given" } } },
        "note:med:1": { note: { value: "owner 07700 900456 says with cheese" } },
      }),
    ).toEqual({ ok: false, errors: { "note:med:1": NOTE_IN_CHANNEL } });
    expect(
      refused({
        "it:med:1": { outcome: { selected_option: { value: "refused" } } },
        "why:med:1": { reason: { value: "spat it out, ring 01632 960123" } },
      }),
    ).toEqual({ ok: false, errors: { "why:med:1": NOTE_IN_CHANNEL } });
  });
  it("a note with a dose and a time is recorded", () => {
    const sub = refused({
      "it:med:1": { outcome: { selected_option: { value: "given" } } },
      "note:med:1": { note: { value: "half of 50 mg at 08:05 in Kennel 19" } },
    });
    expect(sub).toMatchObject({ ok: true });
  });
});

describe("the day's review", () => {
  it("the note refused with a contact in it; kept without", () => {
    expect(readReview({ note: { note: { value: "Called the owner on 07700 900456" } } })).toEqual({
      ok: false,
      errors: { note: NOTE_IN_CHANNEL },
    });
    expect(readReview({ note: { note: { value: "All doses checked by 18:00" } } })).toEqual({
      ok: true,
      note: "All doses checked by 18:00",
    });
  });
});
