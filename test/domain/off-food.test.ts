/** A pet off its food: the flag after the second meal not eaten in full, cleared by a meal eaten. */
import { describe, expect, it } from "vitest";
import { careOf } from "../../src/domain/care.ts";
import { offFoodKey, offFoodPets } from "../../src/domain/off-food.ts";
import type { HouseMeals } from "../../src/domain/plan/feeding.ts";
import { allDoneOutcomes, dueItems, petRoundStatus } from "../../src/domain/record.ts";
import { roundSheet } from "../../src/domain/rounds.ts";
import type { Entry, MealOutcome } from "../../src/record/types.ts";
import { keptEntry } from "../helpers/entries.ts";

function meal(date: string, round: Entry["round"], outcome: MealOutcome, extra: Partial<Entry> = {}): Entry {
  return keptEntry({ date, round, outcome, bookingId: 9, petId: 4, ...extra });
}
const flag = (entries: Entry[], before?: { date: string; round: Entry["round"] }) =>
  offFoodPets(entries, before).get(offFoodKey(9, 4));

describe("off food", () => {
  it("appears after the second meal not eaten in full, counts the run, and clears after a meal eaten", () => {
    const one = [meal("2026-11-23", "evening", "ate_all"), meal("2026-11-24", "morning", "ate_none")];
    expect(flag(one)).toBeUndefined();
    const two = [...one, meal("2026-11-24", "midday", "ate_some")];
    expect(flag(two)).toMatchObject({
      meals: 2,
      petName: "Juniper",
      last: { date: "2026-11-24", round: "midday" },
    });
    const three = [...two, meal("2026-11-24", "evening", "ate_none")];
    expect(flag(three)?.meals).toBe(3);
    expect(flag([...three, meal("2026-11-25", "morning", "ate_all")])).toBeUndefined();
  });

  it("a meal not offered neither counts nor breaks the run; the order is by day and round, not by entry", () => {
    const entries = [
      meal("2026-11-24", "evening", "ate_some"),
      meal("2026-11-24", "midday", "not_offered"),
      meal("2026-11-24", "morning", "ate_none"),
    ];
    expect(flag(entries)?.meals).toBe(2);
    expect(
      flag([meal("2026-11-24", "morning", "ate_none"), meal("2026-11-24", "midday", "not_offered")]),
    ).toBeUndefined();
  });

  it("a correction replaces what it corrects; a round's sheet counts only the rounds before it", () => {
    const first = meal("2026-11-24", "morning", "ate_none");
    const second = meal("2026-11-24", "midday", "ate_none");
    const fixed = meal("2026-11-24", "midday", "ate_all", { supersedes: second.id });
    expect(flag([first, { ...second, supersededBy: fixed.id }, fixed])).toBeUndefined();
    const run = [first, second];
    expect(flag(run, { date: "2026-11-24", round: "evening" })?.meals).toBe(2);
    expect(flag(run, { date: "2026-11-24", round: "midday" })).toBeUndefined();
  });

  it("counts only the meals due: a dog with no diet, off its food, keeps the flag through a midday one tap (no midday meal in the house routine)", () => {
    // Ate nothing last night nor this morning: off its food. At midday only its ear drops are due.
    const rex = careOf({ name: "Rex", petType: "Dog", medicationNoon: "Otomax, 4 drops in the right ear" });
    const run = [meal("2026-11-23", "evening", "ate_none"), meal("2026-11-24", "morning", "ate_none")];
    const oneTapAt = (house: HouseMeals): Entry[] => {
      const due = dueItems(roundSheet(rex, "midday", "12:00", house));
      const status = petRoundStatus(
        { date: "2026-11-24", round: "midday", bookingId: 9, petId: 4 },
        due,
        run,
      );
      return allDoneOutcomes(status).map(({ item, outcome }) =>
        meal("2026-11-24", "midday", outcome as MealOutcome, { item: item.item, itemText: item.text }),
      );
    };
    // The default routine (morning and evening): the tap records the drops, no meal, and the flag stays.
    const tapped = oneTapAt({ rounds: ["morning", "evening"] });
    expect(tapped.map((e) => e.item)).toEqual(["med:1"]);
    expect(flag([...run, ...tapped])?.meals).toBe(2);
    // A routine with a midday meal: that meal is due, the tap records it eaten, and the flag clears.
    const fed = oneTapAt({ rounds: ["morning", "midday", "evening"] });
    expect(fed.map((e) => e.item)).toEqual(["med:1", "meal"]);
    expect(flag([...run, ...fed])).toBeUndefined();
  });
});
