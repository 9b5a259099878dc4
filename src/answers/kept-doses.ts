/**
 * The doses the kept sheets asked for (issue 35), beside the care record: what each round's sheet
 * said was due, as posted (src/answers/sheets.ts), so the figures a manager reads need no kennel API
 * and never change because the kennel system's words did. A round posted more than once (a replica,
 * a second /rounds, a pet arriving) counts each pet's items once: the union of its sheets, each item
 * as its latest sheet had it. A medication recorded for an item no kept sheet asked (a sheet since
 * removed by retention) is counted too, with the default window: never left out.
 */
import type { Deps } from "../deps.ts";
import type { Round } from "../domain/care.ts";
import { doseState, doseWindow } from "../domain/doses.ts";
import { currentEntries, type DueItem, isMedicationItem } from "../domain/record.ts";
import type { Witness } from "../domain/witness.ts";
import type { Entry } from "../record/types.ts";
import { type DoseFigures, doseFigures, doseSettings, type RoundDose } from "./doses.ts";
import { keptSheets, type Sheet } from "./sheets.ts";
import { witnessesOf } from "./witness.ts";

/** One item a kept sheet asked of a pet at a round. */
export interface KeptDue {
  date: string;
  round: Round;
  bookingId: number;
  petId: number;
  petName: string;
  due: DueItem;
}

/** "2026-11-24|morning|501|77|med:1": one item of one pet's round. */
const doseKey = (d: { date: string; round: Round; bookingId: number; petId: number; item: string }) =>
  `${d.date}|${d.round}|${d.bookingId}|${d.petId}|${d.item}`;

/** Every item the sheets asked, by its key: the union of a round's sheets, each item as last kept. */
export function keptDue(sheets: Sheet[]): Map<string, KeptDue> {
  const out = new Map<string, KeptDue>();
  for (const s of [...sheets].sort((a, b) => a.id - b.id)) {
    for (const p of s.pets) {
      for (const due of p.due) {
        const k = { date: s.date, round: s.round, bookingId: p.bookingId, petId: p.petId };
        out.set(doseKey({ ...k, item: due.item }), { ...k, petName: p.name, due });
      }
    }
  }
  return out;
}

/**
 * The medication doses the kept sheets asked (and any medication recorded beside them), each with
 * its window and its state at `now`: what the figures count.
 */
export function keptDoses(
  deps: Pick<Deps, "config">,
  kept: Map<string, KeptDue>,
  entries: Entry[],
  now: Date,
): RoundDose[] {
  const settings = doseSettings(deps);
  const { times } = deps.config.rounds;
  const tz = deps.config.timezone;
  const current = currentEntries(entries);
  const out: RoundDose[] = [];
  const dose = (k: KeptDue, entry: Entry | undefined): RoundDose => {
    const window = doseWindow(k.due, k.date, k.round, times, tz, settings);
    return {
      ...k,
      room: undefined,
      window,
      state: doseState(window, now.toISOString(), entry),
      ...(entry ? { entry } : {}),
    };
  };
  for (const [key, k] of kept) {
    if (isMedicationItem(k.due.item)) out.push(dose(k, current.get(key)));
  }
  for (const [key, e] of current) {
    if (kept.has(key) || !isMedicationItem(e.item)) continue;
    const due: DueItem = { item: e.item, label: e.itemText, text: e.itemText };
    out.push(
      dose(
        { date: e.date, round: e.round, bookingId: e.bookingId, petId: e.petId, petName: e.petName, due },
        e,
      ),
    );
  }
  return out;
}

/** What an export shows beside each entry's fields (issue 35): which are high-alert doses, and their witnesses. */
export interface EntryFacts {
  /** The entries of high-alert items, as their round's kept sheet had them. */
  highAlert: Set<number>;
  /** The entries of items due from the words, their plan not confirmed (issue 44). */
  fromWords: Set<number>;
  witnesses: Map<number, Witness>;
  /** When the facts were read (a dose awaiting its witness until then). */
  now: string;
}

/** The kept sheets and witnesses of the entries' days, read once for an export. */
export async function entryFacts(
  deps: Pick<Deps, "record" | "clock">,
  entries: Entry[],
): Promise<EntryFacts> {
  const now = deps.clock.now().toISOString();
  const store = deps.record;
  const dates = entries.map((e) => e.date).sort();
  const from = dates[0];
  const to = dates.at(-1);
  if (!store || !from || !to)
    return { highAlert: new Set(), fromWords: new Set(), witnesses: new Map(), now };
  const [sheets, witnesses] = await Promise.all([
    keptSheets(deps, { from, to }),
    witnessesOf(store, { from, to }),
  ]);
  const kept = keptDue(sheets);
  const marked = (mark: "highAlert" | "unconfirmed") =>
    new Set(entries.filter((e) => kept.get(doseKey(e))?.due[mark]).map((e) => e.id));
  return { highAlert: marked("highAlert"), fromWords: marked("unconfirmed"), witnesses, now };
}

/** The days an export's facts keep at once (its pages come in the chain's order: a day or two each). */
const FACT_DAYS = 8;

/**
 * entryFacts for an export read a page at a time (src/answers/record-export.ts): each day's kept
 * sheets and witnesses read once, the last few days kept, so a late entry of an old day costs that
 * day's reads, not every day between.
 */
export function entryFactsByDay(
  deps: Pick<Deps, "record" | "clock">,
): (entries: Entry[]) => Promise<EntryFacts> {
  const now = deps.clock.now().toISOString();
  const days = new Map<string, { kept: Map<string, KeptDue>; witnesses: Map<number, Witness> }>();
  const day = async (date: string) => {
    const had = days.get(date);
    if (had) return had;
    const [sheets, witnesses] = await Promise.all([
      keptSheets(deps, { date }),
      deps.record ? witnessesOf(deps.record, { from: date, to: date }) : new Map<number, Witness>(),
    ]);
    const read = { kept: keptDue(sheets), witnesses };
    days.set(date, read);
    if (days.size > FACT_DAYS) days.delete(days.keys().next().value as string);
    return read;
  };
  return async (entries) => {
    const facts: EntryFacts = { highAlert: new Set(), fromWords: new Set(), witnesses: new Map(), now };
    for (const e of entries) {
      const { kept, witnesses } = await day(e.date);
      const due = kept.get(doseKey(e))?.due;
      if (due?.highAlert) facts.highAlert.add(e.id);
      if (due?.unconfirmed) facts.fromWords.add(e.id);
      const w = witnesses.get(e.id);
      if (w) facts.witnesses.set(e.id, w);
    }
    return facts;
  };
}

/**
 * A day's dose figures (of one round, when named) from its kept sheets and its entries, at `now`:
 * "given on time: 46 of 48 due" (src/answers/doses.ts doseFigures). No kennel API.
 */
export async function dayDoseFigures(
  deps: Pick<Deps, "record" | "config" | "clock">,
  date: string,
  round?: Round,
): Promise<DoseFigures | undefined> {
  const store = deps.record;
  if (!store) return undefined;
  const [sheets, entries] = await Promise.all([
    keptSheets(deps, { date }),
    store.entries({ date, ...(round ? { round } : {}) }),
  ]);
  const kept = keptDue(sheets.filter((s) => !round || s.round === round));
  return doseFigures(keptDoses(deps, kept, entries, deps.clock.now()));
}
