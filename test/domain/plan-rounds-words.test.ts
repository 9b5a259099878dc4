/**
 * The reader never puts a dose on a round its words forbid, nor invents a time: a round said not
 * given ("skip PM", "NOT at night", "was PM") is never a round of the plan's reading, of its "as
 * read" answer, nor of the unconfirmed sheet's words; "0.2 pm" is an amount, never 2 pm; a clock
 * time outside its round's dose window ("at 3am", "10pm") is left to a person; and every word is
 * accounted for ("both eyes" is part of the amount, "with food" at one round and "without" at
 * another is for a person).
 */
import { describe, expect, it } from "vitest";
import { careOf, medicationsFor, type Round } from "../../src/domain/care.ts";
import { draftPlan } from "../../src/domain/plan/draft.ts";
import { planQuestions } from "../../src/domain/plan/questions.ts";
import { planRound } from "../../src/domain/plan/round.ts";
import type { PlanItem } from "../../src/domain/plan/types.ts";
import { DEFAULT_ROUND_TIMES } from "../../src/domain/round-times.ts";
import { roundSheet } from "../../src/domain/rounds.ts";
import { readPet } from "../../src/kennel/schemas.ts";
import { silentLogger } from "../../src/log.ts";
import { roundMedicationRow } from "../../src/words/care.ts";
import { answerWords, questionWords } from "../../src/words/plan-questions.ts";
import { stayContext } from "../helpers/reader.ts";

const CONTEXT = stayContext("2026-12-01T10:00:00Z", "2026-12-08T10:00:00Z");
const STAY = {
  arrival: "2026-12-01T10:00:00Z",
  departure: "2026-12-08T10:00:00Z",
  timeZone: "Europe/London",
  roundTimes: DEFAULT_ROUND_TIMES,
};

const planOf = (medication: string) => draftPlan({ medication }, CONTEXT);
const itemOf = (medication: string): PlanItem =>
  planOf(medication).items.find((i) => i.key === "med:1") as PlanItem;
const roundsOf = (i: PlanItem): Round[] => i.when.rounds.map((d) => d.round);

/** Every question of the plan with its answers, in words. */
function asked(medication: string): Array<{ question: string; answers: string[] }> {
  const plan = planOf(medication);
  return planQuestions(plan, { today: "2026-12-02", arrival: "2026-12-01", dateOrder: "dmy" }).map((q) => ({
    question: questionWords(q, plan.items),
    answers: q.answers.map((a) => answerWords(q, a, plan.items)),
  }));
}

/** The unconfirmed plan's round: the sheet of the words and the plan's due items. */
function unconfirmedRound(medication: string, round: Round) {
  const pet = readPet({ petId: 1, petName: "Rex", medication }, silentLogger()) ?? {};
  const care = careOf(pet);
  const sheet = roundSheet(care, round);
  const [line] = medicationsFor(care.medications, round);
  const due = planRound(planOf(medication), sheet, "2026-12-02", round, STAY).due;
  return {
    line,
    row: line ? roundMedicationRow(line, round) : "",
    due: due.filter((d) => d.item === "med:1"),
  };
}

describe("a round the words say is not given", () => {
  it.each([
    "Rimadyl 50mg 1 tab AM, skip PM",
    "Rimadyl 50mg 1 tab AM, no PM dose",
    "Rimadyl 50mg 1 tab AM, NOT at night",
  ])("%s: the plan reads the morning only, with certainty", (words) => {
    const item = itemOf(words);
    expect({ readBy: item.readBy, rounds: roundsOf(item), amount: item.what.amount }).toEqual({
      readBy: "reader",
      rounds: ["morning"],
      amount: "1 tab",
    });
  });

  it("(was PM, changed by vet): left to a person, and its 'as read' answer is the morning only", () => {
    const item = itemOf("Rimadyl 50mg 1 tab AM (was PM, changed by vet)");
    expect(item.readBy).toBe("nobody");
    expect(roundsOf(item)).toEqual(["morning"]);
    expect(asked("Rimadyl 50mg 1 tab AM (was PM, changed by vet)")).toEqual([
      {
        question: 'Rimadyl 50mg: could not read "changed", "vet": what do they change? Give it as read?',
        answers: ["they change nothing: give it as read (morning, every day)"],
      },
    ]);
  });

  it.each([
    ["Rimadyl 50mg 1 tab AM, skip PM", "skip PM"],
    ["Rimadyl 50mg 1 tab AM, no PM dose", "no PM dose"],
    ["Rimadyl 50mg 1 tab AM, NOT at night", "NOT at night"],
    ["Rimadyl 50mg 1 tab AM (was PM, changed by vet)", "was PM"],
  ])("%s: the unconfirmed evening sheet shows it whole, not due, saying why", (words, not) => {
    const evening = unconfirmedRound(words, "evening");
    expect(evening.line?.due).toBe(false);
    expect(evening.row).toBe(
      `${evening.line?.medication.name} · instruction: ${words} · its words say not in the evening ("${not}")`,
    );
    expect(evening.due).toEqual([]);
    expect(unconfirmedRound(words, "morning").line?.due).toBe(true);
  });

  it("an instruction naming no other round: not due on the round its words say not", () => {
    const words = "Rimadyl 50mg 1 tab, no PM dose";
    expect(unconfirmedRound(words, "evening").line?.state).toBe("named_elsewhere");
    expect(unconfirmedRound(words, "midday").line?.state).toBe("no_time");
  });

  it("an evening field beside words that say no evening dose: left to a person", () => {
    const plan = draftPlan(
      { medication: "Rimadyl 50mg 1 tab AM, no PM dose", medicationPm: "1 tab" },
      CONTEXT,
    );
    expect(plan.items[1]?.doubts).toContain("field_conflict");
  });
});

describe("an amount before am or pm", () => {
  it("Thyroxine 0.4mg am 0.2 pm: never midday, left to a person, every answer morning and evening", () => {
    const item = itemOf("Thyroxine 0.4mg am 0.2 pm");
    expect(item.readBy).toBe("nobody");
    expect(item.doubts).toContain("amounts_differ");
    expect(roundsOf(item)).toEqual(["morning", "evening"]);
    const answers = asked("Thyroxine 0.4mg am 0.2 pm").flatMap((q) => q.answers);
    expect(answers.length).toBeGreaterThan(0);
    for (const a of answers) expect(a).toMatch(/morning and evening/);
    for (const a of answers) expect(a).not.toMatch(/midday/);
  });

  it("on the sheet: due morning and evening, not at midday", () => {
    const sheet = (["morning", "midday", "evening"] as const).map(
      (r) =>
        medicationsFor(
          [
            {
              n: 1,
              name: "Thyroxine",
              instruction: "Thyroxine 0.4mg am 0.2 pm",
              midday: undefined,
              evening: undefined,
            },
          ],
          r,
        )[0]?.due,
    );
    expect(sheet).toEqual([true, false, true]);
  });
});

describe("a clock time outside its round's dose window", () => {
  it.each([
    ["Vetmedin 1.25mg 1 tab at 3am", "Vetmedin 1.25mg is written for “3am”"],
    ["Phenobarbital 30mg at 6am and 10pm", "Phenobarbital 30mg is written for “6am” and “10pm”"],
  ])("%s: left to a person, the time as written in the question", (words, says) => {
    const item = itemOf(words);
    expect({ readBy: item.readBy, doubts: item.doubts }).toEqual({
      readBy: "nobody",
      doubts: ["time_off_round"],
    });
    const [q] = asked(words);
    expect(q?.question).toBe(`${says}, away from the round's time: at which rounds is it given?`);
    expect(q?.answers[0]).toMatch(/^at the round's time: /);
    expect(q?.answers).toContain("as needed (no round)");
  });

  it("the round times are the kennel's: with an evening round at 21:00, 10pm is on it", () => {
    expect(itemOf("Phenobarbital 30mg at 6am and 10pm").readBy).toBe("nobody");
    const late = stayContext("2026-12-01T10:00:00Z", "2026-12-08T10:00:00Z", {
      rounds: {
        times: { morning: "06:00", midday: "12:00", evening: "21:00" },
        beforeMinutes: 60,
        afterMinutes: 120,
      },
    });
    const item = draftPlan({ medication: "Phenobarbital 30mg at 6am and 10pm" }, late).items[1] as PlanItem;
    expect({ readBy: item.readBy, rounds: roundsOf(item) }).toEqual({
      readBy: "reader",
      rounds: ["morning", "evening"],
    });
  });

  it("within the window it stays certain (7am and 7pm)", () => {
    expect(itemOf("Phenobarbital 30mg 1 tab at 7am and 7pm").readBy).toBe("reader");
  });

  it("at 3am, not confirmed: a check for a person, the sheet showing the stated time, never another", () => {
    expect(itemOf("Vetmedin 1.25mg 1 tab at 3am").readBy).toBe("nobody");
    const morning = unconfirmedRound("Vetmedin 1.25mg 1 tab at 3am", "morning");
    expect(morning.row).toBe(
      `${morning.line?.medication.name} · instruction (its words "3am" put it on this round): Vetmedin 1.25mg 1 tab at 3am`,
    );
  });
});

describe("every word accounted for", () => {
  it("with food at one round and without at another: left to a person", () => {
    const item = itemOf("Metacam 1.5ml AM with food, PM without food");
    expect({ readBy: item.readBy, doubts: item.doubts }).toEqual({
      readBy: "nobody",
      doubts: ["food_differs"],
    });
    expect(asked("Metacam 1.5ml AM with food, PM without food")[0]?.answers).toEqual([
      "yes: morning and evening, every day, each round with or without food as its words say",
    ]);
  });

  it.each([
    ["Chloramphenicol drops 1 drop both eyes BID", "1 drop both eyes"],
    ["Chloramphenicol drops 1 drop OU BID", "1 drop OU"],
    ["Isathal 1 drop in each eye TID", "1 drop in each eye"],
    ["Otomax 4 drops AU BID", "4 drops AU"],
    ["Surolan 5 drops both ears twice daily", "5 drops both ears"],
  ])("%s: where each drop goes is part of the amount", (words, amount) => {
    const item = itemOf(words);
    expect({ readBy: item.readBy, amount: item.what.amount }).toEqual({ readBy: "reader", amount });
  });

  it("both eyes away from its amount: left to a person, the words named", () => {
    const item = itemOf("Both eyes: 1 drop BID");
    expect({ readBy: item.readBy, unplaced: item.unplaced }).toEqual({
      readBy: "nobody",
      unplaced: ["Both eyes"],
    });
  });
});
