/**
 * The awkward data set (`kennel-desk sandbox --seed awkward`): bookings and pets as real kennels
 * type them, added to the main business, so the preview and the tests show each case of issue 20.
 * Every case is a landmark with a fixed reference (AWKWARD_CASES); all are in house today unless
 * the case says otherwise.
 *
 * - AW-DAISY: "Daisy" booked under a customer whose only pet on record is Bonnie (on Vetmedin).
 * - AW-SCOUT: "Scout & Daisy", one pet booked, only Scout on record.
 * - AW-OPEN: checked in yesterday, no check-out date.
 * - AW-LATE: arrives today at 19:00, evening insulin.
 * - AW-NIL: a morning diet "Nil" (the general diet must not stand in for it).
 * - AW-NBM: "NIL BY MOUTH – op at 10:00"; AW-FAST: "Fasting from 8pm".
 * - AW-UNREAD: an allergies value of an unexpected type (an object).
 * - AW-LISTLESS: the customer's pet list leaves the care fields out; /pets/{id} has the drug.
 * - AW-NOTES: an allergy written only in the medical notes.
 * - AW-GONE: status "Checked Out" though its check-out date is this evening, with an evening dose.
 * - AW-ASK: "Cancellation Requested".
 * - AW-AM: a medication written "AM" with the drug in its evening instruction; AW-TWICE: the same
 *   drug in two slots.
 * - AW-DOGS: "2 dogs" under a customer with a dog and a cat.
 * - AW-NOPAY: goes home today, payment not recorded.
 * - AW-NKA: allergies "None known".
 */
import { addDays, zonedInstant } from "../time.ts";
import { push } from "./context.ts";
import type { BusinessData, Json, SandboxData } from "./types.ts";

/** Pets whose record the customer's pet list gives without its care fields. */
const CARE_LEFT_OUT_OF_LIST = new WeakSet<Json>();

/** The care fields a pet list may leave out (see CARE_LEFT_OUT_OF_LIST). */
const CARE_KEYS = /^(dietaryRequirements|medication|allergies|medicalNotes)/;

/** A pet as the customer's pet list gives it. */
export function asListed(pet: Json): Json {
  if (!CARE_LEFT_OUT_OF_LIST.has(pet)) return pet;
  return Object.fromEntries(Object.entries(pet).filter(([k]) => !CARE_KEYS.test(k)));
}

interface Case {
  reference: string;
  owner: [string, string];
  pets: Json[];
  petNames: string;
  numberOfPets?: number;
  status: string;
  /** Days from today and local time of check-in and check-out; no check-out when undefined. */
  checkIn: [number, string];
  checkOut: [number, string] | undefined;
  room: string;
  paid?: boolean | null;
  listless?: boolean;
}

const dog = (name: string, care: Json = {}): Json => ({ name, petType: "Dog", breed: "Labrador", ...care });

const CASES: Case[] = [
  {
    reference: "AW-DAISY",
    owner: ["Gwen", "Pryce"],
    pets: [dog("Bonnie", { medication: "Vetmedin 5 mg, one tablet", medicationPm: "one tablet" })],
    petNames: "Daisy",
    status: "checked_in",
    checkIn: [-1, "10:00"],
    checkOut: [2, "11:00"],
    room: "Kennel 1",
  },
  {
    reference: "AW-SCOUT",
    owner: ["Ifan", "Morgan"],
    pets: [dog("Scout", { medication: "Apoquel 16 mg, one tablet", dietaryRequirements: "Own kibble" })],
    petNames: "Scout & Daisy",
    numberOfPets: 1,
    status: "checked_in",
    checkIn: [-2, "09:00"],
    checkOut: [3, "10:00"],
    room: "Kennel 2",
  },
  {
    reference: "AW-OPEN",
    owner: ["Nia", "Lloyd"],
    pets: [dog("Jasper", { medication: "Thyroxine 0.4 mg", medicationPm: "one tablet with dinner" })],
    petNames: "Jasper",
    status: "Checked In",
    checkIn: [-1, "15:00"],
    checkOut: undefined,
    room: "Kennel 3",
  },
  {
    reference: "AW-LATE",
    owner: ["Rhys", "Evans"],
    pets: [
      dog("Pip", {
        medication: "Caninsulin 4 units, with food",
        medicationPm: "4 units after dinner",
        dietaryRequirementsPm: "Diabetic food, 150 g",
      }),
    ],
    petNames: "Pip",
    status: "confirmed",
    checkIn: [0, "19:00"],
    checkOut: [3, "10:00"],
    room: "Kennel 4",
  },
  {
    reference: "AW-NIL",
    owner: ["Ceri", "Jones"],
    pets: [dog("Rolo", { dietaryRequirements: "Chicken and rice", dietaryRequirementsAm: "Nil" })],
    petNames: "Rolo",
    status: "checked_in",
    checkIn: [-1, "11:00"],
    checkOut: [1, "16:00"],
    room: "Kennel 5",
  },
  {
    reference: "AW-NBM",
    owner: ["Eira", "Thomas"],
    pets: [
      dog("Luna", {
        dietaryRequirementsAm: "NIL BY MOUTH – op at 10:00",
        dietaryRequirementsPm: "Half meal",
      }),
    ],
    petNames: "Luna",
    status: "checked_in",
    checkIn: [-1, "12:00"],
    checkOut: [2, "12:00"],
    room: "Kennel 6",
  },
  {
    reference: "AW-FAST",
    owner: ["Owain", "Hughes"],
    pets: [dog("Milo", { dietaryRequirements: "Fasting from 8pm", dietaryRequirementsAm: "200 g kibble" })],
    petNames: "Milo",
    status: "checked_in",
    checkIn: [-3, "10:00"],
    checkOut: [1, "10:00"],
    room: "Kennel 7",
  },
  {
    reference: "AW-UNREAD",
    owner: ["Sian", "Davies"],
    pets: [dog("Bear", { allergies: { food: "chicken" }, dietaryRequirements: "Fish kibble" })],
    petNames: "Bear",
    status: "checked_in",
    checkIn: [-1, "09:30"],
    checkOut: [4, "09:30"],
    room: "Kennel 8",
  },
  {
    reference: "AW-LISTLESS",
    owner: ["Aled", "Price"],
    pets: [dog("Nell", { medication: "Metacam 1.5 ml, with food", medicationPm: "1.5 ml with dinner" })],
    petNames: "Nell",
    status: "checked_in",
    checkIn: [-1, "13:00"],
    checkOut: [2, "13:00"],
    room: "Kennel 9",
    listless: true,
  },
  {
    reference: "AW-NOTES",
    owner: ["Mari", "Roberts"],
    pets: [
      dog("Nala", { medicalNotes: "Allergic to chicken – itchy skin", dietaryRequirements: "Lamb kibble" }),
    ],
    petNames: "Nala",
    status: "checked_in",
    checkIn: [-2, "10:00"],
    checkOut: [2, "10:00"],
    room: "Kennel 10",
  },
  {
    reference: "AW-GONE",
    owner: ["Dafydd", "Owen"],
    pets: [dog("Ziggy", { medication: "Propalin 1 ml", medicationPm: "1 ml with dinner" })],
    petNames: "Ziggy",
    status: "Checked Out",
    checkIn: [-4, "10:00"],
    checkOut: [0, "20:00"],
    room: "Kennel 11",
  },
  {
    reference: "AW-ASK",
    owner: ["Lowri", "Williams"],
    pets: [dog("Coco", { medication: "Cardisure 2.5 mg", medicationNoon: "one tablet" })],
    petNames: "Coco",
    status: "Cancellation Requested",
    checkIn: [-1, "10:00"],
    checkOut: [2, "10:00"],
    room: "Kennel 12",
  },
  {
    reference: "AW-AM",
    owner: ["Gethin", "Rees"],
    pets: [dog("Oscar", { medication: "AM", medicationPm: "Selgian 20 mg, one tablet" })],
    petNames: "Oscar",
    status: "checked_in",
    checkIn: [-1, "10:00"],
    checkOut: [2, "10:00"],
    room: "Kennel 14",
  },
  {
    reference: "AW-TWICE",
    owner: ["Heledd", "Parry"],
    pets: [dog("Toby", { medication: "Rimadyl 50 mg, morning", medication2: "rimadyl 50mg, evening" })],
    petNames: "Toby",
    status: "checked_in",
    checkIn: [-1, "10:00"],
    checkOut: [2, "10:00"],
    room: "Kennel 15",
  },
  {
    reference: "AW-DOGS",
    owner: ["Elin", "Bowen"],
    pets: [
      dog("Rex", { medication: "Galliprant 60 mg" }),
      { name: "Tibbles", petType: "Cat", breed: "Moggy" },
    ],
    petNames: "2 dogs",
    numberOfPets: 2,
    status: "checked_in",
    checkIn: [-1, "10:00"],
    checkOut: [2, "10:00"],
    room: "Kennel 16",
  },
  {
    reference: "AW-NOPAY",
    owner: ["Tomos", "Griffiths"],
    pets: [dog("Bruno", { dietaryRequirements: "Own food" })],
    petNames: "Bruno",
    status: "checked_in",
    checkIn: [-2, "10:00"],
    checkOut: [0, "11:00"],
    room: "Kennel 17",
    paid: null,
  },
  {
    reference: "AW-NKA",
    owner: ["Catrin", "Lewis"],
    pets: [dog("Ruby", { allergies: "None known", dietaryRequirements: "Own food" })],
    petNames: "Ruby",
    status: "checked_in",
    checkIn: [-1, "10:00"],
    checkOut: [2, "10:00"],
    room: "Kennel 18",
  },
];

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
  for (const c of CASES) {
    const cid = ++customerId;
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
    const pets = c.pets.map((p) => {
      const pet: Json = {
        ...NULL_CARE,
        petId: ++petId,
        kennelId: business.id,
        customerId: cid,
        evaluationComplete: 1,
        deleted: false,
        archived: false,
        ...p,
      };
      if (c.listless) CARE_LEFT_OUT_OF_LIST.add(pet);
      business.pets.push(pet);
      business.petById.set(pet.petId as number, pet);
      return pet;
    });
    business.petsByCustomer.set(cid, pets);
    const booking: Json = {
      bookingId: ++bookingId,
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
