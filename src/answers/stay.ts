/**
 * The stay's care record for the handover (/departures, the 07:00 post, /booking, the "Stay record"
 * button, `kennel-desk record --booking`, the connector): each pet of a booking, what was due in its
 * stay's rounds beside what was recorded. One store read per booking.
 */
import type { Deps } from "../deps.ts";
import type { EntryCare } from "../domain/day.ts";
import type { DueItem } from "../domain/record.ts";
import { type PetStayRecord, petStayRecord, type StayRecordView } from "../domain/stay.ts";
import type { Witness } from "../domain/witness.ts";
import type { Booking } from "../kennel/schemas.ts";
import type { Entry } from "../record/types.ts";
import { addDays, localDate } from "../time.ts";
import { doseSettings } from "./doses.ts";
import { describeFailure } from "./failure.ts";
import { keptDue } from "./kept-doses.ts";
import { keptSheets, type Sheet } from "./sheets.ts";
import { witnessesOf } from "./witness.ts";

type StayBooking = Pick<Booking, "bookingId" | "checkInDate" | "checkOutDate">;

/** What the stay's kept sheets asked and its witnesses (issue 35): each dose's window and witness. */
export interface StayKept {
  sheets: Sheet[];
  witnesses: Map<number, Witness>;
}

/** What the kept sheets asked of one pet of a booking, by "date|round|item". */
function keptOfPet(deps: Pick<Deps, "config">, kept: StayKept, bookingId: number, petId: number) {
  const due = new Map<string, DueItem>();
  for (const k of keptDue(kept.sheets).values())
    if (k.bookingId === bookingId && k.petId === petId) due.set(`${k.date}|${k.round}|${k.due.item}`, k.due);
  return { due, settings: doseSettings(deps), witnesses: kept.witnesses };
}

/** The stay record from the entries already read (and, with `kept`, its doses' times). Pure. */
export function stayOf(
  deps: Pick<Deps, "config" | "clock">,
  booking: StayBooking & { bookingId: number },
  care: EntryCare | undefined,
  entries: Entry[],
  recordSince?: Date,
  kept?: StayKept,
): StayRecordView {
  const keptOf = (petId: number) => (kept ? { kept: keptOfPet(deps, kept, booking.bookingId, petId) } : {});
  const common = {
    entries,
    recordSince,
    times: deps.config.rounds.times,
    houseMeals: deps.config.rounds.houseMeals,
    timezone: deps.config.timezone,
    now: deps.clock.now(),
    graceMinutes: deps.config.roundCheck.afterMinutes,
  };
  const pets: PetStayRecord[] = [];
  const done = new Set<number>();
  for (const p of care?.pets ?? []) {
    const petId = p.pet.petId;
    if (petId === undefined || done.has(petId)) continue;
    done.add(petId);
    pets.push(
      petStayRecord({
        ...common,
        ...keptOf(petId),
        booking,
        pet: { petId, name: p.pet.name ?? `pet ${petId}`, care: p.care },
      }),
    );
  }
  // Entries of pets not matched on the booking now: their record is shown, never dropped.
  for (const e of entries) {
    if (e.bookingId !== booking.bookingId || done.has(e.petId)) continue;
    done.add(e.petId);
    pets.push(
      petStayRecord({
        ...common,
        ...keptOf(e.petId),
        booking,
        pet: { petId: e.petId, name: e.petName, care: undefined },
      }),
    );
  }
  return { bookingId: booking.bookingId, pets, problem: undefined };
}

/** Entries are read by booking within its dates, with this many days' margin either side. */
const MARGIN_DAYS = 31;

/**
 * The round dates to read a stay's entries in: its check-in to its check-out (or today), with a
 * month's margin either side, so the read uses the record's date index instead of every entry ever
 * made. ASSUMPTION: an entry's round date is a day the pet was in house (staff record from that
 * day's sheet); the margin covers a stay whose dates were changed after. Without dates: every date.
 */
function stayDates(deps: Pick<Deps, "config" | "clock">, b: StayBooking): { from?: string; to?: string } {
  const start = b.checkInDate ? Date.parse(b.checkInDate) : Number.NaN;
  if (Number.isNaN(start)) return {};
  const tz = deps.config.timezone;
  const endRaw = b.checkOutDate ? Date.parse(b.checkOutDate) : Number.NaN;
  const end = Number.isNaN(endRaw) ? deps.clock.now().getTime() : Math.max(endRaw, start);
  return {
    from: addDays(localDate(start, tz), -MARGIN_DAYS),
    to: addDays(localDate(end, tz), MARGIN_DAYS),
  };
}

/**
 * The stay records of these bookings, by booking id: undefined when Kennel Desk keeps no record here
 * (no store). When the store cannot be read, each says so (never silently left out). `doses`: with
 * what the stay's kept sheets asked and its witnesses, each dose's timeliness and witness (the full
 * stay record; a list's summary lines leave them out, sparing the reads).
 */
export async function stayRecords(
  deps: Deps,
  bookings: Array<{ booking: StayBooking; care: EntryCare | undefined }>,
  o: { doses?: boolean } = {},
): Promise<Map<number, StayRecordView> | undefined> {
  const store = deps.record;
  if (!store) return undefined;
  const out = new Map<number, StayRecordView>();
  // When the record began: a stay that began before it counts only the rounds since.
  const began = await store.began().catch(() => undefined);
  const since = began ? new Date(began) : undefined;
  await Promise.all(
    bookings.map(async ({ booking, care }) => {
      const bookingId = booking.bookingId;
      if (bookingId === undefined) return;
      try {
        const dates = stayDates(deps, booking);
        const [entries, kept] = await Promise.all([
          store.entries({ bookingId, ...dates }),
          o.doses ? stayKept(deps, bookingId, dates) : undefined,
        ]);
        out.set(bookingId, stayOf(deps, { ...booking, bookingId }, care, entries, since, kept));
      } catch (error) {
        const f = describeFailure(error);
        deps.log.warn({ failure: f, bookingId }, "the care record could not be read for a stay");
        out.set(bookingId, {
          bookingId,
          pets: [],
          problem: `The stay record could not be read: ${f.what} ${f.whatToDo}`.trim(),
        });
      }
    }),
  );
  return out;
}

/** A stay's kept sheets and witnesses (every date's when the stay has none). */
export async function stayKept(
  deps: Pick<Deps, "record">,
  bookingId: number,
  dates: { from?: string; to?: string },
): Promise<StayKept> {
  const store = deps.record;
  if (!store) return { sheets: [], witnesses: new Map() };
  const [sheets, witnesses] = await Promise.all([keptSheets(deps, dates), witnessesOf(store, { bookingId })]);
  return { sheets, witnesses };
}
