/**
 * The awkward data set (`kennel-desk sandbox --seed awkward`): the cases of src/sandbox/awkward-cases.ts
 * (bookings and pets as real kennels type them), added to the main business, so the preview and the
 * tests show each case of issues 20, 32 and 34. Every case is a landmark with a fixed reference
 * (AWKWARD_CASES); a date in a case's words is written relative to today ("{d-2}").
 */
import { addDays, zonedInstant } from "../time.ts";
import { CASES } from "./awkward-cases.ts";
import { push } from "./context.ts";
import type { BusinessData, Json, SandboxData } from "./types.ts";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A case's "{d-2}" as the date two days before today, written "24 Nov" (any date order reads it). */
function datesIn(value: unknown, today: string): unknown {
  if (typeof value !== "string") return value;
  return value.replace(/\{d([+-]?\d+)\}/g, (_, n: string) => {
    const d = addDays(today, Number(n));
    return `${Number(d.slice(8, 10))} ${MONTHS[Number(d.slice(5, 7)) - 1]}`;
  });
}

/** Pets whose record the customer's pet list gives without its care fields. */
const CARE_LEFT_OUT_OF_LIST = new WeakSet<Json>();

/** The care fields a pet list may leave out (see CARE_LEFT_OUT_OF_LIST). */
const CARE_KEYS = /^(dietaryRequirements|medication|allergies|medicalNotes)/;

/** A pet as the customer's pet list gives it. */
export function asListed(pet: Json): Json {
  if (!CARE_LEFT_OUT_OF_LIST.has(pet)) return pet;
  return Object.fromEntries(Object.entries(pet).filter(([k]) => !CARE_KEYS.test(k)));
}

/** The references of the awkward cases, by the case's name. */
export const AWKWARD_CASES = Object.fromEntries(CASES.map((c) => [c.reference, c.reference])) as Record<
  string,
  string
>;

const NULL_CARE: Json = Object.fromEntries(
  [
    "dietaryRequirements",
    "dietaryRequirementsAm",
    "dietaryRequirementsNoon",
    "dietaryRequirementsPm",
    "allergies",
    "medicalNotes",
    ...["", "2", "3", "4", "5"].flatMap((n) => [`medication${n}`, `medication${n}Noon`, `medication${n}Pm`]),
  ].map((k) => [k, null]),
);

/** Adds the awkward cases to the main business of `data` (ids far above the generated ones). */
export function addAwkward(data: SandboxData): void {
  const business = data.businesses[0] as BusinessData;
  const tz = data.timezone;
  const at = (day: number, time: string) => zonedInstant(addDays(data.today, day), time, tz).toISOString();
  const local = (day: number) => addDays(data.today, day);
  let customerId = 900_000;
  let petId = 950_000;
  let bookingId = 990_000;
  /** Each case's customer id, by its reference (a pet answered in another owner's list names its own). */
  const customerOf = new Map<string, number>();
  for (const c of CASES) {
    const cid = ++customerId;
    customerOf.set(c.reference, cid);
    const customer: Json = {
      customerId: cid,
      kennelId: business.id,
      firstname: c.owner[0],
      secondname: c.owner[1],
      mobile: `07700 9${String(cid).slice(-5)}`,
      email: `${c.owner[0].toLowerCase()}.${c.owner[1].toLowerCase()}@example.com`,
      archived: false,
      createdDate: at(-400, "10:00"),
    };
    business.customers.push(customer);
    business.customerById.set(cid, customer);
    business.customerUpdatedMs.set(cid, Date.parse(at(-30, "10:00")));
    const pets = c.pets.map(({ ownerOf, ...p }) => {
      const pet: Json = {
        ...NULL_CARE,
        petId: ++petId,
        kennelId: business.id,
        customerId: (typeof ownerOf === "string" && customerOf.get(ownerOf)) || cid,
        evaluationComplete: 1,
        deleted: false,
        archived: false,
        ...Object.fromEntries(Object.entries(p).map(([k, v]) => [k, datesIn(v, data.today)])),
      };
      if (c.listless) CARE_LEFT_OUT_OF_LIST.add(pet);
      business.pets.push(pet);
      business.petById.set(pet.petId as number, pet);
      return pet;
    });
    business.petsByCustomer.set(cid, pets);
    addBooking(business, c, { bookingId: ++bookingId, customer, pets, at, local });
  }
  business.bookings.sort(
    (a, b) =>
      Date.parse(a.checkInDate as string) - Date.parse(b.checkInDate as string) ||
      (a.bookingId as number) - (b.bookingId as number),
  );
  business.checkInMs.splice(
    0,
    business.checkInMs.length,
    ...business.bookings.map((b) => Date.parse(b.checkInDate as string)),
  );
}

/** One case's booking, indexed as the generated ones are (by id, reference, customer, day). */
function addBooking(
  business: BusinessData,
  c: (typeof CASES)[number],
  o: {
    bookingId: number;
    customer: Json;
    pets: Json[];
    at: (day: number, time: string) => string;
    local: (day: number) => string;
  },
): void {
  const { bookingId, customer, pets, at, local } = o;
  const cid = customer.customerId as number;
  const booking: Json = {
    bookingId,
    bookingType: "boarding",
    reference: c.reference,
    status: c.status,
    customerId: cid,
    customerName: `${c.owner[0]} ${c.owner[1]}`,
    customerPhone: customer.mobile,
    customerEmail: customer.email,
    petNames: c.petNames,
    numberOfPets: c.numberOfPets ?? pets.length,
    serviceId: 1,
    roomName: c.room,
    checkInDate: at(c.checkIn[0], c.checkIn[1]),
    checkOutDate: c.checkOut ? at(c.checkOut[0], c.checkOut[1]) : null,
    bookingPaid: c.paid === undefined ? true : c.paid,
    hasPayment: c.paid === undefined ? true : c.paid,
  };
  business.bookings.push(booking);
  business.bookingById.set(bookingId, booking);
  business.bookingByReference.set(c.reference, booking);
  push(business.bookingsByCustomer, cid, booking);
  business.petsByBooking.set(bookingId, pets);
  push(business.arrivalsByDate, local(c.checkIn[0]), booking);
  if (c.checkOut) {
    push(business.departuresByDate, local(c.checkOut[0]), booking);
    business.maxStayMs = Math.max(
      business.maxStayMs,
      Date.parse(booking.checkOutDate as string) - Date.parse(booking.checkInDate as string),
    );
  }
}
