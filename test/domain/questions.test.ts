/**
 * The plan form's questions (issue 44): each doubt the reader left to a person a question with its
 * answers, built from what the reader read; the answers settle the items (a person's, doubts kept);
 * a drug in two slots one question; "the same dose written twice" leaves the other slot never due.
 */
import { describe, expect, it } from "vitest";
import { draftPlan, type ReaderContext } from "../../src/domain/plan/draft.ts";
import {
  applyAnswers,
  openQuestions,
  planQuestions,
  type QuestionContext,
  shownQuestions,
  writtenTwice,
} from "../../src/domain/plan/questions.ts";
import { itemOnRound } from "../../src/domain/plan/schedule.ts";
import { confirmPlan, setItem } from "../../src/domain/plan/state.ts";
import type { Doubt, Plan } from "../../src/domain/plan/types.ts";
import { DEFAULT_ROUND_TIMES } from "../../src/domain/round-times.ts";
import type { Pet } from "../../src/kennel/schemas.ts";
import { stayContext } from "../helpers/reader.ts";

const ARRIVAL = "2026-11-27T10:00:00Z";
const context: ReaderContext = stayContext(ARRIVAL, undefined, { bookingId: 1, petId: 2 });
const ctx: QuestionContext = { today: "2026-11-29", arrival: "2026-11-27", dateOrder: "dmy" };
const stay = {
  arrival: ARRIVAL,
  departure: undefined,
  timeZone: "Europe/London",
  roundTimes: DEFAULT_ROUND_TIMES,
};
const who = { userId: "U1", userName: "Jane", at: "2026-11-29T12:00:00Z" };
const draft = (fields: Record<string, string>): Plan => draftPlan(fields as unknown as Pet, context);
const answers = (pairs: Record<string, string>) => new Map(Object.entries(pairs));

describe("the questions of a plan's doubts", () => {
  it("asks each doubt with its answers, from what the reader read", () => {
    const plan = draft({
      medication: "Pardale-V 400 mg: one tablet",
      medicationPm: "One tablet",
      medication2: "Soloxine 0.4 mg: one tablet once daily",
      medication3: "Apoquel 1 tab twice daily or as needed",
      medication4: "Vitamin B12 1ml weekly",
    });
    const qs = planQuestions(plan, ctx);
    const of = (id: string) => qs.find((q) => q.id === id)?.answers.map((a) => a.resolution);
    expect(of("instruction_beside_fields:med:1")).toEqual([
      { do: "rounds", rounds: ["morning", "evening"] },
      { do: "as_read" },
    ]);
    expect(of("once_no_round:med:2")).toEqual([
      { do: "rounds", rounds: ["morning"] },
      { do: "rounds", rounds: ["midday"] },
      { do: "rounds", rounds: ["evening"] },
    ]);
    expect(of("needed_and_routine:med:3")?.[0]).toEqual({ do: "as_needed" });
    expect(of("weekly_no_day:med:4")).toHaveLength(7);
    // One tap each: at most ten choices, so they fit radio buttons.
    for (const q of qs) expect(q.answers.length).toBeLessThanOrEqual(10);
  });

  it("answered, the items are the person's, their doubts kept; an unanswered one is open", () => {
    const plan = draft({
      medication: "Pardale-V 400 mg: one tablet",
      medicationPm: "One tablet",
      medication2: "Soloxine 0.4 mg: one tablet once daily",
    });
    const qs = planQuestions(plan, ctx);
    const half = answers({ "instruction_beside_fields:med:1": "0" });
    expect(openQuestions(qs, half).map((q) => q.id)).toEqual(["once_no_round:med:2"]);
    expect(applyAnswers(plan, qs, half, who).map((i) => i.key)).toEqual(["med:1"]);
    const all = answers({ "instruction_beside_fields:med:1": "0", "once_no_round:med:2": "2" });
    const set = applyAnswers(plan, qs, all, who);
    expect(openQuestions(qs, all)).toEqual([]);
    expect(set.find((i) => i.key === "med:1")?.when.rounds.map((d) => d.round)).toEqual([
      "morning",
      "evening",
    ]);
    expect(set.find((i) => i.key === "med:2")).toMatchObject({
      readBy: "person",
      setBy: who,
      doubts: ["once_no_round"],
      when: { rounds: [{ round: "evening", why: "set by a person" }] },
    });
    // The plan with them set is confirmed: nothing is left to a person.
    const answered = set.reduce((p, i) => setItem(p, i, who), plan);
    expect(confirmPlan(answered, who).ok).toBe(true);
    // An answer naming no answer of its question settles nothing.
    expect(applyAnswers(plan, qs, answers({ "once_no_round:med:2": "9" }), who)).toEqual([]);
  });

  it("a drug in two slots is one question: two doses, or the same dose written twice (the other never due)", () => {
    const plan = draft({
      medication: "Owner's own Metacam 1.5ml with breakfast",
      medication2: "Kennel stock Metacam 1.5ml with breakfast",
    });
    const qs = planQuestions(plan, ctx);
    expect(qs.map((q) => q.id)).toEqual(["same_drug:med:1+med:2"]);
    const once = applyAnswers(plan, qs, answers({ "same_drug:med:1+med:2": "1" }), who);
    const second = once.find((i) => i.key === "med:2");
    if (!second) throw new Error("med:2 not settled");
    expect(writtenTwice(second)).toBe(true);
    expect(itemOnRound(second, "2026-11-29", "morning", stay)).toEqual({
      status: "not_due",
      why: "written_twice",
    });
    const first = once.find((i) => i.key === "med:1");
    expect(first && itemOnRound(first, "2026-11-29", "morning", stay).status).toBe("due");
    const two = applyAnswers(plan, qs, answers({ "same_drug:med:1+med:2": "0" }), who);
    expect(two.every((i) => itemOnRound(i, "2026-11-29", "morning", stay).status === "due")).toBe(true);
  });

  it("an item with no round read and no question that sets one is asked its rounds (never settled at none)", () => {
    const drafted = draft({ medication: "Metacam 1.5ml as directed" });
    const qs0 = planQuestions(drafted, ctx);
    // Its own doubt asks the rounds ("the words name no round"): no second question for them.
    expect(qs0.map((q) => q.id)).toContain("no_round:med:1");
    expect(qs0.map((q) => q.id)).not.toContain("rounds:med:1");
    // Left to a person for a doubt that settles no round (judgement alone), with no round read: asked.
    const plan = {
      ...drafted,
      items: drafted.items.map((i) =>
        i.key === "med:1" ? { ...i, doubts: ["left_to_judgement" as const] } : i,
      ),
    };
    const qs = planQuestions(plan, ctx);
    expect(qs.map((q) => q.id)).toEqual(["left_to_judgement:med:1", "rounds:med:1"]);
  });

  it("a doubt no answer can settle is a question with none (the edit form settles it); moot once written twice", () => {
    const plan = draft({ medication: "Prednisolone 5mg 2 tabs days 1-3, then 1 tab" });
    const qs = planQuestions(plan, ctx);
    const editOnly = qs.filter((q) => q.answers.length === 0);
    expect(editOnly.length).toBeGreaterThan(0);
    expect(openQuestions(qs, new Map())).toEqual(qs);
    expect(shownQuestions(qs, new Map())).toEqual(qs);
  });
});

describe("every doubt the reader can leave", () => {
  // Each doubt with what answers it, or "edit": only the edit form settles it. A doubt the reader adds
  // is a type error here until it is given its question (or said to be the edit form's).
  const ANSWERED: Record<Doubt, "answers" | "edit"> = {
    unreadable_field: "edit",
    no_round: "answers",
    once_no_round: "answers",
    more_than_rounds: "answers",
    rounds_disagree: "answers",
    instruction_beside_fields: "answers",
    instruction_only_round: "answers",
    no_day_one: "edit",
    weekly_no_day: "answers",
    longer_interval: "answers",
    duration_no_start: "edit",
    until_unclear: "edit",
    date_unreadable: "edit",
    date_unclear: "edit",
    taper_by_day_number: "edit",
    taper_unclear: "edit",
    amounts_differ: "answers",
    amount_range: "answers",
    no_amount: "answers",
    by_weight: "answers",
    condition_no_round: "answers",
    needed_and_routine: "answers",
    left_to_judgement: "answers",
    same_drug: "answers",
    fasting: "answers",
    field_conflict: "answers",
    unplaced_words: "answers",
    allergy: "answers",
    stopped: "answers",
    daily_total: "answers",
    parts_unclear: "edit",
    time_off_round: "answers",
    food_differs: "answers",
  };

  it("is asked with its answers in the form, or said to be the edit form's (with its words, a date: see above)", () => {
    const base = draft({ medication: "Rimadyl 50 mg twice daily" }).items.find((i) => i.key === "med:1");
    if (!base) throw new Error("no Rimadyl");
    for (const [doubt, how] of Object.entries(ANSWERED) as Array<[Doubt, "answers" | "edit"]>) {
      const item = { ...base, readBy: "nobody" as const, doubts: [doubt] };
      const [q] = planQuestions({ ...draft({}), items: [item] }, ctx);
      // "edit": no answer without words of its own (a date, a course's length, days to count); answered given them.
      if (how === "answers") expect(q?.answers.length, doubt).toBeGreaterThan(0);
      expect(q?.answers.length ?? 0, doubt).toBeLessThanOrEqual(10);
    }
  });
});
