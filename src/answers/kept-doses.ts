/**
 * What an export or a stay's record shows beside each entry (issues 35 and 45), read from the record
 * alone: each entry's dose as its round asked it (its state: given on time, late, a late entry…),
 * which entries are high-alert doses (their witness), and what the rounds asked that nothing was
 * recorded for (missed, or not due: gone home). No kennel API.
 */
import type { Deps } from "../deps.ts";
import { type OwedDose, type OwedRound, owedPetKey } from "../domain/obligations.ts";
import type { Witness } from "../domain/witness.ts";
import type { Entry } from "../record/types.ts";
import { type NotAskedWhy, notAskedWhys } from "./not-asked.ts";
import { dosesOwed, owedRounds } from "./obligations.ts";
import { witnessesOf } from "./witness.ts";

export interface EntryFacts {
  /** The entries of high-alert items, as their round asked them. */
  highAlert: Set<number>;
  /** The entries of items due from the words, their plan not confirmed (issue 44). */
  fromWords: Set<number>;
  witnesses: Map<number, Witness>;
  /** Each current entry's dose, as its round asked it, by the entry's id. */
  doses: Map<number, OwedDose>;
  /** What the rounds asked with nothing recorded (missed, open, or not due in the end). */
  unrecorded: OwedDose[];
  /** When the facts were read (a dose awaiting its witness, or still open, until then). */
  now: string;
  /** Of the entries recorded where no round asked them, why, as their round's kept sheet printed it. */
  notAsked?: Map<number, NotAskedWhy> | undefined;
}

/**
 * The rounds' obligations and witnesses of a range of days (by default the entries' own), read once
 * for an export or a stay's record; `bookingId`, `petId`: only that stay's, or that pet's, doses.
 */
export async function entryFacts(
  deps: Pick<Deps, "record" | "clock" | "config">,
  entries: Entry[],
  o: {
    from?: string | undefined;
    to?: string | undefined;
    bookingId?: number | undefined;
    petId?: number | undefined;
  } = {},
): Promise<EntryFacts> {
  const now = deps.clock.now();
  const store = deps.record;
  const dates = entries.map((e) => e.date).sort();
  const from = o.from ?? dates[0];
  const to = o.to ?? dates.at(-1);
  const empty = {
    highAlert: new Set<number>(),
    fromWords: new Set<number>(),
    witnesses: new Map(),
    doses: new Map(),
    unrecorded: [],
  };
  if (!store || !from || !to) return { ...empty, now: now.toISOString() };
  const [rounds, witnesses] = await Promise.all([
    owedRounds(deps, { from, to }),
    witnessesOf(store, { from, to }),
  ]);
  const mine = (d: { bookingId: number; petId: number }) =>
    (o.bookingId === undefined || d.bookingId === o.bookingId) &&
    (o.petId === undefined || d.petId === o.petId);
  const all = dosesOwed(deps, rounds, entries, now).filter(mine);
  const doses = new Map(all.flatMap((d) => (d.entry ? [[d.entry.id, d] as const] : [])));
  const notAsked = await notAskedWhys(deps, all);
  return {
    highAlert: new Set(all.flatMap((d) => (d.entry && d.due.highAlert ? [d.entry.id] : []))),
    fromWords: new Set(all.flatMap((d) => (d.entry && d.due.unconfirmed ? [d.entry.id] : []))),
    witnesses,
    doses,
    unrecorded: all.filter((d) => !d.entry),
    now: now.toISOString(),
    notAsked,
  };
}

/**
 * The rounds with only the pets of these entries: an entry's dose is its own pet's item, so the
 * other pets' doses of the day are not worked out again for each page.
 */
function petsOf(rounds: OwedRound[], entries: Entry[]): OwedRound[] {
  const pets = new Set(entries.map(owedPetKey));
  return rounds.map((r) => ({ ...r, pets: r.pets.filter((p) => pets.has(owedPetKey(p))) }));
}

/** The days an export's facts keep at once (its pages come in the chain's order: a day or two each). */
const FACT_DAYS = 8;

/**
 * entryFacts for an export read a page at a time (src/answers/record-export.ts): each day's rounds
 * (what each asked when kept, with its changes) and witnesses read once, the last few days kept, so a
 * late entry of an old day costs that day's reads, not every day between. Each page's entries get
 * their doses as their rounds asked them; what was asked and not recorded is the stay pages' to say
 * (`unrecorded` is empty here).
 */
export function entryFactsByDay(
  deps: Pick<Deps, "record" | "clock" | "config">,
): (entries: Entry[]) => Promise<EntryFacts> {
  const now = deps.clock.now();
  const days = new Map<string, { rounds: OwedRound[]; witnesses: Map<number, Witness> }>();
  const day = async (date: string) => {
    const had = days.get(date);
    if (had) return had;
    const [rounds, witnesses] = await Promise.all([
      owedRounds(deps, { date }),
      deps.record ? witnessesOf(deps.record, { from: date, to: date }) : new Map<number, Witness>(),
    ]);
    const read = { rounds, witnesses };
    days.set(date, read);
    if (days.size > FACT_DAYS) days.delete(days.keys().next().value as string);
    return read;
  };
  return async (entries) => {
    const facts: EntryFacts = {
      highAlert: new Set(),
      fromWords: new Set(),
      witnesses: new Map(),
      doses: new Map(),
      unrecorded: [],
      now: now.toISOString(),
    };
    const byDate = new Map<string, Entry[]>();
    for (const e of entries) {
      const theirs = byDate.get(e.date);
      if (theirs) theirs.push(e);
      else byDate.set(e.date, [e]);
    }
    for (const [date, theirs] of byDate) {
      const { rounds, witnesses } = await day(date);
      for (const d of dosesOwed(deps, petsOf(rounds, theirs), theirs, now)) {
        if (!d.entry) continue;
        facts.doses.set(d.entry.id, d);
        if (d.due.highAlert) facts.highAlert.add(d.entry.id);
        if (d.due.unconfirmed) facts.fromWords.add(d.entry.id);
        const w = witnesses.get(d.entry.id);
        if (w) facts.witnesses.set(d.entry.id, w);
      }
    }
    // Why a round did not ask one: its days' sheets read only when the page has such an entry.
    facts.notAsked = await notAskedWhys(deps, [...facts.doses.values()]);
    return facts;
  };
}
