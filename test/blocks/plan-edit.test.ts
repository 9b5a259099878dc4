/** The care plan's edit form read back: what a person set, and nothing else changed (issue 34, 35). */
import { describe, expect, it } from "vitest";
import { editModal, readEdit } from "../../src/blocks/plan-edit.ts";
import type { PlanItem } from "../../src/domain/plan/types.ts";

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

/** The values Slack sends for the form as opened (every input as it shows), some changed. */
function valuesOf(items: PlanItem[], change: Record<string, Record<string, unknown>> = {}): Values {
  const view = editModal("sealed", {
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
  });
  const out: Record<string, Record<string, unknown>> = {};
  for (const b of view.blocks as Array<{
    type?: string;
    block_id?: string;
    element?: Record<string, unknown>;
  }>) {
    if (b.type !== "input" || !b.block_id || !b.element) continue;
    const e = b.element;
    const value =
      e.type === "multi_static_select"
        ? { selected_options: e.initial_options ?? [] }
        : e.type === "static_select"
          ? { selected_option: e.initial_option ?? null }
          : e.type === "datepicker"
            ? { selected_date: e.initial_date ?? null }
            : { value: e.initial_value ?? null };
    out[b.block_id] = { v: { ...value, ...(change[b.block_id] ?? {}) } };
  }
  return out as Values;
}

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
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.items.map((i) => i.key)).toEqual(["med:1"]);
    expect(r.items[0]?.when.rounds.map((d) => d.round)).toEqual(["evening"]);
  });

  it("sets the dose window's own minutes, and says so at the field when they cannot be read", () => {
    const items = [item("med:1", { highAlert: { class: "insulin", word: "Caninsulin" } })];
    const r = readEdit(items, valuesOf(items, { "window:med:1": { value: "0, 30" } }));
    expect(r).toMatchObject({ ok: true, items: [{ window: { beforeMinutes: 0, afterMinutes: 30 } }] });
    const bad = readEdit(items, valuesOf(items, { "window:med:1": { value: "soon" } }));
    expect(bad).toMatchObject({ ok: false, errors: { "window:med:1": expect.stringContaining("minutes") } });
    // Cleared: the kennel's settings again.
    const set = [item("med:1", { window: { beforeMinutes: 0, afterMinutes: 30 } })];
    const cleared = readEdit(set, valuesOf(set, { "window:med:1": { value: "" } }));
    expect(cleared.ok && cleared.items[0]?.window).toBeUndefined();
  });

  it("sets an as-needed item's limits (either may be left out), shown again as set", () => {
    const prn = item("med:1", { kind: { kind: "as_needed", reason: "only if scratching" } });
    const r = readEdit([prn], valuesOf([prn], { "limits:med:1": { value: "2, 4" } }));
    expect(r).toMatchObject({
      ok: true,
      items: [
        { kind: { kind: "as_needed", reason: "only if scratching", maxPer24h: 2, minHoursBetween: 4 } },
      ],
    });
    const only = readEdit([prn], valuesOf([prn], { "limits:med:1": { value: ", 4" } }));
    expect(only.ok && only.items[0]?.kind).toEqual({
      kind: "as_needed",
      reason: "only if scratching",
      minHoursBetween: 4,
    });
    const kept = { ...prn, kind: { kind: "as_needed" as const, reason: "x", maxPer24h: 2 } };
    expect(readEdit([kept], valuesOf([kept]))).toEqual({ ok: true, items: [] });
    expect(readEdit([prn], valuesOf([prn], { "limits:med:1": { value: "lots" } }))).toMatchObject({
      ok: false,
      errors: { "limits:med:1": expect.any(String) },
    });
  });
});
