/**
 * The stay's care record for the handover (/departures, the 07:00 post, /booking, the "Stay record"
 * button, `kennel-desk record --booking`, the connector): each pet of a booking, what was due in its
 * stay's rounds beside what was recorded. One store read per booking.
 */
import type { Deps } from "../deps.ts";
import type { EntryCare } from "../domain/day.ts";
import { type PetStayRecord, petStayRecord, type StayRecordView } from "../domain/stay.ts";
import { withDoseTimes } from "../domain/stay-doses.ts";
import { stayWelfareDays, type WelfareCheck } from "../domain/welfare.ts";
import type { WelfareFlag } from "../domain/welfare-flag.ts";
import type { Witness } from "../domain/witness.ts";
import type { Booking } from "../kennel/schemas.ts";
import type { Entry } from "../record/types.ts";
import { addDays, localDate } from "../time.ts";
import { stayMedicines } from "./custody-stock.ts";
import { doseSettings } from "./doses.ts";
import { describeFailure } from "./failure.ts";
import { entryFacts } from "./kept-doses.ts";
import { type PlanVersion, planVersionsOf } from "./plans.ts";
import { prnDoses } from "./prn.ts";
import { readChecks, readFlags } from "./welfare-store.ts";

type StayBooking = Pick<Booking, "bookingId" | "checkInDate" | "checkOutDate">;

/**
 * The stay record from the entries already read. Pure. `doses`: the stay's witnesses (and, for a
 * record read without the kennel API, which entries are high-alert doses as their kept sheets had
 * them), for the full record's dose times (issue 35: each dose's timeliness, late entries,
 * witnesses, the figure).
 */
export function stayOf(
  deps: Pick<Deps, "config" | "clock">,
  booking: StayBooking & { bookingId: number },
  care: EntryCare | undefined,
  entries: Entry[],
  recordSince?: Date,
  welfare?: StayWelfareRecords,
  plans: PlanVersion[] = [],
  doses?: { witnesses: Map<number, Witness>; highAlert?: Set<number> },
): StayRecordView {
  const common = {
    entries,
    recordSince,
    times: deps.config.rounds.times,
    houseMeals: deps.config.rounds.houseMeals,
    timezone: deps.config.timezone,
    now: deps.clock.now(),
    // A dose is missed once its window has closed (DOSE_WINDOW_AFTER after the round's time).
    graceMinutes: deps.config.doses.afterMinutes,
  };
  const pets: PetStayRecord[] = [];
  const done = new Set<number>();
  for (const p of care?.pets ?? []) {
    const petId = p.pet.petId;
    if (petId === undefined || done.has(petId)) continue;
    done.add(petId);
    const versions = plans.filter((v) => v.plan.petId === petId);
    pets.push(
      petStayRecord({
        ...common,
        booking,
        pet: { petId, name: p.pet.name ?? `pet ${petId}`, care: p.care },
        plans: versions.map((v) => ({
          id: v.id,
          recordedAt: v.recordedAt,
          plan: v.plan,
          changed: (v.changed?.length ?? 0) > 0,
        })),
      }),
    );
  }
  // Entries (and welfare checks) of pets not matched on the booking now: shown, never dropped.
  for (const e of [...entries, ...(welfare?.checks ?? [])]) {
    if (e.bookingId !== booking.bookingId || done.has(e.petId)) continue;
    done.add(e.petId);
    pets.push(
      petStayRecord({ ...common, booking, pet: { petId: e.petId, name: e.petName, care: undefined } }),
    );
  }
  return {
    bookingId: booking.bookingId,
    pets: pets.map((p) => {
      const timed = doses
        ? withDoseTimes(p, { ...doseTimes(deps), witnesses: doses.witnesses, highAlert: doses.highAlert })
        : p;
      return withWelfare(deps, booking, timed, welfare, recordSince);
    }),
    problem: undefined,
  };
}

/** What a stay's dose times are worked from: the settings' windows, the zone, now. */
const doseTimes = (deps: Pick<Deps, "config" | "clock">) => ({
  settings: doseSettings(deps),
  times: deps.config.rounds.times,
  timezone: deps.config.timezone,
  now: deps.clock.now(),
});

/** A stay's welfare checks and flags, as read from the record. */
export interface StayWelfareRecords {
  checks: WelfareCheck[];
  flags: WelfareFlag[];
}

/** The pet's welfare days (each welfare round with its check or its absence) and its flags. */
function withWelfare(
  deps: Pick<Deps, "config" | "clock">,
  booking: StayBooking,
  pet: PetStayRecord,
  records: StayWelfareRecords | undefined,
  recordSince: Date | undefined,
): PetStayRecord {
  const w = deps.config.welfare;
  const checks = (records?.checks ?? []).filter(
    (c) => c.petId === pet.petId && c.bookingId === pet.bookingId,
  );
  if (w.rounds.length === 0 && checks.length === 0) return pet;
  const days = stayWelfareDays({
    checkIn: booking.checkInDate,
    checkOut: booking.checkOutDate,
    checks,
    rounds: w.rounds,
    times: w.times,
    checkBy: w.checkBy,
    timezone: deps.config.timezone,
    now: deps.clock.now(),
    recordSince,
  });
  const flags = (records?.flags ?? []).filter((f) => f.petId === pet.petId && f.bookingId === pet.bookingId);
  const current = new Set(days.flatMap((d) => (d.check ? [d.check.id] : [])));
  const corrected = checks.filter((c) => !current.has(c.id));
  return { ...pet, welfare: { days, corrected, flags } };
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
 * each dose's times and the stay's witnesses (the full stay record, issue 35; a list's summary
 * lines leave them out, sparing the read).
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
        const [entries, checks, flags, plans, asNeeded] = await Promise.all([
          store.entries({ bookingId, ...dates }),
          readChecks(store, { bookingId, ...dates }),
          readFlags(store, { bookingId, ...(dates.from ? { from: dates.from } : {}) }),
          store.log({ kind: "plan", bookingId }),
          prnDoses(deps, { bookingId, ...dates }),
        ]);
        // The full record: the doses' witnesses, and which are high-alert as their kept sheets had
        // them (an entry the plan did not make due keeps its sheet's mark).
        const facts = o.doses ? await entryFacts(deps, entries) : undefined;
        const view = stayOf(
          deps,
          { ...booking, bookingId },
          care,
          entries,
          since,
          { checks, flags },
          planVersionsOf(plans),
          facts,
        );
        // The stay's doses given if needed (issue 35), every pet's; the full record, its medicines'
        // registers in custody (issue 49).
        const medicines = o.doses ? await stayMedicines(deps, bookingId) : [];
        out.set(bookingId, {
          ...view,
          ...(asNeeded.length ? { asNeeded } : {}),
          ...(medicines.length ? { medicines } : {}),
        });
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
