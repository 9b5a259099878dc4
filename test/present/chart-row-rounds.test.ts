/**
 * A row's label names every round its cells make due (a vet read "Caninsulin · 4 units · evening" as
 * evening-only while the morning cell asked for a dose and its witness): where the plan's reading
 * names fewer rounds, the row says which and why (a plan not confirmed is due at each round whose
 * sheet shows the kennel system's words, the instruction with no time at the morning round), never a
 * time the words do not give; a row whose reading names its rounds says nothing more.
 */
import { expect, it } from "vitest";
import type { ChartColumn, ChartPet } from "../../src/answers/chart.ts";
import type { PlanItem } from "../../src/domain/plan/types.ts";
import { chartDoc } from "../../src/present/chart.ts";
import { docText } from "../../src/text/doc.ts";
import { chartOf, chartOptions, chartPet, PLAIN_TEXT } from "../helpers/chart.ts";

const DAY = "2026-11-24";
const COLUMNS: ChartColumn[] = (["morning", "midday", "evening"] as const).map((round) => ({
  date: DAY,
  round,
  kept: false,
}));

const insulin = (over: Partial<PlanItem> = {}): PlanItem => ({
  key: "med:1",
  what: {
    text: "Caninsulin 4 units, with food · 4 units after dinner",
    name: "Caninsulin",
    amount: "4 units",
  },
  when: {
    rounds: [{ round: "evening", why: "medicationPm", amount: "4 units after dinner" }],
    days: { every: "day" },
    steps: [],
  },
  kind: { kind: "routine" },
  source: {
    fields: [
      { field: "medication", words: "Caninsulin 4 units, with food" },
      { field: "medicationPm", words: "4 units after dinner" },
    ],
    hash: "h",
  },
  readBy: "nobody",
  doubts: ["instruction_beside_fields"],
  sameDrugAs: [],
  ...over,
});

/** Pip, its insulin due (blank to sign) at the rounds given. */
const pip = (plan: PlanItem, rounds: Array<"morning" | "midday" | "evening">): ChartPet =>
  chartPet(4, {
    name: "Pip",
    rows: [{ item: "med:1", plan }],
    cells: Object.fromEntries(rounds.map((r) => [`${DAY}|${r}|med:1`, { kind: "open", state: "due" }])),
  });

const printed = (pet: ChartPet) => docText(chartDoc(chartOf(COLUMNS, [pet]), chartOptions(DAY)), PLAIN_TEXT);

it("a plan not confirmed, read 'evening', its morning cell due from the instruction: the row says morning and evening, and why", () => {
  const text = printed(pip(insulin(), ["morning", "evening"]));
  expect(text).toContain(
    "⚠️ Due at morning and evening on this chart (the reading above says evening): plan not confirmed, so it is due at each round whose sheet shows the kennel system's words for it, none hidden; its instruction gives no time, so the morning round shows it. Ask before giving.",
  );
});

it("words with no time at all, due at every round: 'every round', never a time the words do not give", () => {
  const plan = insulin({
    when: { rounds: [], days: { every: "day" }, steps: [] },
    source: { fields: [{ field: "medication", words: "Apoquel 16 mg, one tablet" }], hash: "h" },
  });
  const text = printed(pip(plan, ["morning", "midday", "evening"]));
  expect(text).toContain(
    "⚠️ Due at every round on this chart (the reading above names no round): plan not confirmed, so it is due at each round whose sheet shows the kennel system's words for it, none hidden; its words give no time, so every round shows it.",
  );
});

it("a row whose reading names every round its cells make due says nothing more", () => {
  const text = printed(pip(insulin({ readBy: "person", doubts: [] }), ["evening"]));
  expect(text).not.toContain("Due at");
});
