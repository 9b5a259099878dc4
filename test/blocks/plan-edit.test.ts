/** The care plan's edit form read back: what a person set, and nothing else changed (issue 34, 35). */
import { describe, expect, it } from "vitest";
import { editModal, readEdit } from "../../src/blocks/plan-edit.ts";
import type { PlanItem } from "../../src/domain/plan/types.ts";
import { blockValues } from "../helpers/plan-slack.ts";

function item(key: PlanItem["key"], over: Partial<PlanItem> = {}): PlanItem {
  return {
    key,
    what: { text: `words of ${key}`, name: `Drug ${key}` },
    when: { rounds: [{ round: "morning", why: "AM" }], days: { every: "day" }, steps: [] },
    kind: { kind: "routine" },
    source: { fields: [{ field: "medication", words: `words of ${key}` }], hash: "h" },
    readBy: "reader",
    doubts: [],
    sameDrugAs: [],
    ...over,
  };
}

type Values = Parameters<typeof readEdit>[1];
const USUAL = { beforeMinutes: 60, afterMinutes: 120, highAlertAfterMinutes: 30 };

/** The values Slack sends for the form as opened (every input as it shows), some changed. */
const formOf = (items: PlanItem[]) =>
  editModal(
    "sealed",
    {
      versionId: 1,
      petName: "Biscuit",
      plan: {
        format: 1,
        bookingId: 1,
        petId: 2,
        items,
        sourceHash: "s",
        draftedAt: "2026-11-26T08:00:00Z",
        confirmations: [],
      },
    },
    USUAL,
  );

/** The edit form of `items` as Slack sends it: every input with what it shows, some changed. */
const valuesOf = (items: PlanItem[], change: Record<string, Record<string, unknown>> = {}): Values =>
  blockValues(formOf(items).blocks, change) as Values;

describe("the edit form", () => {
  const dates = item("med:2", {
    when: {
      rounds: [{ round: "evening", why: "PM" }],
      days: { every: "dates", dates: ["2026-12-09", "2026-12-12"] },
      steps: [],
    },
  });
  const weekly = item("med:3", {
    when: {
      rounds: [{ round: "morning", why: "AM" }],
      days: { every: "n_days", n: 7, from: "2026-11-30" },
      steps: [],
    },
  });

  it("saved with one item changed, leaves the others as read: listed dates and every 7 days kept", () => {
    const items = [item("med:1"), dates, weekly];
    const r = readEdit(
      items,
      valuesOf(items, { "rounds:med:1": { selected_options: [{ value: "evening" }] } }),
      "Biscuit",
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.items.map((i) => i.key)).toEqual(["med:1"]);
    expect(r.items[0]?.when.rounds.map((d) => d.round)).toEqual(["evening"]);
  });

  it("sets the dose window's own minutes, and says so at the field when they cannot be read", () => {
    const items = [item("med:1", { highAlert: { class: "insulin", word: "Caninsulin" } })];
    const r = readEdit(items, valuesOf(items, { "window:med:1": { value: "0, 30" } }), "Biscuit");
    expect(r).toMatchObject({ ok: true, items: [{ window: { beforeMinutes: 0, afterMinutes: 30 } }] });
    const bad = readEdit(items, valuesOf(items, { "window:med:1": { value: "soon" } }), "Biscuit");
    expect(bad).toMatchObject({ ok: false, errors: { "window:med:1": expect.stringContaining("minutes") } });
    // Cleared: the kennel's settings again.
    const set = [item("med:1", { window: { beforeMinutes: 0, afterMinutes: 30 } })];
    const cleared = readEdit(set, valuesOf(set, { "window:med:1": { value: "" } }), "Biscuit");
    expect(cleared.ok && cleared.items[0]?.window).toBeUndefined();
  });

  it("sets an as-needed item's limits (either may be left out), shown again as set", () => {
    const prn = item("med:1", { kind: { kind: "as_needed", reason: "only if scratching" } });
    const r = readEdit([prn], valuesOf([prn], { "limits:med:1": { value: "2, 4" } }), "Biscuit");
    expect(r).toMatchObject({
      ok: true,
      items: [
        { kind: { kind: "as_needed", reason: "only if scratching", maxPer24h: 2, minHoursBetween: 4 } },
      ],
    });
    const only = readEdit([prn], valuesOf([prn], { "limits:med:1": { value: ", 4" } }), "Biscuit");
    expect(only.ok && only.items[0]?.kind).toEqual({
      kind: "as_needed",
      reason: "only if scratching",
      minHoursBetween: 4,
    });
    const kept = { ...prn, kind: { kind: "as_needed" as const, reason: "x", maxPer24h: 2 } };
    expect(readEdit([kept], valuesOf([kept]), "Biscuit")).toEqual({ ok: true, items: [] });
    expect(readEdit([prn], valuesOf([prn], { "limits:med:1": { value: "lots" } }), "Biscuit")).toMatchObject({
      ok: false,
      errors: { "limits:med:1": expect.any(String) },
    });
  });
});

/** Each input of the form as it opens: its initial value, by block_id. */
function initial(items: PlanItem[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const b of formOf(items).blocks as Array<{ block_id?: string; element?: Record<string, unknown> }>) {
    const e = b.element;
    if (!b.block_id || !e) continue;
    const o = (x: unknown) => (x as { value?: string } | undefined)?.value;
    out[b.block_id] =
      e.initial_options !== undefined
        ? (e.initial_options as unknown[]).map(o)
        : (o(e.initial_option) ?? e.initial_date ?? e.initial_value);
  }
  return out;
}

const text = (items: PlanItem[]) => JSON.stringify(formOf(items).blocks);

describe("the edit form as it opens", () => {
  /** Evenings, every other day from 22 Nov to 30 Nov; `why` the round's reason. */
  const otherEvenings = (why: string): PlanItem["when"] => ({
    rounds: [{ round: "evening", why }],
    days: { every: "n_days", n: 2, from: "2026-11-22" },
    start: "2026-11-22",
    stop: "2026-11-30",
    steps: [],
  });
  // Pip's insulin: the reader read the evening field, but the instruction beside it left it unsure.
  const unsure = item("med:1", {
    what: { text: "Caninsulin 4 units, with food", name: "Caninsulin" },
    when: otherEvenings("medicationPm"),
    kind: { kind: "conditional", condition: "if she has eaten" },
    source: { fields: [{ field: "medication", words: "Caninsulin 4 units, with food" }], hash: "h" },
    readBy: "nobody",
    doubts: ["instruction_beside_fields"],
  });

  it("an item read by the reader or a person: every field shows the plan's reading", () => {
    const routine = item("med:1");
    expect(initial([routine])).toMatchObject({ "rounds:med:1": ["morning"], "days:med:1": "day" });
    const set = item("med:2", {
      when: otherEvenings("set by a person"),
      kind: { kind: "as_needed", reason: "only if scratching", maxPer24h: 2, minHoursBetween: 4 },
      readBy: "person",
      setBy: { userId: "U1", userName: "Jane", at: "2026-11-22T08:00:00Z" },
      window: { beforeMinutes: 0, afterMinutes: 30 },
    });
    // "When" holds as needed (no round): an item's kind is chosen there, with its condition beside it.
    expect(initial([set])).toEqual({
      "rounds:med:2": ["as_needed"],
      "days:med:2": "n2",
      "from:med:2": "2026-11-22",
      "weekdays:med:2": undefined,
      "start:med:2": "2026-11-22",
      "stop:med:2": "2026-11-30",
      "cond:med:2": "only if scratching",
      "limits:med:2": "2, 4",
      "window:med:2": "0, 30",
    });
    const mwf = item("med:3", {
      when: {
        rounds: [{ round: "morning", why: "AM" }],
        days: { every: "weekdays", weekdays: [1, 3, 5] },
        steps: [],
      },
    });
    expect(initial([mwf])).toMatchObject({ "days:med:3": "weekdays", "weekdays:med:3": ["1", "3", "5"] });
  });

  it("an item left to a person: its words whole with the doubt above them, and no choice made for them", () => {
    const shown = initial([unsure]);
    for (const field of ["rounds", "days", "from", "weekdays", "start", "stop", "cond", "limits"])
      expect(shown[`${field}:med:1`], field).toBeUndefined();
    const heading = text([unsure]);
    expect(heading).toContain("Check: ");
    // The kennel system's field named as staff know it ("medication 1"), never its API name.
    expect(heading.indexOf("Check: ")).toBeLessThan(heading.indexOf('medication 1: \\"Caninsulin'));
    expect(heading).not.toContain('medication: \\"');
  });

  it("an item left to a person is saved only once a person chooses: each field says so, naming the pet's drug", () => {
    /** Pip's form saved with these rounds chosen, every day. */
    const chose = (...rounds: string[]) =>
      readEdit(
        [unsure],
        valuesOf([unsure], {
          "rounds:med:1": { selected_options: rounds.map((value) => ({ value })) },
          "days:med:1": { selected_option: { value: "day" } },
        }),
        "Pip",
      );
    const r = readEdit([unsure], valuesOf([unsure]), "Pip");
    expect(r).toEqual({
      ok: false,
      errors: {
        "rounds:med:1": "Choose its rounds, or as needed, for Pip's Caninsulin: the words leave it to you.",
        "days:med:1": "Choose the days for Pip's Caninsulin: the words leave it to you.",
      },
    });
    const chosen = chose("evening");
    expect(chosen.ok && chosen.items[0]?.when).toEqual({
      rounds: [{ round: "evening", why: "medicationPm" }],
      days: { every: "day" },
      steps: [],
    });
    expect(chosen.ok && chosen.items[0]?.kind).toEqual({ kind: "routine" });
    // As needed: no rounds asked for.
    const prn = chose("as_needed");
    expect(prn.ok && prn.items[0]?.kind).toEqual({ kind: "as_needed" });
    // Rounds and as needed both: refused at the field, nothing written.
    const both = chose("evening", "as_needed");
    expect(both).toMatchObject({
      ok: false,
      errors: { "rounds:med:1": expect.stringContaining("not both") },
    });
  });

  it("its required fields are not marked optional (When, Days); the others are (issue 44)", () => {
    const blocks = formOf([unsure]).blocks as Array<{ type?: string; block_id?: string; optional?: boolean }>;
    const optional = Object.fromEntries(
      blocks.filter((b) => b.type === "input").map((b) => [b.block_id?.split(":")[0], b.optional]),
    );
    expect(optional).toEqual({
      rounds: false,
      days: false,
      from: true,
      weekdays: true,
      start: true,
      stop: true,
      cond: true,
      limits: true,
      window: true,
    });
  });

  it("the dose window's hint says the kennel's usual window in minutes, not the settings' names", () => {
    expect(text([item("med:1")])).toContain(
      "Empty: the kennel's usual window, 60 min before to 120 min after.",
    );
    expect(text([item("med:1", { highAlert: { class: "insulin", word: "Caninsulin" } })])).toContain(
      "Empty: the kennel's usual window, 60 min before to 30 min after (a high-alert drug).",
    );
    expect(text([item("med:1")])).not.toContain("DOSE_WINDOW");
  });
});

describe("the edit form's condition, as typed", () => {
  const conditional = item("med:1", {
    kind: { kind: "conditional", condition: "if she fits for over 5 min, call vet on 01632 960000" },
  });
  it("contact details a person types into it are refused at the field (it shows on the round posts)", () => {
    const typed = (cond: string) =>
      readEdit([item("med:2")], valuesOf([item("med:2")], { "cond:med:2": { value: cond } }), "Biscuit");
    expect(typed("only if the owner at 12 Acacia Avenue agrees")).toEqual({
      ok: false,
      errors: {
        "cond:med:2":
          "A street address can't go into a channel post: write about the pet only; keep owner contact details in the booking system.",
      },
    });
    expect(typed("if itching, ring 07700 900456")).toMatchObject({ ok: false });
    expect(typed("only if scratching after 2 days")).toMatchObject({ ok: true });
  });
  it("the kennel's own words, shown and left as they were, are not the person's to answer for: saved", () => {
    expect(readEdit([conditional], valuesOf([conditional]), "Biscuit")).toMatchObject({ ok: true });
  });
});
