/**
 * The stay's care record for the handover (/departures, the 07:00 post, /booking, the "Stay record"
 * button, `kennel-desk record --booking`, the connector, the printable page): each pet of a booking,
 * what its stay's rounds asked when each was kept (src/answers/obligations.ts) beside what was
 * recorded, read from the record alone (issue 45). A few store reads per booking.
 */
import type { Deps } from "../deps.ts";
import type { Round } from "../domain/care.ts";
import type { EntryCare } from "../domain/day.ts";
import type { OwedDose, OwedRound } from "../domain/obligations.ts";
import type { PrnDose } from "../domain/prn.ts";
import { type PetStayRecord, petStayRecord, type StayRecordView, withGivenTwice } from "../domain/stay.ts";
import { withDoseTimes } from "../domain/stay-doses.ts";
import { stayWelfareDays, type WelfareCheck } from "../domain/welfare.ts";
import type { WelfareFlag } from "../domain/welfare-flag.ts";
import type { Witness } from "../domain/witness.ts";
import type { Entry } from "../record/types.ts";
import { zonedInstant } from "../time.ts";
import { stayMedicines } from "./custody-stock.ts";
import { describeFailure } from "./failure.ts";
import { type GivenTwice, givenTwiceOf } from "./given-twice.ts";
import { type NotAskedWhy, notAskedWhys } from "./not-asked.ts";
import { dosesOwed, owedRounds } from "./obligations.ts";
import { withPaperMarks } from "./paper-marks.ts";
import { type PlanVersion, planVersionsOf } from "./plans.ts";
import { prnDoses } from "./prn.ts";
import {
  beganAfterCheckIn,
  keptStayDays,
  roundDates,
  type SaidBooking,
  type StayBooking,
  saidOf,
  stayDates,
  unkeptRounds,
} from "./stay-dates.ts";
import { ownStays, sharedSpan } from "./stay-own.ts";
import { readChecks, readFlags } from "./welfare-store.ts";
import { witnessesOf } from "./witness.ts";

/** What a stay's record is made of, all read from the care record. */
export interface StayFacts {
  /** The booking's entries, superseded ones included. */
  entries: Entry[];
  /** What the stay's kept rounds asked of its pets, each dose with its state, and entries of items none asked. */
  doses: OwedDose[];
  /** The rounds the record kept in the stay's dates (what each asked is in the record). */
  kept: Array<{ date: string; round: Round }>;
  welfare?: StayWelfareRecords | undefined;
  plans?: PlanVersion[] | undefined;
  /** With the dose times (the full record): the stay's witnesses. */
  witnesses?: Map<number, Witness> | undefined;
  /** When the record began: a stay's round before it is never said to be unkept. */
  recordSince?: Date | undefined;
  /** Of the entries, those recorded where their round did not ask them (never counted as due), and why. */
  notAsked?: Map<number, NotAskedWhy> | undefined;
  /** The stay's doses given if needed (issue 35): their pets are the stay's too. */
  asNeeded?: PrnDose[] | undefined;
  /** The booking as its kept rounds said it (the reference, check-in and check-out), the latest. */
  booking?: SaidBooking;
  /** Its drugs given twice on a day their confirmed plan gives them once (said beside the dose). */
  givenTwice?: GivenTwice[] | undefined;
}

/** The pets of a stay: the kennel API's (when given), then each its rounds asked or recorded. */
function petsOf(
  booking: { bookingId: number },
  care: EntryCare | undefined,
  f: StayFacts,
): Array<{ petId: number; name: string }> {
  const out = new Map<number, string>();
  for (const p of care?.pets ?? [])
    if (p.pet.petId !== undefined && !out.has(p.pet.petId))
      out.set(p.pet.petId, p.pet.name ?? `pet ${p.pet.petId}`);
  // Pets its rounds asked of, or recorded, or checked: shown, never dropped.
  const named = [...f.doses, ...f.entries, ...(f.welfare?.checks ?? [])];
  for (const x of named)
    if (x.bookingId === booking.bookingId && !out.has(x.petId)) out.set(x.petId, x.petName);
  // A pet with a kept care plan, or given a dose if needed, and nothing else: its name is not kept there.
  const others = [...(f.asNeeded ?? []), ...(f.plans ?? []).map((v) => v.plan)];
  for (const d of others)
    if (d.bookingId === booking.bookingId && !out.has(d.petId)) out.set(d.petId, `pet ${d.petId}`);
  return [...out].map(([petId, name]) => ({ petId, name }));
}

/**
 * The stay record from what was read. Pure. With `facts.witnesses`, the full record's dose times
 * (issue 35: each dose's timeliness, late entries, witnesses, the figure).
 */
export function stayOf(
  deps: Pick<Deps, "config" | "clock">,
  booking: StayBooking & { bookingId: number },
  care: EntryCare | undefined,
  facts: StayFacts,
): StayRecordView {
  const unkept = unkeptRounds(deps, booking, facts);
  const recordBegan = beganAfterCheckIn(booking, facts.recordSince);
  const pets: PetStayRecord[] = petsOf(booking, care, facts).map((pet) =>
    petStayRecord({
      booking,
      pet,
      doses: facts.doses,
      entries: facts.entries,
      plans: (facts.plans ?? [])
        .filter((v) => v.plan.petId === pet.petId)
        .map((v) => ({
          id: v.id,
          recordedAt: v.recordedAt,
          plan: v.plan,
          changed: (v.changed?.length ?? 0) > 0,
        })),
      unkept,
      recordBegan,
      notAsked: facts.notAsked,
    }),
  );
  const now = deps.clock.now();
  return {
    bookingId: booking.bookingId,
    pets: pets.map((p) => {
      const timed = facts.witnesses ? withDoseTimes(p, { witnesses: facts.witnesses, now }) : p;
      const told = withGivenTwice(timed, facts.givenTwice ?? []);
      return withWelfare(deps, booking, told, facts.welfare, facts.recordSince);
    }),
    problem: undefined,
  };
}

/** A stay's welfare checks and flags, as read from the record. */
interface StayWelfareRecords {
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
  // The stay's dates not known to the record (no round kept asked anything of it): as far as the
  // record knows, it ran from its first check's day to its last's, so a day between with no check
  // is said (a pet checked Friday and Sunday was in on Saturday).
  const tz = deps.config.timezone;
  const checkDays = checks.map((c) => c.date).sort();
  const known = booking.checkInDate !== undefined || checkDays.length === 0;
  const days = stayWelfareDays({
    checkIn: known ? booking.checkInDate : zonedInstant(checkDays[0] as string, "00:00", tz).toISOString(),
    checkOut: known
      ? booking.checkOutDate
      : zonedInstant(checkDays.at(-1) as string, "23:59", tz).toISOString(),
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
  const out = known ? booking.checkOutDate : undefined;
  const ended = out !== undefined && Date.parse(out) <= deps.clock.now().getTime();
  return { ...pet, welfare: { days, corrected, flags, ...(ended ? { ended } : {}) } };
}

/**
 * What a stay's record is made of, read from the care record: its entries, what its rounds asked
 * (the stay's dates with a month's margin; without dates, every day), its welfare checks and flags,
 * its plan versions; with `doses`, its witnesses too (the full record).
 */
export async function stayFacts(
  deps: Pick<Deps, "record" | "config" | "clock">,
  booking: StayBooking & { bookingId: number },
  o: {
    doses?: boolean;
    recordSince?: Date | undefined;
    /** The days to read (the booking's dates not known: the days its entries were made on). */
    dates?: { from?: string; to?: string };
    /** What the rounds of the stay's days asked, read already (for several stays at once). */
    rounds?: OwedRound[];
  } = {},
): Promise<StayFacts> {
  const store = deps.record;
  if (!store) return { entries: [], doses: [], kept: [] };
  const { bookingId } = booking;
  const dates = o.dates ?? stayDates(deps, booking);
  const [entries, rounds, checks, flags, plans, witnesses] = await Promise.all([
    store.entries({ bookingId, ...dates }).then((e) => withPaperMarks(deps, e)),
    o.rounds ?? owedRounds(deps, o.dates ?? roundDates(deps, booking)),
    readChecks(store, { bookingId, ...dates }),
    readFlags(store, { bookingId, ...(dates.from ? { from: dates.from } : {}) }),
    store.log({ kind: "plan", bookingId }),
    o.doses ? witnessesOf(store, dates) : undefined,
  ]);
  const doses = dosesOwed(deps, rounds, entries, deps.clock.now()).filter((d) => d.bookingId === bookingId);
  const said = saidOf(rounds.flatMap((r) => r.pets.filter((p) => p.bookingId === bookingId)));
  // Each dose recorded where its round did not ask it: said so, and why, never counted as due.
  const notAsked = await notAskedWhys(deps, doses);
  const twice = (await givenTwiceOf(deps, rounds, entries)).filter((g) => g.bookingId === bookingId);
  return {
    ...(twice.length ? { givenTwice: twice } : {}),
    ...(said ? { booking: said } : {}),
    entries,
    doses,
    kept: rounds.map((r) => ({ date: r.date, round: r.round })),
    welfare: { checks, flags },
    plans: planVersionsOf(plans),
    ...(witnesses ? { witnesses } : {}),
    ...(notAsked.size ? { notAsked } : {}),
    ...(o.recordSince ? { recordSince: o.recordSince } : {}),
  };
}

/**
 * The stay records of these bookings, by booking id: undefined when Kennel Desk keeps no record here
 * (no store). When the store cannot be read, each says so (never silently left out). `doses`: with
 * each dose's times and the stay's witnesses (the full stay record, issue 35; a list's summary
 * lines leave them out, sparing the read). Each stay is read over the days its own record kept it
 * (ownStays), so a booking whose dates changed in the kennel API since never loses a dose its rounds asked.
 */
export async function stayRecords(
  deps: Deps,
  /** `care`: may still be coming (the booking's pets asked beside these reads); used once they are done. */
  bookings: Array<{ booking: StayBooking; care: EntryCare | undefined | Promise<EntryCare | undefined> }>,
  o: { doses?: boolean } = {},
): Promise<Map<number, StayRecordView> | undefined> {
  const store = deps.record;
  if (!store) return undefined;
  const out = new Map<number, StayRecordView>();
  const failed = (bookingId: number, error: unknown) => {
    const f = describeFailure(error);
    deps.log.warn({ failure: f, bookingId }, "the care record could not be read for a stay");
    out.set(bookingId, {
      bookingId,
      pets: [],
      problem: `The stay record could not be read: ${f.what} ${f.whatToDo}`.trim(),
    });
  };
  // When the record began: a stay's round before it is not said to be unkept.
  const began = await store.began().catch(() => undefined);
  const recordSince = began ? new Date(began) : undefined;
  const asked = bookings.flatMap(({ booking, care }) =>
    booking.bookingId === undefined ? [] : [{ booking: { ...booking, bookingId: booking.bookingId }, care }],
  );
  // Each stay's own days and dates, as its kept rounds said them (the record's, never the API's now).
  const own = await ownStays(
    { ...deps, record: store },
    asked.map((a) => a.booking),
  ).catch((error: unknown) => {
    for (const a of asked) failed(a.booking.bookingId, error);
    return [];
  });
  const read = own.map((x, i) => ({ ...x, care: asked[i]?.care }));
  // What the rounds of every stay's days asked, read once for them all (a departures post's stays).
  const span = sharedSpan(read.map((x) => x.days ?? roundDates(deps, x.stay)));
  const shared = span ? await owedRounds(deps, span).catch(() => undefined) : undefined;
  await Promise.all(
    read.map(async ({ stay, care, days }) => {
      try {
        out.set(stay.bookingId, await stayRead(deps, stay, care, { ...o, days, recordSince, shared }));
      } catch (error) {
        failed(stay.bookingId, error);
      }
    }),
  );
  return out;
}

/** One stay's record, over its own days (`days`; none: the API's dates), its doses given if needed and medicines too. */
async function stayRead(
  deps: Deps,
  stay: StayBooking & { bookingId: number },
  care: EntryCare | undefined | Promise<EntryCare | undefined>,
  o: {
    doses?: boolean;
    days: { from?: string; to?: string } | undefined;
    recordSince: Date | undefined;
    shared: OwedRound[] | undefined;
  },
): Promise<StayRecordView> {
  const { bookingId } = stay;
  const [facts, asNeeded] = await Promise.all([
    stayFacts(deps, stay, {
      ...(o.doses ? { doses: true } : {}),
      recordSince: o.recordSince,
      ...(o.days ? { dates: o.days } : {}),
      ...(o.shared ? { rounds: o.shared } : {}),
    }),
    prnDoses(deps, { bookingId, ...(o.days ?? stayDates(deps, stay)) }),
  ]);
  // The stay's doses given if needed (issue 35), every pet's; the full record, its medicines'
  // registers in custody (issue 49).
  const medicines = o.doses ? await stayMedicines(deps, bookingId) : [];
  const view = stayOf(deps, stay, await care, { ...facts, asNeeded });
  return {
    ...view,
    ...(asNeeded.length ? { asNeeded } : {}),
    ...(medicines.length ? { medicines } : {}),
  };
}

/**
 * A stay's whole record from the care record alone (issue 45: `record --booking`, the printable
 * pages, a copy handed to an inspector with no kennel API): read over the days the stay was kept
 * (src/answers/stay-dates.ts keptStayDays: `range` and the days its entries and records were made
 * on, widened to its check-in and check-out as its kept rounds said them and to the days they still
 * asked it), or every day when nothing names it; with each dose's times and its doses given if
 * needed. `said`: the booking's reference and dates as its kept rounds said them.
 */
export async function recordedStay(
  deps: Required<Pick<Deps, "record">> & Pick<Deps, "config" | "clock">,
  bookingId: number,
  o: { range?: { from?: string; to?: string } | undefined; began?: string | undefined } = {},
): Promise<{ stay: StayRecordView; said: StayFacts["booking"] }> {
  const kept = await keptStayDays(deps, bookingId, o.range);
  const whole = kept ? { from: kept.from, to: kept.to } : {};
  const recordSince = o.began ? new Date(o.began) : undefined;
  const facts = await stayFacts(
    deps,
    { bookingId },
    { doses: true, dates: whole, ...(recordSince ? { recordSince } : {}) },
  );
  const said = kept ? kept.said : facts.booking;
  const booking = { bookingId, checkInDate: said?.checkIn, checkOutDate: said?.checkOut };
  const [asNeeded, medicines] = await Promise.all([
    prnDoses(deps, { bookingId, ...whole }),
    stayMedicines(deps, bookingId),
  ]);
  const stay = stayOf(deps, booking, undefined, { ...facts, asNeeded });
  return {
    stay: {
      ...stay,
      ...(asNeeded.length ? { asNeeded } : {}),
      ...(medicines.length ? { medicines } : {}),
    },
    said,
  };
}
