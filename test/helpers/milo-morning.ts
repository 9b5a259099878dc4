/**
 * Milo (Rimadyl 50 mg, mornings, his plan confirmed by two) boarding Sun 29 Nov to Sun 6 Dec 2026 on
 * booking 31, and his morning round of Thu 3 Dec kept in the record, in UTC
 * (test/answers/given-by.test.ts, given-by-kept.test.ts).
 */
import type { Sheet, SheetPet } from "../../src/answers/sheets.ts";
import { loadConfig } from "../../src/config.ts";
import type { Plan } from "../../src/domain/plan/types.ts";
import { silentLogger } from "../../src/log.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { confirmedByTwo } from "./not-asked.ts";
import { keepOnePetRound, onePetRound } from "./one-pet-round.ts";

const ARRIVAL = "2026-11-29T10:30:00Z";
const DEPARTURE = "2026-12-06T10:30:00Z";
export const DATE = "2026-12-03";
export const BOOKING = { bookingId: 31, checkInDate: ARRIVAL, checkOutDate: DEPARTURE };
const config = loadConfig({ KENNEL_TIMEZONE: "UTC" });

/** The deps a record answer needs: `store` as the record, the clock `clock`, UTC, a silent log. */
export const miloDeps = (store: CareRecordStore, clock: { now: () => Date }) => ({
  record: store,
  config,
  clock,
  log: silentLogger(),
});

/** Milo's morning round of `DATE`, kept in `deps`' record: his sheet and his place on it. */
export async function miloMorning(
  deps: ReturnType<typeof miloDeps>,
): Promise<{ sheet: Sheet; pet: SheetPet }> {
  const round = onePetRound({
    fields: { petId: 81, name: "Milo", medication: "Rimadyl 50 mg 1 tab AM with food" },
    booking: { bookingId: 31, roomName: "Kennel 31", reference: "MILO" },
    stay: { arrival: ARRIVAL, departure: DEPARTURE },
    date: DATE,
    round: "morning",
    plan: (drafted: Plan) => confirmedByTwo(drafted),
    totals: { fed: 0, noDiet: 1, nothing: 1 },
  });
  return keepOnePetRound(deps, round);
}
