/** A stay's record for the handover: rounds of the stay, what was due, refusals and missed doses, meals. */
import { describe, expect, it } from "vitest";
import type { CareFacts } from "../../src/domain/care.ts";
import { draftPlan } from "../../src/domain/plan/draft.ts";
import { petStayRecord, type StayInput } from "../../src/domain/stay.ts";
import type { Entry } from "../../src/record/types.ts";
import { staySummaryWords } from "../../src/words/stay.ts";

/** Rimadyl in the evening only; a diet for every round. */
const care: CareFacts = {
  diet: { general: "dry food", morning: undefined, midday: undefined, evening: undefined },
  medications: [
    {
      n: 1,
      name: "Rimadyl 50 mg",
      instruction: undefined,
      midday: undefined,
      evening: "Rimadyl 50 mg, one tablet",
    },
  ],
  allergies: undefined,
  medicalNotes: undefined,
  groomingNotes: undefined,
  notes: undefined,
  evaluation: "complete",
  evaluationDate: undefined,
  evaluationNotes: undefined,
  fasting: undefined,
  listedTwice: [],
  allergyInNotes: undefined,
  unreadable: [],
};

let id = 0;
function entry(
  date: string,
  round: Entry["round"],
  item: Entry["item"],
  outcome: Entry["outcome"],
  at: string,
  extra: Partial<Entry> = {},
): Entry {
  id++;
  return {
    id,
    seq: id,
    kennel: "test",
    date,
    round,
    bookingId: 1,
    petId: 2,
    petName: "Juniper",
    item,
    itemText: item === "meal" ? "dry food" : "Rimadyl 50 mg · one tablet",
    outcome,
    userId: "U0JANE",
    userName: "Jane",
    requestKey: `r${id}`,
    recordedAt: at,
    ...extra,
  };
}

const input = (entries: Entry[], now: string, booking: Partial<StayInput["booking"]> = {}): StayInput => ({
  booking: {
    bookingId: 1,
    checkInDate: "2026-03-28T10:00:00Z",
    checkOutDate: "2026-03-30T10:00:00Z",
    ...booking,
  },
  pet: { petId: 2, name: "Juniper", care },
  entries,
  times: { morning: "07:30", midday: "12:00", evening: "18:00" },
  houseMeals: { rounds: ["morning", "evening"] },
  timezone: "Europe/London",
  now: new Date(now),
  graceMinutes: 90,
});

describe("the stay's record", () => {
  it("across the spring DST change: the rounds of the stay, each evening dose, refusals and missed doses with their times", () => {
    const entries = [
      entry("2026-03-28", "evening", "med:1", "given", "2026-03-28T18:05:00Z"),
      // 29 Mar is BST: the evening round is 17:00 UTC; refused at 18:20 BST.
      entry("2026-03-29", "evening", "med:1", "refused", "2026-03-29T17:20:00Z", { note: "spat it out" }),
      entry("2026-03-29", "morning", "meal", "ate_some", "2026-03-29T06:40:00Z"),
    ];
    const s = petStayRecord(input(entries, "2026-03-30T12:00:00Z"));
    // Rounds between check-in (28th 10:00) and check-out (30th 10:00 UTC = 11:00 BST): 28 midday,
    // evening; 29 morning, midday, evening; 30 morning.
    expect(s.items.filter((i) => i.item === "meal").map((i) => `${i.date} ${i.round}`)).toEqual([
      "2026-03-28 midday",
      "2026-03-28 evening",
      "2026-03-29 morning",
      "2026-03-29 midday",
      "2026-03-29 evening",
      "2026-03-30 morning",
    ]);
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
    expect(s.meals).toMatchObject({ due: 6, ateSome: 1, notRecorded: 5 });
    expect(staySummaryWords(s, "Europe/London")).toBe(
      "Stay record, Juniper: 💊 1 of 2 doses given · 🍽 6 meals: 1 ate some, 5 not recorded · ⚠️ Rimadyl 50 mg refused Sun 29 Mar 18:20: spat it out",
    );
  });

  it("a dose is missed only once its round's time + the grace has passed; a correction counts as it corrects", () => {
    const given = entry("2026-03-28", "evening", "med:1", "refused", "2026-03-28T18:05:00Z");
    const fixed = entry("2026-03-28", "evening", "med:1", "given", "2026-03-28T18:30:00Z", {
      supersedes: given.id,
    });
    const early = petStayRecord(input([{ ...given, supersededBy: fixed.id }, fixed], "2026-03-29T18:20:00Z"));
    // 29 Mar evening: 18:00 BST (17:00 UTC) + 90 min = 18:30 UTC, not yet passed at 18:20 UTC.
    expect(early.doses).toEqual({ due: 1, given: 1 });
    expect(early.exceptions).toEqual([]);
    const late = petStayRecord(input([{ ...given, supersededBy: fixed.id }, fixed], "2026-03-29T18:30:00Z"));
    expect(late.doses).toEqual({ due: 2, given: 1 });
    expect(late.exceptions.map((x) => [x.kind, x.date, x.at])).toEqual([
      ["missed", "2026-03-29", "2026-03-29T17:00:00.000Z"],
    ]);
    expect(staySummaryWords(late, "Europe/London")).toContain(
      "❌ Rimadyl 50 mg not recorded Sun 29 Mar, evening round (18:00)",
    );
  });

  it("a stay that began before the care record did (go-live day): the rounds before it are not counted as not recorded, and the line says when recording began", () => {
    // Kennel Desk installed on Sun 29 Mar at 09:00 (UTC): the stay began on the 28th.
    const entries = [entry("2026-03-29", "evening", "med:1", "given", "2026-03-29T17:05:00Z")];
    const s = petStayRecord({
      ...input(entries, "2026-03-30T12:00:00Z"),
      recordSince: new Date("2026-03-29T09:00:00Z"),
    });
    // Before it: 28 midday, evening, 29 morning: not counted. Since: 29 midday, evening, 30 morning.
    expect(s.items.filter((i) => i.item === "meal").map((i) => `${i.date} ${i.round}`)).toEqual([
      "2026-03-29 midday",
      "2026-03-29 evening",
      "2026-03-30 morning",
    ]);
    expect(s.doses).toEqual({ due: 1, given: 1 });
    expect(s.exceptions).toEqual([]);
    expect(s.recordingBegan).toBe("2026-03-29");
    expect(staySummaryWords(s, "Europe/London")).toBe(
      "Stay record, Juniper: recording began Sun 29 Mar · 💊 1 of 1 dose given · 🍽 3 meals: 3 not recorded",
    );
    // What was recorded before the record began (a copied-in entry) still counts; never hidden.
    const earlier = entry("2026-03-28", "evening", "med:1", "refused", "2026-03-28T18:05:00Z");
    const t = petStayRecord({
      ...input([earlier, ...entries], "2026-03-30T12:00:00Z"),
      recordSince: new Date("2026-03-29T09:00:00Z"),
    });
    expect(t.exceptions.map((x) => [x.kind, x.date])).toEqual([["refused", "2026-03-28"]]);
    // A stay that began after the record: nothing said, every round counted.
    const after = petStayRecord({
      ...input([], "2026-03-30T12:00:00Z"),
      recordSince: new Date("2026-03-01T09:00:00Z"),
    });
    expect(after.recordingBegan).toBeUndefined();
    expect(after.meals.notRecorded).toBe(6);
  });

  it("care not matched: only what was recorded counts, and the line says so", () => {
    const s = petStayRecord({
      ...input(
        [
          entry("2026-03-28", "evening", "med:1", "not_given", "2026-03-28T18:05:00Z", {
            reason: "vet said stop",
          }),
        ],
        "2026-03-30T12:00:00Z",
      ),
      pet: { petId: 2, name: "Juniper", care: undefined },
    });
    expect(s.dueKnown).toBe(false);
    expect(s.doses).toEqual({ due: 1, given: 0 });
    expect(staySummaryWords(s, "Europe/London")).toMatch(
      /⚠️ Rimadyl 50 mg not given Sat 28 Mar 18:05: vet said stop · what was due is not known/,
    );
  });

  it("a pet with no diet on record: only the house routine's meals are counted, never a midday one nobody serves", () => {
    const unfed: CareFacts = {
      ...care,
      diet: { general: undefined, morning: undefined, midday: undefined, evening: undefined },
    };
    const rounds = (s: ReturnType<typeof petStayRecord>) =>
      s.items.filter((i) => i.item === "meal").map((i) => `${i.date} ${i.round}`);
    const s = petStayRecord({
      ...input([], "2026-03-30T12:00:00Z"),
      pet: { petId: 2, name: "Juniper", care: unfed },
    });
    expect(rounds(s)).toEqual([
      "2026-03-28 evening",
      "2026-03-29 morning",
      "2026-03-29 evening",
      "2026-03-30 morning",
    ]);
    expect(s.meals).toMatchObject({ due: 4, notRecorded: 4 });
    expect(staySummaryWords(s, "Europe/London")).toContain("🍽 4 meals: 4 not recorded");
    // A routine of three meals: the middays are counted too.
    const three = petStayRecord({
      ...input([], "2026-03-30T12:00:00Z"),
      pet: { petId: 2, name: "Juniper", care: unfed },
      houseMeals: { rounds: ["morning", "midday", "evening"] },
    });
    expect(three.meals.due).toBe(6);
  });
});

describe("the stay's record from the care plan (issue 34)", () => {
  const plan = () =>
    draftPlan(
      {
        medication: "Rimadyl 50 mg",
        medicationPm: "Rimadyl 50 mg, one tablet",
        dietaryRequirements: "dry food",
      },
      {
        bookingId: 1,
        petId: 2,
        arrival: "2026-03-27T10:00:00Z",
        departure: "2026-03-31T10:00:00Z",
        timeZone: "Europe/London",
        dateOrder: "dmy",
        highAlertWords: [],
        houseMeals: { rounds: ["morning", "evening"] },
        now: "2026-03-27T10:00:00Z",
      },
    );
  const stayOf = (versions: StayInput["plans"]) =>
    petStayRecord({
      ...input([], "2026-03-31T12:00:00Z", {
        checkInDate: "2026-03-27T10:00:00Z",
        checkOutDate: "2026-03-31T10:00:00Z",
      }),
      plans: versions,
    });

  it("counts what the plan in force at each round made due: every other day, set by a person, from the day it was set", () => {
    const daily = plan();
    const med = daily.items.find((i) => i.key === "med:1");
    expect(med?.when.rounds.map((r) => r.round)).toEqual(["evening"]);
    // No plan kept: every evening of the stay (27, 28, 29, 30 March).
    expect(stayOf(undefined).doses.due).toBe(4);
    // The first version daily; from the 29th, a person's every other day counted from the 29th.
    const person = { userId: "U0JANE", userName: "Jane", at: "2026-03-29T09:00:00Z" };
    const eod = {
      ...daily,
      items: daily.items.map((i) =>
        i.key === "med:1"
          ? {
              ...i,
              when: { ...i.when, days: { every: "n_days" as const, n: 2, from: "2026-03-29" } },
              setBy: person,
            }
          : i,
      ),
      confirmations: [person],
    };
    const record = stayOf([
      { id: 10, recordedAt: "2026-03-27T18:00:05Z", plan: daily },
      { id: 11, recordedAt: "2026-03-29T09:00:00Z", plan: eod },
    ]);
    const evenings = record.items.filter((i) => i.item === "med:1").map((i) => i.date);
    expect(evenings).toEqual(["2026-03-27", "2026-03-28", "2026-03-29"]);
    expect(record.doses.due).toBe(3);
    // Every version is listed, with who confirmed it and who set what.
    expect(record.plans).toEqual([
      {
        id: 10,
        recordedAt: "2026-03-27T18:00:05Z",
        state: "draft",
        confirmations: [],
        changed: false,
        setBy: [],
      },
      {
        id: 11,
        recordedAt: "2026-03-29T09:00:00Z",
        state: "confirmed",
        confirmations: [person],
        changed: false,
        setBy: [{ item: "med:1", by: person }],
      },
    ]);
  });
});
