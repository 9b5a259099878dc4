/**
 * A late or missed reply's header counts what is still not recorded each time it is drawn again: a
 * dose owed once a day settled by its entry at another round ("☑️ given 13:05 Jane, at the midday
 * round"), a dose recorded late at its own round and a meal eaten are no longer "not given", a pet
 * with nothing left is no longer counted ("2 of 3 pets still open"), and once nothing is left the
 * heading says so ("✅ Missed the window, all recorded since"), as the head and its foot do. Over a real care record (SQLite) and a Slack
 * that keeps its messages, drawn again by the editor the taps call.
 */
import { expect, it } from "vitest";
import type { DoseAlert } from "../../src/domain/dose-alerts.ts";
import { lineText } from "../../src/present/doc.ts";
import { doseAlertDoc } from "../../src/present/dose-alerts.ts";
import type { ItemKey } from "../../src/record/types.ts";
import {
  alertBench,
  ALERT_DATE as DATE,
  janeEntry as entry,
  alertWindow as window,
} from "../helpers/dose-alert-replies.ts";
import { keepObligation } from "../helpers/obligations.ts";

const METACAM = "Metacam 1.5 ml";
/** Scout (Metacam, owed once a day from its words), Bella (Rimadyl, her plan's) and Rex (his meal). */
const SCOUT = { bookingId: 100, petId: 200, petName: "Scout" };
const BELLA = { bookingId: 101, petId: 201, petName: "Bella" };
const REX = { bookingId: 102, petId: 202, petName: "Rex" };

it("the header counts only the doses and meals still not recorded, settled ones too, then says all are recorded", async () => {
  const at = `${DATE}T10:00:01.000Z`;
  const bench = alertBench(at);
  const { store } = bench;
  const dose = (pet: typeof SCOUT, item: ItemKey, label: string, more: object = {}) => ({
    ...pet,
    room: "Kennel 2",
    due: { item, label, text: label, ...more },
    window,
    state: { state: "missed" } as never,
  });
  const missed: DoseAlert = {
    kind: "missed",
    date: DATE,
    round: "morning",
    at,
    doses: [
      dose(SCOUT, "med:3", METACAM, { unconfirmed: true, onceToday: true }),
      dose(BELLA, "med:1", "Rimadyl 50 mg"),
      dose(REX, "meal", "meal"),
    ],
  };
  // What the rounds asked, kept when posted: Scout's Metacam with no time of its own at both.
  const metacam = { item: "med:3", label: METACAM, text: METACAM, window, confirmed: false, noTime: true };
  const scout = { bookingId: 100, petId: 200, name: "Scout", room: "Kennel 2", items: [metacam] };
  const bella = {
    ...BELLA,
    name: "Bella",
    items: [{ item: "med:1", label: "Rimadyl 50 mg", text: "Rimadyl 50 mg", window, confirmed: true }],
  };
  await keepObligation(store, DATE, [scout, bella] as never, "morning");
  await keepObligation(store, DATE, [scout] as never, "midday");
  const ts = await bench.post(missed);
  expect(bench.text(ts)).toContain("3 pets: 2 with doses not recorded · 1 with a meal not recorded");
  // 13:05: Jane gives Scout's Metacam at the midday round; the morning's reply is drawn again.
  bench.setNow(`${DATE}T13:05:00.000Z`);
  await store.record([entry(SCOUT, "midday", "med:3", METACAM, "t1")]);
  await bench.changed("midday");
  expect(bench.text(ts)).toContain("☑️ given 13:05 Jane, at the midday round");
  // Scout has nothing left: the head counts the pets still open of the three it named; the heading
  // stays missed, Bella's dose and Rex's meal still not recorded.
  expect(bench.text(ts)).toContain(
    "2 of 3 pets still open: 1 with a dose not recorded · 1 with a meal not recorded",
  );
  expect(bench.text(ts)).toContain("*❌ Missed: nothing recorded in the window* · Morning round");
  // Bella's Rimadyl recorded late at the morning round: no dose left; Rex's meal still not recorded.
  await store.record([entry(BELLA, "morning", "med:1", "Rimadyl 50 mg", "t2")]);
  await bench.changed("morning");
  expect(bench.text(ts)).toContain(
    "1 of 3 pets still open: ✅ every dose recorded since · 1 with a meal not recorded",
  );
  expect(bench.text(ts)).toContain("*❌ Missed: nothing recorded in the window* · Morning round");
  await store.record([entry(REX, "morning", "meal", "meal", "t3")]);
  await bench.changed("morning");
  // Rex's meal recorded: nothing left, and the heading no longer says any is missed, nor the
  // notification's text.
  expect(bench.text(ts)).toContain("*✅ Missed the window, all recorded since* · Morning round");
  expect(bench.text(ts)).toContain("3 pets listed: nothing left to record");
  expect(bench.text(ts)).toContain(
    '{"text":"✅ Missed the window, all recorded since (Morning round, Mon 23 Nov)',
  );
  expect(bench.text(ts)).not.toMatch(/not given|with a meal not recorded|nothing recorded in the window|❌/);
  await store.close();
});

it("the pets past the reply's meal lines are counted only while their meal is not recorded", () => {
  const meal = (i: number, eaten: boolean) => ({
    key: `${i}-${i}`,
    petName: `Pet ${i}`,
    room: undefined,
    item: "meal" as const,
    label: "meal",
    text: "1 cup kibble",
    window,
    ...(eaten
      ? { entry: { outcome: "ate_all" as const, recordedAt: `${DATE}T10:30:00Z`, userName: "Jane" } }
      : {}),
  });
  const view = (eaten: (i: number) => boolean) => ({
    kind: "missed" as const,
    date: DATE,
    round: "morning" as const,
    doses: Array.from({ length: 50 }, (_, i) => meal(i, eaten(i))),
  });
  const text = (v: ReturnType<typeof view>) => JSON.stringify(doseAlertDoc(v, { timezone: "Europe/London" }));
  expect(text(view(() => false))).toContain("and 14 more pets with a meal not recorded");
  // Of the 14 not shown, 10 eaten since: 4 left; all eaten: none said.
  expect(text(view((i) => i >= 36 && i < 46))).toContain("and 4 more pets with a meal not recorded");
  expect(text(view((i) => i >= 20))).not.toContain("more pet");
});

/** A late reply naming twelve pets, each with a dose and a meal, the first `recorded` of them recorded since. */
function twelve(recorded: number, mealsOnly = 0) {
  const given = { outcome: "given" as const, recordedAt: `${DATE}T08:30:00Z`, userName: "Jane" };
  const eaten = { ...given, outcome: "ate_all" as const };
  const pet = (i: number) => ({ key: `${i}-${i}`, petName: `Pet ${i}`, room: `Kennel ${i}`, window });
  const doses = Array.from({ length: 12 }, (_, i) => [
    {
      ...pet(i),
      item: "med:1" as const,
      label: "Rimadyl 50 mg",
      text: "Rimadyl 50 mg",
      ...(i < recorded + mealsOnly ? { entry: given } : {}),
    },
    {
      ...pet(i),
      item: "meal" as const,
      label: "meal",
      text: "1 cup",
      ...(i < recorded ? { entry: eaten } : {}),
    },
  ]).flat();
  const view = { kind: "late" as const, date: DATE, round: "morning" as const, doses };
  const doc = doseAlertDoc(view, { timezone: "Europe/London" });
  const lines = doc.parts.flatMap((p) => ("lines" in p ? p.lines : []));
  return { text: lines.map(lineText).join("\n"), fallback: doc.fallback };
}

it("a late reply drawn again: its heading late while anything is still open, its head the pets still open of those it named, then all recorded", () => {
  const none = twelve(0);
  expect(none.text).toContain("⏰ Late: not recorded yet");
  expect(none.text).toContain("12 pets: 12 with doses not recorded yet · 12 with a meal not recorded");
  // Nine pets recorded in full: three still open of the twelve, the heading still late.
  const part = twelve(9);
  expect(part.text).toContain("⏰ Late: not recorded yet");
  expect(part.text).toContain(
    "3 of 12 pets still open: 3 with doses not recorded yet · 3 with a meal not recorded",
  );
  expect(part.text).toContain("18 of 24 recorded since");
  expect(part.fallback).toBe(
    "⏰ Late: not recorded yet (Morning round, Mon 23 Nov): 3 of 12 pets still open: 3 with doses not recorded yet · 3 with a meal not recorded",
  );
  // Every dose recorded, two meals still not: the heading still late, never hiding what is owed.
  const meals = twelve(10, 2);
  expect(meals.text).toContain("⏰ Late: not recorded yet");
  expect(meals.text).toContain(
    "2 of 12 pets still open: ✅ every dose recorded since · 2 with a meal not recorded",
  );
  // Everything recorded: the heading says so, and nothing says a dose is still owed.
  const all = twelve(12);
  expect(all.text).toContain("✅ Late, all recorded since · Morning round, Mon 23 Nov · due 08:00");
  expect(all.text).toContain("12 pets listed: nothing left to record");
  expect(all.text).toContain("✅ all recorded since · edited as entries arrive");
  expect(all.fallback).toMatch(/^✅ Late, all recorded since \(Morning round, Mon 23 Nov\)/);
  expect(all.text).not.toMatch(/not recorded yet|not given|still open|⏰/);
});
