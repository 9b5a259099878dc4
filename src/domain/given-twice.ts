/**
 * A drug its confirmed plan gives at one round a day, given at two rounds of one day (Biscuit's
 * Apoquel 16 mg, "evening only" on the plan, given at the morning round by Jane 08:00 and at the
 * evening round by Sam 18:10): a thing for the manager to look at on the day's review and the audit,
 * never an error in the record (each entry stands as it was written; nothing is counted otherwise).
 * A drug its plan gives at two rounds, given at both, says nothing. Read as src/domain/once-given.ts
 * reads it where the dose is due (`onlyAt`: the kept round's plan item at that round alone). A drug
 * owed once a day by its words (no time given, plan not confirmed: src/domain/day-dose.ts onceADay;
 * Scout's Apoquel given at the morning round by Jane 08:00 and at the evening round by Jane 18:04) is
 * flagged the same way, `byWords`, no plan read; its confirmed plan, where a round kept one, decides
 * instead. Pure.
 */

import type { Entry, ItemKey } from "../record/types.ts";
import { ROUNDS } from "./care.ts";
import { onceADay } from "./day-dose.ts";
import { giverOf } from "./giver.ts";
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
  /** Owed once a day by its words (no time given, plan not confirmed), not by a confirmed plan. */
  byWords?: true | undefined;
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
    return e ? [{ round, userName: giverOf(e), at: e.givenAt ?? e.recordedAt }] : [];
  });
}

/** A candidate: what was given, and the plan whose item decides (none: owed once a day by its words). */
interface Candidate {
  plan?: number | undefined;
  round: OwedRound;
  pet: OwedRound["pets"][number];
  item: ItemKey;
  label: string;
  given: GivenThere[];
}

/**
 * Each kept round's medication given at two rounds or more of its day, by its confirmed plan (its
 * plan's id) or owed once a day by its words; a confirmed plan of the day's rounds comes first.
 */
function candidates(owed: readonly OwedRound[], entries: readonly Entry[]): Candidate[] {
  const out = new Map<string, Candidate>();
  for (const r of owed) {
    const day = entries.filter((e) => e.date === r.date);
    for (const pet of r.pets)
      for (const it of pet.items) {
        const key = `${r.date}|${pet.bookingId}|${pet.petId}|${it.item}`;
        const byPlan = it.confirmed && it.plan !== undefined;
        if ((!byPlan && !onceADay(it)) || !isMedicationItem(it.item)) continue;
        if (out.has(key) && (!byPlan || out.get(key)?.plan !== undefined)) continue;
        const given = givenByRound(day, pet, it.item);
        if (given.length > 1)
          out.set(key, {
            plan: byPlan ? it.plan : undefined,
            round: r,
            pet,
            item: it.item,
            label: it.label,
            given,
          });
      }
  }
  return [...out.values()];
}

/** The plans' ids to read before `givenTwice`: only those of a drug given at two rounds of a day. */
export const plansToRead = (owed: readonly OwedRound[], entries: readonly Entry[]): number[] => [
  ...new Set(candidates(owed, entries).flatMap((c) => (c.plan === undefined ? [] : [c.plan]))),
];

/**
 * Each drug a kept round asked by its confirmed plan, at that round alone, or owed once a day by its
 * words, given at two rounds or more of the day; `planItem`: the plan's item (none when its plan
 * could not be read: nothing said).
 */
export function givenTwice(
  owed: readonly OwedRound[],
  entries: readonly Entry[],
  planItem: (plan: number, item: ItemKey) => PlanItem | undefined,
): GivenTwice[] {
  return candidates(owed, entries).flatMap((c) => {
    const it = c.plan === undefined ? undefined : planItem(c.plan, c.item);
    if (c.plan !== undefined && (!it || !onlyAt(it, c.round.round))) return [];
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
        ...(c.plan === undefined ? { byWords: true as const } : {}),
      },
    ];
  });
}
