/**
 * A round's doses with their windows and states (issue 35): each item due at the round for each pet
 * (from the round's sheet, worked from the pet's care plan), its window (src/domain/doses.ts), and
 * its state now beside the care record: upcoming, due, late, missed, or recorded (given on time,
 * late or after its window; refused; not given; a late entry). What the sheet, Home, `kennel-desk
 * record` and the late and missed replies read. Meals have windows too (a meal not recorded is
 * late, then missed, like a dose); the figure "given on time" counts medication only.
 */
import type { Deps } from "../deps.ts";
import type { Round } from "../domain/care.ts";
import {
  type DoseSettings,
  type DoseState,
  type DoseWindow,
  doseState,
  doseWindow,
} from "../domain/doses.ts";
import { currentEntries, type DueItem } from "../domain/record.ts";
import type { Entry } from "../record/types.ts";
import { describeFailure } from "./failure.ts";
import { type RoundReport, roundReport } from "./rounds.ts";

export interface RoundDose {
  date: string;
  round: Round;
  bookingId: number;
  petId: number;
  petName: string;
  room: string | undefined;
  due: DueItem;
  window: DoseWindow;
  state: DoseState;
  /** Its current entry (not corrected since), when recorded. */
  entry?: Entry | undefined;
}

export interface RoundDoses {
  date: string;
  round: Round;
  doses: RoundDose[];
  /** The care record could not be read: every dose is shown as not recorded, and this says why. */
  problem?: string | undefined;
  /** Bookings on the round whose pets' care could not be matched or read: their doses are not known. */
  careMissing: number;
}

/** The settings' dose windows (config.doses). */
export const doseSettings = (deps: Pick<Deps, "config">): DoseSettings => ({
  beforeMinutes: deps.config.doses.beforeMinutes,
  afterMinutes: deps.config.doses.afterMinutes,
  highAlertAfterMinutes: deps.config.doses.highAlertAfterMinutes,
  lateAfterMinutes: deps.config.doses.lateAfterMinutes,
});

/** The doses of a round already fetched (its report) beside its entries, at `now`. */
export function dosesOf(
  deps: Pick<Deps, "config">,
  report: Pick<RoundReport, "date" | "round" | "pets">,
  entries: Entry[],
  now: Date,
): RoundDose[] {
  const { date, round } = report;
  const settings = doseSettings(deps);
  const current = currentEntries(entries.filter((e) => e.date === date && e.round === round));
  const out: RoundDose[] = [];
  for (const p of report.pets) {
    const bookingId = p.booking.bookingId;
    const petId = p.pet?.pet.petId;
    if (!p.sheet || !p.due || bookingId === undefined || petId === undefined) continue;
    for (const due of p.due) {
      const window = doseWindow(due, date, round, deps.config.rounds.times, deps.config.timezone, settings);
      const entry = current.get(`${date}|${round}|${bookingId}|${petId}|${due.item}`);
      out.push({
        date,
        round,
        bookingId,
        petId,
        petName: p.pet?.pet.name ?? `pet ${petId}`,
        room: p.booking.roomName,
        due,
        window,
        state: doseState(window, now.toISOString(), entry),
        ...(entry ? { entry } : {}),
      });
    }
  }
  return out;
}

/** A round's doses now: the round's sheet (the kennel API) beside the care record. */
export async function roundDoses(deps: Deps, round: Round, date: string): Promise<RoundDoses> {
  const report = await roundReport(deps, round, date);
  let entries: Entry[] = [];
  let problem: string | undefined;
  if (!deps.record) problem = "This Kennel Desk keeps no care record.";
  else {
    try {
      entries = await deps.record.entries({ date, round });
    } catch (error) {
      problem = `The care record could not be read: ${describeFailure(error).what}`;
    }
  }
  return {
    date,
    round,
    doses: dosesOf(deps, report, entries, deps.clock.now()),
    careMissing: report.totals.careMissing,
    ...(problem ? { problem } : {}),
  };
}

/**
 * The figures a manager reads (issue 35): of the medication doses due whose window has opened,
 * how many were given on time, given late (or after the window), are still open (due, late),
 * missed, refused or not given; late entries; high-alert doses. "Given on time: 46 of 48 due".
 */
export interface DoseFigures {
  /** Medication doses whose window has opened (upcoming ones are not yet due). */
  due: number;
  onTime: number;
  givenLate: number;
  open: number;
  missed: number;
  refused: number;
  notGiven: number;
  lateEntries: number;
  /** Of the doses due, those due from the words, their pet's care plan not confirmed (issue 44). */
  fromWords: number;
}

export function doseFigures(doses: RoundDose[]): DoseFigures {
  const f: DoseFigures = {
    due: 0,
    onTime: 0,
    givenLate: 0,
    open: 0,
    missed: 0,
    refused: 0,
    notGiven: 0,
    lateEntries: 0,
    fromWords: 0,
  };
  for (const d of doses) {
    if (d.due.item === "meal" || d.state.state === "upcoming") continue;
    f.due++;
    if (d.due.unconfirmed) f.fromWords++;
    const s = d.state;
    if (s.state !== "recorded") {
      if (s.state === "missed") f.missed++;
      else f.open++;
    } else {
      if (s.lateEntry) f.lateEntries++;
      if (s.outcome === "refused") f.refused++;
      else if (s.outcome === "not_given") f.notGiven++;
      else if (s.timeliness === "on_time") f.onTime++;
      else f.givenLate++;
    }
  }
  return f;
}
