/**
 * The reader over a whole pet: the feeding and each slot become items in the API's order, the same
 * drug in two slots is flagged on both, a field that could not be read is left to a person, every
 * item keeps its source words whole, and the kennel's own high-alert words count.
 */
import { describe, expect, it } from "vitest";
import { draftPlan, type ReaderContext } from "../../src/domain/plan/draft.ts";
import type { Doubt } from "../../src/domain/plan/types.ts";
import { readPet } from "../../src/kennel/schemas.ts";
import { silentLogger } from "../../src/log.ts";
import {
  doubtWords,
  noOneTapWords,
  onRoundWords,
  planStateWords,
  readingWords,
} from "../../src/words/plan.ts";
import { stayContext } from "../helpers/reader.ts";

const CONTEXT: ReaderContext = stayContext("2026-12-05T10:00:00Z", "2026-12-12T10:00:00Z", {
  bookingId: 3,
  petId: 30,
  highAlertWords: ["potassium citrate", "Chemo"],
});

describe("a pet's draft plan", () => {
  it("one drug typed into two slots (issue 34): both flagged, each naming the other, neither due until a person says", () => {
    const plan = draftPlan(
      {
        medication: "Owner's own Metacam 1.5ml with breakfast",
        medication2: "Apoquel 16mg 1 tab twice daily",
        medication3: "Kennel stock Metacam 1.5ml with breakfast",
      },
      CONTEXT,
    );
    expect(plan.items.map((i) => [i.key, i.readBy, i.sameDrugAs, i.what.drug])).toEqual([
      ["meal", "reader", [], undefined],
      ["med:1", "nobody", ["med:3"], "meloxicam"],
      ["med:2", "reader", [], "oclacitinib"],
      ["med:3", "nobody", ["med:1"], "meloxicam"],
    ]);
    expect(plan.items[1]?.doubts).toEqual(["same_drug"]);
  });

  it("a brand and its generic name are one drug (Rimadyl and carprofen)", () => {
    const plan = draftPlan(
      { medication: "Rimadyl 50mg 1 tab BID", medication4: "Carprofen 50mg 1 tab AM" },
      CONTEXT,
    );
    expect(plan.items.filter((i) => i.key !== "meal").map((i) => i.sameDrugAs)).toEqual([
      ["med:4"],
      ["med:1"],
    ]);
  });

  it("two different drugs are not flagged, however alike their words", () => {
    const plan = draftPlan(
      { medication: "Owner's own Apoquel 16mg 1 tab AM", medication2: "Owner's own Vetmedin 5mg 1 tab AM" },
      CONTEXT,
    );
    expect(plan.items.map((i) => i.sameDrugAs)).toEqual([[], [], []]);
  });

  it("keeps each item's source words whole, in the API's order, and 'none' is no item", () => {
    const plan = draftPlan(
      {
        medication: "None",
        medication2: "Vetmedin 5mg 1 tab AM",
        medication2Pm: "1/2 tab",
        medication3: "n/a",
        medication3Pm: "-",
      },
      CONTEXT,
    );
    expect(plan.items.map((i) => i.key)).toEqual(["meal", "med:2"]);
    expect(plan.items[1]?.source.fields).toEqual([
      { field: "medication2", words: "Vetmedin 5mg 1 tab AM" },
      { field: "medication2Pm", words: "1/2 tab" },
    ]);
    expect(plan.items[1]?.what.text).toBe("Vetmedin 5mg 1 tab AM · 1/2 tab");
    expect(plan.items[1]?.source.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("a slot whose field could not be read as text is left to a person", () => {
    const pet = readPet(
      { petId: 30, name: "Biscuit", medication2: { dose: "?" }, medication2Pm: "1 tab" },
      silentLogger(),
    );
    if (!pet) throw new Error("pet not read");
    const plan = draftPlan(pet, CONTEXT);
    const item = plan.items.find((i) => i.key === "med:2");
    expect(item?.readBy).toBe("nobody");
    expect(item?.doubts).toContain("unreadable_field");
  });

  it("the kennel's own high-alert words count, several words as one", () => {
    const plan = draftPlan(
      { medication: "Potassium  Citrate 1 scoop AM", medication2: "chemo tab 1 tab PM Mondays" },
      CONTEXT,
    );
    expect(plan.items.slice(1).map((i) => i.highAlert)).toEqual([
      { class: "kennel", word: "Potassium  Citrate" },
      { class: "kennel", word: "chemo" },
    ]);
    expect(
      draftPlan({ medication: "Potassium citrate 1 scoop AM" }, { ...CONTEXT, highAlertWords: [] }).items[1]
        ?.highAlert,
    ).toBeUndefined();
  });
});

describe("the plan in words", () => {
  it("says each doubt", () => {
    const doubts: Doubt[] = ["no_round", "same_drug", "until_unclear", "taper_by_day_number"];
    for (const d of doubts) expect(doubtWords(d).length).toBeGreaterThan(10);
  });

  it("says an item's reading beside its words, and a round's status", () => {
    const plan = draftPlan(
      {
        medication: "Furosemide 10mg 1 tab EOD PM from 5/12",
        medication2: "Piriton 4mg PRN – only if scratching, max 2 in 24h",
        medication3: "Phenobarbital 30mg 1 tab at 7am and 7pm",
      },
      CONTEXT,
    );
    expect(plan.items.map(readingWords)).toEqual([
      "morning and evening · every day · routine · house routine",
      "1 tab · evening · every other day from Sat 5 Dec · from Sat 5 Dec · routine",
      "every day · as needed: only if scratching · at most 2 in 24 h",
      "1 tab · morning and evening · every day · routine · high-alert (Phenobarbital)",
    ]);
    expect(onRoundWords({ status: "due", amount: "1 tab" })).toBe("due: 1 tab");
    expect(onRoundWords({ status: "not_due", why: "off_day" })).toBe("not today");
    expect(onRoundWords({ status: "check", doubts: ["no_round"] })).toBe(
      "check: at which meal (or time of day) is it given?",
    );
    expect(
      onRoundWords({ status: "conditional", amount: "4 units", condition: "ONLY if she has eaten" }),
    ).toBe("due ONLY if she has eaten: 4 units");
  });

  it("says a plan's state and why a round has no one tap", () => {
    expect(planStateWords("draft")).toBe("📋 plan not confirmed");
    expect(planStateWords("changed_in_source")).toBe("changed in the kennel system: confirm again");
    expect(noOneTapWords("same_drug_twice")).toBe("the same drug due twice");
  });
});

describe("a diet that says how many meals, whatever the house routine", () => {
  it("'Two small meals a day' is two meals, morning and evening, even where the house feeds three times", () => {
    for (const rounds of [
      ["morning", "evening"],
      ["morning", "midday", "evening"],
    ] as const) {
      const plan = draftPlan(
        { dietaryRequirements: "Two small meals a day" },
        { ...CONTEXT, houseMeals: { rounds: [...rounds] } },
      );
      const meal = plan.items.find((i) => i.key === "meal");
      expect(meal?.readBy).toBe("reader");
      expect(meal?.when.rounds.map((d) => d.round)).toEqual(["morning", "evening"]);
    }
  });
});

describe("a condition is read only from words that are all a condition's", () => {
  const JUNIPER =
    "Rimadyl 50 mg: half a tablet with breakfast, hidden in a small piece of cheese; she spits it out if she sees it, so check the bowl afterwards and call the owner if she refuses it twice (spare tablets in the blue bag)";

  it("'she spits it out if she sees it' is a behaviour note, not a condition: routine, left to a person with the words whole", () => {
    const plan = draftPlan(
      {
        medication: JUNIPER,
        medicationPm:
          "Half a tablet with dinner, hidden in cheese as in the morning; never on an empty stomach",
      },
      CONTEXT,
    );
    const item = plan.items.find((i) => i.key === "med:1");
    expect(item?.readBy).toBe("nobody");
    expect(item?.kind).toEqual({ kind: "routine" });
    expect(item?.doubts).toContain("unplaced_words");
    expect(item?.unplaced?.join(" ")).toContain("sees it");
    expect(item?.what.text).toContain(JUNIPER);
    // The label the chart and the plan show: no "if she sees it" made up from the note.
    expect(item && readingWords(item)).not.toMatch(/if she/);
    expect(item && readingWords(item)).toMatch(/· routine$/);
  });

  it("a condition whose every word is one still reads: 'skip if sick' after a note that is not", () => {
    const plan = draftPlan({ medication: "Metacam 1.5ml with breakfast, skip if sick" }, CONTEXT);
    expect(plan.items.find((i) => i.key === "med:1")?.kind).toEqual({
      kind: "conditional",
      condition: "skip if sick",
    });
    const noted = draftPlan({ medication: "Metacam 1.5ml, she hides if she sees it; skip if sick" }, CONTEXT);
    const item = noted.items.find((i) => i.key === "med:1");
    expect(item?.kind).toEqual({ kind: "conditional", condition: "skip if sick" });
    expect(item?.readBy).toBe("nobody");
  });
});
