/** One booking of the sandbox: its reference, free-text pet names, status (from the dates), times and payment. */

import { type BuildContext, dayString, instant, reserve } from "./context.ts";
import type { Random } from "./random.ts";
import type { BusinessData, Json } from "./types.ts";
import { NICKNAMES } from "./words.ts";

const REF_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

function reference(r: Random, prefix: string, id: number, taken: Set<string>): string {
  // A few references use characters that must be encoded in a URL path.
  let ref =
    id % 211 === 0
      ? `${prefix}/${r.chars(REF_ALPHABET, 3)} ${r.chars(REF_ALPHABET, 2)}`
      : `${prefix}-${r.chars(REF_ALPHABET, 6)}`;
  while (taken.has(ref)) ref = `${prefix}-${r.chars(REF_ALPHABET, 7)}`;
  taken.add(ref);
  return ref;
}

const stripAccents = (s: string) => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "");

/** The booking's free-text pet names: mostly clean, sometimes as people really type them. */
function petNamesFor(r: Random, pets: Json[]): string {
  const names = pets.map((p) => String(p.name));
  const clean = () =>
    names.length <= 1
      ? (names[0] ?? "")
      : names.length === 2
        ? names.join(" & ")
        : `${names.slice(0, -1).join(", ")} & ${names[names.length - 1]}`;
  if (!r.chance(0.22)) return clean();
  const sep = r.pick([", ", " & ", " and ", " / ", " + ", "/", ","]);
  switch (r.int(0, 5)) {
    case 0:
      return pets.map((p) => `${p.name} (${String(p.breed).split(" ")[0]})`).join(sep);
    case 1:
      return names.join(sep).toLowerCase();
    case 2:
      return stripAccents(names.join(sep));
    case 3: {
      const kind = pets.every((p) => p.petType === "Cat") ? "cat" : "dog";
      return `${names.join(sep)} - ${names.length} ${kind}${names.length === 1 ? "" : "s"}`;
    }
    case 4:
      return ` ${names.join(`${sep} `)} `;
    default: {
      // Now and then a nickname that the pet's record does not carry.
      const nick = NICKNAMES[names[0] ?? ""];
      return nick && r.chance(0.3) ? [nick, ...names.slice(1)].join(sep) : names.join(sep);
    }
  }
}

export interface BookingSpec {
  customer: Json;
  pets: Json[];
  checkIn: number;
  checkOut: number;
  type: string;
  /** A real stay (statuses follow the dates) or called off (cancelled, no-show, waitlisted). */
  calledOff?: boolean;
  room?: string | null;
  status?: string;
  petNames?: string;
  reference?: string;
}

function statusFor(ctx: BuildContext, spec: BookingSpec): string {
  const { r, todayN } = ctx;
  const { checkIn, checkOut } = spec;
  if (spec.calledOff) {
    if (checkIn > todayN)
      return r.weighted([
        ["cancelled", 50],
        ["waitlisted", 50],
      ] as const);
    return r.weighted([
      ["cancelled", 65],
      ["no_show", 35],
    ] as const);
  }
  if (checkOut < todayN) return "checked_out";
  if (checkIn < todayN) return "checked_in";
  if (checkIn === todayN)
    return checkOut === todayN
      ? r.weighted([
          ["checked_in", 50],
          ["confirmed", 40],
          ["checked_out", 10],
        ] as const)
      : r.weighted([
          ["checked_in", 50],
          ["confirmed", 40],
          ["new", 10],
        ] as const);
  return r.weighted([
    ["confirmed", 65],
    ["new", 35],
  ] as const);
}

const SERVICE_IDS: Record<string, number> = {
  boarding: 1,
  daycare: 2,
  grooming: 3,
  training: 4,
  assessment: 5,
};

export function makeBooking(
  ctx: BuildContext,
  business: BusinessData,
  prefix: string,
  spec: BookingSpec,
): Json {
  const { r } = ctx;
  const id = ++ctx.counters.booking;
  const checkIn = dayString(spec.checkIn);
  const checkOut = dayString(spec.checkOut);
  const sameDay = spec.checkIn === spec.checkOut;
  const inMs = instant(ctx, checkIn, (sameDay ? r.int(7 * 4, 10 * 4) : r.int(7 * 4, 12 * 4)) * 15);
  const outMs = Math.max(
    inMs + 30 * 60_000,
    instant(ctx, checkOut, (sameDay ? r.int(13 * 4, 18 * 4) : r.int(8 * 4, 18 * 4)) * 15),
  );
  const status = spec.status ?? statusFor(ctx, spec);
  const past = spec.checkOut < ctx.todayN;
  const paid = past ? r.chance(0.93) : spec.checkIn <= ctx.todayN ? r.chance(0.5) : r.chance(0.3);
  const { customer, pets, type } = spec;
  const booking: Json = {
    bookingId: id,
    bookingType: type,
    reference: spec.reference ?? reference(r, prefix, id, ctx.refs),
    status,
    customerId: customer.customerId,
    customerName: `${customer.firstname} ${customer.secondname}`,
    customerPhone: customer.mobile,
    customerEmail: customer.email,
    petNames: spec.petNames ?? petNamesFor(r, pets),
    numberOfPets: pets.length,
    serviceId: SERVICE_IDS[type] ?? 1,
    roomName:
      spec.room !== undefined
        ? spec.room
        : type === "daycare"
          ? "Daycare barn"
          : type === "grooming"
            ? r.chance(0.5)
              ? "Grooming room"
              : null
            : type === "training"
              ? "Training paddock"
              : null,
    checkInDate: new Date(inMs).toISOString(),
    checkOutDate: new Date(outMs).toISOString(),
    bookingPaid: paid,
    // Unpaid with a payment recorded: a part payment (a deposit).
    hasPayment: paid || r.chance(0.35),
  };
  reserve(ctx, pets, spec.checkIn, spec.checkOut);
  business.petsByBooking.set(id, pets);
  business.bookings.push(booking);
  business.maxStayMs = Math.max(business.maxStayMs, outMs - inMs);
  return booking;
}

export const nightsOfStay = (r: Random): number =>
  r.weighted([
    [1, 12],
    [2, 16],
    [3, 15],
    [4, 12],
    [5, 10],
    [7, 15],
    [10, 9],
    [14, 8],
    [21, 3],
  ] as const);
