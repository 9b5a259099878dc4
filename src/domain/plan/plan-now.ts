/**
 * What a care plan confirmed since a round was kept says now of a dose that round asked and that is
 * still open (late or missed): the round asked it, from the words, before anyone confirmed the plan;
 * what was due stays as kept, but a carer reading "missed" must not give a catch-up dose the plan now
 * puts at another round (a double dose). Pure: the plan's own reading of the round, with no stay
 * (the round asked the dose, so the pet was in).
 */
import type { Round } from "../care.ts";
import { DEFAULT_ROUND_TIMES } from "../round-times.ts";
import { type ItemOnRound, itemOnRound } from "./schedule.ts";
import type { PlanItem } from "./types.ts";

/** What the confirmed plan says of an item at a round it does not make due there. */
export type PlanSaysNow =
  /** Given at other rounds (its plan's), not this one. */
  | { says: "other_rounds"; rounds: Round[] }
  /** Given only if needed, at no round. */
  | { says: "as_needed" }
  /** Not due this round, and why (not one of its days, course finished…). */
  | { says: "not_due"; on: Extract<ItemOnRound, { status: "not_due" }> };

/** An open stay: the plan's word on the round alone, whenever the pet came or goes. */
const OPEN_STAY = {
  arrival: new Date(0).toISOString(),
  departure: undefined,
  timeZone: "UTC",
  roundTimes: DEFAULT_ROUND_TIMES,
};

/**
 * What a confirmed plan's item says of a round (`date`, `round`) when it does not make it due there;
 * undefined when the plan makes it due (or conditional) there, or leaves it to a person.
 */
export function planSaysNotHere(item: PlanItem, date: string, round: Round): PlanSaysNow | undefined {
  const on = itemOnRound(item, date, round, OPEN_STAY);
  if (on.status === "as_needed") return { says: "as_needed" };
  if (on.status !== "not_due") return undefined;
  const rounds = [...new Set(item.when.rounds.map((r) => r.round))].filter((r) => r !== round);
  return on.why === "not_this_round" && rounds.length > 0
    ? { says: "other_rounds", rounds }
    : { says: "not_due", on };
}
