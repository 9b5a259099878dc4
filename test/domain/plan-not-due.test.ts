/**
 * A dose a sheet prints can always be recorded there: with a confirmed care plan, a medication the
 * sheet prints at this round that the plan says is not due here (not one of its days, not this
 * round) is offered on ✏️ Record each… after the items due, optional, "record it only if given", with
 * the plan's why; never due, so never chased nor counted. Not for a dose withheld for a procedure
 * (`fasting`): "record it only if given" is no word to say of nil by mouth.
 */
import { describe, expect, it } from "vitest";
import type { Round } from "../../src/domain/care.ts";
import type { Plan, PlanItem } from "../../src/domain/plan/types.ts";
import type { Pet } from "../../src/kennel/schemas.ts";
import { recordFormItems } from "../../src/present/record-form.ts";
import { confirmedByTwo } from "../helpers/not-asked.ts";
import { printedRound } from "../helpers/printed-round.ts";

// Sat 28 Nov to Thu 10 Dec 2026: Tue 1 Dec, Wed 2 Dec.
const ARRIVAL = "2026-11-28T10:00:00Z";
const DEPARTURE = "2026-12-10T17:00:00Z";
const TUESDAY = "2026-12-01";
const WEDNESDAY = "2026-12-02";
const STAY = { arrival: ARRIVAL, departure: DEPARTURE };

const petWith = (medication: string) =>
  ({ petId: 70, name: "Bonnie", medication, dietaryRequirements: "Kibble 100 g" }) as unknown as Pet;

/** Every item set by a person (`change` made to med:1) and the plan confirmed. */
const confirmedWith = (drafted: Plan, change: Partial<PlanItem>): Plan =>
  confirmedByTwo(
    { ...drafted, items: drafted.items.map((i) => (i.key === "med:1" ? { ...i, ...change } : i)) },
    "2026-11-28T09:00:00Z",
  );

const round = (medication: string, date: string, r: Round = "morning", change: Partial<PlanItem> = {}) =>
  printedRound(petWith(medication), r, date, STAY, (drafted) => confirmedWith(drafted, change)).plan;

describe("a confirmed plan's dose the sheet prints, not due here by the plan", () => {
  it("not one of its days (Mon/Wed/Fri, on a Tuesday): offered after the meal, not due, never chased", () => {
    const p = round("Rimadyl 50 mg 1 tab AM Mon/Wed/Fri", TUESDAY);
    expect(p.state).toBe("confirmed");
    expect(p.items.find((i) => i.item.key === "med:1")?.on).toMatchObject({
      status: "not_due",
      why: "off_day",
    });
    expect(p.due.map((d) => d.item)).toEqual(["meal"]);
    expect(p.byDays).toEqual([
      {
        item: "med:1",
        label: "Rimadyl 50 mg 1 tab",
        text: "Rimadyl 50 mg 1 tab AM Mon/Wed/Fri",
        days: "plan_not_due",
        words: "not one of its days: Mon, Wed, Fri",
      },
    ]);
    const form = recordFormItems(p, new Map());
    expect(form.map((f) => f.item)).toEqual(["meal", "med:1"]);
    expect(form[1]?.label).toBe(
      "💊 Rimadyl 50 mg 1 tab: not due this round by its confirmed plan (not one of its days: Mon, Wed, Fri) — record it only if given",
    );
    expect(form[1]?.hint).toContain("Rimadyl 50 mg 1 tab AM Mon/Wed/Fri");
    expect(form[1]?.hint).toContain("never chased nor counted");
    // One of its days: due, as any dose, and nothing offered beside it.
    const wednesday = round("Rimadyl 50 mg 1 tab AM Mon/Wed/Fri", WEDNESDAY);
    expect(wednesday.due.map((d) => d.item)).toEqual(["meal", "med:1"]);
    expect(wednesday.byDays).toEqual([]);
  });

  it("a high-alert drug: witnessed when recorded, as its due dose is", () => {
    const p = round("Phenobarbital 30 mg 1 tab AM Mon/Wed/Fri", TUESDAY);
    expect(p.byDays.map((d) => [d.item, d.days, d.highAlert])).toEqual([["med:1", "plan_not_due", true]]);
  });

  it('the sheet\'s own rule puts it on this round, the plan not: offered with "not this round"', () => {
    const medication = "Rimadyl 50mg 1 tab twice daily";
    const morningOnly = {
      when: {
        rounds: [{ round: "morning" as const, why: "AM" }],
        days: { every: "day" as const },
        steps: [],
      },
    };
    const p = round(medication, TUESDAY, "evening", morningOnly);
    expect(p.due.map((d) => d.item)).toEqual(["meal"]);
    expect(p.byDays.map((d) => [d.item, d.days, d.words])).toEqual([
      ["med:1", "plan_not_due", "not this round"],
    ]);
  });

  it("withheld for a procedure (fasting): not offered, nor in a round before the pet's arrival", () => {
    const fast = {
      words: "nil by mouth from midnight",
      field: "notes",
      day: TUESDAY,
      from: { date: TUESDAY, time: "00:00" },
      until: "14:00",
    };
    const p = round("Rimadyl 50mg 1 tab twice daily", TUESDAY, "morning", { fast });
    expect(p.items.find((i) => i.item.key === "med:1")?.on).toMatchObject({
      status: "not_due",
      why: "fasting",
    });
    expect(p.due.map((d) => d.item)).not.toContain("med:1");
    expect(p.byDays).toEqual([]);
    const before = round("Rimadyl 50mg 1 tab twice daily", "2026-11-27");
    expect(before.byDays).toEqual([]);
  });
});

describe("a plan not confirmed whose reading says the line is not due, as the sheet's words do", () => {
  it("Mon/Wed/Fri read by the reader, on a Tuesday: still offered, by its words' days", () => {
    const p = printedRound(petWith("Rimadyl 50 mg 1 tab AM Mon/Wed/Fri"), "morning", TUESDAY, STAY).plan;
    expect(p.state).not.toBe("confirmed");
    expect(p.items.find((i) => i.item.key === "med:1")?.on).toMatchObject({
      status: "not_due",
      why: "off_day",
    });
    expect(p.byDays.map((d) => [d.item, d.days, d.words])).toEqual([["med:1", "not_today", "Mon/Wed/Fri"]]);
  });
});

describe("the form of a round read as it was kept", () => {
  it("lists an item the round asked once, never again as one to record if given", () => {
    const yumove = { item: "med:2" as const, label: "Yumove", text: "Yumove: two tablets" };
    const due = [{ ...yumove, unconfirmed: true as const }];
    const byDays = [{ ...yumove, days: "plan_not_due" as const, words: "not this round" }];
    const items = recordFormItems({ due, byDays }, new Map());
    expect(items.map((i) => i.item)).toEqual(["med:2"]);
  });
});
