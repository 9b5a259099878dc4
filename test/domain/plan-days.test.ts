/**
 * Days the words say a dose is not given, and "every other": the plan's reader never inverts them
 * ("except Sunday" is every day but Sunday, never Sundays only), never reads "every other" as daily,
 * and never offers "as read" for days it could not read; an answer "as read" names the days it
 * confirms. The schedule is due on the days the plan holds, and the sheet of a plan not confirmed
 * shows such a dose whole on a day it is not due by its words, without chasing it.
 */
import { describe, expect, it } from "vitest";
import { careOf, medicationsFor } from "../../src/domain/care.ts";
import { draftPlan, type ReaderContext } from "../../src/domain/plan/draft.ts";
import { applyAnswers, planQuestions } from "../../src/domain/plan/questions.ts";
import { planRound } from "../../src/domain/plan/round.ts";
import { itemOnRound, type StayTimes } from "../../src/domain/plan/schedule.ts";
import type { Plan, PlanItem } from "../../src/domain/plan/types.ts";
import { DEFAULT_ROUND_TIMES } from "../../src/domain/round-times.ts";
import { medicationLines, roundSheet } from "../../src/domain/rounds.ts";
import type { Pet } from "../../src/kennel/schemas.ts";
import { roundMedicationRow } from "../../src/words/care.ts";
import { onRoundWords } from "../../src/words/plan.ts";
import { answerWords } from "../../src/words/plan-questions.ts";
import { stayContext } from "../helpers/reader.ts";

// Tue 1 Dec to Tue 8 Dec 2026: Sat 5, Sun 6, Mon 7.
const ARRIVAL = "2026-12-01T10:00:00Z";
const context: ReaderContext = stayContext(ARRIVAL, "2026-12-08T17:00:00Z", { timeZone: "UTC" });
const stay: StayTimes = {
  arrival: ARRIVAL,
  departure: "2026-12-08T17:00:00Z",
  timeZone: "UTC",
  roundTimes: DEFAULT_ROUND_TIMES,
};
const SATURDAY = "2026-12-05";
const SUNDAY = "2026-12-06";
const MONDAY = "2026-12-07";
const ASKED = { today: "2026-12-02", arrival: "2026-12-01", dateOrder: "dmy" } as const;

const planOf = (medication: string) => draftPlan({ medication } as Pet, context);
const itemOf = (medication: string): PlanItem => {
  const item = planOf(medication).items.find((i) => i.key === "med:1");
  if (!item) throw new Error("no med:1");
  return item;
};
const status = (item: PlanItem, date: string, round: "morning" | "midday" | "evening") => {
  const on = itemOnRound(item, date, round, stay);
  return on.status === "not_due" ? on.why : on.status;
};

describe("days it is not given: read as the days it is", () => {
  const everyDayButSunday = [1, 2, 3, 4, 5, 6];
  it.each([
    ["Apoquel 16mg 1 tab twice daily except Sunday", everyDayButSunday],
    ["Apoquel 16mg 1 tab BID, not Sunday", everyDayButSunday],
    ["Apoquel 16mg 1 tab BID, no Sundays", everyDayButSunday],
    ["Apoquel 16mg 1 tab BID, Sundays off", everyDayButSunday],
    ["Apoquel 16mg 1 tab BID, nil Sunday", everyDayButSunday],
    ["Apoquel 16mg 1 tab BID, no dose Sunday", everyDayButSunday],
    ["Apoquel 16mg 1 tab BID, not on Sundays", everyDayButSunday],
    ["Apoquel 16mg 1 tab BID, except weekends", [1, 2, 3, 4, 5]],
    ["Apoquel 16mg 1 tab BID except Sat & Sun", [1, 2, 3, 4, 5]],
    ["Fortekor 5mg 1 tab AM Mon-Fri, not Wednesday", [1, 2, 4, 5]],
  ])("%j: given on %j, every word read", (words, weekdays) => {
    const item = itemOf(words);
    expect(item.when.days).toEqual({ every: "weekdays", weekdays });
    expect(item.readBy).toBe("reader");
  });

  it.each([
    // One round of one day off: a plan's days cannot hold it.
    "Apoquel 16mg 1 tab BID except Sunday evening",
    "Apoquel 16mg 1 tab BID, no PM dose on Sunday",
    "Apoquel 16mg 1 tab BID except Sunday: 1 tab only",
  ])("%j: left to a person, never read as the day it names, never confirmed as read", (words) => {
    const plan = planOf(words);
    const item = plan.items.find((i) => i.key === "med:1") as PlanItem;
    expect(item.readBy).toBe("nobody");
    expect(item.when.days).not.toEqual(expect.objectContaining({ weekdays: [0] }));
    const questions = planQuestions(plan, ASKED).filter((q) => q.items.includes("med:1"));
    // Some question only the edit form answers: the first answer of each settles nothing.
    const first = new Map(questions.flatMap((q) => (q.answers[0] ? [[q.id, q.answers[0].id]] : [])));
    expect(applyAnswers(plan, questions, first, { userId: "U1", userName: "Sam", at: ARRIVAL })).toEqual([]);
  });

  it("the schedule: due every day but Sunday, and the plan says why not on Sunday", () => {
    const item = itemOf("Apoquel 16mg 1 tab twice daily except Sunday");
    expect([SATURDAY, SUNDAY, MONDAY].map((d) => status(item, d, "morning"))).toEqual([
      "due",
      "off_day",
      "due",
    ]);
    expect(status(item, SUNDAY, "evening")).toBe("off_day");
    expect(onRoundWords(itemOnRound(item, SUNDAY, "morning", stay))).toBe("not today: every day but Sunday");
    const weekends = itemOf("Apoquel 16mg 1 tab BID, except weekends");
    expect([SATURDAY, SUNDAY, MONDAY].map((d) => status(weekends, d, "evening"))).toEqual([
      "off_day",
      "off_day",
      "due",
    ]);
  });
});

describe("every other day, evening, morning: never daily", () => {
  it.each([
    "Furosemide 20mg 1 tab every other day AM",
    "Furosemide 20mg 1 tab alternate days AM",
    "Furosemide 20mg 1 tab EOD AM",
    "Furosemide 20mg 1 tab q48h AM",
    "Apoquel 16mg 1 tab every other evening",
    "Apoquel 16mg 1 tab alternate evenings",
  ])("%j, with no day to count from: a person says which day, never due daily", (words) => {
    const plan = planOf(words);
    const item = plan.items.find((i) => i.key === "med:1") as PlanItem;
    expect(item.readBy).toBe("nobody");
    expect(item.doubts).toEqual(["no_day_one"]);
    const [q] = planQuestions(plan, ASKED);
    expect(q?.answers.map((a) => answerWords(q, a, plan.items))).toEqual([
      "yes, today Wed 2 Dec",
      "no: its first is tomorrow, Thu 3 Dec",
    ]);
    const [set] = applyAnswers(plan, q ? [q] : [], new Map([[q?.id ?? "", "0"]]), {
      userId: "U1",
      userName: "Sam",
      at: ARRIVAL,
    });
    const round = set?.when.rounds[0]?.round ?? "morning";
    expect(["2026-12-02", "2026-12-03", "2026-12-04"].map((d) => status(set as PlanItem, d, round))).toEqual([
      "due",
      "off_day",
      "due",
    ]);
  });

  it("every other evening from a day given: read, at the evening only", () => {
    const item = itemOf("Apoquel 16mg 1 tab alternate evenings, last given 4/12");
    expect(item.readBy).toBe("reader");
    expect(item.when.rounds.map((r) => r.round)).toEqual(["evening"]);
    expect(item.when.days).toEqual({ every: "n_days", n: 2, from: "2026-12-04" });
  });

  it("every morning and every other evening: a plan's one set of days cannot hold it; never confirmed as read", () => {
    const plan = planOf("Apoquel 16mg 1 tab every morning and every other evening");
    const item = plan.items.find((i) => i.key === "med:1") as PlanItem;
    expect(item.readBy).toBe("nobody");
    expect(item.unplaced).toEqual(["every other"]);
    const questions = planQuestions(plan, ASKED);
    expect(questions.map((q) => q.answers.length)).toEqual([0]);
  });
});

describe("an answer 'as read' says the days it confirms", () => {
  it("words it could not read: 'they change nothing' names the rounds and the days", () => {
    const plan = planOf("Apoquel 16mg 1 tab twice daily except Sunday, ring owner");
    const [q] = planQuestions(plan, ASKED);
    expect(q?.answers.map((a) => answerWords(q, a, plan.items))).toEqual([
      "they change nothing: give it as read (morning and evening, every day but Sunday)",
    ]);
  });

  it("every day, said so", () => {
    const plan = planOf("Apoquel 16mg 1 tab twice daily, ring owner");
    const [q] = planQuestions(plan, ASKED);
    expect(q && answerWords(q, q.answers[0] as NonNullable<(typeof q.answers)[0]>, plan.items)).toBe(
      "they change nothing: give it as read (morning and evening, every day)",
    );
  });
});

describe("the sheet of a plan not confirmed: a day off by its words is shown, never chased", () => {
  const petWith = (medication: string) => ({ petId: 70, name: "Bonnie", medication }) as unknown as Pet;
  const onSheet = (medication: string, date: string, r: "morning" | "midday" | "evening") => {
    const pet = petWith(medication);
    const sheet = roundSheet(careOf(pet), r, DEFAULT_ROUND_TIMES[r], undefined, date);
    const plan: Plan = draftPlan(pet, context);
    const rm = sheet.medications[0] as NonNullable<(typeof sheet.medications)[0]>;
    return { rm, row: roundMedicationRow(rm, r), due: planRound(plan, sheet, date, r, stay).due };
  };

  it.each([
    // Read by the reader (the plan not confirmed yet), and left to a person ("ring owner").
    "Apoquel 16mg 1 tab twice daily except Sunday",
    "Apoquel 16mg 1 tab twice daily except Sunday, ring owner",
  ])("%j on Sun 6 Dec: its line says not today by its words, nothing due; on Monday due", (words) => {
    for (const r of ["morning", "evening"] as const) {
      const sunday = onSheet(words, SUNDAY, r);
      expect(sunday.rm.due).toBe(false);
      expect(sunday.row).toContain(words);
      expect(sunday.row).toContain('not today: its words say "except Sunday"');
      expect(sunday.due.map((d) => d.item)).not.toContain("med:1");
      const monday = onSheet(words, MONDAY, r);
      expect(monday.due.map((d) => d.item)).toContain("med:1");
    }
  });

  it("every other day AM: shown whole each morning with what to check, never due from the words", () => {
    for (const date of ["2026-12-02", "2026-12-03"]) {
      const { rm, row, due } = onSheet("Furosemide 20mg 1 tab every other day AM", date, "morning");
      expect(rm.due).toBe(false);
      expect(row).toContain("Furosemide 20mg 1 tab every other day AM");
      expect(row).toContain("every other day: was it given yesterday? check the record");
      expect(due.map((d) => d.item)).not.toContain("med:1");
    }
  });

  it("EOD with no round: due on no round from the words; every other evening: the morning still due", () => {
    for (const r of ["morning", "midday", "evening"] as const) {
      expect(medicationsFor(careOf(petWith("Furosemide 20mg 1 tab EOD")).medications, r)[0]?.due).toBe(false);
    }
    const both = careOf(petWith("Apoquel 16mg 1 tab every morning and every other evening")).medications;
    expect(medicationsFor(both, "morning")[0]?.due).toBe(true);
    expect(medicationsFor(both, "evening")[0]?.state).toBe("some_days");
  });

  it("a plan that reads its days (EOD from a date): on its day the instruction whole, no sheet reckoning; off: the plan says why", () => {
    const pet = petWith("Furosemide 20mg 1 tab EOD AM from 2/12");
    const plan = draftPlan(pet, context);
    expect(plan.items.find((i) => i.key === "med:1")?.readBy).toBe("reader");
    const lineOn = (date: string) => {
      const sheet = roundSheet(careOf(pet), "morning", DEFAULT_ROUND_TIMES.morning, undefined, date);
      const [line] = medicationLines(sheet, planRound(plan, sheet, date, "morning", stay));
      return line;
    };
    expect(lineOn("2026-12-04")).toMatchObject({ due: true, planSays: false, planDecides: true });
    const off = lineOn("2026-12-05");
    expect(off).toMatchObject({ due: false, planSays: true, planDecides: true });
    expect(off?.on && onRoundWords(off.on)).toBe("not today: every other day from Wed 2 Dec");
  });
});
