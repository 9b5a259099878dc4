/**
 * Rounds kept as the bot keeps them (issue 45): each round's answer from the kennel API at the
 * round's own time, its obligation written to the record (src/answers/obligations.ts keepRound), so
 * a test's stay record, export or Home reads what each round asked then.
 */
import { keepRound } from "../../src/answers/obligations.ts";
import { roundReport } from "../../src/answers/rounds.ts";
import type { Deps } from "../../src/deps.ts";
import { ROUNDS, type Round } from "../../src/domain/care.ts";
import { zonedInstant } from "../../src/time.ts";

/** Keeps each of `rounds` of each day, asked at the round's time (its obligation written once). */
export async function keepRounds(
  deps: Deps,
  days: readonly string[],
  rounds: readonly Round[] = ROUNDS,
): Promise<void> {
  for (const date of days)
    for (const round of rounds) {
      const at = zonedInstant(date, deps.config.rounds.times[round], deps.config.timezone);
      const then = { ...deps, clock: { now: () => at } };
      await keepRound(then, await roundReport(then, round, date));
    }
}
