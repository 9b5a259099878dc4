/**
 * As-needed doses' rules (issue 35): which items a plan offers "if needed" (only a confirmed plan's,
 * within their days), and the plan's most per 24 h (any 24 hours that hold the time given, before
 * and after it) and least time between doses (the nearest dose, either side), in the words staff read.
 */
import { describe, expect, it } from "vitest";
import { draftPlan, type ReaderContext } from "../../src/domain/plan/draft.ts";
import { confirmPlan, planState } from "../../src/domain/plan/state.ts";
import type { Plan } from "../../src/domain/plan/types.ts";
import {
  asNeededItems,
  prnFigures,
  prnGivenAt,
  prnGivenAtProblem,
  prnProblems,
} from "../../src/domain/prn.ts";
import { DEFAULT_ROUND_TIMES } from "../../src/domain/round-times.ts";
import { prnDoseWords, prnProblemWords, prnRecordWords } from "../../src/words/doses.ts";
import { stayContext } from "../helpers/reader.ts";

const TZ = "Europe/London";
const context: ReaderContext = stayContext("2026-11-20T10:00:00Z", "2026-11-28T10:00:00Z", {
  bookingId: 1,
  petId: 10,
  timeZone: TZ,
});
const o = { timeZone: TZ, roundTimes: DEFAULT_ROUND_TIMES };
const who = { userId: "U0LEAD", userName: "Lead", at: "2026-11-20T11:00:00Z" };

function planOf(fields: Record<string, string>): Plan {
  return draftPlan(fields, context);
}

/** Confirmed by one person (no high-alert drug here). */
function confirmed(plan: Plan): Plan {
  const r = confirmPlan(plan, who);
  if (!r.ok) throw new Error(`not confirmed: ${r.why}`);
  return r.plan;
}

describe("the items offered if needed", () => {
  const fields = {
    medication: "Piriton 4mg PRN – only if scratching, max 2 in 24h, at least 4 hours apart",
    medication2: "Rimadyl 50 mg twice daily with food",
  };

  it("a confirmed plan offers its as-needed item, with the plan's reason and limits; never a routine one", () => {
    const plan = confirmed(planOf(fields));
    expect(planState(plan)).toBe("confirmed");
    expect(asNeededItems(plan, planState(plan), "2026-11-22", o)).toEqual([
      {
        key: "med:1",
        label: expect.stringMatching(/^Piriton/),
        text: fields.medication,
        reason: "only if scratching",
        maxPer24h: 2,
        minHoursBetween: 4,
      },
    ]);
  });

  it("a plan not confirmed offers nothing (a dose in one tap only as the confirmed plan says)", () => {
    const plan = planOf(fields);
    expect(planState(plan)).toBe("draft");
    expect(asNeededItems(plan, planState(plan), "2026-11-22", o)).toEqual([]);
  });

  it("an item with a last day is not offered after it", () => {
    const read = planOf({ medication: "Piriton 4mg as needed for itching" });
    const plan = confirmed({
      ...read,
      items: read.items.map((i) => ({ ...i, when: { ...i.when, stop: "2026-11-23" } })),
    });
    expect(asNeededItems(plan, "confirmed", "2026-11-23", o).map((i) => i.key)).toEqual(["med:1"]);
    expect(asNeededItems(plan, "confirmed", "2026-11-24", o)).toEqual([]);
  });
});

describe("the plan's limits", () => {
  const at = (h: string) => `2026-11-22T${h}:00Z`;
  const limits = { maxPer24h: 2, minHoursBetween: 4 };

  it("within the plan: nothing to say", () => {
    expect(prnProblems([{ givenAt: "2026-11-21T08:00:00Z" }], at("09:10"), limits)).toEqual([]);
    expect(prnProblems([], at("09:10"), limits)).toEqual([]);
  });

  it("a second dose inside the least interval: the last dose and how long ago, in words", () => {
    const problems = prnProblems([{ givenAt: at("07:10") }], at("09:10"), limits);
    expect(problems).toEqual([
      { rule: "min_interval", otherAt: "2026-11-22T07:10:00.000Z", minutesApart: 120, minHours: 4 },
    ]);
    expect(prnProblemWords(problems[0] as never, TZ)).toBe(
      "the last at 07:10, 2 h ago: the plan says at least 4 h between",
    );
  });

  it("over the most per 24 h: counted over the rolling 24 hours back from the time given", () => {
    const earlier = [
      { givenAt: "2026-11-21T08:59:00Z" },
      { givenAt: "2026-11-21T10:00:00Z" },
      { givenAt: at("02:00") },
    ];
    const problems = prnProblems(earlier, at("09:00"), { maxPer24h: 2 });
    // 08:59 the day before is 24 h and a minute back: not counted; the other two are.
    expect(problems).toEqual([{ rule: "max_per_24h", count: 2, max: 2 }]);
    expect(prnProblemWords(problems[0] as never, TZ)).toBe(
      "2 already in the last 24 h: the plan says at most 2",
    );
    expect(prnProblems(earlier.slice(0, 2), at("09:00"), { maxPer24h: 2 })).toEqual([]);
  });

  // Issue 46, item 2: a dose said to be given an hour ago, after a dose given now.
  it("a dose recorded as given before one given since: the next dose and how long after, in words", () => {
    const problems = prnProblems([{ givenAt: at("10:00") }], at("09:00"), limits);
    expect(problems).toEqual([
      {
        rule: "min_interval",
        otherAt: "2026-11-22T10:00:00.000Z",
        minutesApart: 60,
        minHours: 4,
        after: true,
      },
    ]);
    expect(prnProblemWords(problems[0] as never, TZ)).toBe(
      "the next at 10:00, 1 h after it: the plan says at least 4 h between",
    );
    // The nearest of the two sides is the one said.
    const both = prnProblems([{ givenAt: at("06:00") }, { givenAt: at("09:30") }], at("09:00"), {
      minHoursBetween: 4,
    });
    expect(both).toEqual([
      {
        rule: "min_interval",
        otherAt: "2026-11-22T09:30:00.000Z",
        minutesApart: 30,
        minHours: 4,
        after: true,
      },
    ]);
  });

  it("the most per 24 h counts the doses after it too: any 24 hours that hold it", () => {
    // At most 2: 09:00 given, then 20:00; one recorded late as given at 08:00 makes three within 24 h.
    const others = [{ givenAt: at("09:00") }, { givenAt: at("20:00") }];
    const problems = prnProblems(others, at("08:00"), { maxPer24h: 2 });
    expect(problems).toEqual([
      { rule: "max_per_24h", count: 2, max: 2, laterAt: "2026-11-22T20:00:00.000Z" },
    ]);
    expect(prnProblemWords(problems[0] as never, TZ)).toBe(
      "2 already in the 24 h up to 20:00: the plan says at most 2",
    );
    // A dose a day and more after it is outside every 24 hours that hold it.
    expect(prnProblems([{ givenAt: "2026-11-23T08:01:00Z" }], at("08:00"), { maxPer24h: 1 })).toEqual([]);
    expect(prnProblems([{ givenAt: "2026-11-23T07:59:00Z" }], at("08:00"), { maxPer24h: 1 })).toHaveLength(1);
  });

  it("both limits past: both said", () => {
    const earlier = [{ givenAt: at("01:00") }, { givenAt: at("08:30") }];
    expect(prnProblems(earlier, at("09:00"), limits).map((p) => p.rule)).toEqual([
      "max_per_24h",
      "min_interval",
    ]);
  });
});

describe("when a dose was given", () => {
  const now = "2026-11-24T12:00:00.000Z";
  const t = (iso: string) => Date.parse(iso);
  // Issue 46, item 11.
  it("never after the pet went home (its stay's check-out)", () => {
    const departure = "2026-11-24T10:00:00.000Z";
    expect(prnGivenAtProblem(t("2026-11-24T10:30:00.000Z"), { now, departure })).toBe("after_departure");
    expect(prnGivenAtProblem(t(now), { now, departure })).toBe("after_departure");
    expect(prnGivenAtProblem(t("2026-11-24T09:59:00.000Z"), { now, departure })).toBeUndefined();
    // A check-out still ahead refuses nothing given now.
    expect(prnGivenAtProblem(t(now), { now, departure: "2026-11-25T10:00:00.000Z" })).toBeUndefined();
  });
  it("stands from the pet's arrival to a minute past now, a day back at most", () => {
    const arrival = "2026-11-23T15:00:00.000Z";
    expect(prnGivenAtProblem(t("2026-11-24T12:01:00.000Z"), { now, arrival })).toBeUndefined();
    expect(prnGivenAtProblem(t("2026-11-24T12:01:01.000Z"), { now, arrival })).toBe("future");
    expect(prnGivenAtProblem(t("2026-11-23T14:59:59.000Z"), { now, arrival })).toBe("before_arrival");
    expect(prnGivenAtProblem(t("2026-11-23T15:00:00.000Z"), { now, arrival })).toBeUndefined();
    expect(prnGivenAtProblem(t("2026-11-23T12:00:00.000Z"), { now })).toBeUndefined();
    expect(prnGivenAtProblem(t("2026-11-23T11:59:59.000Z"), { now })).toBe("too_far_back");
  });
  it("is recorded as given never after it was recorded", () => {
    expect(prnGivenAt(t("2026-11-24T12:00:40.000Z"), now)).toBe(now);
    expect(prnGivenAt(t("2026-11-24T11:10:00.000Z"), now)).toBe("2026-11-24T11:10:00.000Z");
  });
});

describe("a dose in words", () => {
  const dose = {
    id: 1,
    date: "2026-11-22",
    bookingId: 1,
    petId: 10,
    userId: "U0JANE",
    userName: "Jane",
    item: "med:1" as const,
    label: "Piriton 4 mg",
    itemText: "Piriton 4 mg PRN",
    reason: "scratching",
    givenAt: "2026-11-22T09:10:00Z",
    recordedAt: "2026-11-22T09:11:00Z",
  };

  it("awaiting its effect, then its effect", () => {
    expect(prnDoseWords(dose, TZ)).toBe(
      "💊 Piriton 4 mg given 09:10 by Jane for scratching · awaiting effect",
    );
    const answered = {
      ...dose,
      effect: { id: 2, effect: "helped" as const, userName: "Jane", recordedAt: "2026-11-22T10:12:00Z" },
    };
    expect(prnDoseWords(answered, TZ)).toBe("💊 Piriton 4 mg given 09:10 by Jane for scratching · helped");
    expect(
      prnDoseWords({ ...dose, reason: "if scratching", ack: { rule: "min_interval", words: "x" } }, TZ),
    ).toBe(
      "💊 Piriton 4 mg given 09:10 by Jane if scratching · past the plan's limit, checked · awaiting effect",
    );
  });

  it("in the record, both times once recorded more than a minute after it was given", () => {
    expect(prnRecordWords(dose, TZ)).toBe(
      "Piriton 4 mg given 09:10 by Jane for scratching · effect: awaiting",
    );
    expect(prnRecordWords({ ...dose, recordedAt: "2026-11-22T09:11:01Z" }, TZ)).toBe(
      "Piriton 4 mg given 09:10, recorded 09:11 by Jane for scratching · effect: awaiting",
    );
  });
});

describe("the figures", () => {
  it("doses with and without an effect recorded, past the plan's limit, worse", () => {
    const effect = (e: "helped" | "worse") => ({ id: 1, effect: e, userName: "Jane", recordedAt: "x" });
    expect(
      prnFigures([
        {},
        { effect: effect("helped") },
        { effect: effect("worse"), ack: { rule: "max_per_24h", words: "w" } },
      ]),
    ).toEqual({ doses: 3, withEffect: 2, awaiting: 1, pastLimit: 1, worse: 1 });
    expect(prnFigures([])).toEqual({ doses: 0, withEffect: 0, awaiting: 0, pastLimit: 0, worse: 0 });
  });
});
