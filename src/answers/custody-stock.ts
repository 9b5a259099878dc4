/**
 * The medicines the kennel holds now (issue 49), for `kennel-desk stock`, the connector's
 * `get_medicine_stock`, Home and the morning post: each medicine counted in and not handed back, with
 * its balance, how long it lasts by the pet's confirmed plan to its check-out (the booking's, from
 * the kennel API: without it, the runway is not known and says so), its discard-by, a controlled
 * drug's count due, and every discrepancy not closed (handed back or not), and each dose taken after
 * it was handed back (the kennel held none). And a drug's register
 * (`kennel-desk stock register DRUG`): every line of every medicine of that name, in a range.
 */
import type { Deps } from "../deps.ts";
import type { RegisterLine } from "../domain/custody.ts";
import type { Runway } from "../domain/custody-rules.ts";
import { lastDoseDue, pastDiscard } from "../domain/custody-rules.ts";
import { localDate } from "../time.ts";
import { nameOrder } from "../words/order.ts";
import {
  countDueOf,
  type MedicineCustody,
  type StayCustody,
  type StayDates,
  stayCustodyOf,
  staysWithMedicines,
} from "./custody.ts";
import { runwayOf, type StayUnread } from "./custody-runway.ts";
import type { PlanVersion } from "./plans.ts";

/** One medicine held (or with a discrepancy open), and what the kennel must do about it. */
export interface HeldMedicine {
  medicine: MedicineCustody;
  /** How long it lasts by the confirmed plan, or why that is not known (`not_known`); none once handed back. */
  runway?: Runway | undefined;
  /** `at`: the handover whose count was missed (MEDICINE_COUNT_AT). */
  countDue?: { due: string; overdue: boolean; days: number; at?: string } | undefined;
  /** Past its discard-by today. */
  pastDiscard: boolean;
  /** The kennel's day it was read on (a runway's day weeks ahead is dated, not named by weekday alone). */
  today?: string | undefined;
}

export interface Stock {
  today: string;
  held: HeldMedicine[];
  /** The stays whose records could not be read, by booking (said, never left out silently). */
  unread: number[];
}

/**
 * The booking's check-in and check-out, when the kennel API answers (else why not): a booking with
 * no check-in date is counted from the plan's first day, one with no check-out as an open stay.
 */
async function stayDates(
  deps: { kennel?: Deps["kennel"] | undefined },
  bookingId: number,
): Promise<StayDates | StayUnread> {
  if (!deps.kennel) return { unread: "no_kennel_api" };
  try {
    const b = (await deps.kennel.getBooking(bookingId)).data;
    return { arrival: b.checkInDate ?? OPEN_ARRIVAL, departure: b.checkOutDate ?? undefined };
  } catch {
    return { unread: "check_out_not_read" };
  }
}

/** A stay's arrival when the booking says none: long past (every dose of the plan counted from now). */
const OPEN_ARRIVAL = new Date(0).toISOString();

/** The dates of a stay whose medicines were all handed back: never asked (none of them has a runway). */
const NOT_ASKED: StayDates = { arrival: OPEN_ARRIVAL, departure: undefined };

/**
 * The last day a dose of a held medicine is still due in its stay (to the booking's check-out, from
 * the kennel API): what handing it back now would leave the pet without; undefined when none is due
 * or the stay's check-out is not known.
 */
export async function dosesDueUntil(
  deps: Pick<Deps, "config" | "clock" | "kennel">,
  m: MedicineCustody,
): Promise<string | undefined> {
  if (!m.planItem || m.handedBack) return undefined;
  const dates = await stayDates(deps, m.first.bookingId);
  if ("unread" in dates || !dates.departure) return undefined;
  const now = deps.clock.now();
  const { timezone: timeZone, rounds } = deps.config;
  const stay = { ...dates, timeZone, roundTimes: rounds.times };
  return lastDoseDue(m.planItem, stay, now, localDate(now, timeZone));
}

/** A medicine's state today, with its stay's dates (or why they are not known) and its pet's current plan. */
export function heldOf(
  deps: Pick<Deps, "config" | "clock">,
  medicine: MedicineCustody,
  stay: StayDates | StayUnread,
  plan: PlanVersion | undefined,
): HeldMedicine {
  const today = localDate(deps.clock.now(), deps.config.timezone);
  return {
    medicine,
    runway: runwayOf(deps, medicine, stay, plan),
    countDue: countDueOf(deps, medicine),
    pastDiscard: pastDiscard(medicine.discardBy, today),
    today,
  };
}

/**
 * The medicines held now (and those handed back with a discrepancy open): `controlled` keeps the
 * controlled drugs only. `kennel` undefined: no runway (the terminal without the kennel API).
 */
export async function stockNow(
  deps: Pick<Deps, "record" | "config" | "clock" | "log"> & { kennel?: Deps["kennel"] | undefined },
  options: { controlled?: boolean } = {},
): Promise<Stock> {
  const today = localDate(deps.clock.now(), deps.config.timezone);
  const held: HeldMedicine[] = [];
  const unread: number[] = [];
  for (const { bookingId, petId } of await staysWithMedicines(deps, { open: true })) {
    let stay: StayCustody;
    try {
      stay = await stayCustodyOf(deps, bookingId, petId);
    } catch (error) {
      deps.log.warn({ bookingId, err: String((error as Error)?.message ?? error) }, "custody not read");
      unread.push(bookingId);
      continue;
    }
    const wanted = stay.medicines.filter(
      (m) =>
        (!m.handedBack || m.open.length > 0 || (m.givenNoneHeld ?? []).length > 0) &&
        (!options.controlled || m.first.controlled),
    );
    if (wanted.length === 0) continue;
    // A medicine handed back has no runway: its stay's dates are not asked for.
    const dates = wanted.some((m) => !m.handedBack) ? await stayDates(deps, bookingId) : NOT_ASKED;
    for (const m of wanted) held.push(heldOf(deps, m, dates, stay.plan));
  }
  held.sort(
    (a, b) =>
      nameOrder(a.medicine.room ?? "", b.medicine.room ?? "") ||
      nameOrder(a.medicine.petName, b.medicine.petName) ||
      a.medicine.first.seq - b.medicine.first.seq,
  );
  return { today, held, unread };
}

/** Does a medicine go by this drug's name: its label's words, or its plan item's. */
function named(m: MedicineCustody, drug: string): boolean {
  const d = drug.trim().toLowerCase();
  return [m.first.label, m.planItem?.what.text, m.planItem?.what.drug].some((t) =>
    t?.toLowerCase().includes(d),
  );
}

export interface DrugRegister {
  drug: string;
  from?: string | undefined;
  to?: string | undefined;
  medicines: Array<{ medicine: MedicineCustody; lines: RegisterLine[] }>;
}

/**
 * A drug's register: each medicine of that name (held or handed back) with its lines in the range
 * (the kennel's local days; the balance after each line is the running one, as kept).
 */
export async function drugRegister(
  deps: Pick<Deps, "record" | "config" | "clock">,
  drug: string,
  range: { from?: string | undefined; to?: string | undefined } = {},
): Promise<DrugRegister> {
  const out: DrugRegister["medicines"] = [];
  const tz = deps.config.timezone;
  for (const { bookingId, petId } of await staysWithMedicines(deps, { days: 3660 })) {
    const stay = await stayCustodyOf(deps, bookingId, petId);
    for (const medicine of stay.medicines.filter((m) => named(m, drug))) {
      const lines = medicine.lines.filter((l) => {
        const day = localDate(l.at, tz);
        return (!range.from || day >= range.from) && (!range.to || day <= range.to);
      });
      if (lines.length) out.push({ medicine, lines });
    }
  }
  return {
    drug,
    ...(range.from ? { from: range.from } : {}),
    ...(range.to ? { to: range.to } : {}),
    medicines: out,
  };
}

/** A stay's pet's medicines now, each with its runway to the booking's check-out (when the kennel API answers). */
export async function petMedicines(
  deps: Pick<Deps, "record" | "config" | "clock" | "kennel">,
  bookingId: number,
  petId: number,
): Promise<{ stay: StayCustody; held: HeldMedicine[] }> {
  const stay = await stayCustodyOf(deps, bookingId, petId);
  const dates = stay.medicines.some((m) => !m.handedBack) ? await stayDates(deps, bookingId) : NOT_ASKED;
  return { stay, held: stay.medicines.map((m) => heldOf(deps, m, dates, stay.plan)) };
}

/** A departing stay's pet with medicines still held: what to hand back, with each balance. */
export interface HandBack {
  bookingId: number;
  petId: number;
  petName: string;
  room?: string | undefined;
  medicines: MedicineCustody[];
}

/** The medicines held for these stays (the day's departures), by pet; none for a stay holding none. */
export async function toHandBack(
  deps: Pick<Deps, "record" | "config">,
  bookingIds: number[],
): Promise<HandBack[]> {
  const store = deps.record;
  if (!store) return [];
  const out: HandBack[] = [];
  for (const bookingId of new Set(bookingIds)) {
    const held = (await stayMedicines(deps, bookingId)).filter((m) => !m.handedBack);
    for (const petId of new Set(held.map((m) => m.first.petId))) {
      const mine = held.filter((m) => m.first.petId === petId);
      const first = mine[0] as MedicineCustody;
      out.push({ bookingId, petId, petName: first.petName, room: first.room, medicines: mine });
    }
  }
  return out;
}

/** A stay's medicines in custody, every pet's (held or handed back), each with its register. */
export async function stayMedicines(
  deps: Pick<Deps, "record" | "config">,
  bookingId: number,
): Promise<MedicineCustody[]> {
  const store = deps.record;
  if (!store) return [];
  const ins = await store.log({ kind: "medicine_in", bookingId });
  const pets = [...new Set(ins.flatMap((r) => (r.petId !== undefined ? [r.petId] : [])))];
  const stays = await Promise.all(pets.map((petId) => stayCustodyOf(deps, bookingId, petId)));
  return stays.flatMap((s) => s.medicines);
}

/** The medicines in custody of these stays (one pet's only, with `petId`), each with its register. */
export async function custodyOfStays(
  deps: Pick<Deps, "record" | "config">,
  bookingIds: Iterable<number>,
  petId?: number,
): Promise<MedicineCustody[]> {
  const out: MedicineCustody[] = [];
  for (const bookingId of new Set(bookingIds))
    out.push(
      ...(await stayMedicines(deps, bookingId)).filter((m) => petId === undefined || m.first.petId === petId),
    );
  return out;
}
