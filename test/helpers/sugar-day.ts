/**
 * Sugar (Caninsulin, a high-alert drug, "ONLY if she has eaten"; a diabetic diet) boarding Tue 1 Dec
 * to Sun 6 Dec 2026 on booking 32, her plan drafted from the words (not confirmed), and her morning
 * round of Thu 3 Dec kept in the record, in UTC (test/answers/late-meal-time.test.ts,
 * test/present/stay-record-vet.test.ts, condition-once.test.ts, test/answers/pet-stay-record.test.ts).
 */
import { planNow } from "../../src/answers/plans.ts";
import type { Sheet, SheetPet } from "../../src/answers/sheets.ts";
import { loadConfig } from "../../src/config.ts";
import { silentLogger } from "../../src/log.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { keepOnePetRound, onePetRound } from "./one-pet-round.ts";

const ARRIVAL = "2026-12-01T10:00:00Z";
const DEPARTURE = "2026-12-06T10:00:00Z";
export const SUGAR_DATE = "2026-12-03";
export const SUGAR_BOOKING = { bookingId: 32, checkInDate: ARRIVAL, checkOutDate: DEPARTURE };
export const INSULIN = "Caninsulin 6iu twice daily with breakfast and dinner, ONLY if she has eaten";
const FIELDS = {
  petId: 35,
  name: "Sugar",
  medication: INSULIN,
  dietaryRequirements: "Diabetic diet, 1 cup AM and PM",
};
const config = loadConfig({ KENNEL_TIMEZONE: "UTC" });

/** The deps a record answer needs: `store` as the record, the clock `clock`, UTC, a silent log, the booking read. */
export const sugarDeps = (store: CareRecordStore, clock: { now: () => Date }) => ({
  record: store,
  config,
  clock,
  log: silentLogger(),
  kennel: { getBooking: async () => ({ data: { ...SUGAR_BOOKING, status: "Checked In" } }) } as never,
});

/** Sugar's morning round of `SUGAR_DATE`, kept in `deps`' record: her sheet and her place on it. */
export async function sugarMorning(
  deps: ReturnType<typeof sugarDeps>,
): Promise<{ sheet: Sheet; pet: SheetPet }> {
  const round = onePetRound({
    fields: FIELDS,
    booking: { bookingId: 32, roomName: "Suite E", reference: "AW-SUGAR" },
    stay: { arrival: ARRIVAL, departure: DEPARTURE },
    date: SUGAR_DATE,
    round: "morning",
  });
  return keepOnePetRound(deps, round);
}

/** Sugar's care plan drafted from her words (not confirmed), kept for her stay as a round keeps it. */
export async function keepSugarPlan(deps: ReturnType<typeof sugarDeps>): Promise<void> {
  const booking = { ...SUGAR_BOOKING, roomName: "Suite E" };
  const { plan } = await planNow({ ...deps, record: undefined }, booking, FIELDS);
  await deps.record.append({
    kind: "plan",
    date: "2026-12-01",
    bookingId: SUGAR_BOOKING.bookingId,
    petId: FIELDS.petId,
    requestKey: "plan:draft:32:35",
    body: { plan, petName: "Sugar" },
  });
}
