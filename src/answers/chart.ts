/**
 * The medication chart on paper (issue 50, `kennel-desk chart`): for each pet in house over some
 * days, each medication of its plan down the side and each day's rounds across, every cell from the
 * care record. What was due at a round comes from the record where the round was kept (what it
 * asked when its sheet was kept, and the pets who arrived or went home since: src/answers/
 * obligations.ts, as every other surface reads it); a round not kept yet (still to come, or never posted) is the round's sheet as it would
 * be posted now (src/answers/rounds.ts roundReport: the pet's plan, else the sheet's own rule). Each
 * due dose's state is the record's (src/domain/obligations.ts, src/domain/doses.ts doseState).
 */
import type { Deps } from "../deps.ts";
import { ROUNDS, type Round } from "../domain/care.ts";
import { type ChartCell, cellKey, chartCell, inHouseAtRound, initialsOf } from "../domain/chart.ts";
import type { PetCare } from "../domain/day.ts";
import type { Person, PlanItem, PlanState } from "../domain/plan/types.ts";
import type { PrnDose } from "../domain/prn.ts";
import { type DueItem, isMedicationItem } from "../domain/record.ts";
import { needsWitness, type Witness, type WitnessState, witnessState } from "../domain/witness.ts";
import type { Booking } from "../kennel/schemas.ts";
import type { Entry, ItemKey } from "../record/types.ts";
import { addDays, localDate, zonedInstant } from "../time.ts";
import { nameOrder, naturalOrder } from "../words/order.ts";
import type { RoundDose } from "./doses.ts";
import { withOwed } from "./obligation-body.ts";
import { dosesOwed, draftDoses, type OwedRound, owedRounds } from "./obligations.ts";
import { withPaperMarks } from "./paper-marks.ts";
import { prnDoses } from "./prn.ts";
import { type RoundPet, type RoundReport, roundReport } from "./rounds.ts";
import { witnessesOf } from "./witness.ts";

/** The longest chart: a fortnight (a page's width holds no more rounds). */
export const CHART_DAYS_MAX = 14;

export interface ChartQuery {
  from: string;
  days: number;
  petId?: number | undefined;
  /** A room's name, as the kennel system names it (any case). */
  room?: string | undefined;
}

/** One round of one day: a column of the chart. */
export interface ChartColumn {
  date: string;
  round: Round;
  /** What was due is the record's kept sheet (else the sheet as it would be posted now). */
  kept: boolean;
}

/** One medication of the pet: a row. */
export interface ChartRow {
  item: ItemKey;
  /** The plan's item, when the pet has a plan (its drug, strength, amount, condition, high-alert mark). */
  plan?: PlanItem | undefined;
  /** The sheet's label and words, when a round asked for it. */
  due?: DueItem | undefined;
}

export interface ChartPet {
  bookingId: number;
  petId: number;
  name: string;
  room: string | undefined;
  reference: string | undefined;
  checkIn: string | undefined;
  checkOut: string | undefined;
  /** Still checked in past its check-out (the round sheet's "still here?"): in house at every round since. */
  stillHere: boolean;
  /** Checked out: the booking says the pet left, at its check-out (the round sheet's "🏠 checked out 08:30"). */
  checkedOut: boolean;
  /** The pet's care from the kennel system (allergies, danger notes); undefined when not read. */
  care: PetCare["care"] | undefined;
  /** The plan in force at the chart's last round the pet was on: its state and who confirmed it. */
  plan: { state: PlanState; confirmations: Person[]; kept: boolean } | undefined;
  rows: ChartRow[];
  /** By `${date}|${round}|${item}`; a cell not here has nothing due (struck). */
  cells: Record<string, ChartCell>;
}

export interface Chart {
  dates: string[];
  columns: ChartColumn[];
  pets: ChartPet[];
  /** What the chart could not show (a booking whose pets' care could not be matched): never dropped silently. */
  problems: string[];
  /**
   * A care record was read (false: none kept where this Kennel Desk looks, so every due dose is
   * blank, to sign, and nothing given can be shown).
   */
  record: boolean;
  requestId: string | undefined;
}

/** The pets with a page: a medication on the chart's days (the others are named in its foot). */
export const chartedPets = (chart: Chart): number => chart.pets.filter((p) => p.rows.length > 0).length;

const wanted = (q: ChartQuery, booking: Booking, petId: number | undefined) =>
  (q.petId === undefined || petId === q.petId) &&
  (q.room === undefined || (booking.roomName ?? "").trim().toLowerCase() === q.room.trim().toLowerCase());

/** The chart of these days: one read of the record, each round's sheet from the kennel API. */
export async function chartOf(deps: Deps, q: ChartQuery): Promise<Chart> {
  const dates = Array.from({ length: q.days }, (_, i) => addDays(q.from, i));
  const to = dates.at(-1) ?? q.from;
  const store = deps.record;
  const [owed, entries, witnesses] = store
    ? await Promise.all([
        owedRounds(deps, { from: q.from, to }),
        store.entries({ from: q.from, to }).then((e) => withPaperMarks(deps, e)),
        witnessesOf(store, { from: q.from, to }),
      ])
    : [[], [], new Map<number, Witness>()];
  const now = deps.clock.now().toISOString();
  const chart: Chart = {
    dates,
    columns: [],
    pets: [],
    problems: [],
    record: store !== undefined,
    requestId: undefined,
  };
  const pets = new Map<string, ChartPet>();
  for (const date of dates) {
    for (const round of ROUNDS) {
      const asNow = await roundReport(deps, round, date, { keepPlans: false });
      chart.requestId ??= asNow.requestId;
      const mine = owed.find((r) => r.date === date && r.round === round);
      // A kept round's pets are the ones it kept (and those arrived since), as /rounds and `record
      // enter` read it: a pet it counted gone home before it (an early pick-up) has no page from it.
      const report = mine ? withOwed(deps, asNow, mine) : asNow;
      chart.columns.push({ date, round, kept: mine !== undefined });
      for (const p of report.pets) addPet(q, pets, p, chart.problems);
      for (const d of roundDosesOf(deps, report, mine, entries)) {
        const witness =
          d.entry && needsWitness(d.entry, d.due.highAlert)
            ? witnessState(d.entry, witnesses.get(d.entry.id), now)
            : undefined;
        addDose(deps.config, q, pets, d, { blank: store === undefined, witness });
      }
    }
  }
  if (store) addIfNeeded(pets, chart.columns, await prnDoses(deps, { from: q.from, to }), deps.config);
  chart.pets = [...pets.values()].sort(
    (a, b) => naturalOrder(a.room ?? "", b.room ?? "") || nameOrder(a.name, b.name),
  );
  return chart;
}

/** A round's doses: as it asked when kept (the record), else as its sheet would ask now. */
function roundDosesOf(
  deps: Deps,
  report: RoundReport,
  kept: OwedRound | undefined,
  entries: Entry[],
): RoundDose[] {
  const now = deps.clock.now();
  const theirs = entries.filter((e) => e.date === report.date && e.round === report.round);
  const doses = kept ? dosesOwed(deps, [kept], theirs, now) : draftDoses(deps, report, theirs, now);
  return doses.filter((d) => isMedicationItem(d.due.item));
}

/** A pet of a round's sheet: its booking, care and plan (the latest round's), its plan's medications. */
function addPet(q: ChartQuery, pets: Map<string, ChartPet>, p: RoundPet, problems: string[]): void {
  const bookingId = p.booking.bookingId;
  const petId = p.pet?.pet.petId;
  if (!wanted(q, p.booking, petId)) return;
  if (!p.pet || bookingId === undefined || petId === undefined) {
    const said = `Booking ${p.booking.reference ?? bookingId ?? "?"} (${p.unmatched.join(", ") || p.booking.petNames || "pets"}): care not ${p.careStatus === "not_loaded" ? "loaded" : "matched"}, so its doses are not on this chart. Check the kennel system.`;
    if (!problems.includes(said)) problems.push(said);
    return;
  }
  const pet = petOf(pets, bookingId, petId, p.pet.pet.name ?? `pet ${petId}`);
  Object.assign(pet, {
    room: p.booking.roomName,
    reference: p.booking.reference,
    checkIn: p.booking.checkInDate,
    checkOut: p.booking.checkOutDate,
    stillHere: pet.stillHere || p.pastCheckOut !== undefined,
    checkedOut: pet.checkedOut || p.checkedOutAt !== undefined,
    care: p.pet.care,
  });
  if (p.plan) {
    const plan = p.plan.plan;
    pet.plan = {
      state: p.plan.state,
      confirmations: plan.confirmations,
      kept: p.plan.versionId !== undefined,
    };
    for (const item of plan.items) if (isMedicationItem(item.key)) rowOf(pet, item.key).plan = item;
  }
}

/**
 * A due dose's cell, on its pet's row (a pet only on a kept sheet is charted by its name there).
 * `blank`: no care record here, so nothing can be known recorded or missed: every due cell is blank,
 * to sign on the paper. Struck only where the pet was not in house at the round (inHouseAtRound).
 */
function addDose(
  config: Deps["config"],
  q: ChartQuery,
  pets: Map<string, ChartPet>,
  d: RoundDose,
  o: { blank: boolean; witness: WitnessState | undefined },
): void {
  // A pet on the chart was asked for (src/answers/chart.ts wanted); one only on a kept sheet (gone
  // home since) has no room to filter by, so it is charted unless a room or another pet was asked.
  const known = pets.get(`${d.bookingId}|${d.petId}`);
  if (!known && (q.room !== undefined || (q.petId !== undefined && d.petId !== q.petId))) return;
  const pet = known ?? petOf(pets, d.bookingId, d.petId, d.petName);
  rowOf(pet, d.due.item).due = d.due;
  const here = inHouseAtRound(pet, roundInstant(config, d.date, d.round));
  pet.cells[cellKey(d.date, d.round, d.due.item)] = o.blank
    ? { kind: "open", state: "due" }
    : chartCell(d.state, d.entry, o.witness, here);
}

function petOf(pets: Map<string, ChartPet>, bookingId: number, petId: number, name: string): ChartPet {
  const key = `${bookingId}|${petId}`;
  let pet = pets.get(key);
  if (!pet) {
    pet = {
      bookingId,
      petId,
      name,
      room: undefined,
      reference: undefined,
      checkIn: undefined,
      checkOut: undefined,
      stillHere: false,
      checkedOut: false,
      care: undefined,
      plan: undefined,
      rows: [],
      cells: {},
    };
    pets.set(key, pet);
  }
  return pet;
}

/** The pet's row of an item, in the slots' order. */
function rowOf(pet: ChartPet, item: ItemKey): ChartRow {
  let row = pet.rows.find((r) => r.item === item);
  if (!row) {
    row = { item };
    pet.rows.push(row);
    pet.rows.sort((a, b) => naturalOrder(a.item, b.item));
  }
  return row;
}

/** A round's instant on a day, in the kennel's zone. */
const roundInstant = (config: Deps["config"], date: string, round: Round) =>
  zonedInstant(date, config.rounds.times[round], config.timezone).getTime();

/**
 * The doses given if needed (issue 50, a fresh look: a dose given from 💊 Give if needed… was missing
 * from the paper): each row of a medication the plan gives only if needed has a cell at every round,
 * never struck, so one given on paper can be signed; each dose given is in the cell of the round it
 * followed on its day (before the first round: the first), with who, when and why.
 */
function addIfNeeded(
  pets: Map<string, ChartPet>,
  columns: ChartColumn[],
  doses: PrnDose[],
  config: Deps["config"],
): void {
  const tz = config.timezone;
  for (const pet of pets.values()) {
    for (const row of pet.rows) {
      if (row.plan?.kind.kind !== "as_needed") continue;
      for (const c of columns) {
        if (!inHouseAtRound(pet, roundInstant(config, c.date, c.round))) continue;
        const key = cellKey(c.date, c.round, row.item);
        if (!pet.cells[key]) pet.cells[key] = { kind: "if_needed", given: [] };
      }
    }
  }
  for (const d of doses) {
    const pet = pets.get(`${d.bookingId}|${d.petId}`);
    if (!pet) continue;
    if (!pet.rows.some((r) => r.item === d.item)) rowOf(pet, d.item);
    const date = localDate(d.givenAt, tz);
    const at = Date.parse(d.givenAt);
    const mine = columns.filter((c) => c.date === date);
    const round =
      mine.filter((c) => roundInstant(config, date, c.round) <= at).at(-1)?.round ?? mine[0]?.round;
    if (!round) continue;
    const key = cellKey(date, round, d.item);
    const cell = pet.cells[key];
    const given = { initials: initialsOf(d.userName), givenAt: d.givenAt, reason: d.reason };
    if (cell?.kind === "if_needed") cell.given.push(given);
    else if (!cell || cell.kind === "not_due") pet.cells[key] = { kind: "if_needed", given: [given] };
  }
}
