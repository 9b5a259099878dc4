/**
 * The care record as answers (`kennel-desk record`, `record export`): a day's entries by round and
 * pet, superseded ones kept and marked, or every entry of a range. Read from the store alone: the
 * record answers even when the kennel API does not.
 */
import { ROUNDS, type Round } from "../domain/care.ts";
import type { CareRecordStore, Entry } from "../record/types.ts";

interface RecordPet {
  petId: number;
  petName: string;
  bookingId: number;
  /** Oldest first; a corrected entry carries `supersededBy`. */
  entries: Entry[];
}

export interface RecordDay {
  date: string;
  /** The round asked for (--round), or every round. */
  round: Round | undefined;
  /** The pet asked for (--pet), or every pet. */
  petId: number | undefined;
  rounds: { round: Round; pets: RecordPet[] }[];
  /** Entries in all, superseded ones included. */
  count: number;
  /** Of those, corrected since. */
  superseded: number;
  /** Where the record is (the SQLite file, or PostgreSQL's host and database). */
  where: string;
}

export async function recordDay(
  store: CareRecordStore,
  where: string,
  query: { date: string; round?: Round | undefined; petId?: number | undefined },
): Promise<RecordDay> {
  const entries = await store.entries({
    date: query.date,
    ...(query.round ? { round: query.round } : {}),
    ...(query.petId !== undefined ? { petId: query.petId } : {}),
  });
  const rounds = ROUNDS.map((round) => {
    const pets = new Map<string, RecordPet>();
    for (const e of entries.filter((x) => x.round === round)) {
      const key = `${e.bookingId}|${e.petId}`;
      let pet = pets.get(key);
      if (!pet) {
        pet = { petId: e.petId, petName: e.petName, bookingId: e.bookingId, entries: [] };
        pets.set(key, pet);
      }
      pet.entries.push(e);
    }
    return { round, pets: [...pets.values()] };
  }).filter((r) => r.pets.length > 0);
  return {
    date: query.date,
    round: query.round,
    petId: query.petId,
    rounds,
    count: entries.length,
    superseded: entries.filter((e) => e.supersededBy !== undefined).length,
    where,
  };
}
