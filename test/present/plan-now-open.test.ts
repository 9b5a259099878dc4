/**
 * A kept round's open dose beside what its pet's plan, confirmed since, says of that round: the
 * plan's words only where it is confirmed and does not make the dose due there, only beside a late or
 * missed dose nobody recorded, and never in place of the dose (src/present/plan-now-open.ts).
 */
import { describe, expect, it } from "vitest";
import type { PlanItem } from "../../src/domain/plan/types.ts";
import type { DueItem } from "../../src/domain/record.ts";
import type { OpenDose } from "../../src/present/dose-states.ts";
import { planNowLines, planNowOnOpen } from "../../src/present/plan-now-open.ts";
import type { PlanOnSheet } from "../../src/present/plan-sheet.ts";

const DATE = "2026-12-01"; // a Tuesday
const at = { date: DATE, round: "morning" as const, timezone: "UTC" };
const due: DueItem[] = [
  { item: "med:1", label: "Apoquel 16 mg", text: "Apoquel 16 mg, one tablet", unconfirmed: true },
];
const TAIL = "do not give a catch-up dose without checking";

function item(when: Partial<PlanItem["when"]>, kind: PlanItem["kind"] = { kind: "routine" }): PlanItem {
  return {
    key: "med:1",
    what: { text: "Apoquel 16 mg, one tablet", name: "Apoquel 16 mg" },
    when: { rounds: [{ round: "evening", why: "set by Jane" }], days: { every: "day" }, steps: [], ...when },
    kind,
    source: { fields: [], hash: "" },
    readBy: "person",
    doubts: [],
    sameDrugAs: [],
  };
}

const plan = (i: PlanItem, state: PlanOnSheet["state"] = "confirmed"): PlanOnSheet => ({
  state,
  items: [i],
  confirmedBy: ["Jane"],
  confirmedAt: `${DATE}T12:10:00Z`,
});
const missed: OpenDose = {
  state: "missed",
  window: { opensAt: "", dueAt: "", lateAt: "", closesAt: `${DATE}T09:30:00Z` },
};
const words = (p: PlanOnSheet) => planNowOnOpen(due, p, at, () => true, false).get("med:1");

describe("a kept round's open dose and its plan confirmed since", () => {
  it("names the round the plan gives it at, beside the missed dose", () => {
    const lines = planNowLines(due, plan(item({})), at, new Map(), new Map([["med:1", missed]]));
    expect(lines.map((l) => l.map((s) => s.text).join(""))).toEqual([
      `📋 Apoquel 16 mg: its plan, confirmed since this round asked it from the words (Jane 12:10), gives it at the evening round, not this one — ${TAIL}`,
    ]);
    const both = item({
      rounds: [
        { round: "midday", why: "" },
        { round: "evening", why: "" },
      ],
    });
    expect(words(plan(both))).toBe(
      `📋 its plan, confirmed since this round asked it from the words (Jane 12:10), gives it at the midday and evening rounds, not this one — ${TAIL}`,
    );
  });

  it("says the plan's why when it is not one of its days, and as needed", () => {
    const off = item({
      rounds: [{ round: "morning", why: "" }],
      days: { every: "weekdays", weekdays: [1, 3, 5] },
    });
    expect(words(plan(off))).toContain(
      "does not make it due this round (not one of its days: Mon, Wed, Fri)",
    );
    expect(words(plan(item({}, { kind: "as_needed" })))).toContain(
      "gives it only if needed, at no set round",
    );
  });

  it("says nothing while the plan is not confirmed, where it makes the dose due, or once it is recorded", () => {
    expect(words(plan(item({}), "draft"))).toBeUndefined();
    expect(words(plan(item({ rounds: [{ round: "morning", why: "" }] })))).toBeUndefined();
    const recorded = new Map([["med:1" as const, {}]]);
    expect(planNowLines(due, plan(item({})), at, recorded, new Map([["med:1", missed]]))).toEqual([]);
    expect(planNowLines(due, plan(item({})), at, new Map(), new Map())).toEqual([]);
  });
});
