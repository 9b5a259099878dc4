/** One business of the sandbox: its customers and pets, then the house's stays, the peak and the rest. */
import { addDays } from "../time.ts";
import { makeBooking, nightsOfStay } from "./bookings.ts";
import { type BuildContext, DAY_MS, emptyBusiness, instant, isFree, push } from "./context.ts";
import { makeLandmarks, SANDBOX_REFERENCES, sandboxLandmarks } from "./landmarks.ts";
import { makeCustomer, makePet } from "./people.ts";
import {
  type FixedStay,
  fillRoom,
  freePet,
  HOUSE,
  PEAK_ROOMS_CAT,
  PEAK_ROOMS_DOG,
  pools,
  withSibling,
} from "./rooms.ts";
import type { BusinessData, Json, LandmarkIds } from "./types.ts";

export function buildBusiness(
  ctx: BuildContext,
  id: number,
  name: string,
  apiKey: string,
  prefix: string,
  customerCount: number,
  bookingCount: number,
  peakDays: number[],
  withLandmarks: boolean,
): { business: BusinessData; landmarkIds?: LandmarkIds } {
  const { r } = ctx;
  const business = emptyBusiness(id, name, apiKey);
  const todayMs = Date.parse(`${ctx.today}T12:00:00Z`);
  for (let i = 0; i < customerCount; i++) {
    const cid = ++ctx.counters.customer;
    const createdMs = todayMs - r.int(30, 3000) * DAY_MS;
    const customer = makeCustomer(r, cid, i, createdMs);
    business.customers.push(customer);
    business.customerById.set(cid, customer);
    business.customerUpdatedMs.set(cid, Math.min(todayMs, createdMs + r.int(0, 900) * DAY_MS));
    const petCount = r.weighted([
      [0, 4],
      [1, 60],
      [2, 26],
      [3, 8],
      [4, 2],
    ] as const);
    const pets: Json[] = [];
    for (let p = 0; p < petCount; p++) {
      // Pets of one owner were registered at different times: their ages differ.
      const pet = makePet(r, ++ctx.counters.pet, cid, id, createdMs + p * r.int(30, 900) * DAY_MS);
      pets.push(pet);
      business.pets.push(pet);
      business.petById.set(pet.petId as number, pet);
    }
    business.petsByCustomer.set(cid, pets);
  }
  const lm = withLandmarks ? makeLandmarks(ctx, business, customerCount) : undefined;
  const landmarkPets = new Set(
    lm
      ? [lm.mullerBiscuit, lm.mullerPepper, lm.obrienBiscuit, lm.fernandezChloe, lm.fernandezBiscuit].map(
          (p) => p.petId as number,
        )
      : [],
  );
  for (const ref of Object.values(SANDBOX_REFERENCES)) ctx.refs.add(ref);
  const pool = pools(business, landmarkPets);
  const start = ctx.todayN - ctx.window - 21;
  const end = ctx.todayN + ctx.window;
  const t = ctx.todayN;

  // The house: every room's timeline over the window, the landmark stays placed first.
  const fixedByRoom = new Map<string, FixedStay[]>();
  const landmarks = sandboxLandmarks(ctx.today);
  if (lm) {
    fixedByRoom.set("Suite A", [
      {
        customer: lm.muller,
        pets: [lm.mullerBiscuit, lm.mullerPepper],
        checkIn: t - 3,
        checkOut: t + 4,
        type: "boarding",
        room: "Suite A",
        status: "checked_in",
        petNames: landmarks.demo.petNames,
        reference: SANDBOX_REFERENCES.demo,
      },
    ]);
    fixedByRoom.set("Kennel 14", [
      {
        customer: lm.obrien,
        pets: [lm.obrienBiscuit],
        checkIn: t - 1,
        checkOut: t + 3,
        type: "boarding",
        room: "Kennel 14",
        status: "checked_in",
        petNames: landmarks.unmatched.petNames,
        reference: SANDBOX_REFERENCES.unmatched,
      },
    ]);
    fixedByRoom.set("Family Room", [
      {
        customer: lm.fernandez,
        pets: [lm.fernandezChloe, lm.fernandezBiscuit],
        checkIn: t,
        checkOut: t + 6,
        type: "boarding",
        room: "Family Room",
        status: "confirmed",
        petNames: landmarks.messy.petNames,
        reference: SANDBOX_REFERENCES.messy,
      },
    ]);
  }
  if (pool.all.length > 0) {
    for (const plan of HOUSE) {
      const kind = pool.byKind.get(`${plan.species}:${plan.profile}`) ?? [];
      fillRoom(ctx, business, prefix, plan, kind, start, end, fixedByRoom.get(plan.room) ?? []);
    }
    // The peak: 100+ one-night stays, arriving the day before each peak day.
    for (const day of peakDays) {
      const n = 115 + r.int(0, 5);
      let dogRoom = 0;
      let catRoom = 0;
      for (let i = 0; i < n; i++) {
        const checkIn = day - 1;
        const pet = freePet(ctx, pool.plain, checkIn, day);
        if (!pet) break;
        const pets = withSibling(ctx, business, pet, 0.25, checkIn, day);
        const room =
          pet.petType === "Cat"
            ? (PEAK_ROOMS_CAT[catRoom++ % PEAK_ROOMS_CAT.length] as string)
            : (PEAK_ROOMS_DOG[dogRoom++ % PEAK_ROOMS_DOG.length] as string);
        const customer = business.customerById.get(pet.customerId as number) as Json;
        makeBooking(ctx, business, prefix, {
          customer,
          pets,
          checkIn,
          checkOut: day,
          type: "boarding",
          room,
        });
      }
    }
    // The rest: boarding history before the window, called-off stays, and same-day services in the
    // window (pets without medication, so the rounds stay as planned).
    for (let i = 0; i < bookingCount; i++) {
      const kind = r.weighted([
        ["history", 40],
        ["calledOff", 12],
        ["daycare", 30],
        ["grooming", 10],
        ["training", 6],
        ["assessment", 2],
      ] as const);
      for (let attempt = 0; attempt < 6; attempt++) {
        let checkIn: number;
        let checkOut: number;
        if (kind === "history") {
          checkIn = start - r.int(1, 700);
          checkOut = checkIn + nightsOfStay(r);
        } else if (kind === "calledOff") {
          checkIn = t + r.int(-ctx.window, ctx.window);
          checkOut = checkIn + nightsOfStay(r);
        } else {
          checkIn = t + r.int(-ctx.window, ctx.window);
          checkOut = checkIn;
        }
        if (ctx.emptyDays.has(checkIn) || ctx.emptyDays.has(checkOut)) continue;
        const source = kind === "history" || kind === "calledOff" ? pool.all : pool.plain;
        const pet = r.pick(source);
        if (!pet || !isFree(ctx, pet, checkIn, checkOut)) continue;
        const customer = business.customerById.get(pet.customerId as number) as Json;
        const pets = withSibling(ctx, business, pet, 0.25, checkIn, checkOut);
        const type = kind === "history" || kind === "calledOff" ? "boarding" : kind;
        const booking = makeBooking(ctx, business, prefix, {
          customer,
          pets,
          checkIn,
          checkOut,
          type,
          calledOff: kind === "calledOff" || (kind !== "history" && r.chance(0.05)),
          ...(kind === "history"
            ? {
                status: r.weighted([
                  ["checked_out", 88],
                  ["cancelled", 8],
                  ["no_show", 4],
                ] as const),
                room: r.pick(HOUSE).room,
              }
            : kind === "calledOff"
              ? { room: null }
              : {}),
        });
        if (kind === "calledOff" && booking.status === "cancelled") booking.roomName = r.pick(HOUSE).room;
        break;
      }
    }
    if (lm) {
      // A status the spec does not list, on a daycare booking on today+8.
      makeBooking(ctx, business, prefix, {
        customer: lm.obrien,
        pets: [lm.obrienBiscuit],
        checkIn: t + 8,
        checkOut: t + 8,
        type: "daycare",
        status: "pending_deposit",
        reference: SANDBOX_REFERENCES.unknownStatus,
      });
    }
  }
  business.bookings.sort(
    (a, b) =>
      Date.parse(a.checkInDate as string) - Date.parse(b.checkInDate as string) ||
      (a.bookingId as number) - (b.bookingId as number),
  );
  const dateOf = (ms: number): string => {
    // The local date of an instant: shift by that day's offset (taken at noon; times are daytime).
    const guess = new Date(ms).toISOString().slice(0, 10);
    for (const d of [guess, addDays(guess, 1), addDays(guess, -1)]) {
      const start = instant(ctx, d, 0);
      if (ms >= start && ms < start + DAY_MS) return d;
    }
    return guess;
  };
  for (const booking of business.bookings) {
    const bid = booking.bookingId as number;
    const inMs = Date.parse(booking.checkInDate as string);
    business.checkInMs.push(inMs);
    business.bookingById.set(bid, booking);
    business.bookingByReference.set(booking.reference as string, booking);
    push(business.bookingsByCustomer, booking.customerId as number, booking);
    const inDate = dateOf(inMs);
    const outDate = dateOf(Date.parse(booking.checkOutDate as string));
    push(business.arrivalsByDate, inDate, booking);
    push(business.departuresByDate, outDate, booking);
  }
  if (!lm) return { business };
  const ref = (r: string) => business.bookingByReference.get(r)?.bookingId as number;
  return {
    business,
    landmarkIds: {
      demoBookingId: ref(SANDBOX_REFERENCES.demo),
      unmatchedBookingId: ref(SANDBOX_REFERENCES.unmatched),
      messyBookingId: ref(SANDBOX_REFERENCES.messy),
      unknownStatusBookingId: ref(SANDBOX_REFERENCES.unknownStatus),
      eveningOnlyPetId: lm.mullerBiscuit.petId as number,
      unmatchedPetId: lm.obrienBiscuit.petId as number,
      biscuitPetIds: [lm.mullerBiscuit, lm.obrienBiscuit, lm.fernandezBiscuit].map((p) => p.petId as number),
      customerIds: [lm.muller, lm.obrien, lm.fernandez].map((c) => c.customerId as number),
    },
  };
}
