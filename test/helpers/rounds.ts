/**
 * Rounds kept as the bot keeps them (issue 45): each round's answer from the kennel API at the
 * round's own time, its obligation written to the record (src/answers/obligations.ts keepRound), so
 * a test's stay record, export or Home reads what each round asked then.
 */
import { keepRound } from "../../src/answers/obligations.ts";
import { type RoundReport, roundReport } from "../../src/answers/rounds.ts";
import type { Deps } from "../../src/deps.ts";
import { ROUNDS, type Round } from "../../src/domain/care.ts";
import { petCare } from "../../src/domain/day.ts";
import { roundSheet } from "../../src/domain/rounds.ts";
import type { Booking, Pet } from "../../src/kennel/schemas.ts";
import { draftSheet } from "../../src/present/round-sheet.ts";
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

/** Biscuit's evening round on `date` (Rimadyl 50 mg, Kennel 1, booking 5), drafted as a round post keeps it. */
export function biscuitEvening(date: string, timezone: string) {
  const pc = petCare({ petId: 1, name: "Biscuit", medication: "Rimadyl 50 mg" } as Pet);
  const report = {
    date,
    round: "evening",
    pets: [
      {
        booking: { bookingId: 5, roomName: "Kennel 1", numberOfPets: 1 } as Booking,
        pet: pc,
        sheet: roundSheet(pc.care, "evening"),
        careStatus: "matched",
        unmatched: [],
      },
    ],
    totals: {
      inHouse: 1,
      away: 0,
      pets: 1,
      withMedication: 1,
      fed: 0,
      noDiet: 1,
      nothing: 0,
      careMissing: 0,
    },
    requestId: "r",
    careProblem: undefined,
    calls: 1,
  } as unknown as RoundReport;
  return draftSheet(report, { timezone });
}
