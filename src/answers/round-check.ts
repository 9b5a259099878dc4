/**
 * The round check: at a round's time + ROUND_CHECK_AFTER, what is still not recorded for the pets
 * in house at the round (the round's sheet beside the care record), as data. Read again on every
 * entry, so the check's reply in the round post's thread follows the record.
 */
import type { Deps } from "../deps.ts";
import type { Round } from "../domain/care.ts";
import { dueOf, petRoundStatus } from "../domain/record.ts";
import { describeFailure } from "./failure.ts";
import { roundReport } from "./rounds.ts";

interface RoundCheckPet {
  /** The room (kennel) as the API names it. */
  room: string | undefined;
  petName: string;
  /** What is not recorded yet: each medication by name, then "meal". */
  items: string[];
}

export interface RoundCheck {
  date: string;
  round: Round;
  /** Pets with something due and not recorded, in the sheet's order. */
  missing: RoundCheckPet[];
  /** Pets with something due, and of those with all of it recorded. */
  pets: number;
  recorded: number;
  /** Bookings on the sheet whose pets' care could not be matched or read: what is due is not known. */
  careMissing: number;
  /**
   * The care record could not be used (none is kept here, or it could not be read: the failure's
   * own words): nothing can be said to be recorded (said, never hidden).
   */
  problem: RecordProblem | undefined;
}

export type RecordProblem = { kind: "none" } | { kind: "unread"; what: string };

export async function roundCheck(deps: Deps, round: Round, date: string): Promise<RoundCheck> {
  const report = await roundReport(deps, round, date);
  let entries: Awaited<ReturnType<NonNullable<Deps["record"]>["entries"]>> = [];
  let problem: RecordProblem | undefined;
  if (!deps.record) problem = { kind: "none" };
  else {
    try {
      entries = await deps.record.entries({ date, round });
    } catch (error) {
      problem = { kind: "unread", what: describeFailure(error).what };
    }
  }
  const missing: RoundCheckPet[] = [];
  let pets = 0;
  let recorded = 0;
  for (const p of report.pets) {
    const bookingId = p.booking.bookingId;
    const petId = p.pet?.pet.petId;
    if (!p.sheet || petId === undefined || bookingId === undefined) continue;
    const due = dueOf(p);
    if (due.length === 0) continue;
    pets++;
    const status = petRoundStatus({ date, round, bookingId, petId }, due, entries);
    if (status.missing.length === 0) {
      recorded++;
      continue;
    }
    missing.push({
      room: p.booking.roomName,
      petName: p.pet?.pet.name ?? `pet ${petId}`,
      items: status.missing.map((d) => d.label),
    });
  }
  return { date, round, missing, pets, recorded, careMissing: report.totals.careMissing, problem };
}
