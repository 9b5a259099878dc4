/**
 * Why a held medicine's runway is not counted, in a few words with what to do where there is
 * something to do (issue 49): "runway not known: the plan is not confirmed — confirm it in 📋 Care
 * plan", "given only if needed: no runway". The same on every surface (src/present/custody.ts
 * `runwayPart`): staff can tell "lasts the stay" from "not known".
 */
import type { Runway, RunwayWhy } from "../domain/custody-rules.ts";

const NOT_KNOWN = "runway not known";
const CONFIRM = "confirm it in 📋 Care plan";

const WHY: Record<RunwayWhy, string> = {
  no_plan: "no care plan kept yet (it is drafted at the pet's first round)",
  not_on_plan: "not on the pet's care plan now — check it in 📋 Care plan",
  plan_not_confirmed: `the plan is not confirmed — ${CONFIRM}`,
  plan_awaiting_second: `the plan awaits its second person's confirmation (high-alert drug) — ${CONFIRM}`,
  plan_changed: "the care changed in the kennel system — confirm the plan again in 📋 Care plan",
  no_kennel_api: "check-out not known (no kennel API here)",
  check_out_not_read: "check-out not known (the kennel system did not answer) — try again later",
};

/** "runway not known: the plan is not confirmed — confirm it in 📋 Care plan". */
export const runwayNotKnownWords = (why: RunwayWhy): string => `${NOT_KNOWN}: ${WHY[why]}`;

/** Nothing to count ahead: "given only if needed: no runway", "no more doses due by the plan". */
export const notScheduledWords = (r: Extract<Runway, { status: "not_scheduled" }>): string =>
  r.why === "as_needed" ? "given only if needed: no runway" : "no more doses due by the plan";

/** Is the reason one staff can act on in the kennel (confirm or check the plan): toned to be seen. */
export const runwayToDo = (why: RunwayWhy): boolean => why.startsWith("plan_") || why === "not_on_plan";
