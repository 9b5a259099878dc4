/**
 * The Home tab's care-record figures: this round's progress ("This round: 12 of 31 recorded"), the
 * pets off their food ("3 pets off their food", listed by the button), and today's doses (issue 35:
 * "given on time: 46 of 48 due", how many are due, late and missed now, and each late or missed
 * dose), from the rounds' sheets and the care record.
 */
import type { Deps } from "../deps.ts";
import { ROUNDS, type Round } from "../domain/care.ts";
import type { DoseWindow, OpenState } from "../domain/doses.ts";
import type { OffFoodPet } from "../domain/off-food.ts";
import { dueOf, petRoundStatus, roundProgress } from "../domain/record.ts";
import type { WelfareFlag } from "../domain/welfare-flag.ts";
import { zonedInstant } from "../time.ts";
import { type DoseFigures, doseFigures, dosesOf, type RoundDose } from "./doses.ts";
import { describeFailure } from "./failure.ts";
import { offFood } from "./off-food.ts";
import { type RoundReport, roundReport } from "./rounds.ts";
import { openWelfareFlags } from "./welfare-flags.ts";

/** A medication dose not recorded whose window has opened: what Home names when it is late or missed. */
interface OpenDoseListed {
  state: OpenState;
  round: Round;
  petName: string;
  room: string | undefined;
  label: string;
  window: DoseWindow;
}

/** Today's doses on Home: the figure a manager reads, the open ones by state, each late or missed one. */
interface HomeDoses {
  figures: DoseFigures;
  /** Medication doses not recorded, by state (upcoming ones not counted). */
  open: Partial<Record<OpenState, number>>;
  /** The late and missed ones, missed first, then by round. */
  overdue: OpenDoseListed[];
}

export interface OffFoodListed extends OffFoodPet {
  /** The room, when the pet is in house today. */
  room: string | undefined;
}

export interface HomeRecord {
  /** Pets with something due this round, and of those with all of it recorded. */
  round: { recorded: number; pets: number } | undefined;
  offFood: OffFoodListed[] | undefined;
  /** Today's doses, when the rounds' sheets could be read (undefined: not known). */
  doses?: HomeDoses | undefined;
  /** The welfare flags open (issue 38). */
  welfareFlags?: WelfareFlag[] | undefined;
  /** Why a figure is missing (the store could not be read). */
  problem: string | undefined;
}

/**
 * Today's medication doses whose windows have opened by now (by the settings' window): the rounds
 * read from the kennel API (the one already read reused), beside the day's entries, read once.
 */
async function todayDoses(deps: Deps, date: string, report: RoundReport | undefined): Promise<HomeDoses> {
  const now = deps.clock.now();
  const opened = ROUNDS.filter(
    (r) =>
      zonedInstant(date, deps.config.rounds.times[r], deps.config.timezone).getTime() -
        deps.config.doses.beforeMinutes * 60_000 <=
      now.getTime(),
  );
  const entries = deps.record ? await deps.record.entries({ date }) : [];
  const doses: RoundDose[] = [];
  for (const round of opened) {
    const r =
      report && report.round === round && report.date === date
        ? report
        : await roundReport(deps, round, date);
    doses.push(...dosesOf(deps, r, entries, now));
  }
  const meds = doses.filter((d) => d.due.item !== "meal");
  const open: Partial<Record<OpenState, number>> = {};
  const overdue: OpenDoseListed[] = [];
  for (const d of meds) {
    const s = d.state.state;
    if (s === "recorded" || s === "upcoming") continue;
    open[s] = (open[s] ?? 0) + 1;
    if (s === "late" || s === "missed")
      overdue.push({
        state: s,
        round: d.round,
        petName: d.petName,
        room: d.room,
        label: d.due.label,
        window: d.window,
      });
  }
  overdue.sort((a, b) => (a.state === b.state ? 0 : a.state === "missed" ? -1 : 1));
  return { figures: doseFigures(meds), open, overdue };
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
    // Today's doses need the rounds' sheets: not known (and said) when one could not be read.
    let problem: string | undefined;
    const doses = report
      ? await todayDoses(deps, date, report).catch((error: unknown) => {
          problem = `today's doses: ${describeFailure(error).what}`;
          return undefined;
        })
      : undefined;
    return {
      round: report ? await roundRecorded(deps, report) : undefined,
      offFood: await offFoodToday(deps, date, report),
      doses,
      welfareFlags: await openWelfareFlags(deps, date),
      problem,
    };
  } catch (error) {
    const f = describeFailure(error);
    return { round: undefined, offFood: undefined, problem: `care record: ${f.what}` };
  }
}
