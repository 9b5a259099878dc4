/**
 * A dose a sheet prints can always be recorded there, confirmed or not: with a confirmed care plan,
 * every medication whose line prints its dose at a round (the instruction whole, or the round's own
 * field), due or not, is on that round's ✏️ Record each…, once: due by the plan, or "not due this round
 * by its confirmed plan — record it only if given". A morning-only drug ("AM") is printed whole on the
 * midday and evening sheets ("its words name the morning ("AM"): given at that round, not this one"):
 * recorded there if it was given then. A line that prints no dose ("nothing this round (given at the
 * evening round)") offers none.
 */
import { describe, expect, it } from "vitest";
import { careOf, ROUNDS, type Round } from "../../src/domain/care.ts";
import { draftPlan } from "../../src/domain/plan/draft.ts";
import { planRound } from "../../src/domain/plan/round.ts";
import type { StayTimes } from "../../src/domain/plan/schedule.ts";
import type { Plan } from "../../src/domain/plan/types.ts";
import { DEFAULT_ROUND_TIMES } from "../../src/domain/round-times.ts";
import { medicationLines, roundSheet } from "../../src/domain/rounds.ts";
import type { Pet } from "../../src/kennel/schemas.ts";
import { recordFormItems } from "../../src/present/record-form.ts";
import { roundMedicationRow, roundMedicationWhole } from "../../src/words/care.ts";
import { stayContext } from "../helpers/reader.ts";

// Sat 28 Nov to Thu 10 Dec 2026: Wed 2 Dec.
const ARRIVAL = "2026-11-28T10:00:00Z";
const DEPARTURE = "2026-12-10T17:00:00Z";
const WEDNESDAY = "2026-12-02";
const TUESDAY = "2026-12-01";
const stay: StayTimes = {
  arrival: ARRIVAL,
  departure: DEPARTURE,
  timeZone: "UTC",
  roundTimes: DEFAULT_ROUND_TIMES,
};
const context = stayContext(ARRIVAL, DEPARTURE, { timeZone: "UTC" });

type Fields = { medication: string; medicationNoon?: string; medicationPm?: string; medication2?: string };
const petWith = (fields: Fields) =>
  ({ petId: 71, name: "Pickle", dietaryRequirements: "Kibble 100 g", ...fields }) as unknown as Pet;

/** Every item read by a person as the reader drafted it, and the plan confirmed by two. */
function confirmedPlan(pet: Pet): Plan {
  const plan = draftPlan(pet, context);
  return {
    ...plan,
    items: plan.items.map((i) => ({ ...i, readBy: "person" as const })),
    confirmations: [
      { userId: "U0LEAD", userName: "Lead", at: "2026-11-28T09:00:00Z" },
      { userId: "U0SAM", userName: "Sam", at: "2026-11-28T09:05:00Z" },
    ],
  };
}

/** The round's sheet, its plan's round, the medication lines as drawn, and its form's items. */
function atRound(fields: Fields, r: Round, date = WEDNESDAY) {
  const pet = petWith(fields);
  const sheet = roundSheet(careOf(pet), r, DEFAULT_ROUND_TIMES[r], undefined, date);
  const plan = planRound(confirmedPlan(pet), sheet, date, r, stay);
  const lines = medicationLines(sheet, plan).map((l) => ({
    key: `med:${l.medication.medication.n}`,
    row: l.planDecides ? roundMedicationWhole(l.medication, r) : roundMedicationRow(l.medication, r),
    instruction: l.medication.medication.instruction ?? "",
  }));
  return { plan, lines, form: recordFormItems(plan, new Map()) };
}

describe("a confirmed plan: what the sheet prints, its form offers", () => {
  it("a morning-only drug (Mon/Wed/Fri AM) printed at midday and evening: offered there, not due, once", () => {
    const fields = {
      medication: "Vetoryl 30mg 1 cap Mon/Wed/Fri AM with food",
      medication2: "Phenobarbital 15mg 1 tab Mon/Wed/Fri AM",
    };
    const morning = atRound(fields, "morning");
    expect(morning.plan.state).toBe("confirmed");
    expect(morning.plan.due.map((d) => d.item).sort()).toEqual(["meal", "med:1", "med:2"]);
    for (const r of ["midday", "evening"] as const) {
      const { plan, lines, form } = atRound(fields, r);
      // The sheet prints each drug's instruction whole at this round.
      for (const l of lines) expect(l.row).toContain(l.instruction);
      expect(plan.due.map((d) => d.item)).not.toContain("med:1");
      expect(plan.byDays.map((d) => [d.item, d.days, d.words, d.highAlert])).toEqual([
        ["med:1", "plan_not_due", "not this round", undefined],
        ["med:2", "plan_not_due", "not this round", true],
      ]);
      const meds = form.filter((f) => f.item !== "meal");
      expect(meds.map((f) => f.label)).toEqual([
        "💊 Vetoryl 30mg 1 cap Mon/Wed/Fri: not due this round by its confirmed plan (not this round) — record it only if given",
        "💊 Phenobarbital 15mg 1 tab Mon/Wed/Fri: not due this round by its confirmed plan (not this round) — record it only if given",
      ]);
      const ids = form.map((f) => f.item);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it("every line that prints a dose is on the form, at every round, on and off its days", () => {
    const cases: Fields[] = [
      { medication: "Rimadyl 50 mg 1 tab AM" },
      { medication: "Calmex one capsule at bedtime" },
      { medication: "Soloxine 0.4 mg one tablet once daily at bedtime" },
      { medication: "Rimadyl 50mg 1 tab AM, skip PM" },
      { medication: "Metacam 1.5 ml", medicationPm: "Metacam 1.5 ml with dinner" },
      { medication: "Vetoryl 30mg 1 cap Mon/Wed/Fri AM with food" },
      { medication: "Yumove two tablets BID", medication2: "Yumove two tablets twice daily" },
    ];
    for (const fields of cases)
      for (const date of [TUESDAY, WEDNESDAY])
        for (const r of ROUNDS) {
          const { lines, form } = atRound(fields, r, date);
          // A line prints the dose with the instruction ("instruction: …") or the round's own field ("evening: …").
          const printed = lines.filter((l) => /instruction|^[^·]+ · (morning|midday|evening): /.test(l.row));
          const offered: string[] = form.map((f) => f.item);
          expect({
            fields,
            date,
            r,
            rows: lines.map((l) => l.row),
            missing: printed.map((l) => l.key).filter((k) => !offered.includes(k)),
          }).toMatchObject({
            missing: [],
          });
          expect(new Set(offered).size).toBe(offered.length);
        }
  });

  it('a line that prints no dose ("nothing this round") offers none', () => {
    const { lines, form } = atRound({ medication: "Metacam", medicationPm: "Metacam 1.5 ml" }, "midday");
    expect(lines[0]?.row).toContain("nothing this round");
    expect(form.map((f) => f.item)).not.toContain("med:1");
  });
});
