/**
 * The words beside a dose a kept round asked and nobody recorded, once its pet's plan is confirmed
 * and says it is not due at that round: "📋 its plan, confirmed since this round asked it from the
 * words (Jane 12:10), gives it at the evening round, not this one — do not give a catch-up dose
 * without checking". What the round asked
 * stays as kept (still missed); these words only say what the plan says now, so nobody gives a
 * catch-up dose and then the plan's own.
 */
import type { PlanSaysNow } from "../domain/plan/plan-now.ts";
import { timeOnDay } from "./dates.ts";
import { planNotDueWords } from "./plan.ts";

const CATCH_UP = "do not give a catch-up dose without checking";

/** "the evening round", "the morning and evening rounds". */
function roundsWords(rounds: readonly string[]): string {
  const last = rounds.at(-1) ?? "";
  const named = rounds.length > 1 ? `${rounds.slice(0, -1).join(", ")} and ${last}` : last;
  return `the ${named} round${rounds.length > 1 ? "s" : ""}`;
}

/** What the plan says, in a few words: "gives it at the evening round, not this one". */
function saysWords(s: PlanSaysNow): string {
  if (s.says === "other_rounds") return `gives it at ${roundsWords(s.rounds)}, not this one`;
  if (s.says === "as_needed") return "gives it only if needed, at no set round";
  return `does not make it due this round (${planNotDueWords(s.on)})`;
}

/** Who confirmed the plan, and when (the last confirmation), said against the round's day. */
export interface ConfirmedSince {
  by: readonly string[];
  at?: string | undefined;
}

/**
 * "📋 Apoquel 16 mg: its plan, confirmed since this round asked it from the words (Jane 12:10), gives
 * it at the evening round, not this one — do not give a catch-up dose without checking" (`name` left
 * out on a form's item, which names it): why the dose beside it still reads "(plan not confirmed)".
 */
export function planNowWords(
  s: PlanSaysNow,
  since: ConfirmedSince,
  o: { timezone: string; date: string; name?: string | undefined },
): string {
  const when = since.at ? timeOnDay(since.at, o.timezone, o.date) : "";
  const who = [since.by.join(" and "), when].filter(Boolean).join(" ");
  const head = o.name ? `📋 ${o.name}: its plan` : "📋 its plan";
  return `${head}, confirmed since this round asked it from the words${who ? ` (${who})` : ""}, ${saysWords(s)} — ${CATCH_UP}`;
}
