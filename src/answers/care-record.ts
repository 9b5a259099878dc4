/**
 * The care record as answers (`kennel-desk record`): a day's entries by round and pet, superseded
 * ones kept and marked, beside what each pet's round sheet said was due (when the kennel API can be
 * read: the record itself answers even when it cannot, and says so).
 */
import type { Deps } from "../deps.ts";
import { ROUNDS, type Round } from "../domain/care.ts";
import type { DoseWindow, OpenState } from "../domain/doses.ts";
import type { PrnDose } from "../domain/prn.ts";
import { dueOf } from "../domain/record.ts";
import type { CareRecordStore, Entry, ItemKey } from "../record/types.ts";
import type { DoseFigures } from "./doses.ts";
import { dosesOf } from "./doses.ts";
import { describeFailure } from "./failure.ts";
import { keptDue } from "./kept-doses.ts";
import { prnDoses, withPetNames } from "./prn.ts";
import { roundReport } from "./rounds.ts";
import { keptSheets } from "./sheets.ts";

/** One thing the round's sheet showed for a pet, and its current entry when recorded. */
interface DueLine {
  item: ItemKey;
  text: string;
  /** The current (not superseded) entry of the item, when recorded. */
  entry: Entry | undefined;
  /** Not recorded: its state now (upcoming, due, late, missed) and its window (issue 35). */
  open?: { state: OpenState; window: DoseWindow } | undefined;
}

interface RecordPet {
  petId: number;
  petName: string;
  bookingId: number;
  /** What the sheet showed as due (undefined when the sheet could not be read, or the pet is not on it). */
  due: DueLine[] | undefined;
  /** Every entry of the pet's round, oldest first; a corrected entry carries `supersededBy`. */
  entries: Entry[];
}

interface RecordRound {
  round: Round;
  pets: RecordPet[];
  /** Bookings on the sheet whose pets' care could not be matched or read: what was due is not known. */
  careMissing: { bookingId: number | undefined; pets: string; status: string }[];
  /** Pets with something due, and of those with every due item recorded (the round post's progress). */
  progress: { pets: number; recorded: number; dosesLeft: number; mealsLeft: number } | undefined;
  /**
   * False when the record keeps no sheet of this round that day (the bot never posted it: recording
   * had not begun, or the round is still to come): nothing was asked, so nothing is late or missed.
   */
  posted?: boolean | undefined;
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
  /** Why what was due is not shown (no kennel API settings, the API failing), if it is not. */
  dueProblem: string | undefined;
  requestId: string | undefined;
  /** The day's doses given if needed (issue 35), each with its pet's name. */
  asNeeded?: Array<PrnDose & { petName: string }> | undefined;
  /** The day's medication doses from its kept sheets (issue 35): "given on time: 46 of 48 due". */
  doses?: DoseFigures | undefined;
}

const current = (entries: Entry[], item: ItemKey) =>
  entries.filter((e) => e.item === item && e.supersededBy === undefined).at(-1);

export async function recordDay(
  store: CareRecordStore | undefined,
  where: string,
  query: { date: string; round?: Round | undefined; petId?: number | undefined },
  /** The kennel API, to read each round's sheet; undefined: entries only. */
  kennel: Deps | undefined,
  clock: Deps["clock"],
): Promise<RecordDay> {
  const entries = store
    ? await store.entries({
        date: query.date,
        ...(query.round ? { round: query.round } : {}),
        ...(query.petId !== undefined ? { petId: query.petId } : {}),
      })
    : [];
  // What each round's kept sheets asked (as posted): the only source of a state (late, missed…); an
  // item no kept sheet asked is "not recorded", no more (src/answers/kept-doses.ts, as Home and Slack).
  const sheets = store ? await keptSheets({ record: store }, { date: query.date }) : [];
  const asked = keptDue(sheets);
  const posted = new Set(sheets.map((sheet) => sheet.round));
  /** What stops the sheets from being read at all. */
  let unread: string | undefined = kennel
    ? undefined
    : "What was due is not shown: the kennel API is not set (KENNEL_API_KEY and KENNEL_API_BASE_URL).";
  /** A sheet read, but some pets' care not (said beside those pets, and here). */
  let careProblem: string | undefined;
  let requestId: string | undefined;
  const rounds: RecordRound[] = [];
  for (const round of query.round ? [query.round] : ROUNDS) {
    const mine = entries.filter((e) => e.round === round);
    const pets = new Map<string, RecordPet>();
    const careMissing: RecordRound["careMissing"] = [];
    let sheetRead = false;
    if (kennel && !unread) {
      try {
        const report = await roundReport(kennel, round, query.date);
        requestId = report.requestId;
        sheetRead = true;
        careProblem ??= report.careProblem;
        // Each due item's window and state now, beside the round's entries.
        const doses = dosesOf(kennel, report, mine, kennel.clock.now());
        const doseOf = new Map(doses.map((d) => [`${d.bookingId}|${d.petId}|${d.due.item}`, d]));
        for (const p of report.pets) {
          const bookingId = p.booking.bookingId;
          if (!p.pet || !p.sheet) {
            careMissing.push({
              bookingId,
              pets: p.unmatched.join(", ") || (p.booking.petNames ?? "pets"),
              status: p.careStatus,
            });
            continue;
          }
          const petId = p.pet.pet.petId;
          if (petId === undefined || bookingId === undefined) continue;
          if (query.petId !== undefined && petId !== query.petId) continue;
          const theirs = mine.filter((e) => e.petId === petId && e.bookingId === bookingId);
          pets.set(`${bookingId}|${petId}`, {
            petId,
            petName: p.pet.pet.name ?? theirs[0]?.petName ?? `pet ${petId}`,
            bookingId,
            due: dueOf(p).map((d) => {
              const dose = doseOf.get(`${bookingId}|${petId}|${d.item}`);
              const keptKey = `${query.date}|${round}|${bookingId}|${petId}|${d.item}`;
              const open =
                dose && dose.state.state !== "recorded" && asked.has(keptKey)
                  ? { state: dose.state.state, window: dose.window }
                  : undefined;
              return {
                item: d.item,
                text: d.text,
                entry: current(theirs, d.item),
                ...(open ? { open } : {}),
              };
            }),
            entries: theirs,
          });
        }
      } catch (error) {
        const f = describeFailure(error);
        unread = `What was due is not shown: ${f.what} ${f.whatToDo}`;
        requestId = f.requestId;
      }
    }
    // Entries of pets not on the sheet (gone home since, or the sheet unread): never left out.
    for (const e of mine) {
      const key = `${e.bookingId}|${e.petId}`;
      let pet = pets.get(key);
      if (!pet) {
        pet = { petId: e.petId, petName: e.petName, bookingId: e.bookingId, due: undefined, entries: [] };
        pets.set(key, pet);
      }
      if (!pet.entries.includes(e)) pet.entries.push(e);
    }
    const withDue = [...pets.values()].filter((p) => p.due && p.due.length > 0);
    const left = (kind: "med" | "meal") =>
      withDue.reduce(
        (n, p) =>
          n + (p.due ?? []).filter((d) => !d.entry && (kind === "meal") === (d.item === "meal")).length,
        0,
      );
    const listed = [...pets.values()].filter((p) => p.entries.length > 0 || (p.due?.length ?? 0) > 0);
    if (listed.length === 0 && careMissing.length === 0) continue;
    rounds.push({
      round,
      pets: listed,
      careMissing,
      progress: sheetRead
        ? {
            pets: withDue.length,
            recorded: withDue.filter((p) => (p.due ?? []).every((d) => d.entry)).length,
            dosesLeft: left("med"),
            mealsLeft: left("meal"),
          }
        : undefined,
      ...(store ? { posted: posted.has(round) } : {}),
    });
  }
  const asNeeded = store ? await dayAsNeeded({ record: store, clock }, query, rounds) : [];
  return {
    date: query.date,
    round: query.round,
    petId: query.petId,
    rounds,
    ...(asNeeded.length ? { asNeeded } : {}),
    count: entries.length,
    superseded: entries.filter((e) => e.supersededBy !== undefined).length,
    where,
    dueProblem: unread ?? careProblem,
    requestId,
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
