/**
 * Who may record what on a round's sheet, decided once when the sheet is kept (src/answers/sheets.ts)
 * and read by every surface that draws it: a pet is on the kept sheet with something to record when
 * something is due for it this round (its care plan's, else the sheet's own rule), the sheet prints
 * a dose to give if needed or one not due (by its days' words, the round its words name, or its
 * confirmed plan: issue 44, every dose a sheet prints can be signed there), its confirmed
 * plan has a dose to give if needed, or its plan is kept and not confirmed ("📋 Plan…"); one tap
 * only as its plan and its care allow; a pet not checked in and arriving later that day is marked
 * with its arrival, so a tap before then asks first. Pure.
 */
import type { Booking } from "../kennel/schemas.ts";
import { localDate } from "../time.ts";
import { saysCheckedIn } from "./bookings.ts";
import type { Round } from "./care.ts";
import type { PetFlags } from "./flags.ts";
import { byDaysOf } from "./printed-not-due.ts";
import { type ByDaysItem, type DueItem, dueOf, type IfNeededItem, oneTapAllowed } from "./record.ts";
import type { RoundSheet } from "./rounds.ts";

/** What a round's pet brings to its kept sheet (src/answers/rounds.ts RoundPet has it). */
export interface RoundPetFacts {
  booking: Pick<Booking, "bookingId" | "checkInDate" | "status">;
  pet:
    | { pet: { petId?: number | undefined }; flags: Pick<PetFlags, "name" | "fasting" | "listedTwice"> }
    | undefined;
  sheet: RoundSheet | undefined;
  due?: DueItem[] | undefined;
  ifNeeded?: IfNeededItem[] | undefined;
  byDays?: ByDaysItem[] | undefined;
  oneTap?: boolean | undefined;
  plan?:
    | { state: string; versionId: number | undefined; items: ReadonlyArray<{ on: { status: string } }> }
    | undefined;
}

/** A pet on a kept sheet: its ids and name, what is due, and what its buttons may do. */
export interface SheetPetFacts {
  bookingId: number;
  petId: number;
  name: string;
  /** What is due this round, in the sheet's order (what the record asks for, and chases). */
  due: DueItem[];
  /** What the sheet prints to give if needed: its form records them, never due nor chased. */
  ifNeeded?: IfNeededItem[];
  /** What the sheet prints not due (src/domain/record.ts ByDaysItem): its form records them if given, never due nor chased. */
  byDays?: ByDaysItem[];
  /** May "All given & eaten" sign it off in one tap? */
  oneTap: boolean;
  /** Not here yet: arriving later that day, not checked in (its check-in, ISO 8601). */
  arrivesAt?: string;
  /** Its plan kept and not confirmed yet: "📋 Plan…" opens this version. */
  planToConfirm?: number;
  /** Its confirmed plan has a dose to give if needed: "💊 Give if needed…". */
  asNeeded?: true;
}

/** A confirmed plan with a dose to give if needed: on the sheet with its button, due or not. */
const asNeededOnPlan = (plan: RoundPetFacts["plan"]): boolean =>
  plan?.state === "confirmed" && plan.items.some((i) => i.on.status === "as_needed");

/** The booking's check-in, when it is later that day and the status does not say the pet has come. */
function arrivesLater(
  booking: Pick<Booking, "checkInDate" | "status">,
  date: string,
  timezone: string,
): string | undefined {
  const checkIn = booking.checkInDate;
  return checkIn && !saysCheckedIn(booking) && localDate(Date.parse(checkIn), timezone) === date
    ? checkIn
    : undefined;
}

/**
 * The pet's place on the kept sheet, or undefined when it has nothing to record there (no ids, its
 * care not matched, nothing printed to record, no dose to give if needed, no plan to confirm): its
 * sheet lines are still shown. Nothing due, no one tap: a pet on it only for a dose printed not due
 * ("record it only if given") has nothing "All given & eaten" could record. `round`: the sheet's.
 */
export function sheetPetOf(
  p: RoundPetFacts,
  date: string,
  timezone: string,
  round?: Round,
): SheetPetFacts | undefined {
  const bookingId = p.booking.bookingId;
  const petId = p.pet?.pet.petId;
  if (bookingId === undefined || petId === undefined || !p.pet || !p.sheet) return undefined;
  const due = dueOf(p);
  const ifNeeded = p.ifNeeded ?? [];
  const byDays = byDaysOf(p, round);
  const asNeeded = asNeededOnPlan(p.plan);
  const plan = p.plan;
  const toConfirm = plan?.versionId !== undefined && plan.state !== "confirmed" ? plan.versionId : undefined;
  if (due.length + ifNeeded.length + byDays.length === 0 && !asNeeded && toConfirm === undefined)
    return undefined;
  const arrivesAt = arrivesLater(p.booking, date, timezone);
  return {
    bookingId,
    petId,
    name: p.pet.flags.name || "pet",
    due,
    ...(ifNeeded.length ? { ifNeeded } : {}),
    ...(byDays.length ? { byDays } : {}),
    oneTap: due.length > 0 && (p.oneTap ?? oneTapAllowed(p.pet.flags)),
    ...(arrivesAt ? { arrivesAt } : {}),
    ...(toConfirm !== undefined ? { planToConfirm: toConfirm } : {}),
    ...(asNeeded ? { asNeeded: true as const } : {}),
  };
}
