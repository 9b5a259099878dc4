/**
 * The medication chart's parts (src/answers/chart.ts makes it): what a chart is (its columns, its
 * pets, their rows and cells), and how a pet and a due dose are put on it, whichever round they come
 * from: a kept round read from the care record (src/answers/chart-kept.ts) or a round not kept, as
 * the kennel API answers now.
 */
import type { Deps } from "../deps.ts";
import type { Round } from "../domain/care.ts";
import {
  type ChartCell,
  cellKey,
  chartCell,
  inErrorCell,
  inHouseAtRound,
  notAskedCell,
  supersededOf,
} from "../domain/chart.ts";
import type { PetCare } from "../domain/day.ts";
import type { Person, PlanItem, PlanState } from "../domain/plan/types.ts";
import { type DueItem, isMedicationItem } from "../domain/record.ts";
import { needsWitness, type Witness, type WitnessState, witnessState } from "../domain/witness.ts";
import type { Entry, ItemKey } from "../record/types.ts";
import { zonedInstant } from "../time.ts";
import { careMissingWords } from "../words/chart.ts";
import { naturalOrder } from "../words/order.ts";
import { notAsked, type RoundDose } from "./doses.ts";
import { notAskedWhys } from "./not-asked.ts";
import type { PlanVersion } from "./plans.ts";
import type { RoundPet } from "./rounds.ts";

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
  /**
   * Not kept, and the kennel API could not be read for it (or was not asked again after it failed):
   * nothing of it is known, so its cells say so, never struck as nothing due (`Chart.problems` says why).
   */
  unread?: true | undefined;
  /**
   * Not kept, of a day before today: a round Kennel Desk never posted. The record cannot say what was
   * due then (its cells show what the care plans make due now, never "missed"), and the paper chart
   * kept on the day is its record; it cannot be entered back (no sheet was kept).
   */
  past?: true | undefined;
}

/** One medication of the pet: a row. */
export interface ChartRow {
  item: ItemKey;
  /** The plan's item, when the pet has a plan (its drug, strength, amount, condition, high-alert mark). */
  plan?: PlanItem | undefined;
  /** The sheet's label and words, when a round asked for it. */
  due?: DueItem | undefined;
  /** Its medicine handed back, none held since (the kennel holds none): to whom, the day. */
  handedBack?: { to: string; date: string } | undefined;
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
  /**
   * Every round of the chart the pet is on was kept: the page is drawn from the care record, which
   * keeps no allergies nor care notes (they come from the kennel API's answer now; when it could not
   * be read, `care` is undefined and the page says where to look).
   */
  fromRecord: boolean;
  /**
   * The chart's day the pet came on after that day's last round was kept (src/answers/chart-arrived.ts):
   * no round of it asked anything of the pet, and its cells say so.
   */
  arrivedAfter?: string | undefined;
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
  /**
   * What the chart could not show (a booking whose pets' care could not be matched, rounds not kept
   * that the kennel API could not be read for, with its request id): never dropped silently.
   */
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

export const wanted = (q: ChartQuery, room: string | undefined, petId: number | undefined) =>
  (q.petId === undefined || petId === q.petId) &&
  (q.room === undefined || (room ?? "").trim().toLowerCase() === q.room.trim().toLowerCase());

/** What a chart is made with: the query, the record read once, and the pets and chart so far. */
export interface Making {
  deps: Deps;
  q: ChartQuery;
  chart: Chart;
  pets: Map<string, ChartPet>;
  entries: Entry[];
  witnesses: Map<number, Witness>;
  /** The care plans' versions the kept rounds worked from, by id. */
  plans: Map<number, PlanVersion>;
  /**
   * The bookings whose care could not be matched already said in the chart's problems: each said
   * once, whether a kept round (by its id) or a round read now (by its reference) found it first.
   */
  unmatched: Set<number>;
  /** The doses no round asked on the chart (`notAsked`), their cells said why once it is read (`markNotAsked`). */
  notAsked: RoundDose[];
}

/** An entry of the dose's slot put right as recorded in error, nothing recorded since. */
const standsInError = (e: Entry, d: RoundDose) =>
  e.outcome === "in_error" &&
  e.supersededBy === undefined &&
  e.date === d.date &&
  e.round === d.round &&
  e.bookingId === d.bookingId &&
  e.petId === d.petId &&
  e.item === d.due.item;

/** A round's medication doses on their pets' rows, each with its witness's state when it needs one. */
export function addDoses(m: Making, doses: RoundDose[], kept: boolean): void {
  const now = m.deps.clock.now().toISOString();
  const byId = new Map(m.entries.map((e) => [e.id, e] as const));
  for (const d of doses) {
    if (!isMedicationItem(d.due.item)) continue;
    const witness =
      d.entry && needsWitness(d.entry, d.due.highAlert)
        ? witnessState(d.entry, m.witnesses.get(d.entry.id), now)
        : undefined;
    const was = supersededOf(d.entry, byId);
    const unasked = notAsked(d);
    if (unasked) m.notAsked.push(d);
    // Nothing recorded, its entry put right as recorded in error: struck in its cell, with why.
    const wrong = d.entry ? undefined : m.entries.find((e) => standsInError(e, d));
    const o = { blank: !m.chart.record, witness, kept, was, unasked };
    addDose(m.deps.config, m.q, m.pets, d, { ...o, wrong, struck: supersededOf(wrong, byId) });
  }
}

/**
 * Each dose no round asked, its cell saying why as the round's sheet was kept when it was recorded
 * (src/answers/not-asked.ts), as the day's record says it: the record's sheets read only when there is one.
 */
export async function markNotAsked(m: Making): Promise<void> {
  const whys = await notAskedWhys(m.deps, m.notAsked);
  for (const d of m.notAsked) {
    const pet = m.pets.get(`${d.bookingId}|${d.petId}`);
    const key = cellKey(d.date, d.round, d.due.item);
    const cell = pet?.cells[key];
    const why = d.entry && whys.get(d.entry.id);
    if (pet && cell && why) pet.cells[key] = notAskedCell(cell, why);
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
  o: {
    blank: boolean;
    witness: WitnessState | undefined;
    kept: boolean;
    was: Entry[];
    unasked: boolean;
    wrong: Entry | undefined;
    struck: Entry[];
  },
): void {
  // A pet on the chart was asked for (src/answers/chart.ts wanted); one only on a kept sheet (gone
  // home since) has no room to filter by, so it is charted unless a room or another pet was asked.
  const known = pets.get(`${d.bookingId}|${d.petId}`);
  if (!known && (q.room !== undefined || (q.petId !== undefined && d.petId !== q.petId))) return;
  const pet = known ?? petOf(pets, d.bookingId, d.petId, d.petName);
  if (!known) pet.fromRecord = o.kept;
  const row = rowOf(pet, d.due.item);
  // What was due stays as the rounds kept it: a dose no round asked names its row only if none did.
  if (o.unasked) row.due ??= d.due;
  else row.due = d.due;
  const here = inHouseAtRound(pet, roundInstant(config, d.date, d.round));
  const cell = o.blank
    ? { kind: "open" as const, state: "due" as const }
    : inErrorCell(chartCell(d.state, d.entry, o.witness, here, o.was), o.wrong, o.struck);
  // Its why is read after (markNotAsked); until then, its sheet's line not known.
  pet.cells[cellKey(d.date, d.round, d.due.item)] = o.unasked
    ? notAskedCell(cell, { days: "not_listed" })
    : cell;
}

export function petOf(pets: Map<string, ChartPet>, bookingId: number, petId: number, name: string): ChartPet {
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
      fromRecord: false,
      plan: undefined,
      rows: [],
      cells: {},
    };
    pets.set(key, pet);
  }
  return pet;
}

/** The pet's row of an item, in the slots' order. */
export function rowOf(pet: ChartPet, item: ItemKey): ChartRow {
  let row = pet.rows.find((r) => r.item === item);
  if (!row) {
    row = { item };
    pet.rows.push(row);
    pet.rows.sort((a, b) => naturalOrder(a.item, b.item));
  }
  return row;
}

/** A round's instant on a day, in the kennel's zone. */
export const roundInstant = (config: Deps["config"], date: string, round: Round) =>
  zonedInstant(date, config.rounds.times[round], config.timezone).getTime();

/** A pet of a round's sheet: its booking, care and plan (the latest round's), its plan's medications. */
export function addPet(
  q: ChartQuery,
  pets: Map<string, ChartPet>,
  p: RoundPet,
  said: { problems: string[]; unmatched: Set<number> },
): void {
  const bookingId = p.booking.bookingId;
  const petId = p.pet?.pet.petId;
  if (!wanted(q, p.booking.roomName, petId)) return;
  if (!p.pet || bookingId === undefined || petId === undefined) {
    // Said once a booking, whichever round found it first (a kept round names it by the reference it kept).
    if (bookingId !== undefined && said.unmatched.has(bookingId)) return;
    if (bookingId !== undefined) said.unmatched.add(bookingId);
    const pets = p.unmatched.join(", ") || p.booking.petNames || "pets";
    const words = careMissingWords(
      { bookingId, reference: p.booking.reference, pets, status: p.careStatus },
      false,
    );
    if (!said.problems.includes(words)) said.problems.push(words);
    return;
  }
  const pet = petOf(pets, bookingId, petId, p.pet.pet.name ?? `pet ${petId}`);
  Object.assign(pet, {
    fromRecord: false,
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
