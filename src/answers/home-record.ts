/**
 * The Home tab's care-record figures: this round's progress ("This round: 12 of 31 recorded"), the
 * pets off their food ("3 pets off their food", listed by the button), from the round's sheet and
 * the care record, and today's doses given on time ("given on time: 46 of 48 due", from the kept
 * sheets: issue 35).
 */
import type { Deps } from "../deps.ts";
import type { OffFoodPet } from "../domain/off-food.ts";
import { dueOf, petRoundStatus, roundProgress } from "../domain/record.ts";
import type { WelfareFlag } from "../domain/welfare-flag.ts";
import type { DoseFigures } from "./doses.ts";
import { describeFailure } from "./failure.ts";
import { dayDoseFigures } from "./kept-doses.ts";
import { offFood } from "./off-food.ts";
import type { RoundReport } from "./rounds.ts";
import { openWelfareFlags } from "./welfare-flags.ts";

export interface OffFoodListed extends OffFoodPet {
  /** The room, when the pet is in house today. */
  room: string | undefined;
}

export interface HomeRecord {
  /** Pets with something due this round, and of those with all of it recorded. */
  round: { recorded: number; pets: number } | undefined;
  offFood: OffFoodListed[] | undefined;
  /** Today's medication doses: given on time of those due, from the kept sheets. */
  doses?: DoseFigures | undefined;
  /** The welfare flags open (issue 38). */
  welfareFlags?: WelfareFlag[] | undefined;
  /** Why a figure is missing (the store could not be read). */
  problem: string | undefined;
}

/** Pets with something due in the round, and how many are recorded in full. */
async function roundRecorded(
  deps: Deps,
  report: RoundReport,
): Promise<{ recorded: number; pets: number } | undefined> {
  if (!deps.record) return undefined;
  const entries = await deps.record.entries({ date: report.date, round: report.round });
  const statuses = report.pets.flatMap((p) => {
    const bookingId = p.booking.bookingId;
    const petId = p.pet?.pet.petId;
    if (!p.sheet || bookingId === undefined || petId === undefined) return [];
    return [petRoundStatus({ date: report.date, round: report.round, bookingId, petId }, dueOf(p), entries)];
  });
  const progress = roundProgress(statuses);
  return { recorded: progress.recorded, pets: progress.pets };
}

/** The pets off their food today, each with its room when the round's sheet has it. */
export async function offFoodToday(
  deps: Deps,
  date: string,
  report: RoundReport | undefined,
): Promise<OffFoodListed[] | undefined> {
  const flags = await offFood(deps, date);
  if (!flags) return undefined;
  const rooms = new Map<number, string | undefined>();
  for (const p of report?.pets ?? []) {
    if (p.booking.bookingId !== undefined) rooms.set(p.booking.bookingId, p.booking.roomName);
  }
  return (
    [...flags.values()]
      // Only stays still in house when the round's sheet is known (a pet gone home is no one's worry now).
      .filter((f) => !report || rooms.has(f.bookingId))
      .map((f) => ({ ...f, room: rooms.get(f.bookingId) }))
      .sort((a, b) => (a.room ?? "").localeCompare(b.room ?? "") || a.petName.localeCompare(b.petName))
  );
}

export async function homeRecord(
  deps: Deps,
  report: RoundReport | undefined,
  date: string,
): Promise<HomeRecord> {
  if (!deps.record) return { round: undefined, offFood: undefined, problem: undefined };
  try {
    return {
      round: report ? await roundRecorded(deps, report) : undefined,
      offFood: await offFoodToday(deps, date, report),
      doses: await todayDoses(deps, date),
      welfareFlags: await openWelfareFlags(deps, date),
      problem: undefined,
    };
  } catch (error) {
    const f = describeFailure(error);
    return { round: undefined, offFood: undefined, problem: `care record: ${f.what}` };
  }
}

/** Today's dose figure; none when no dose was due yet (nothing to say). */
async function todayDoses(deps: Deps, date: string): Promise<DoseFigures | undefined> {
  const f = await dayDoseFigures(deps, date);
  return f && f.due > 0 ? f : undefined;
}
