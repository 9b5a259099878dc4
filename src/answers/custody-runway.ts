/**
 * A held medicine's runway (issue 49): how long it lasts by the pet's confirmed plan, from now to the
 * stay's check-out; and, when it is not counted, why (src/domain/custody-rules.ts `RunwayWhy`): no
 * plan kept, the medicine not on it, the plan not confirmed, the check-out not read. Every surface
 * says the reason in the same words (src/words/custody-runway.ts).
 */
import type { Deps } from "../deps.ts";
import { planRunway, type Runway, runway } from "../domain/custody-rules.ts";
import { planState } from "../domain/plan/state.ts";
import type { PlanState } from "../domain/plan/types.ts";
import { localDate } from "../time.ts";
import { type MedicineCustody, readingOf, type StayDates } from "./custody.ts";
import type { PlanVersion } from "./plans.ts";

/** Why a stay's check-out was not read: no kennel API here (the terminal without it), or it did not answer. */
export interface StayUnread {
  unread: "no_kennel_api" | "check_out_not_read";
}

/** A kept plan's state: one drafted again because its words changed in the kennel system says so. */
const stateOf = (v: PlanVersion | undefined): PlanState | undefined =>
  v ? (v.changed?.length ? "changed_in_source" : planState(v.plan)) : undefined;

/**
 * How long a medicine lasts by its pet's plan (`plan`: the stay's current version, the one its item
 * was read from), from now to the stay's departure; `not_known` with why when it is not counted
 * (given only if needed: nothing to count, whatever the plan); none once handed back.
 */
export function runwayOf(
  deps: Pick<Deps, "config" | "clock">,
  m: MedicineCustody,
  stay: StayDates | StayUnread,
  plan: PlanVersion | undefined,
): Runway | undefined {
  if (m.handedBack) return undefined;
  if (m.planItem?.kind.kind === "as_needed") return { status: "not_scheduled", why: "as_needed" };
  const on = planRunway(stateOf(plan), m.planItem);
  if ("why" in on) return { status: "not_known", why: on.why };
  if ("unread" in stay) return { status: "not_known", why: stay.unread };
  const now = deps.clock.now();
  const { timezone: timeZone, rounds } = deps.config;
  return runway(
    on.item,
    m.balance,
    m.unit,
    { arrival: stay.arrival, departure: stay.departure, timeZone, roundTimes: rounds.times },
    now,
    localDate(now, timeZone),
    readingOf(m.first, on.item),
  );
}
