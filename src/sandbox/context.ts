/** The state shared while the sandbox's data is built: the random generator, counters, days and the zone. */
import { zonedInstant } from "../time.ts";
import type { Random } from "./random.ts";
import type { BusinessData, Json } from "./types.ts";

interface Counters {
  customer: number;
  pet: number;
  booking: number;
}

export function emptyBusiness(id: number, name: string, apiKey: string): BusinessData {
  return {
    id,
    name,
    apiKey,
    customers: [],
    pets: [],
    bookings: [],
    customerById: new Map(),
    petById: new Map(),
    petsByCustomer: new Map(),
    bookingById: new Map(),
    bookingByReference: new Map(),
    bookingsByCustomer: new Map(),
    arrivalsByDate: new Map(),
    departuresByDate: new Map(),
    checkInMs: [],
    maxStayMs: 0,
    petsByBooking: new Map(),
    customerUpdatedMs: new Map(),
  };
}

export function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

export const DAY_MS = 86_400_000;
/** Whole days since 1970-01-01 of a YYYY-MM-DD date, and back. */
export const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
export const dayString = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);

export interface BuildContext {
  r: Random;
  today: string;
  todayN: number;
  timezone: string;
  window: number;
  /** Day numbers on which nothing arrives or leaves. */
  emptyDays: Set<number>;
  counters: Counters;
  refs: Set<string>;
  offsetCache: Map<string, number>;
  /** Each pet's booked [first day, last day] ranges (any status): a pet is never booked twice at once. */
  petDays: Map<number, number[]>;
}

/** UTC ms of a local time on a date; the zone offset is taken once per date (times are daytime). */
export function instant(ctx: BuildContext, date: string, minutes: number): number {
  let offset = ctx.offsetCache.get(date);
  if (offset === undefined) {
    offset = zonedInstant(date, "12:00", ctx.timezone).getTime() - Date.parse(`${date}T12:00:00Z`);
    ctx.offsetCache.set(date, offset);
  }
  return Date.parse(`${date}T${hhmm(minutes)}:00Z`) + offset;
}

export function isFree(ctx: BuildContext, pet: Json, from: number, to: number): boolean {
  const days = ctx.petDays.get(pet.petId as number);
  if (!days) return true;
  for (let i = 0; i < days.length; i += 2) {
    if (!((days[i + 1] as number) < from || (days[i] as number) > to)) return false;
  }
  return true;
}

export function reserve(ctx: BuildContext, pets: Json[], from: number, to: number): void {
  for (const pet of pets) {
    const days = ctx.petDays.get(pet.petId as number);
    if (days) days.push(from, to);
    else ctx.petDays.set(pet.petId as number, [from, to]);
  }
}
