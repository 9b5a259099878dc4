/**
 * When a pet arrived and went home, as far as Kennel Desk knows, for a form's check of a time said
 * (src/answers/late-entry.ts, record-each.ts, paper-enter.ts): never after the pet went home (issue
 * 46, item 11). A pet still checked in past its check-out is on every round's sheet, "⚠️ past
 * check-out (…): still here?" (src/domain/bookings.ts pastCheckOut): a dose the sheet prints for it
 * is recorded there, its entry saying it was given past the booking's check-out.
 */
import type { Deps } from "../deps.ts";
import { saysCheckedIn } from "../domain/bookings.ts";
import { noteAdded } from "../domain/note-added.ts";
import type { ItemKey } from "../record/types.ts";
import { localDate } from "../time.ts";
import { within } from "../within.ts";
import { dayHeading, timeOf } from "../words/dates.ts";
import type { SheetPet } from "./sheets.ts";

/** When the pet arrived and went home, as far as Kennel Desk knows. */
export interface StayTimes {
  arrival?: string | undefined;
  departure?: string | undefined;
  /** Its booking's status says it is still here (checked in): its check-out, once passed, is not when it went home. */
  stillHere?: true | undefined;
}

/** The booking's check-in and check-out are looked up for at most this long before the form is answered. */
const STAY_WAIT_MS = 1_200;

const instantOr = (iso: string | undefined) => (iso && !Number.isNaN(Date.parse(iso)) ? iso : undefined);

/**
 * When the pet arrived and went home, as far as Kennel Desk knows: the kept sheet's arrival (a pet
 * not checked in when the sheet was made), else the booking's check-in, and its check-out, from the
 * kennel API, and whether its status says it is still here; what cannot be had is left out (the
 * check is then left to the other rules, and the failure logged).
 */
async function stayTimesOf(
  deps: Pick<Deps, "kennel" | "log">,
  pet: Pick<SheetPet, "arrivesAt" | "bookingId">,
): Promise<StayTimes> {
  try {
    const { data } = await deps.kennel.getBooking(pet.bookingId);
    return {
      arrival: pet.arrivesAt ?? instantOr(data.checkInDate),
      departure: instantOr(data.checkOutDate),
      ...(saysCheckedIn(data) ? { stillHere: true as const } : {}),
    };
  } catch (error) {
    deps.log.warn(
      { bookingId: pet.bookingId, err: String((error as Error)?.message ?? error) },
      "the booking's check-in and check-out could not be read to check a late entry's time",
    );
    return { arrival: pet.arrivesAt };
  }
}

/**
 * The pet's stay times for a form's check, within STAY_WAIT_MS (Slack's deadline comes first): past
 * it, the kept sheet's arrival alone, and the other rules check the time.
 */
export async function stayTimesSoon(
  deps: Pick<Deps, "kennel" | "log">,
  pet: Pick<SheetPet, "arrivesAt" | "bookingId">,
): Promise<StayTimes> {
  return (await within(stayTimesOf(deps, pet), STAY_WAIT_MS)) ?? { arrival: pet.arrivesAt };
}

/** The check-out a time said is checked against: none for a pet still here (it has not gone home). */
export const wentHomeAt = (stay: StayTimes): string | undefined =>
  stay.stillHere ? undefined : stay.departure;

/**
 * A time said after the booking's check-out of a pet still here: the words its entry carries
 * ("past the booking's check-out (Wed 2 Dec 10:00): still here"); else none.
 */
export function pastCheckOutNote(givenAt: string, stay: StayTimes, timezone: string): string | undefined {
  if (!stay.stillHere || !stay.departure || Date.parse(givenAt) <= Date.parse(stay.departure))
    return undefined;
  const when = `${dayHeading(localDate(stay.departure, timezone))} ${timeOf(stay.departure, timezone)}`;
  return `past the booking's check-out (${when}): still here`;
}

/**
 * The writes given a time past the booking's check-out of a pet still here, each note saying so
 * (`words`: pastCheckOutNote's); or, a note too long to hold them, the words at its field.
 */
export function notedPastCheckOut<
  W extends { item: ItemKey; note?: string | undefined; givenAt?: string | undefined },
>(
  writes: W[],
  words: string | undefined,
): { ok: true; writes: W[] } | { ok: false; errors: Record<string, string> } {
  if (!words) return { ok: true, writes };
  const errors: Record<string, string> = {};
  const out = writes.map((w) => {
    if (!w.givenAt) return w;
    const added = noteAdded(w.note, words);
    if (added.tooLong) errors[`note:${w.item}`] = added.tooLong;
    return { ...w, note: added.note };
  });
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, writes: out };
}
