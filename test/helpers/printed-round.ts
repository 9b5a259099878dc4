/**
 * A pet's round as its sheet prints it and its form offers it, from the pet's care fields and its
 * plan (test/domain/draft-printed.test.ts, plan-not-due-printed.test.ts, plan-not-due.test.ts): the
 * round's sheet, the plan's round, each medication line as drawn, the ✏️ Record each… items; and
 * whether every line that prints a dose is on the form, once.
 */
import { expect } from "vitest";
import { careOf, ROUNDS, type Round } from "../../src/domain/care.ts";
import { draftPlan } from "../../src/domain/plan/draft.ts";
import { planRound } from "../../src/domain/plan/round.ts";
import type { Plan } from "../../src/domain/plan/types.ts";
import { DEFAULT_ROUND_TIMES } from "../../src/domain/round-times.ts";
import { medicationLines, roundSheet } from "../../src/domain/rounds.ts";
import type { Pet } from "../../src/kennel/schemas.ts";
import { recordFormItems } from "../../src/present/record-form.ts";
import { roundMedicationRow, roundMedicationWhole } from "../../src/words/care.ts";
import { stayContext } from "./reader.ts";

/** A stay in UTC: its arrival and departure (ISO 8601). */
export interface UtcStay {
  arrival: string;
  departure: string;
}

/**
 * The pet's round `r` of `date` in its stay: the round's sheet, its plan's round (`plan`: the plan
 * made from the pet's draft; the draft itself when none is given), the medication lines as drawn
 * (each with its instruction), and its form's items.
 */
export function printedRound(
  pet: Pet,
  r: Round,
  date: string,
  stay: UtcStay,
  plan?: (drafted: Plan) => Plan,
) {
  const sheet = roundSheet(careOf(pet), r, DEFAULT_ROUND_TIMES[r], undefined, date);
  const drafted = draftPlan(pet, stayContext(stay.arrival, stay.departure, { timeZone: "UTC" }));
  const times = { ...stay, timeZone: "UTC", roundTimes: DEFAULT_ROUND_TIMES };
  const planned = planRound(plan ? plan(drafted) : drafted, sheet, date, r, times);
  const lines = medicationLines(sheet, planned).map((l) => ({
    key: `med:${l.medication.medication.n}`,
    row: l.planDecides ? roundMedicationWhole(l.medication, r) : roundMedicationRow(l.medication, r),
    instruction: l.medication.medication.instruction ?? "",
  }));
  return { sheet, plan: planned, lines, form: recordFormItems(planned, new Map()) };
}

/** Care fields whose lines print a dose at some rounds and days, and not at others. */
export const PRINTED_DOSE_CASES: ReadonlyArray<Record<string, string> & { medication: string }> = [
  { medication: "Rimadyl 50 mg 1 tab AM" },
  { medication: "Calmex one capsule at bedtime" },
  { medication: "Soloxine 0.4 mg one tablet once daily at bedtime" },
  { medication: "Rimadyl 50mg 1 tab AM, skip PM" },
  { medication: "Metacam 1.5 ml", medicationPm: "Metacam 1.5 ml with dinner" },
  { medication: "Vetoryl 30mg 1 cap Mon/Wed/Fri AM with food" },
  { medication: "Yumove two tablets BID", medication2: "Yumove two tablets twice daily" },
];

/**
 * Every line that prints a dose (the instruction whole, "instruction: …", or the round's own field,
 * "evening: …") is on the round's form, once: for each of `cases`, on each of `dates`, at every round.
 */
export function expectEveryPrintedDoseOffered<F>(
  cases: readonly F[],
  dates: readonly string[],
  at: (fields: F, r: Round, date: string) => ReturnType<typeof printedRound>,
): void {
  for (const fields of cases)
    for (const date of dates)
      for (const r of ROUNDS) {
        const { lines, form } = at(fields, r, date);
        const printed = lines.filter((l) => /instruction|^[^·]+ · (morning|midday|evening): /.test(l.row));
        const offered: string[] = form.map((f) => f.item);
        expect({
          fields,
          date,
          r,
          rows: lines.map((l) => l.row),
          missing: printed.map((l) => l.key).filter((k) => !offered.includes(k)),
        }).toMatchObject({ missing: [] });
        expect(new Set(offered).size).toBe(offered.length);
      }
}
