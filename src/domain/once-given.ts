/**
 * A dose its confirmed plan gives at one round a day, given today at another round
 * (src/answers/once-given.ts reads them): what is given where, keyed as `dayNotDue` keys its doses. Pure.
 */

import type { Entry, ItemKey } from "../record/types.ts";
import type { Round } from "./care.ts";
import { giverOf } from "./giver.ts";
import type { PlanItem } from "./plan/types.ts";

/** An item given at another round of the day: where, by whom, when. */
export interface GivenThere {
  round: Round;
  userName: string;
  at: string;
  /** Owed once a day by its words (no time given, plan not confirmed), not by a confirmed plan. */
  byWords?: true | undefined;
}

/** Each such dose of a round, by "bookingId|petId|item" (as `dayNotDue` keys its doses). */
export type OnceGiven = ReadonlyMap<string, GivenThere>;

export const onceGivenKey = (bookingId: number, petId: number, item: ItemKey) =>
  `${bookingId}|${petId}|${item}`;

/** The pet's item given today at another round (its latest entry there, not corrected since). */
export function givenElsewhere(
  entries: readonly Entry[],
  pet: { bookingId: number; petId: number },
  item: ItemKey,
  round: Round,
): GivenThere | undefined {
  const given = entries.filter(
    (e) =>
      e.bookingId === pet.bookingId &&
      e.petId === pet.petId &&
      e.item === item &&
      e.round !== round &&
      e.outcome === "given" &&
      e.supersededBy === undefined,
  );
  const last = given.at(-1);
  return last && { round: last.round, userName: giverOf(last), at: last.givenAt ?? last.recordedAt };
}

/** Does the plan's item give it at this round alone (one round a day)? */
export function onlyAt(item: PlanItem, round: Round): boolean {
  const rounds = new Set(item.when.rounds.map((r) => r.round));
  return rounds.size === 1 && rounds.has(round);
}
