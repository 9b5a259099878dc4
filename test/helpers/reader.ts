/** What the plan's reader is told of a pet's stay, for tests of the reader and of what shows its plans. */
import type { ReaderContext } from "../../src/domain/plan/draft.ts";

/**
 * A stay from `arrival` to `departure` in a London kennel writing dates day first, with no
 * high-alert words of its own, house meals morning and evening and the default rounds and dose
 * window, read at its arrival; `over`
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
    // The kennel's defaults: ROUNDS_TIMES 07:30,12:00,18:00; DOSE_WINDOW_BEFORE 60, DOSE_WINDOW_AFTER 120.
    rounds: {
      times: { morning: "07:30", midday: "12:00", evening: "18:00" },
      beforeMinutes: 60,
      afterMinutes: 120,
    },
    now: arrival,
    ...over,
  };
}
