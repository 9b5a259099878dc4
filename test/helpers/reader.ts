/** What the plan's reader is told of a pet's stay, for tests of the reader and of what shows its plans. */
import type { ReaderContext } from "../../src/domain/plan/draft.ts";

/**
 * A stay from `arrival` to `departure` in a London kennel writing dates day first, with no
 * high-alert words of its own and house meals morning and evening, read at its arrival; `over`
 * set over it (booking 7, pet 70 unless it says).
 */
export function stayContext(
  arrival: string,
  departure: string | undefined,
  over: Partial<ReaderContext> = {},
): ReaderContext {
  return {
    bookingId: 7,
    petId: 70,
    arrival,
    departure,
    timeZone: "Europe/London",
    dateOrder: "dmy",
    highAlertWords: [],
    houseMeals: { rounds: ["morning", "evening"] },
    now: arrival,
    ...over,
  };
}
