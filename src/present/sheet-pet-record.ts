/**
 * A pet's record beside its lines on a round's sheet (src/present/round-sheet.ts), whole and in a few
 * words (for a message short of room): what the round recorded and what is open, then, for a dose the
 * round asked that nobody recorded and that the pet's plan, confirmed since, puts at another round,
 * the plan's words now (src/present/plan-now-open.ts: what was due stays as kept), a dose its plan
 * gives here alone given at another round today (src/present/once-given.ts), its doses given if
 * needed, its medicines in custody and when an every-other-day dose was last given.
 */
import type { SheetCustody } from "../answers/custody-sheet.ts";
import type { SheetRecord } from "../answers/round-record.ts";
import type { Round } from "../domain/care.ts";
import type { PrnDose } from "../domain/prn.ts";
import type { DueItem, PetRoundStatus } from "../domain/record.ts";
import { sheetMedicineLines } from "./custody-pet.ts";
import type { Line } from "./doc.ts";
import type { offTimeMarks, openDoses } from "./dose-states.ts";
import { onceGivenLines } from "./once-given.ts";
import { planNowLines } from "./plan-now-open.ts";
import type { PlanOnSheet } from "./plan-sheet.ts";
import { prnCompactLines, prnDoseLine } from "./prn.ts";
import { petRecordCompact, petRecordLines } from "./record.ts";

/** What a pet's record on the sheet is drawn from. */
interface PetRecordFacts {
  pet: { bookingId: number; petId: number; due: readonly DueItem[] };
  status: PetRoundStatus;
  mine: ReturnType<typeof openDoses> | undefined;
  off: ReturnType<typeof offTimeMarks>;
  /** Its plan saved or confirmed since the sheet was kept. */
  plan: PlanOnSheet | undefined;
  doses: PrnDose[];
  custody: SheetCustody | undefined;
  last: Line[];
}

/** A pet's record whole and in a few words, the plan's words now after the record's own. */
export function petRecordOf(
  record: Pick<SheetRecord, "timezone" | "witness" | "onceGiven">,
  sheet: { date: string; round: Round },
  o: PetRecordFacts,
): { full: Line[]; compact: Line[] } {
  const { timezone, witness } = record;
  const at = { date: sheet.date, round: sheet.round, timezone };
  // A dose its plan gives here alone, given at another round today, first (src/present/once-given.ts).
  const now = [
    ...onceGivenLines(o.pet, record.onceGiven, o.status.current, timezone),
    ...planNowLines(o.pet.due, o.plan, at, o.status.current, o.mine),
  ];
  return {
    full: [
      ...petRecordLines(o.status, timezone, witness, o.mine, o.off),
      ...now,
      ...o.doses.map((d) => prnDoseLine(d, timezone, sheet.date)),
      ...sheetMedicineLines(o.custody),
      ...o.last,
    ],
    compact: [
      ...petRecordCompact(o.status, timezone, witness, o.mine),
      ...now,
      ...prnCompactLines(o.doses, timezone, sheet.date),
      ...o.last,
    ],
  };
}
