/**
 * What a kept round leaves in the record, as the tests write it (src/answers/obligations.ts keeps it
 * when a round is posted): a dose's window on a day, the round's obligation (its bookings and counts
 * from the pets it asked), and a pet arriving or going home after it.
 */
import type { Round } from "../../src/domain/care.ts";
import type { CareRecordStore, LogInput } from "../../src/record/types.ts";

type Obligation = LogInput<"obligation">["body"];
type Change = LogInput<"obligation_change">["body"];

/**
 * A dose's window on `date` (UTC): opens, due, late after, closes, each "HH:mm"; by default
 * 06:30, 07:30, 07:45 and 08:00, the morning round at 07:30.
 */
export function doseWindow(
  date: string,
  times: [string, string, string, string] = ["06:30", "07:30", "07:45", "08:00"],
) {
  const [opensAt, dueAt, lateAt, closesAt] = times.map((t) => `${date}T${t}:00.000Z`) as typeof times;
  return { opensAt, dueAt, lateAt, closesAt };
}

/** The obligation a kept round of `date` writes: the pets it asked, each on its sheet and in house. */
export function keepObligation(
  store: CareRecordStore,
  date: string,
  pets: Obligation["pets"],
  round: Round = "morning",
) {
  return store.append({
    kind: "obligation",
    date,
    requestKey: `obligation:${date}:${round}`,
    body: {
      v: 1,
      date,
      round,
      pets,
      bookings: [...new Set(pets.map((p) => p.bookingId))],
      counts: { inHouse: pets.length, onSheet: pets.length, away: 0 },
    },
  });
}

/** A pet arriving, going home or given items after its round's obligation (`obligation`) was written. */
export function changeObligation(
  store: CareRecordStore,
  date: string,
  obligation: { id: number },
  change: Omit<Change, "v" | "obligation">,
) {
  return store.append({
    kind: "obligation_change",
    date,
    bookingId: change.bookingId,
    petId: change.petId,
    requestKey: `obligation_change:${obligation.id}:${change.bookingId}:${change.petId}:${change.change}`,
    body: { v: 1, obligation: obligation.id, ...change },
  });
}
