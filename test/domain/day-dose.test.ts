/**
 * A dose owed once a day from its words (src/domain/day-dose.ts): an instruction with no time words
 * ("Metacam 1.5 ml"), its plan not confirmed, is printed and due on every round; once recorded at any
 * round of the day the others read as settled by that entry, never late nor missed; recorded nowhere,
 * it is chased once for the day. Two slots of one drug, the plan's question not answered: one recorded
 * settles the other. A confirmed plan's items, and entries of another day, are never read so.
 */
import { describe, expect, it } from "vitest";
import type { Round } from "../../src/domain/care.ts";
import { DEFAULT_DOSE_SETTINGS, type DoseState, doseWindow } from "../../src/domain/doses.ts";
import { type OwedItem, type OwedRound, owedDoses } from "../../src/domain/obligations.ts";
import { owedStatuses } from "../../src/domain/owed-statuses.ts";
import { roundProgress } from "../../src/domain/record.ts";
import type { Entry, ItemKey } from "../../src/record/types.ts";
import { doseStateWords } from "../../src/words/doses.ts";
import { keptEntry } from "../helpers/entries.ts";

const TZ = "Europe/London";
const TIMES = { morning: "08:00", midday: "12:00", evening: "18:00" };
const DAY = "2026-11-24";
const ROUNDS: Round[] = ["morning", "midday", "evening"];

const metacam = (
  round: Round,
  o: { confirmed?: boolean; noTime?: boolean; date?: string } = {},
): OwedItem => ({
  item: "med:1",
  label: "Metacam 1.5 ml",
  text: "Metacam 1.5 ml",
  window: doseWindow({}, o.date ?? DAY, round, TIMES, TZ, DEFAULT_DOSE_SETTINGS),
  confirmed: o.confirmed ?? false,
  ...((o.noTime ?? true) ? { noTime: true as const } : {}),
});

/** The day's three rounds, each asking Juniper (booking 1, pet 2) for these items. */
function day(items: (round: Round) => OwedItem[], date = DAY): OwedRound[] {
  return ROUNDS.map((round, n) => ({
    id: n + 1,
    date,
    round,
    keptAt: `${date}T07:00:00Z`,
    pets: [{ bookingId: 1, petId: 2, name: "Juniper", items: items(round) }],
    arrivals: 0,
    departures: 0,
  }));
}

const given = (round: Round, at: string, item: ItemKey = "med:1", date = DAY): Entry =>
  keptEntry({
    date,
    round,
    item,
    itemText: "Metacam 1.5 ml",
    outcome: "given",
    givenAt: `${date}T${at}:00.000Z`,
    recordedAt: `${date}T${at}:00.000Z`,
  });

/** Each round's state of an item at `now` (a UTC time of DAY), by the whole day. */
function states(rounds: OwedRound[], entries: Entry[], now: string, item: ItemKey = "med:1") {
  const doses = owedDoses(rounds, entries, `${DAY}T${now}:00.000Z`, (e) =>
    doseWindow({}, e.date, e.round, TIMES, TZ, DEFAULT_DOSE_SETTINGS),
  );
  const of = (round: Round): DoseState | undefined =>
    doses.find((d) => d.date === DAY && d.round === round && d.due.item === item && !d.unasked)?.state;
  return { morning: of("morning"), midday: of("midday"), evening: of("evening") };
}

const chased = (s: DoseState | undefined) => s?.state === "late" || s?.state === "missed";

describe("a dose from the words with no time of its own, its plan not confirmed", () => {
  it("recorded in the morning: the midday and evening rounds read it settled by that entry, never late nor missed", () => {
    const rounds = day((r) => [metacam(r)]);
    const s = states(rounds, [given("morning", "08:12")], "21:00");
    expect(s.morning).toMatchObject({ state: "recorded", outcome: "given" });
    for (const later of [s.midday, s.evening]) {
      expect(chased(later)).toBe(false);
      expect(later).toMatchObject({
        state: "not_due",
        why: "settled",
        by: { round: "morning", who: "Jane" },
      });
      expect(doseStateWords(later as DoseState, TZ)).toBe("☑️ given at the morning round by Jane 08:12");
    }
    // The midday round's progress owes nothing (Home, the record's counts).
    const midday = rounds[1] as OwedRound;
    const statuses = owedStatuses(midday, [], `${DAY}T13:00:00.000Z`, {
      rounds,
      entries: [given("morning", "08:12")],
    });
    expect(roundProgress(statuses).dosesLeft).toBe(0);
  });

  it("recorded at midday: the morning's missed dose is settled by it too", () => {
    const s = states(
      day((r) => [metacam(r)]),
      [given("midday", "12:05")],
      "21:00",
    );
    expect(s.morning).toMatchObject({ state: "not_due", why: "settled", by: { round: "midday" } });
    expect(s.evening).toMatchObject({ state: "not_due", why: "settled" });
  });

  it("recorded nowhere: one missed dose for the day, at its latest round; the others say where it is chased", () => {
    const s = states(
      day((r) => [metacam(r)]),
      [],
      "21:00",
    );
    expect([s.morning, s.midday, s.evening].filter(chased)).toHaveLength(1);
    expect(s.evening?.state).toBe("missed");
    expect(s.morning).toMatchObject({ state: "not_due", why: "later_round", laterRound: "evening" });
    expect(doseStateWords(s.midday as DoseState, TZ)).toBe(
      "⏭ not recorded today: owed once a day, chased at the evening round",
    );
  });

  it("only the morning kept, nothing recorded: the morning chases it (no later round asks it yet)", () => {
    const rounds = day((r) => [metacam(r)]).slice(0, 1);
    expect(states(rounds, [], "10:30").morning?.state).toBe("missed");
  });

  it("due at midday before it is late: still due there, not put off to the evening", () => {
    expect(
      states(
        day((r) => [metacam(r)]),
        [],
        "12:10",
      ).midday?.state,
    ).toBe("due");
  });

  it("entries of another day never settle it", () => {
    const yesterday = "2026-11-23";
    const s = states(
      day((r) => [metacam(r)]),
      [given("morning", "08:12", "med:1", yesterday)],
      "21:00",
    );
    expect(s.evening?.state).toBe("missed");
    expect([s.morning, s.midday, s.evening].filter(chased)).toHaveLength(1);
  });
});

describe("never for a confirmed plan, nor a dose with a time of its own", () => {
  it("a confirmed plan's item is owed at each round it is asked: recorded in the morning, the midday is missed", () => {
    const s = states(
      day((r) => [metacam(r, { confirmed: true })]),
      [given("morning", "08:12")],
      "21:00",
    );
    expect(s.midday?.state).toBe("missed");
    expect(s.evening?.state).toBe("missed");
  });

  it("a dose the words time (no `noTime`), not confirmed: as before, each round its own", () => {
    const s = states(
      day((r) => [metacam(r, { noTime: false })]),
      [given("morning", "08:12")],
      "21:00",
    );
    expect(s.midday?.state).toBe("missed");
  });

  it("an item kept before the rule (no `noTime`) reads as it did", () => {
    const old = day((r) => [{ ...metacam(r), noTime: undefined }]);
    expect(states(old, [], "21:00").morning?.state).toBe("missed");
  });
});

describe("the same drug in two slots, the plan's question not answered", () => {
  const slots = (round: Round): OwedItem[] => [
    { ...metacam(round, { noTime: false }), sameDrugAs: ["med:3"] },
    { ...metacam(round, { noTime: false }), item: "med:3", sameDrugAs: ["med:1"] },
  ];

  it("one recorded settles the other at that round: not chased, not two missed doses", () => {
    const s = states(day(slots), [given("morning", "08:12", "med:1")], "10:30", "med:3");
    expect(s.morning).toMatchObject({ state: "not_due", why: "settled", by: { item: "med:1", here: true } });
    expect(doseStateWords(s.morning as DoseState, TZ)).toBe(
      "☑️ the same drug as medication 1: given 08:12 by Jane",
    );
  });

  it("another round's entry settles only its own round (each slot keeps its time)", () => {
    const s = states(day(slots), [given("morning", "08:12", "med:1")], "21:00", "med:3");
    expect(s.midday?.state).toBe("missed");
  });

  it("confirmed: both are owed", () => {
    const confirmed = (round: Round) => slots(round).map((i) => ({ ...i, confirmed: true }));
    const s = states(day(confirmed), [given("morning", "08:12", "med:1")], "09:00", "med:3");
    expect(s.morning?.state).toBe("late");
  });
});
