/** Answers built from the sandbox's synthetic data without a network: the renderers' test inputs. */
import { assembleDay, type DayReport, planDay } from "../../src/answers/day.ts";
import { careOfBooking, type DayKind, type EntryCare } from "../../src/domain/day.ts";
import { type Booking, type Pet, readBooking, readPet } from "../../src/kennel/schemas.ts";
import { silentLogger } from "../../src/log.ts";
import { generateData } from "../../src/sandbox/data.ts";

const log = silentLogger();
export const TZ = "Europe/London";
export const data = generateData({ seed: 7, customers: 300, today: "2026-11-22", timezone: TZ });
export const biz = data.businesses[0] as NonNullable<(typeof data.businesses)[0]>;

export const pet = (raw: unknown) => readPet(raw, log) as Pet;
export const booking = (raw: unknown) => readBooking(raw, log) as Booking;
export const customerPets = (b: Booking): Pet[] =>
  (biz.petsByCustomer.get(b.customerId as number) ?? []).map(pet);

/** A day's report from bookings, with the customers' pets from the sandbox data (or as given). */
export function reportOf(
  kind: DayKind,
  date: string,
  bookings: Booking[],
  options: { page?: number; wholeDay?: boolean; petsOf?: (b: Booking) => Pet[] | null } = {},
): DayReport {
  const petsOf = options.petsOf ?? customerPets;
  // Every page counts the whole day's care: each booking's care is worked out once per pets source,
  // as the bot's care cache does, so a test that walks 20 pages does not redo the day 20 times.
  const memo = careMemo.get(petsOf) ?? new WeakMap<Booking, EntryCare>();
  careMemo.set(petsOf, memo);
  const careOf = (b: Booking): EntryCare => {
    const care = memo.get(b) ?? careOfBooking(b, petsOf(b));
    memo.set(b, care);
    return care;
  };
  return assembleDay(planDay(kind, date, bookings, options, careOf), careOf, "req-1");
}

const careMemo = new WeakMap<(b: Booking) => Pet[] | null, WeakMap<Booking, EntryCare>>();

export function bookingsOn(kind: DayKind, date: string): Booking[] {
  const map = kind === "arrivals" ? biz.arrivalsByDate : biz.departuresByDate;
  return (map.get(date) ?? []).map(booking);
}
