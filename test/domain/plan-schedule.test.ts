/**
 * The schedule: what an item asks of a round on a day. Calendar days in the kennel's zone (every
 * other day across a month's end and a clock change), the stay's arrival and departure against the
 * rounds' times, tapering steps, start and stop, weekdays; and the one tap's rules.
 */
import { describe, expect, it } from "vitest";
import type { Round } from "../../src/domain/care.ts";
import { type CareFields, draftPlan, type ReaderContext } from "../../src/domain/plan/draft.ts";
import {
  daysBetween,
  type ItemOnRound,
  itemOnRound,
  oneTap,
  type StayTimes,
} from "../../src/domain/plan/schedule.ts";
import { confirmPlan, planState, setItem } from "../../src/domain/plan/state.ts";
import type { Plan, PlanItem } from "../../src/domain/plan/types.ts";
import { DEFAULT_ROUND_TIMES } from "../../src/domain/round-times.ts";
import { addDays } from "../../src/time.ts";
import { onRoundWords } from "../../src/words/plan.ts";
import { stayContext } from "../helpers/reader.ts";

const ROUNDS: Round[] = ["morning", "midday", "evening"];

const context = (arrival: string, departure: string | undefined, timeZone = "Europe/London"): ReaderContext =>
  stayContext(arrival, departure, { bookingId: 1, petId: 10, timeZone });

const stayOf = (c: ReaderContext): StayTimes => ({
  arrival: c.arrival,
  departure: c.departure,
  timeZone: c.timeZone,
  roundTimes: DEFAULT_ROUND_TIMES,
});

function itemOf(fields: CareFields, c: ReaderContext, key: PlanItem["key"] = "med:1"): PlanItem {
  const item = draftPlan(fields, c).items.find((i) => i.key === key);
  if (!item) throw new Error(`no ${key}`);
  return item;
}

/** The status of each round of each day, "date round: status". */
function grid(item: PlanItem, stay: StayTimes, from: string, to: string, rounds = ROUNDS): string[] {
  const out: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    for (const round of rounds) {
      const on = itemOnRound(item, date, round, stay);
      out.push(`${date} ${round}: ${on.status === "not_due" ? on.why : on.status}`);
    }
  }
  return out;
}

const dueDates = (item: PlanItem, stay: StayTimes, from: string, to: string, round: Round = "morning") => {
  const out: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    if (itemOnRound(item, date, round, stay).status === "due") out.push(date);
  }
  return out;
};

describe("every other day counts calendar days in the kennel's zone", () => {
  it("across a month's end (31 January, and February's 28 days)", () => {
    const c = context("2027-01-28T10:00:00Z", "2027-03-05T10:00:00Z");
    const item = itemOf({ medication: "Furosemide 10mg 1 tab EOD AM from 30/1" }, c);
    expect(item.readBy).toBe("reader");
    const stay = stayOf(c);
    expect(dueDates(item, stay, "2027-01-29", "2027-02-04")).toEqual([
      "2027-01-30",
      "2027-02-01",
      "2027-02-03",
    ]);
    // 30 January + 28 days is 27 February; February's 28 days later, 1 and 3 March.
    expect(dueDates(item, stay, "2027-02-26", "2027-03-03")).toEqual([
      "2027-02-27",
      "2027-03-01",
      "2027-03-03",
    ]);
    expect(itemOnRound(item, "2027-01-31", "morning", stay)).toMatchObject({
      status: "not_due",
      why: "off_day",
    });
    expect(itemOnRound(item, "2027-01-29", "morning", stay)).toEqual({
      status: "not_due",
      why: "before_start",
    });
  });

  it("across the spring clock change (Europe/London, 29 March 2026): due on the 28th, 30th, 1 April", () => {
    const c = context("2026-03-27T10:00:00Z", "2026-04-03T10:00:00Z");
    const item = itemOf({ medication: "Fluids 100ml every other day AM, starting 28/3" }, c);
    const stay = stayOf(c);
    // 48 hours after 07:30 GMT on the 28th is 08:30 BST on the 30th: a count of hours would miss the 30th.
    expect(dueDates(item, stay, "2026-03-27", "2026-04-02")).toEqual([
      "2026-03-28",
      "2026-03-30",
      "2026-04-01",
    ]);
  });

  it("across the autumn clock change (America/New_York, 1 November 2026)", () => {
    const c = {
      ...context("2026-10-29T14:00:00Z", "2026-11-06T14:00:00Z", "America/New_York"),
      dateOrder: "mdy" as const,
    };
    const item = itemOf({ medication: "Furosemide 10mg 1 tab every other day PM, starting 10/31" }, c);
    const stay = stayOf(c);
    expect(dueDates(item, stay, "2026-10-30", "2026-11-05", "evening")).toEqual([
      "2026-10-31",
      "2026-11-02",
      "2026-11-04",
    ]);
  });

  it("counts whole calendar days between dates, clock changes or not", () => {
    expect(daysBetween("2026-03-28", "2026-03-30")).toBe(2);
    expect(daysBetween("2026-10-24", "2026-10-26")).toBe(2);
    expect(daysBetween("2027-01-30", "2027-03-02")).toBe(31);
    expect(daysBetween("2026-12-08", "2026-12-05")).toBe(-3);
  });

  it("a round's time is the kennel's wall clock on a clock-change day: a pet arriving at 07:45 BST owes no morning dose", () => {
    // 29 March 2026: 07:30 BST is 06:30 UTC; arrival 06:45 UTC is after it.
    const c = context("2026-03-29T06:45:00Z", "2026-04-03T10:00:00Z");
    const item = itemOf({ medication: "Apoquel 16mg 1 tab twice daily" }, c);
    const stay = stayOf(c);
    expect(itemOnRound(item, "2026-03-29", "morning", stay)).toEqual({
      status: "not_due",
      why: "before_arrival",
    });
    expect(itemOnRound(item, "2026-03-29", "evening", stay).status).toBe("due");
  });
});

describe("the stay's arrival and departure", () => {
  const fields: CareFields = {
    medication: "Vetmedin 2,5 mg 1 tab AM and PM",
    dietaryRequirements: "Owner's food 1 cup AM 1 cup PM",
  };

  it("a dog arriving at 23:30 owes no morning dose nor breakfast that day, and both the next morning", () => {
    const c = context("2026-12-05T23:30:00Z", "2026-12-08T10:00:00Z");
    const stay = stayOf(c);
    for (const key of ["med:1", "meal"] as const) {
      const item = itemOf(fields, c, key);
      expect(grid(item, stay, "2026-12-05", "2026-12-06")).toEqual([
        "2026-12-05 morning: before_arrival",
        "2026-12-05 midday: before_arrival",
        "2026-12-05 evening: before_arrival",
        "2026-12-06 morning: due",
        "2026-12-06 midday: not_this_round",
        "2026-12-06 evening: due",
      ]);
    }
  });

  it("a dog arriving at 14:00 owes no breakfast (nor lunch), and its dinner", () => {
    const c = context("2026-12-05T14:00:00Z", "2026-12-08T10:00:00Z");
    const meal = itemOf(fields, c, "meal");
    expect(grid(meal, stayOf(c), "2026-12-05", "2026-12-05")).toEqual([
      "2026-12-05 morning: before_arrival",
      "2026-12-05 midday: before_arrival",
      "2026-12-05 evening: due",
    ]);
  });

  it("a dog going home at 10:00 has its breakfast and morning dose, nothing after", () => {
    const c = context("2026-12-05T09:00:00Z", "2026-12-08T10:00:00Z");
    const med = itemOf(fields, c);
    expect(grid(med, stayOf(c), "2026-12-08", "2026-12-08")).toEqual([
      "2026-12-08 morning: due",
      "2026-12-08 midday: after_departure",
      "2026-12-08 evening: after_departure",
    ]);
  });

  it("an item read by nobody is 'check the instruction' in the stay, and not due outside it", () => {
    const c = context("2026-12-05T14:00:00Z", "2026-12-08T10:00:00Z");
    const item = itemOf({ medication: "Furosemide 20mg every other day" }, c);
    const stay = stayOf(c);
    expect(itemOnRound(item, "2026-12-05", "morning", stay)).toEqual({
      status: "not_due",
      why: "before_arrival",
    });
    expect(itemOnRound(item, "2026-12-06", "midday", stay)).toEqual({
      status: "check",
      doubts: ["no_round", "no_day_one"],
    });
  });
});

describe("days, dates and steps", () => {
  const c = context("2026-12-05T07:00:00Z", "2026-12-12T10:00:00Z");
  const stay = stayOf(c);

  it("tapering: each day's amount is its step's; before the first step and after the last, not due", () => {
    const item = itemOf(
      { medication: "Prednisolone 5mg: 2 tabs AM 6/12–7/12, then 1 tab AM 8/12-9/12, then stop" },
      c,
    );
    const amounts = ["2026-12-05", "2026-12-06", "2026-12-07", "2026-12-08", "2026-12-09", "2026-12-10"].map(
      (d) => itemOnRound(item, d, "morning", stay),
    );
    expect(amounts).toEqual<ItemOnRound[]>([
      { status: "not_due", why: "before_start" },
      { status: "due", amount: "2 tabs", step: 0 },
      { status: "due", amount: "2 tabs", step: 0 },
      { status: "due", amount: "1 tab", step: 1 },
      { status: "due", amount: "1 tab", step: 1 },
      { status: "not_due", why: "after_stop" },
    ]);
  });

  it("a course that says START 9/12 is not due on the 8th; one that says STOP after 7/12 is not due on the 8th", () => {
    const start = itemOf({ medication: "Cephalexin 500mg 1 cap BID, START 9/12" }, c);
    const stop = itemOf({ medication: "Metronidazole 250mg 1 tab BID. STOP after 7/12" }, c);
    expect(itemOnRound(start, "2026-12-08", "morning", stay)).toEqual({
      status: "not_due",
      why: "before_start",
    });
    expect(itemOnRound(start, "2026-12-09", "morning", stay)).toEqual({ status: "due", amount: "1 cap" });
    expect(itemOnRound(stop, "2026-12-07", "evening", stay)).toEqual({ status: "due", amount: "1 tab" });
    expect(itemOnRound(stop, "2026-12-08", "morning", stay)).toEqual({
      status: "not_due",
      why: "after_stop",
    });
  });

  it("Mon/Wed/Fri: due Monday and Wednesday, not on the Tuesday between", () => {
    const item = itemOf({ medication: "Fortekor 5mg 1 tab AM Mon/Wed/Fri" }, c);
    expect(dueDates(item, stay, "2026-12-05", "2026-12-12")).toEqual([
      "2026-12-07",
      "2026-12-09",
      "2026-12-11",
    ]);
    expect(itemOnRound(item, "2026-12-08", "morning", stay)).toEqual({
      status: "not_due",
      why: "off_day",
      days: { every: "weekdays", weekdays: [1, 3, 5] },
    });
  });

  it("listed dates: due on those days only", () => {
    const item = itemOf({ medication: "Drontal 1 tab with breakfast on 6 Dec and 11th December" }, c);
    expect(dueDates(item, stay, "2026-12-05", "2026-12-12")).toEqual(["2026-12-06", "2026-12-11"]);
  });

  it("a round's own field gives that round's amount; other rounds are not this round", () => {
    const item = itemOf({ medication: "Vetmedin 5mg 1 tab AM", medicationPm: "1/2 tab" }, c);
    expect(itemOnRound(item, "2026-12-06", "morning", stay)).toEqual({ status: "due", amount: "1 tab" });
    expect(itemOnRound(item, "2026-12-06", "midday", stay)).toEqual({
      status: "not_due",
      why: "not_this_round",
    });
    expect(itemOnRound(item, "2026-12-06", "evening", stay)).toEqual({ status: "due", amount: "1/2 tab" });
  });

  it("as needed is 'give if needed' at every round, never due; a condition is due with it", () => {
    const prn = itemOf({ medication: "Piriton 4mg PRN – only if scratching, max 2 in 24h" }, c);
    const insulin = itemOf(
      { medication: "Caninsulin 4 units twice daily with food, ONLY if she has eaten" },
      c,
    );
    for (const round of ROUNDS) {
      expect(itemOnRound(prn, "2026-12-06", round, stay)).toEqual({
        status: "as_needed",
        reason: "only if scratching",
        maxPer24h: 2,
      });
    }
    expect(itemOnRound(insulin, "2026-12-06", "morning", stay)).toEqual({
      status: "conditional",
      amount: "4 units",
      condition: "ONLY if she has eaten",
    });
    expect(itemOnRound(insulin, "2026-12-06", "midday", stay)).toEqual({
      status: "not_due",
      why: "not_this_round",
    });
  });

  it("every other day is due on one round only, never on its off day (issue 34's diuretic)", () => {
    const item = itemOf({ medication: "Furosemide 10mg 1 tab EOD PM from 5/12" }, c);
    expect(grid(item, stay, "2026-12-05", "2026-12-06")).toEqual([
      "2026-12-05 morning: not_this_round",
      "2026-12-05 midday: not_this_round",
      "2026-12-05 evening: due",
      "2026-12-06 morning: off_day",
      "2026-12-06 midday: off_day",
      "2026-12-06 evening: off_day",
    ]);
  });
});

describe("the one tap", () => {
  // Tuesday 8 December 2026.
  const c = context("2026-12-05T09:00:00Z", "2026-12-12T10:00:00Z");
  const stay = stayOf(c);
  const who = (userId: string) => ({ userId, userName: userId, at: "2026-12-05T10:00:00Z" });
  const roundOf = (plan: Plan, date: string, round: Round) =>
    plan.items.map((item) => ({ item, on: itemOnRound(item, date, round, stay) }));
  const confirmed = (plan: Plan) => {
    const first = confirmPlan(plan, who("U1"));
    if (!first.ok) throw new Error(first.why);
    const second = first.state === "confirmed" ? first : confirmPlan(first.plan, who("U2"));
    if (!second.ok) throw new Error(second.why);
    return second.plan;
  };

  it("withheld for issue 34's awkward pet, and only the right items are due", () => {
    const plan = confirmed(
      draftPlan(
        {
          medication: "Piriton 4mg PRN – only if scratching, max 2 in 24h",
          medication2: "Caninsulin 4 units twice daily with food, ONLY if she has eaten",
          medication3: "Prednisolone 5mg: 2 tabs each morning 5/12–7/12, then 1 tab each morning from 8/12",
          medication4: "Fortekor 5mg 1 tab AM Mon/Wed/Fri",
          medication5: "Metronidazole 250mg 1 tab BID. STOP after 7/12",
          dietaryRequirements: "Owner's food 1 cup AM 1 cup PM",
        },
        c,
      ),
    );
    const round = roundOf(plan, "2026-12-08", "morning");
    expect(round.map((r) => `${r.item.key}: ${r.on.status}`)).toEqual([
      "meal: due",
      "med:1: as_needed",
      "med:2: conditional",
      "med:3: due",
      "med:4: not_due",
      "med:5: not_due",
    ]);
    expect(round.find((r) => r.item.key === "med:3")?.on).toEqual({
      status: "due",
      amount: "1 tab",
      step: 1,
    });
    expect(oneTap(planState(plan), round)).toEqual({ offered: false, why: "conditional" });
  });

  it("offered for a confirmed plan whose due items are routine (an as-needed one beside them)", () => {
    const plan = confirmed(
      draftPlan(
        { medication: "Apoquel 16mg 1 tab twice daily", medication2: "Piriton 4mg as needed for itching" },
        c,
      ),
    );
    expect(oneTap(planState(plan), roundOf(plan, "2026-12-08", "morning"))).toEqual({ offered: true });
    expect(oneTap("draft", roundOf(plan, "2026-12-08", "morning"))).toEqual({
      offered: false,
      why: "plan_not_confirmed",
    });
  });

  it("withheld while an instruction is to check, and when one drug is due twice", () => {
    const draft = draftPlan(
      {
        medication: "Owner's own Metacam 1.5ml with breakfast",
        medication3: "Kennel stock Metacam 1.5ml with breakfast",
      },
      c,
    );
    expect(draft.items.filter((i) => i.key !== "meal").map((i) => i.sameDrugAs)).toEqual([
      ["med:3"],
      ["med:1"],
    ]);
    expect(oneTap("confirmed", roundOf(draft, "2026-12-08", "morning"))).toEqual({
      offered: false,
      why: "check_instruction",
    });
    // A person confirms both as written: still two doses of one drug due, never in one tap.
    let plan = draft;
    for (const item of draft.items.filter((i) => i.readBy === "nobody"))
      plan = setItem(plan, item, who("U1"));
    plan = confirmed(plan);
    expect(roundOf(plan, "2026-12-08", "morning").filter((r) => r.on.status === "due")).toHaveLength(3);
    expect(oneTap(planState(plan), roundOf(plan, "2026-12-08", "morning"))).toEqual({
      offered: false,
      why: "same_drug_twice",
    });
  });

  it("nothing due: no one tap", () => {
    const plan = confirmed(draftPlan({ dietaryRequirements: "1 cup AM" }, c));
    expect(oneTap(planState(plan), roundOf(plan, "2026-12-08", "midday"))).toEqual({
      offered: false,
      why: "nothing_due",
    });
  });
});

describe("the other fields and the slots of several drugs (issue 42)", () => {
  const c = context("2026-12-05T10:00:00Z", "2026-12-12T10:00:00Z");
  const stay = stayOf(c);

  it("a fast for a procedure: the meals from its start are not fed, the rounds after it are for a person, the days around it as usual", () => {
    const meal = itemOf(
      { dietaryRequirements: "Own food 1 cup AM 1 cup PM", notes: "Spay Wed 9/12, nil by mouth from 10pm" },
      c,
      "meal",
    );
    expect(meal.readBy).toBe("reader");
    expect(grid(meal, stay, "2026-12-08", "2026-12-10", ["morning", "evening"])).toEqual([
      "2026-12-08 morning: due",
      "2026-12-08 evening: due",
      "2026-12-09 morning: fasting",
      "2026-12-09 evening: check",
      "2026-12-10 morning: due",
      "2026-12-10 evening: due",
    ]);
    const on = itemOnRound(meal, "2026-12-09", "morning", stay);
    expect(onRoundWords(on)).toBe(
      'not fed: fasting for the procedure (notes: "Spay Wed 9/12, nil by mouth from 10pm")',
    );
    expect(onRoundWords(itemOnRound(meal, "2026-12-09", "evening", stay))).toMatch(
      /^after the procedure: feed as the vet says/,
    );
  });

  it("a fast that says its end: the rounds after it are fed as usual; one from an evening time starts the night before", () => {
    const until = itemOf({ notes: "Neuter on 8 Dec - starve from midnight until 11am" }, c, "meal");
    expect(grid(until, stay, "2026-12-08", "2026-12-08", ["morning", "evening"])).toEqual([
      "2026-12-08 morning: fasting",
      "2026-12-08 evening: due",
    ]);
    // From an afternoon time: the night before, its evening round after the start not fed.
    const early = itemOf({ notes: "Dental 10/12, no food after 4pm the day before" }, c, "meal");
    expect(grid(early, stay, "2026-12-09", "2026-12-10", ["morning", "evening"])).toEqual([
      "2026-12-09 morning: due",
      "2026-12-09 evening: fasting",
      "2026-12-10 morning: fasting",
      "2026-12-10 evening: check",
    ]);
  });

  it("an allergy on record: the item is left to a person, and the round says which allergy and why until a person sets it", () => {
    const item = itemOf({ allergies: "Penicillin (hives)", medication: "Synulox 250mg 1 tab BID" }, c);
    expect(item.readBy).toBe("nobody");
    expect(item.allergies).toEqual([
      { allergy: "Penicillin (hives)", field: "allergies", word: "Synulox", group: "penicillins" },
    ]);
    expect(item.source.fields.map((f) => f.field)).toEqual(["medication", "allergies"]);
    const on = itemOnRound(item, "2026-12-06", "morning", stay);
    expect(onRoundWords(on)).toBe(
      'check: ⚠️ allergies: "Penicillin (hives)" · Synulox is one of the penicillins: check with the vet or the owner before it is given',
    );
    const plan = draftPlan({ allergies: "Penicillin (hives)", medication: "Synulox 250mg 1 tab BID" }, c);
    const set = setItem(
      plan,
      { ...item, when: { ...item.when } },
      { userId: "U1", userName: "Sam", at: c.now },
    );
    expect(itemOnRound(set.items[1] as PlanItem, "2026-12-06", "morning", stay).status).toBe("due");
  });

  it("a slot of several drugs is due at each drug's rounds, naming the drugs due; a person's setting is the slot's whole", () => {
    const item = itemOf({ medication: "Vetmedin 5mg 1 tab BID, Fortekor 5mg 1 tab AM" }, c);
    expect(itemOnRound(item, "2026-12-06", "morning", stay)).toEqual({
      status: "due",
      amount: "Vetmedin 5mg 1 tab + Fortekor 5mg 1 tab",
    });
    expect(itemOnRound(item, "2026-12-06", "evening", stay)).toEqual({
      status: "due",
      amount: "Vetmedin 5mg 1 tab",
    });
    expect(itemOnRound(item, "2026-12-06", "midday", stay)).toEqual({
      status: "not_due",
      why: "not_this_round",
    });
    const plan = draftPlan({ medication: "Vetmedin 5mg 1 tab BID, Fortekor 5mg 1 tab AM" }, c);
    const set = setItem(
      plan,
      { ...item, when: { ...item.when, rounds: [{ round: "evening", why: "set" }] } },
      { userId: "U1", userName: "Sam", at: c.now },
    );
    const mine = set.items[1] as PlanItem;
    expect(mine.parts).toBeUndefined();
    expect(itemOnRound(mine, "2026-12-06", "morning", stay).status).toBe("not_due");
  });
});
