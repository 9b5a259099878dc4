/**
 * Why a round did not ask a dose recorded at it (export kind `round_not_asked`): the line its sheet
 * printed to record only if given (src/domain/record.ts ByDaysItem: not due by its days' words,
 * printed whole where its words name another round, with the sheet's why, or not due by its confirmed
 * plan, with the plan's why), as the round's sheet was kept when the dose was
 * recorded; or none, the sheet never listing it. Read from the kept sheets alone, never worked out
 * again from the pet's care or plan as they stand now. Pure.
 */
import type { Entry } from "../record/types.ts";
import type { Round } from "./care.ts";
import type { ByDaysItem } from "./record.ts";

/** Why the round did not ask it: its sheet's line recorded only if given, or `not_listed`. */
export type NotAskedWhy = Pick<ByDaysItem, "days" | "words"> | { days: "not_listed" };

/** A round's sheet as kept, with its place in the record's chain. */
export interface SheetKeptAt {
  seq: number;
  date: string;
  round: Round;
  pets: ReadonlyArray<{
    bookingId: number;
    petId: number;
    byDays?: ReadonlyArray<Pick<ByDaysItem, "item" | "days" | "words">> | undefined;
  }>;
}

/**
 * Why the entry's round did not ask it: the line of the last sheet of its round kept before it was
 * recorded (the one its form was on) that printed it to record only if given; else `not_listed`.
 * `sheets` oldest first.
 */
export function notAskedWhy(
  sheets: readonly SheetKeptAt[],
  e: Pick<Entry, "seq" | "date" | "round" | "bookingId" | "petId" | "item">,
): NotAskedWhy {
  let why: NotAskedWhy = { days: "not_listed" };
  for (const s of sheets) {
    if (s.date !== e.date || s.round !== e.round || s.seq > e.seq) continue;
    const pet = s.pets.find((p) => p.bookingId === e.bookingId && p.petId === e.petId);
    const line = pet?.byDays?.find((d) => d.item === e.item);
    if (line) why = { days: line.days, words: line.words };
  }
  return why;
}
