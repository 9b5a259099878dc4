/**
 * The care record as answers (`kennel-desk record`, the connector's get_care_record): a day's
 * entries by round and pet, superseded ones kept and marked, beside what each round asked when its
 * sheet was kept (src/answers/obligations.ts): every item with its state (given on time, late, a late
 * entry, missed, not given with its reason, not due: gone home). The record alone answers: no kennel
 * API is read.
 */
import type { Deps } from "../deps.ts";
import { ROUNDS, type Round } from "../domain/care.ts";
import type { DoseState, DoseWindow } from "../domain/doses.ts";
import { type OwedDose, type OwedRound, owedPetKey } from "../domain/obligations.ts";
import { owedStatuses } from "../domain/owed-statuses.ts";
import type { PrnDose } from "../domain/prn.ts";
import { doseNamed, roundProgress } from "../domain/record.ts";
import { needsWitness, type Witness, type WitnessState, witnessState } from "../domain/witness.ts";
import type { CareRecordStore, Entry, ItemKey } from "../record/types.ts";
import { localDate } from "../time.ts";
import type { RoundDay } from "../words/paper.ts";
import { type DoseFigures, doseFigures } from "./doses.ts";
import { type NotAskedWhy, notAskedWhys } from "./not-asked.ts";
import { dosesOwed, owedRounds } from "./obligations.ts";
import { markedEntries } from "./paper-marks.ts";
import { prnDoses, withPetNames } from "./prn.ts";
import { witnessesOf } from "./witness.ts";

/** One thing the round asked of a pet, its current entry when recorded, and its state when read. */
interface DueLine {
  item: ItemKey;
  text: string;
  /** The current (not superseded) entry of the item, when recorded. */
  entry: Entry | undefined;
  /** Its state when read (recorded, upcoming, due, late, missed, not due: gone home) and its kept window. */
  state: DoseState;
  window: DoseWindow;
  /** The care plan's version it came from, and whether a person had confirmed it. */
  plan?: number | undefined;
  confirmed: boolean;
  /** A high-alert dose given: its witness, awaited, or never (an inspector reads this day first). */
  witness?: WitnessState | undefined;
}

interface RecordPet {
  petId: number;
  petName: string;
  bookingId: number;
  /** What the round asked of the pet (undefined: it asked nothing, or the round was never kept). */
  due: DueLine[] | undefined;
  /** Every entry of the pet's round, oldest first; a corrected entry carries `supersededBy`. */
  entries: Entry[];
  /**
   * Of its current entries, those recorded where the round did not ask them (export kind
   * `round_not_asked`), each with why, as the round's sheet was kept when it was recorded.
   */
  notAsked?: Array<{ entryId: number; why: NotAskedWhy }> | undefined;
}

interface RecordRound {
  round: Round;
  pets: RecordPet[];
  /**
   * Bookings on the sheet whose pets' care could not be matched or read: what was due is not known.
   * Each with its reference as kept (none: a round kept before references were).
   */
  careMissing: {
    bookingId: number | undefined;
    reference?: string | undefined;
    pets: string;
    status: string;
  }[];
  /** Pets with something owed, and of those with every owed item recorded (the round post's progress). */
  progress: { pets: number; recorded: number; dosesLeft: number; mealsLeft: number } | undefined;
  /**
   * False when the record keeps nothing the round asked that day (the bot never posted it: recording
   * had not begun, or the round is still to come): nothing was asked, so nothing is late or missed.
   */
  posted?: boolean | undefined;
  /** What was due was read from the round's kept sheets (a record written before obligations were). */
  fromSheets?: true | undefined;
}

export interface RecordDay {
  date: string;
  /** The round asked for (--round), or every round. */
  round: Round | undefined;
  /** The pet asked for (--pet), or every pet. */
  petId: number | undefined;
  rounds: RecordRound[];
  /** Entries in all, superseded ones included. */
  count: number;
  /** Of those, corrected since. */
  superseded: number;
  /** Where the record is (the SQLite file, or PostgreSQL's host and database). */
  where: string;
  /** Why what was due is shown as it is (read from kept sheets of an older record), when it is. */
  dueProblem: string | undefined;
  requestId: string | undefined;
  /** The day's doses given if needed (issue 35), each with its pet's name. */
  asNeeded?: Array<PrnDose & { petName: string }> | undefined;
  /** The day's medication doses as its rounds asked them (issue 35): "given on time: 46 of 48 due". */
  doses?: DoseFigures | undefined;
  /**
   * The rounds asked for with no kept sheet, and the day against today (past: never posted, so the
   * record cannot say what was due; the paper chart is their record).
   */
  sheetless?: { rounds: Round[]; day: RoundDay } | undefined;
}

/** A kept round's pet: each item it asked with its state, and the pet's entries of the round. */
function petOf(
  r: OwedRound,
  p: OwedRound["pets"][number],
  doses: Map<string, OwedDose>,
  mine: Entry[],
  o: { witnesses: Map<number, Witness>; now: string },
): RecordPet {
  const theirs = mine.filter((e) => e.petId === p.petId && e.bookingId === p.bookingId);
  return {
    petId: p.petId,
    petName: p.name,
    bookingId: p.bookingId,
    due: p.items.map((i) => {
      const d = doses.get(`${r.date}|${r.round}|${p.bookingId}|${p.petId}|${i.item}`);
      const e = d?.entry;
      const witness =
        e && needsWitness(e, d.due.highAlert) ? witnessState(e, o.witnesses.get(e.id), o.now) : undefined;
      return {
        item: i.item,
        text: doseNamed(i),
        entry: d?.entry,
        state: d?.state ?? { state: "upcoming" },
        window: i.window,
        ...(i.plan !== undefined ? { plan: i.plan } : {}),
        confirmed: i.confirmed,
        ...(witness ? { witness } : {}),
      };
    }),
    entries: theirs,
  };
}

/** One round of the day: what it asked beside its entries, the pets asked nothing listed by their entries. */
function roundOf(
  round: Round,
  owed: OwedRound | undefined,
  entries: Entry[],
  doses: Map<string, OwedDose>,
  o: {
    petId: number | undefined;
    now: string;
    witnesses: Map<number, Witness>;
    day: { rounds: OwedRound[]; entries: Entry[] };
    notAsked: Map<number, NotAskedWhy>;
  },
): RecordRound | undefined {
  const mine = entries.filter((e) => e.round === round);
  const pets = new Map<string, RecordPet>();
  for (const p of owed?.pets ?? [])
    if (o.petId === undefined || p.petId === o.petId)
      pets.set(owedPetKey(p), petOf(owed as OwedRound, p, doses, mine, o));
  // Entries of pets the round asked nothing of (or never kept): never left out.
  for (const e of mine) {
    const key = owedPetKey(e);
    let pet = pets.get(key);
    if (!pet) {
      pet = { petId: e.petId, petName: e.petName, bookingId: e.bookingId, due: undefined, entries: [] };
      pets.set(key, pet);
    }
    if (!pet.entries.includes(e)) pet.entries.push(e);
    const why = o.notAsked.get(e.id);
    if (why) pet.notAsked = [...(pet.notAsked ?? []), { entryId: e.id, why }];
  }
  const careMissing = (owed?.careMissing ?? []).map((m) => ({ ...m, bookingId: m.bookingId }));
  if (pets.size === 0 && careMissing.length === 0) return undefined;
  const statuses = owed
    ? owedStatuses(
        { ...owed, pets: owed.pets.filter((p) => o.petId === undefined || p.petId === o.petId) },
        mine,
        o.now,
        o.day,
      )
    : [];
  const p = roundProgress(statuses);
  return {
    round,
    pets: [...pets.values()],
    careMissing: o.petId === undefined ? careMissing : [],
    progress: owed
      ? { pets: p.pets, recorded: p.recorded, dosesLeft: p.dosesLeft, mealsLeft: p.mealsLeft }
      : undefined,
    posted: owed !== undefined,
    ...(owed?.fromSheets ? { fromSheets: true } : {}),
  };
}

/** Said when an older record's kept sheets stand for what its rounds asked. */
const FROM_SHEETS =
  "What was due is read from the rounds' kept sheets (kept before the record wrote what each round asked): each window by the settings now.";

export async function recordDay(
  deps: Required<Pick<Deps, "record">> & Pick<Deps, "config" | "clock">,
  where: string,
  query: { date: string; round?: Round | undefined; petId?: number | undefined },
): Promise<RecordDay> {
  const store = deps.record;
  const [entries, kept, witnesses] = await Promise.all([
    markedEntries(deps, {
      date: query.date,
      ...(query.round ? { round: query.round } : {}),
      ...(query.petId !== undefined ? { petId: query.petId } : {}),
    }),
    owedRounds(deps, { date: query.date }, query.round),
    witnessesOf(store, { date: query.date }),
  ]);
  const now = deps.clock.now();
  const all = dosesOwed(deps, kept, entries, now);
  const doses = new Map(all.map((d) => [`${d.date}|${d.round}|${d.bookingId}|${d.petId}|${d.due.item}`, d]));
  const notAsked = await notAskedWhys(deps, all);
  const rounds: RecordRound[] = [];
  for (const round of query.round ? [query.round] : ROUNDS) {
    const owed = kept.find((r) => r.round === round);
    const day = { rounds: kept, entries };
    const r = roundOf(round, owed, entries, doses, {
      petId: query.petId,
      now: now.toISOString(),
      witnesses,
      day,
      notAsked,
    });
    if (r) rounds.push(r);
  }
  const asNeeded = await dayAsNeeded(deps, query, rounds);
  const figures = doseFigures(
    all.filter((d) => query.petId === undefined || d.petId === query.petId),
    { of: witnesses, now: now.toISOString() },
  );
  const sheetless = (query.round ? [query.round] : ROUNDS).filter((r) => !kept.some((k) => k.round === r));
  const today = localDate(now, deps.config.timezone);
  const day = query.date < today ? "past" : query.date > today ? "later" : "today";
  return {
    date: query.date,
    round: query.round,
    petId: query.petId,
    rounds,
    ...(asNeeded.length ? { asNeeded } : {}),
    ...(figures.due > 0 && query.petId === undefined ? { doses: figures } : {}),
    count: entries.length,
    superseded: entries.filter((e) => e.supersededBy !== undefined).length,
    where,
    dueProblem: rounds.some((r) => r.fromSheets) ? FROM_SHEETS : undefined,
    requestId: undefined,
    ...(sheetless.length ? { sheetless: { rounds: sheetless, day } } : {}),
  };
}

/** The day's as-needed doses, named as the day's rounds name their pets (else as their plans do). */
async function dayAsNeeded(
  deps: { record: CareRecordStore; clock: Deps["clock"] },
  query: { date: string; petId?: number | undefined },
  rounds: RecordRound[],
): Promise<Array<PrnDose & { petName: string }>> {
  const doses = await prnDoses(deps, {
    date: query.date,
    ...(query.petId !== undefined ? { petId: query.petId } : {}),
  });
  const names = new Map(rounds.flatMap((r) => r.pets.map((p) => [`${p.bookingId}|${p.petId}`, p.petName])));
  return withPetNames(deps, doses, names);
}
