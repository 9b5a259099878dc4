/**
 * A round's answer with one pet on it, as a post answers it (src/answers/rounds.ts RoundReport) and
 * keeps it: the pet's care from its fields, its sheet for the round, what its plan makes due, no one
 * tap; the stay in UTC; and kept as the post keeps it (test/answers/record-draft-printed.test.ts,
 * record-plan-not-due.test.ts, record-not-asked-only.test.ts, chart-review-not-asked.test.ts).
 */
import { obligationOf } from "../../src/answers/obligation-body.ts";
import type { RoundReport } from "../../src/answers/rounds.ts";
import type { Sheet, SheetPet } from "../../src/answers/sheets.ts";
import type { Deps } from "../../src/deps.ts";
import type { Round } from "../../src/domain/care.ts";
import { petCare } from "../../src/domain/day.ts";
import { draftPlan } from "../../src/domain/plan/draft.ts";
import { planRound } from "../../src/domain/plan/round.ts";
import type { Plan } from "../../src/domain/plan/types.ts";
import { sheetPetOf } from "../../src/domain/round-sheet.ts";
import { DEFAULT_ROUND_TIMES } from "../../src/domain/round-times.ts";
import { roundSheet } from "../../src/domain/rounds.ts";
import type { Booking, Pet } from "../../src/kennel/schemas.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { keepSheet } from "./not-asked.ts";
import { stayContext } from "./reader.ts";

type Totals = RoundReport["totals"];

/**
 * The round of `date` with the pet of `fields` on it, checked in for its stay (`arrival` to
 * `departure`) on `booking`; `plan`: the plan the round works from, made from the pet's draft (the
 * draft itself when none is given); `totals` over one pet in house, fed, nothing else.
 */
export function onePetRound(o: {
  fields: Record<string, unknown>;
  booking: { bookingId: number; roomName: string; reference?: string };
  stay: { arrival: string; departure: string };
  date: string;
  round: Round;
  plan?: (drafted: Plan) => Plan;
  totals?: Partial<Totals>;
}): RoundReport {
  const { arrival, departure } = o.stay;
  const context = stayContext(arrival, departure, { timeZone: "UTC" });
  const stay = { arrival, departure, timeZone: "UTC", roundTimes: DEFAULT_ROUND_TIMES };
  const pc = petCare(o.fields as Pet);
  const sheet = roundSheet(pc.care, o.round, DEFAULT_ROUND_TIMES[o.round], undefined, o.date);
  const drafted = draftPlan(pc.pet, context);
  const r = planRound(o.plan ? o.plan(drafted) : drafted, sheet, o.date, o.round, stay);
  const booking = {
    ...o.booking,
    checkInDate: arrival,
    checkOutDate: departure,
    numberOfPets: 1,
    status: "checked_in",
  } as unknown as Booking;
  const pet = { booking, pet: pc, sheet, careStatus: "matched", unmatched: [], ...r, oneTap: false };
  const totals = { inHouse: 1, away: 0, pets: 1, withMedication: 0, fed: 1, noDiet: 0, nothing: 0 };
  return {
    date: o.date,
    round: o.round,
    pets: [pet],
    totals: { ...totals, careMissing: 0, ...o.totals },
  } as unknown as RoundReport;
}

/**
 * A one-pet round kept as its post keeps it: its obligation from `asked`, then its sheet from
 * `shown` (`asked` unless given; `round`: the sheet's round its lines are read at, when given), the
 * pet on it. The kept sheet and its pet.
 */
export async function keepOnePetRound(
  deps: Pick<Deps, "config"> & { record: CareRecordStore },
  asked: RoundReport,
  { shown = asked, round }: { shown?: RoundReport; round?: Round } = {},
): Promise<{ sheet: Sheet; pet: SheetPet }> {
  await deps.record.append({ kind: "obligation", date: asked.date, body: obligationOf(deps, asked) });
  const p = shown.pets[0];
  const kept = sheetPetOf(p as never, shown.date, "UTC", round);
  if (!kept) throw new Error(`${p?.pet?.pet.name} is not on the kept sheet`);
  const sheet = await keepSheet(deps.record, shown.date, [{ ...kept, message: 0 }], shown.round);
  return { sheet, pet: sheet.pets[0] as SheetPet };
}
