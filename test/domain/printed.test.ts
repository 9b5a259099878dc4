/**
 * Every dose a round's sheet prints can be signed there and is chased (issue 44): an item the reader
 * left to a person is due where the sheet's own reading of the words puts it on the round, "from the
 * words, plan not confirmed"; one the sheet does not print at the round is not; an item to give if
 * needed is printed to record (with its reason and limits) and never due; a confirmed plan's doses
 * are due as it says, unmarked.
 */
import { describe, expect, it } from "vitest";
import { careOf } from "../../src/domain/care.ts";
import { draftPlan, type ReaderContext } from "../../src/domain/plan/draft.ts";
import { planRound } from "../../src/domain/plan/round.ts";
import { confirmPlan, setItem } from "../../src/domain/plan/state.ts";
import type { Plan } from "../../src/domain/plan/types.ts";
import { printedItems } from "../../src/domain/record.ts";
import { DEFAULT_ROUND_TIMES } from "../../src/domain/round-times.ts";
import { printedOnRound, roundSheet } from "../../src/domain/rounds.ts";
import type { Pet } from "../../src/kennel/schemas.ts";
import { stayContext } from "../helpers/reader.ts";

const DATE = "2026-11-29";
const ARRIVAL = "2026-11-27T10:00:00Z";
const context: ReaderContext = stayContext(ARRIVAL, undefined, { bookingId: 1, petId: 2 });
const stay = {
  arrival: ARRIVAL,
  departure: undefined,
  timeZone: "Europe/London",
  roundTimes: DEFAULT_ROUND_TIMES,
};

// Juniper, from the preview's house: a dose beside midday and evening fields (is it a morning dose too?),
// a drug to give if needed, and a dinner.
const juniper = {
  petId: 2,
  name: "Juniper",
  medication: "Pardale-V 400 mg: one tablet",
  medicationNoon: "One tablet",
  medicationPm: "One tablet; not on an empty stomach",
  medication2: "Piriton 4mg PRN – only if scratching, max 2 in 24h",
  dietaryRequirementsPm: "Kibble 150 g",
} as unknown as Pet;

const round = (plan: Plan, r: "morning" | "midday" | "evening") =>
  planRound(plan, roundSheet(careOf(juniper), r, DEFAULT_ROUND_TIMES[r]), DATE, r, stay);

describe("a plan not confirmed: what its sheet prints is due, from the words", () => {
  const draft = draftPlan(juniper, context);

  it("the item left to a person is due where the sheet prints it, marked as from the words", () => {
    expect(draft.items.find((i) => i.key === "med:1")?.readBy).toBe("nobody");
    const midday = round(draft, "midday");
    expect(midday.due).toEqual([
      expect.objectContaining({ item: "med:1", label: "Pardale-V 400 mg", unconfirmed: true }),
    ]);
    // The morning sheet prints every instruction in full: due there too, until a person says otherwise.
    expect(round(draft, "morning").due.map((d) => d.item)).toContain("med:1");
  });

  it("a dose to give if needed is printed to record, with its limits as the words give them, never due", () => {
    const midday = round(draft, "midday");
    expect(midday.due.map((d) => d.item)).not.toContain("med:2");
    expect(midday.ifNeeded).toEqual([
      expect.objectContaining({
        item: "med:2",
        maxPer24h: 2,
        reason: "only if scratching",
        unconfirmed: true,
      }),
    ]);
    expect(printedItems(midday).map((d) => d.item)).toEqual(["med:1", "med:2"]);
  });

  it("a meal is due as the diet's words say, never marked (the mark is for doses)", () => {
    const evening = round(draft, "evening");
    expect(evening.due.find((d) => d.item === "meal")).toBeDefined();
    expect(evening.due.find((d) => d.item === "meal")?.unconfirmed).toBeUndefined();
  });

  it("confirmed: due as the plan says, nothing marked; the item not on this round is not printed", () => {
    const who = { userId: "U1", userName: "Jane", at: ARRIVAL };
    const pardale = draft.items.find((i) => i.key === "med:1");
    if (!pardale) throw new Error("no Pardale-V");
    const set = setItem(draft, { ...pardale, when: { ...pardale.when } }, who);
    const r = confirmPlan(set, who);
    if (!r.ok) throw new Error(r.why);
    const morning = round(r.plan, "morning");
    expect(morning.due.map((d) => d.item)).not.toContain("med:1");
    expect(round(r.plan, "midday").due).toEqual([expect.objectContaining({ item: "med:1" })]);
    expect(round(r.plan, "midday").due[0]?.unconfirmed).toBeUndefined();
  });

  it("printed: due or conditional by the plan; left to a person only where the sheet prints it", () => {
    expect(printedOnRound({ status: "check", doubts: ["no_round"] }, true)).toBe(true);
    expect(printedOnRound({ status: "check", doubts: ["no_round"] }, false)).toBe(false);
    expect(printedOnRound({ status: "not_due", why: "not_this_round" }, true)).toBe(false);
    expect(printedOnRound({ status: "as_needed" }, true)).toBe(false);
    expect(printedOnRound(undefined, true)).toBe(true);
  });
});
