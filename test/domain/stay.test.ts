/**
 * A stay's record for the handover, from what each round asked when it was kept (issue 45): each dose
 * settled (recorded, or missed once its kept window closed), refusals and missed doses with their
 * times, meals; a dose not due once the pet went home; an entry no round asked, counted; the plan as
 * it stood when each dose was given.
 */
import { describe, expect, it } from "vitest";
import type { Round } from "../../src/domain/care.ts";
import { DEFAULT_DOSE_SETTINGS, doseWindow } from "../../src/domain/doses.ts";
import { type OwedItem, type OwedRound, owedDoses } from "../../src/domain/obligations.ts";
import { draftPlan } from "../../src/domain/plan/draft.ts";
import { petStayRecord, type StayInput } from "../../src/domain/stay.ts";
import type { Entry, ItemKey } from "../../src/record/types.ts";
import { stayRecordLines, staySummaryWords } from "../../src/words/stay.ts";
import { keptEntry } from "../helpers/entries.ts";
import { stayContext } from "../helpers/reader.ts";

const TZ = "Europe/London";
const TIMES = { morning: "07:30", midday: "12:00", evening: "18:00" };

let id = 0;
function entry(
  date: string,
  round: Entry["round"],
  item: Entry["item"],
  outcome: Entry["outcome"],
  at: string,
  extra: Partial<Entry> = {},
): Entry {
  const itemText = item === "meal" ? "dry food" : "Rimadyl 50 mg · one tablet";
  return keptEntry({ date, round, item, itemText, outcome, recordedAt: at, ...extra } as Partial<Entry> & {
    date: string;
  });
}

const item = (key: ItemKey, date: string, round: Round, confirmed = true, plan?: number): OwedItem => ({
  item: key,
  label: key === "meal" ? "meal" : "Rimadyl 50 mg",
  text: key === "meal" ? "dry food" : "Rimadyl 50 mg · one tablet",
  window: doseWindow({}, date, round, TIMES, TZ, DEFAULT_DOSE_SETTINGS),
  confirmed,
  ...(plan !== undefined ? { plan } : {}),
});

/** A kept round asking Juniper for its items (a meal at every round, Rimadyl in the evening). */
function kept(date: string, round: Round, o: { leftAt?: string; confirmed?: boolean } = {}): OwedRound {
  const keys: ItemKey[] = round === "evening" ? ["med:1", "meal"] : ["meal"];
  return {
    id: id++,
    date,
    round,
    keptAt: `${date}T06:00:00Z`,
    pets: [
      {
        bookingId: 1,
        petId: 2,
        name: "Juniper",
        items: keys.map((k) => item(k, date, round, o.confirmed ?? true)),
        ...(o.leftAt ? { leftAt: o.leftAt } : {}),
      },
    ],
    arrivals: 0,
    departures: o.leftAt ? 1 : 0,
  };
}

const stay = (rounds: OwedRound[], entries: Entry[], now: string, more: Partial<StayInput> = {}) =>
  petStayRecord({
    booking: { bookingId: 1 },
    pet: { petId: 2, name: "Juniper" },
    doses: owedDoses(rounds, entries, now, (e) =>
      doseWindow({}, e.date, e.round, TIMES, TZ, DEFAULT_DOSE_SETTINGS),
    ),
    entries,
    ...more,
  });

describe("the stay's record, from what each round asked", () => {
  it("across the spring DST change: each evening dose on its kept window, refusals and missed doses with their times", () => {
    const rounds = [
      kept("2026-03-28", "evening"),
      kept("2026-03-29", "morning"),
      kept("2026-03-29", "evening"),
      kept("2026-03-30", "morning"),
    ];
    const entries = [
      entry("2026-03-28", "evening", "med:1", "given", "2026-03-28T18:05:00Z"),
      // 29 Mar is BST: the evening round is 17:00 UTC; refused at 18:20 BST.
      entry("2026-03-29", "evening", "med:1", "refused", "2026-03-29T17:20:00Z", { note: "spat it out" }),
      entry("2026-03-29", "morning", "meal", "ate_some", "2026-03-29T06:40:00Z"),
    ];
    const s = stay(rounds, entries, "2026-03-30T12:00:00Z");
    expect(s.doses).toEqual({ due: 2, given: 1 });
    expect(s.exceptions).toEqual([
      {
        date: "2026-03-29",
        round: "evening",
        label: "Rimadyl 50 mg",
        kind: "refused",
        at: "2026-03-29T17:20:00Z",
        why: "spat it out",
        who: "Jane",
      },
    ]);
    expect(s.meals).toMatchObject({ due: 4, ateSome: 1, missed: 3 });
    expect(staySummaryWords(s, TZ)).toBe(
      "Stay record, Juniper: 💊 1 of 2 doses given · 🍽 4 meals: 1 ate some, 3 missed · ⚠️ Rimadyl 50 mg refused Sun 29 Mar 18:20: spat it out",
    );
    // One word for one fact: each meal the summary counts as missed, its round's line says "❌ missed".
    const lines = stayRecordLines(s, TZ).map((l) =>
      l.pieces.map((p) => (typeof p === "string" ? p : p.value)).join(""),
    );
    expect(lines.filter((l) => l === "meal: ❌ missed")).toHaveLength(3);
    expect(lines.join("\n")).not.toContain("not recorded");
  });

  it("a dose not given entered later (from the paper chart, or a late entry): the summary says when the paper says, not when it was typed in", () => {
    const rounds = [kept("2026-03-28", "evening")];
    // Vomited at 18:10 on the paper; typed in the next day at 13:03.
    const late = entry("2026-03-28", "evening", "med:1", "not_given", "2026-03-29T13:03:00Z", {
      givenAt: "2026-03-28T18:10:00Z",
      reasonCode: "vomited",
      reason: "vomited",
    });
    const s = stay(rounds, [late], "2026-03-29T14:00:00Z");
    expect(s.exceptions.map((x) => [x.kind, x.at])).toEqual([["not_given", "2026-03-28T18:10:00Z"]]);
    expect(staySummaryWords(s, TZ)).toContain("⚠️ Rimadyl 50 mg not given Sat 28 Mar 18:10: vomited");
  });

  it("a dose not given with no time of its own: the summary and the list say when it was recorded and by whom, never as when it happened", () => {
    const rounds = [kept("2026-03-28", "evening")];
    // Recorded "not given: asleep" at 13:01 the next day, with no time (a dose not given keeps none).
    const said = entry("2026-03-28", "evening", "med:1", "not_given", "2026-03-29T12:01:00Z", {
      reasonCode: "asleep",
      reason: "asleep as instructed",
    });
    const s = stay(rounds, [said], "2026-03-29T14:00:00Z");
    expect(s.exceptions[0]?.untimed).toBe(true);
    // Before: "⚠️ Rimadyl 50 mg not given Sun 29 Mar 13:01: asleep as instructed", read as when.
    expect(staySummaryWords(s, TZ)).toContain(
      "⚠️ Rimadyl 50 mg not given (recorded Sun 29 Mar 13:01 by Jane): asleep as instructed",
    );
    const lines = stayRecordLines(s, TZ).map((l) =>
      l.pieces.map((p) => (typeof p === "string" ? p : p.value)).join(""),
    );
    expect(lines).toContain(
      "⚠️ Rimadyl 50 mg not given (recorded Sun 29 Mar 13:01 by Jane): asleep as instructed",
    );
  });

  it("a dose is missed only once its kept window has closed; a correction counts as it corrects", () => {
    const rounds = [kept("2026-03-28", "evening"), kept("2026-03-29", "evening")];
    const given = entry("2026-03-28", "evening", "med:1", "refused", "2026-03-28T18:05:00Z");
    const fixed = entry("2026-03-28", "evening", "med:1", "given", "2026-03-28T18:30:00Z", {
      supersedes: given.id,
    });
    const entries = [{ ...given, supersededBy: fixed.id }, fixed];
    // 29 Mar evening: 18:00 BST (17:00 UTC), its window closing 2 h later: open at 18:20 UTC.
    const early = stay(rounds, entries, "2026-03-29T18:20:00Z");
    expect(early.doses).toEqual({ due: 1, given: 1, open: 1 });
    expect(early.exceptions).toEqual([]);
    const late = stay(rounds, entries, "2026-03-29T19:00:01Z");
    expect(late.doses).toEqual({ due: 2, given: 1 });
    expect(late.exceptions.map((x) => [x.kind, x.date, x.at])).toEqual([
      ["missed", "2026-03-29", "2026-03-29T17:00:00.000Z"],
    ]);
    expect(staySummaryWords(late, TZ)).toContain("❌ Rimadyl 50 mg missed Sun 29 Mar, evening round (18:00)");
  });

  it("gone home after the round was kept: what was not recorded before its window closed is not due, said and not counted", () => {
    // Kept at the evening round; the pet went home at 18:30 BST (17:30 UTC), nothing recorded.
    const rounds = [kept("2026-03-29", "evening", { leftAt: "2026-03-29T17:30:00Z" })];
    const s = stay(rounds, [], "2026-03-29T22:00:00Z");
    expect(s.doses).toEqual({ due: 0, given: 0 });
    expect(s.exceptions).toEqual([]);
    expect(s.notDue.map((n) => [n.label, n.why])).toEqual([
      ["Rimadyl 50 mg", "gone_home"],
      ["meal", "gone_home"],
    ]);
    expect(staySummaryWords(s, TZ)).toContain("🏠 Rimadyl 50 mg not due: gone home 18:30");
    const lines = stayRecordLines(s, TZ).map((l) =>
      l.pieces.map((p) => (typeof p === "string" ? p : p.value)).join(""),
    );
    expect(lines).toContain("Rimadyl 50 mg: 🏠 not due: gone home 18:30");
  });

  it("an entry for an item no kept round asked (a round kept before the record began): counted, never hidden", () => {
    const s = stay(
      [],
      [
        entry("2026-03-28", "evening", "med:1", "not_given", "2026-03-28T18:05:00Z", {
          reason: "vet said stop",
        }),
      ],
      "2026-03-30T12:00:00Z",
      { unkept: [{ date: "2026-03-28", round: "evening" }] },
    );
    expect(s.dueKnown).toBe(false);
    expect(s.doses).toEqual({ due: 1, given: 0 });
    expect(staySummaryWords(s, TZ)).toMatch(
      /^Stay record, Juniper: 1 round with no sheet kept \(the record cannot say what was due then: the paper chart is its record\) · .*⚠️ Rimadyl 50 mg · one tablet not given \(recorded Sat 28 Mar 18:05 by Jane\): vet said stop/,
    );
  });
});

describe("the plan as it stood when each dose was given (issue 45)", () => {
  const plan = draftPlan(
    { medication: "Caninsulin 6 units, with food", dietaryRequirements: "dry food" },
    stayContext("2026-03-27T10:00:00Z", "2026-03-31T10:00:00Z", { bookingId: 1, petId: 2, timeZone: TZ }),
  );
  const jane = { userId: "U0JANE", userName: "Jane", at: "2026-03-28T09:00:00Z" };
  const tom = { userId: "U0TOM", userName: "Tom", at: "2026-03-29T09:00:00Z" };

  it("a dose given under a high-alert plan one person had confirmed says 'plan: 1 of 2 confirmations'; after the second, 'plan: confirmed'", () => {
    expect(plan.items.some((i) => i.highAlert !== undefined)).toBe(true);
    const versions = [
      { id: 10, recordedAt: "2026-03-27T10:00:00Z", plan },
      { id: 11, recordedAt: "2026-03-28T09:00:00Z", plan: { ...plan, confirmations: [jane] } },
      { id: 12, recordedAt: "2026-03-29T09:00:00Z", plan: { ...plan, confirmations: [jane, tom] } },
    ];
    const rounds = [kept("2026-03-28", "evening", { confirmed: false }), kept("2026-03-29", "evening")];
    const entries = [
      entry("2026-03-28", "evening", "med:1", "given", "2026-03-28T18:05:00Z"),
      entry("2026-03-29", "evening", "med:1", "given", "2026-03-29T17:05:00Z"),
    ];
    const s = stay(rounds, entries, "2026-03-30T12:00:00Z", { plans: versions });
    expect(s.items.filter((i) => i.item === "med:1").map((i) => i.planThen)).toEqual([
      { version: 11, state: "awaiting_second", confirmations: 1, needed: 2 },
      { version: 12, state: "confirmed", confirmations: 2, needed: 2 },
    ]);
    const lines = stayRecordLines(s, TZ)
      .map((l) => l.pieces.map((p) => (typeof p === "string" ? p : p.value)).join(""))
      .join("\n");
    expect(lines).toContain(
      "Rimadyl 50 mg · one tablet (from the words, plan not confirmed): given 18:05 · Jane · given on time · plan: 1 of 2 confirmations",
    );
    expect(lines).toContain(
      "Rimadyl 50 mg · one tablet: given 18:05 · Jane · given on time · plan: confirmed",
    );
    expect(s.plans?.map((v) => v.state)).toEqual(["draft", "awaiting_second", "confirmed"]);
  });
});
