/**
 * The pets in house with a dose to give if needed (issue 35), for Home's line and its list: each
 * pet of the current round whose confirmed care plan has an as-needed item, with the day's doses.
 */
import type { Deps } from "../deps.ts";
import { counts, saysCheckedIn, saysLeft } from "../domain/bookings.ts";
import { type AsNeededPet, asNeededItems, type PrnDose } from "../domain/prn.ts";
import type { Booking } from "../kennel/schemas.ts";
import { addDays, localDate } from "../time.ts";
import { nameOrder } from "../words/order.ts";
import { prnDoses, prnNow } from "./prn.ts";
import { currentRound, type RoundPet, roundReport } from "./rounds.ts";

/**
 * The pets of a round (its report: src/answers/rounds.ts) with a dose to give if needed, by their
 * confirmed plans, each with the day's doses; by room, then name. Home's line and its list.
 */
export async function asNeededOf(
  deps: Pick<Deps, "record" | "config" | "clock">,
  report: { date: string; pets: RoundPet[] },
): Promise<AsNeededPet[]> {
  const out: AsNeededPet[] = [];
  for (const p of report.pets) {
    const bookingId = p.booking.bookingId;
    const petId = p.pet?.pet.petId;
    const plan = p.plan;
    if (plan?.state !== "confirmed" || bookingId === undefined || petId === undefined) continue;
    const items = asNeededItems(plan.plan, plan.state, report.date, {
      timeZone: deps.config.timezone,
      roundTimes: deps.config.rounds.times,
    });
    if (items.length === 0) continue;
    const name = p.pet?.flags.name || p.pet?.pet.name || `pet ${petId}`;
    out.push({ bookingId, petId, name, room: p.booking.roomName, items, doses: [] });
  }
  if (out.length === 0) return out;
  const doses = await prnDoses(deps, { date: report.date });
  for (const p of out) p.doses = doses.filter((d) => d.bookingId === p.bookingId && d.petId === p.petId);
  return out.sort((a, b) => nameOrder(a.room ?? "", b.room ?? "") || nameOrder(a.name, b.name));
}

/** Today's pets with a dose to give if needed, from the current round (Home's list). */
export async function asNeededToday(deps: Deps): Promise<{ date: string; pets: AsNeededPet[] }> {
  const date = localDate(deps.clock.now(), deps.config.timezone);
  const report = await roundReport(deps, currentRound(deps), date);
  return { date, pets: await asNeededOf(deps, report) };
}

/** A pet's doses to give if needed, for its card: as the pet's latest stay's plan says. */
export interface PetAsNeeded extends AsNeededPet {
  /** The plan is confirmed: the items are offered (otherwise they are named, not offered). */
  confirmed: boolean;
  /** The kennel's today when it was read: a dose of last night says "given yesterday 23:20". */
  today: string;
}

const DAY_MS = 24 * 3_600_000;

/** The doses given in the last 24 hours before `now`: 💊 Give if needed…'s, the pet's card's, ✏️ Record each…'s. */
export const lastDay = (doses: PrnDose[], now: Date): PrnDose[] =>
  doses.filter((d) => Date.parse(d.givenAt) > now.getTime() - DAY_MS);

/** A pet's as-needed doses of the last 24 hours as a form opens (`doses` undefined: they could not be read). */
export interface LastDay {
  doses: PrnDose[] | undefined;
  now: string;
  timezone: string;
}

/**
 * The stay's pet's as-needed doses of the last 24 hours, for ✏️ Record each… (one read for the pet,
 * every drug's): a failure to read them is logged and said, never in the way of the form.
 */
export async function petLastDay(
  deps: Pick<Deps, "record" | "config" | "clock" | "log">,
  pet: { bookingId: number; petId: number },
): Promise<LastDay> {
  const now = deps.clock.now();
  const timezone = deps.config.timezone;
  const today = localDate(now, timezone);
  // Dated as given, the kennel's day: 24 hours back reach two days back at most (a day of 23 hours).
  const query = { bookingId: pet.bookingId, petId: pet.petId, from: addDays(today, -2), to: today };
  try {
    return { doses: lastDay(await prnDoses(deps, query), now), now: now.toISOString(), timezone };
  } catch (error) {
    deps.log.warn(
      { err: String((error as Error)?.message ?? error) },
      "the last 24 h's as-needed doses not read",
    );
    return { doses: undefined, now: now.toISOString(), timezone };
  }
}

/**
 * A booking in house on `today` (the kennel's date), by the kennel API: it counts, has arrived, and
 * has not left (its check-out today or later, or still checked in past it).
 */
export function inHouseToday(
  booking: Pick<Booking, "checkInDate" | "checkOutDate" | "status">,
  today: string,
  tz: string,
): boolean {
  const arrived = booking.checkInDate !== undefined && localDate(booking.checkInDate, tz) <= today;
  const staying =
    booking.checkOutDate === undefined ||
    localDate(booking.checkOutDate, tz) >= today ||
    saysCheckedIn(booking);
  return counts(booking) && !saysLeft(booking) && arrived && staying;
}

/**
 * The card's as-needed doses: the stay of the pet's latest care plan, when that stay is in house
 * today (by the kennel API's booking), its items (offered only when the plan is confirmed) and the
 * doses of the last 24 hours. Undefined when there is no record, no plan, no stay in house, or
 * nothing to give if needed.
 */
export async function petAsNeeded(deps: Deps, petId: number): Promise<PetAsNeeded | undefined> {
  if (!deps.record) return undefined;
  const latest = (await deps.record.log({ kind: "plan", petId }))
    .filter((v) => v.supersededBy === undefined && v.bookingId !== undefined)
    .at(-1);
  if (latest?.bookingId === undefined) return undefined;
  const bookingId = latest.bookingId;
  const booking = (await deps.kennel.getBooking(bookingId)).data;
  const now = deps.clock.now();
  const tz = deps.config.timezone;
  const today = localDate(now, tz);
  if (!inHouseToday(booking, today, tz)) return undefined;
  const found = await prnNow(deps, bookingId, petId, today);
  const plan = found.version;
  if (!plan) return undefined;
  const items = found.confirmed
    ? found.items
    : asNeededItems(plan.plan, "confirmed", today, { timeZone: tz, roundTimes: deps.config.rounds.times });
  const doses = lastDay(found.doses, now);
  if (items.length === 0 && doses.length === 0) return undefined;
  return {
    bookingId,
    petId,
    name: plan.petName,
    room: booking.roomName ?? plan.room,
    items,
    doses,
    confirmed: found.confirmed,
    today,
  };
}
