/**
 * A drug its confirmed plan gives at one round a day, given at two rounds of one day (Biscuit's
 * Apoquel 16 mg, "evening only" on the plan, given at the morning round by Jane 08:00 and at the
 * evening round by Sam 18:10): a thing for the manager to look at on the day's review and the audit,
 * never an error in the record (each entry stands as it was written; nothing is counted otherwise).
 * A drug its plan gives at two rounds, given at both, says nothing; nor does one whose plan is not
 * confirmed (its words decide, src/domain/day-dose.ts). Read as src/domain/once-given.ts reads it
 * where the dose is due (`onlyAt`: the kept round's plan item at that round alone). Pure.
 */
import type { Entry, ItemKey } from "../record/types.ts";
import { ROUNDS } from "./care.ts";
import type { OwedRound } from "./obligations.ts";
import { type GivenThere, onlyAt } from "./once-given.ts";
import type { PlanItem } from "./plan/types.ts";
import { isMedicationItem } from "./record.ts";

export interface GivenTwice {
  date: string;
  bookingId: number;
  petId: number;
  petName: string;
  room?: string | undefined;
  item: ItemKey;
  /** The dose as its round asked it ("Apoquel 16 mg"). */
  label: string;
  /** Each round it was given at, in the day's order: who gave it (the paper's giver, from the paper), when. */
  given: GivenThere[];
}

/** The pet's current entries of the day saying the item was given, one a round, in the day's order. */
function givenByRound(day: readonly Entry[], pet: { bookingId: number; petId: number }, item: ItemKey) {
  return ROUNDS.flatMap((round) => {
    const e = day.findLast(
      (x) =>
        x.round === round &&
        x.bookingId === pet.bookingId &&
        x.petId === pet.petId &&
        x.item === item &&
        x.outcome === "given" &&
        x.supersededBy === undefined,
    );
    return e ? [{ round, userName: e.paper?.by ?? e.userName, at: e.givenAt ?? e.recordedAt }] : [];
  });
}

/** Each kept round's confirmed medication given at two rounds or more of its day: its plan's id, and what was given. */
function candidates(owed: readonly OwedRound[], entries: readonly Entry[]) {
  const out = new Map<
    string,
    {
      plan: number;
      round: OwedRound;
      pet: OwedRound["pets"][number];
      item: ItemKey;
      label: string;
      given: GivenThere[];
    }
  >();
  for (const r of owed) {
    const day = entries.filter((e) => e.date === r.date);
    for (const pet of r.pets)
      for (const it of pet.items) {
        const key = `${r.date}|${pet.bookingId}|${pet.petId}|${it.item}`;
        if (!it.confirmed || it.plan === undefined || !isMedicationItem(it.item) || out.has(key)) continue;
        const given = givenByRound(day, pet, it.item);
        if (given.length > 1)
          out.set(key, { plan: it.plan, round: r, pet, item: it.item, label: it.label, given });
      }
  }
  return [...out.values()];
}

/** The plans' ids to read before `givenTwice`: only those of a drug given at two rounds of a day. */
export const plansToRead = (owed: readonly OwedRound[], entries: readonly Entry[]): number[] => [
  ...new Set(candidates(owed, entries).map((c) => c.plan)),
];

/**
 * Each drug a kept round asked by its confirmed plan, at that round alone, given at two rounds or more
 * of the day; `planItem`: the plan's item (none when its plan could not be read: nothing said).
 */
export function givenTwice(
  owed: readonly OwedRound[],
  entries: readonly Entry[],
  planItem: (plan: number, item: ItemKey) => PlanItem | undefined,
): GivenTwice[] {
  return candidates(owed, entries).flatMap((c) => {
    const it = planItem(c.plan, c.item);
    if (!it || !onlyAt(it, c.round.round)) return [];
    const { bookingId, petId, name: petName, room } = c.pet;
    return [
      {
        date: c.round.date,
        bookingId,
        petId,
        petName,
        ...(room ? { room } : {}),
        item: c.item,
        label: c.label,
        given: c.given,
      },
    ];
  });
}
