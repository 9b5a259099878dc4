import { describe, expect, it } from "vitest";
import { careOf, ROUNDS } from "../../src/domain/care.ts";
import type { HouseMeals } from "../../src/domain/plan/feeding.ts";
import {
  allDoneOutcomes,
  currentEntries,
  dueItems,
  isMedicationDue,
  petRoundStatus,
  roundProgress,
} from "../../src/domain/record.ts";
import { roundSheet } from "../../src/domain/rounds.ts";
import type { Pet } from "../../src/kennel/schemas.ts";
import type { Entry, ItemKey, Outcome } from "../../src/record/types.ts";

const biscuit: Pet = {
  name: "Biscuit",
  medication: "Rimadyl 50 mg, half a tablet",
  medicationPm: "half a tablet with dinner",
  medication2: "Apoquel 16 mg, one tablet",
  medication3Noon: "eye drops, two in each eye",
  dietaryRequirementsAm: "200 g kibble",
  dietaryRequirementsPm: "200 g kibble",
};

const PET = { date: "2026-11-24", round: "evening" as const, bookingId: 7, petId: 70 };
let nextId = 1;
function entry(item: ItemKey, outcome: Outcome, more: Partial<Entry> = {}): Entry {
  return {
    ...PET,
    id: nextId,
    seq: nextId++,
    kennel: "test",
    petName: "Biscuit",
    item,
    itemText: item,
    outcome,
    userId: "U1",
    userName: "Jane",
    requestKey: `k${nextId}`,
    recordedAt: "2026-11-24T18:12:00Z",
    ...more,
  };
}

describe("what is due in a pet's round", () => {
  it("evening: the evening dose, the medication with no time, and the evening meal; not the midday-only drops", () => {
    const due = dueItems(roundSheet(careOf(biscuit), "evening"));
    expect(due.map((d) => d.item)).toEqual(["med:1", "med:2", "meal"]);
    expect(due[0]).toMatchObject({
      label: "Rimadyl 50 mg",
      text: "Rimadyl 50 mg · half a tablet with dinner",
    });
    expect(due[1]?.text).toBe("Apoquel 16 mg, one tablet");
    expect(due[2]?.text).toBe("200 g kibble");
  });

  it("midday: the drops and the medication with no time; no meal when the sheet shows no diet", () => {
    const due = dueItems(roundSheet(careOf(biscuit), "midday"));
    expect(due.map((d) => d.item)).toEqual(["med:2", "med:3"]);
  });

  it("a pet with nothing this round has nothing due; one with no diet on record is fed at the house routine's rounds only", () => {
    expect(dueItems(roundSheet(careOf({ name: "Pip", dietaryRequirementsPm: "kibble" }), "morning"))).toEqual(
      [],
    );
    // The default routine (KENNEL_HOUSE_MEALS unset): morning and evening, no midday meal.
    const pip = careOf({ name: "Pip" });
    expect(dueItems(roundSheet(pip, "evening"))).toEqual([
      { item: "meal", label: "meal", text: "house routine: morning and evening (no diet on record)" },
    ]);
    expect(dueItems(roundSheet(pip, "midday"))).toEqual([]);
    // A routine of three meals: the midday meal is due too.
    const three: HouseMeals = { rounds: ["morning", "midday", "evening"] };
    expect(dueItems(roundSheet(pip, "midday", "12:00", three))).toEqual([
      { item: "meal", label: "meal", text: "house routine: morning, midday and evening (no diet on record)" },
    ]);
  });

  it("the house routine per species: a cat follows the cat's rounds, a dog (or a pet of no species) the kennel's", () => {
    const routine: HouseMeals = {
      rounds: ["morning", "evening"],
      bySpecies: { cat: ["morning", "midday", "evening"] },
    };
    const meals = (pet: Pet) =>
      ROUNDS.filter((r) =>
        dueItems(roundSheet(careOf(pet), r, undefined, routine)).some((d) => d.item === "meal"),
      );
    expect(meals({ name: "Tibbles", petType: "Cat" })).toEqual(["morning", "midday", "evening"]);
    expect(meals({ name: "Rex", petType: "Dog" })).toEqual(["morning", "evening"]);
    expect(meals({ name: "Nobody" })).toEqual(["morning", "evening"]);
    // A pet with a diet follows its diet, whatever the routine.
    expect(meals({ name: "Tom", petType: "Cat", dietaryRequirementsPm: "kibble" })).toEqual(["evening"]);
  });

  it("the morning round: a medication's instruction is due (it is shown in full there)", () => {
    expect(dueItems(roundSheet(careOf(biscuit), "morning")).map((d) => d.item)).toEqual([
      "med:1",
      "med:2",
      "meal",
    ]);
  });

  it("one rule: the sheet's own 'due' for each medication", () => {
    for (const round of ["morning", "midday", "evening"] as const) {
      for (const rm of roundSheet(careOf(biscuit), round).medications) {
        expect(isMedicationDue(rm)).toBe(rm.due);
      }
    }
  });
});

describe("what counts as recorded", () => {
  it("a correction supersedes: only the latest entry of an item is current", () => {
    const first = entry("med:1", "refused");
    const fix = entry("med:1", "given", { supersedes: first.id });
    const cur = currentEntries([{ ...first, supersededBy: fix.id }, fix]);
    expect([...cur.values()].map((e) => e.id)).toEqual([fix.id]);
    // Also when the earlier entry does not carry the mark: the later one names it.
    expect([...currentEntries([first, fix]).values()].map((e) => e.id)).toEqual([fix.id]);
  });

  it("a pet's round: none, partly, all; a refusal stands out; corrected entries kept apart", () => {
    const due = dueItems(roundSheet(careOf(biscuit), "evening"));
    expect(petRoundStatus(PET, due, []).state).toBe("none");
    const a = entry("med:1", "refused", { reason: "spat it out" });
    const partly = petRoundStatus(PET, due, [a]);
    expect(partly.state).toBe("partly");
    expect(partly.missing.map((d) => d.item)).toEqual(["med:2", "meal"]);
    expect(partly.problems.map((e) => e.id)).toEqual([a.id]);
    const b = entry("med:2", "given");
    const c = entry("meal", "ate_all");
    const fix = entry("med:1", "given", { supersedes: a.id });
    const all = petRoundStatus(PET, due, [a, b, c, fix, entry("meal", "ate_all", { petId: 71 })]);
    expect(all.state).toBe("all");
    expect(all.problems).toEqual([]);
    expect(all.superseded.map((e) => e.id)).toEqual([a.id]);
    expect(all.current.get("med:1")?.id).toBe(fix.id);
  });

  it("an entry for an item no longer due is shown, not hidden", () => {
    const due = dueItems(roundSheet(careOf(biscuit), "evening"));
    const s = petRoundStatus(PET, due, [entry("med:3", "given")]);
    expect(s.extra.map((e) => e.item)).toEqual(["med:3"]);
  });

  it("one tap writes what is missing, given and eaten, and leaves a refusal as it is", () => {
    const due = dueItems(roundSheet(careOf(biscuit), "evening"));
    const s = petRoundStatus(PET, due, [entry("med:1", "refused")]);
    expect(allDoneOutcomes(s).map((o) => [o.item.item, o.outcome])).toEqual([
      ["med:2", "given"],
      ["meal", "ate_all"],
    ]);
  });
});

describe("a round's progress", () => {
  it("pets recorded of pets with something due, doses and meals not recorded", () => {
    const due = dueItems(roundSheet(careOf(biscuit), "evening"));
    const done = petRoundStatus(PET, due, [
      entry("med:1", "given"),
      entry("med:2", "given"),
      entry("meal", "ate_all"),
    ]);
    const none = petRoundStatus({ ...PET, petId: 71 }, due, []);
    const nothing = petRoundStatus({ ...PET, petId: 72 }, [], []);
    const half = petRoundStatus({ ...PET, petId: 73 }, due, [entry("med:1", "not_given", { petId: 73 })]);
    expect(roundProgress([done, none, nothing, half])).toEqual({
      pets: 3,
      recorded: 1,
      dosesLeft: 3,
      mealsLeft: 2,
      problems: 1,
    });
  });
});
