/**
 * A house of 300 pets with every care field filled (issue 47): five medications each with their
 * midday and evening instructions (high-alert drugs, doses to give if needed, long instructions), four
 * diets, allergies, notes, evaluation notes and medical notes that carry danger, grooming notes, a
 * fast for every third pet; long pet, owner and room names; `& < >` and mentions in the text. Built
 * on the sandbox's generated data (its other business kept), with the main business's bookings
 * replaced by this house alone, so every list of the day is this house:
 * - 200 pets in house from two days before `day` to two days after (checked in);
 * - 50 arriving on `day` at 07:00 (before the morning round), staying two nights;
 * - 50 in since two days before, going home on `day` at 19:30 (after the evening round).
 * Bookings hold one to four pets; the longest is the first of the arrivals (four pets, long names).
 */
import { MEDICATION_FIELDS } from "../../src/kennel/schemas.ts";
import { generateData } from "../../src/sandbox/data.ts";
import type { BusinessData, Json, SandboxData } from "../../src/sandbox/types.ts";
import { addDays, zonedInstant } from "../../src/time.ts";

const DRUGS: Array<[string, string, string, string]> = [
  // name with strength, the instruction's amount and words, midday, evening
  [
    "Caninsulin 40 IU/ml",
    "4 units under the skin with breakfast, only once she has eaten at least half; check the dose twice & log it <not before 07:00>",
    "none at midday: check her appetite & water bowl",
    "4 units under the skin with dinner, only once she has eaten at least half",
  ],
  [
    "Gabapentin 100 mg",
    "2 capsules PRN if restless, pacing or panting after the walk; no more than 3 doses in 24 hours <@U0VET> & tell the desk",
    "1 capsule PRN if restless",
    "2 capsules PRN at night if panting or pacing",
  ],
  [
    "Phenobarbital 60 mg",
    "1 tablet twice daily, 12 hours apart, with a little food; never miss a dose (seizure risk) & never double up <!channel>",
    "none: given morning and evening only",
    "1 tablet with dinner, 12 hours after the morning dose",
  ],
  [
    "Prednisolone 5 mg",
    "2 tablets every morning with food, tapering: 2 tablets for 5 days, then 1 tablet for 5 days, then half a tablet; do not stop suddenly",
    "half a tablet with lunch on days 1 to 3 only",
    "1 tablet with dinner on days 1 to 5 only",
  ],
  [
    "Cefalexin 250 mg",
    "1 capsule three times a day with food, every 8 hours, until the course is finished (14 days in all) & wash hands after",
    "1 capsule with lunch",
    "1 capsule with dinner",
  ],
  [
    "Metacam 1.5 mg/ml",
    "0.8 ml on food once daily in the morning; shake the bottle well & use the dog's own syringe <kg scale>",
    "none",
    "none: once daily only",
  ],
  [
    "Vetmedin 2.5 mg",
    "1 chewable tablet an hour before breakfast and 1 an hour before dinner; on an empty stomach",
    "none at midday",
    "1 chewable tablet an hour before dinner",
  ],
  [
    "Tramadol 50 mg",
    "1 tablet every 8 hours if in pain (PRN), controlled drug: two people to check & sign <!here>",
    "1 tablet if in pain",
    "1 tablet at bedtime if in pain",
  ],
];

const NAMES = [
  "Sir Reginald Fluffington-Worthington III",
  "Biscuit",
  "Salt & Pepper",
  "Princess Buttercup Moonbeam of Harrowgate",
  "Ollie",
  "Pepper",
  "Teddy",
  "Duchess Marmalade <the brave>",
  "Juniper",
  "Captain Wiggles McSnuffle-Barkington",
];

const OWNERS: Array<[string, string]> = [
  ["Maximiliana-Josephine", "Featherstonehaugh-Cholmondeley"],
  ["Ann", "O'Brien"],
  ["Jean-Baptiste", "de la Fontaine & Associates"],
  ["Priya", "Ramaswamy-Venkataraman"],
  ["Tom", "Lee"],
];

const ROOMS = (i: number) =>
  i % 9 === 0 ? `The Grand Garden Suite & Paddock View (Kennel ${100 + i})` : `Kennel ${100 + i}`;

/** Every care field of one pet, filled; `k` varies the words. */
function care(k: number): Json {
  const pet: Json = {
    dietaryRequirements: `Own food only (brought in & labelled): ${k % 2 ? "grain-free kibble" : "wet food"}, fresh water always <in the blue bowl>`,
    dietaryRequirementsAm: `Breakfast: 1 cup Hill's i/d & 2 tbsp warm water, soaked 10 minutes ${k % 3 === 0 ? "" : "(slow-feeder bowl)"}`,
    dietaryRequirementsNoon: "Lunch: half a cup of kibble, no treats <@U0CHEF> & no chews",
    dietaryRequirementsPm: `Dinner: 1 cup Hill's i/d & 1 pouch, warmed; ${k % 3 === 0 ? "NIL BY MOUTH from 8pm – op at 10:00 tomorrow, water until 6am" : "then a short walk"}`,
    allergies: `Chicken & beef <severe: hives & swelling>, penicillin (anaphylaxis) <!channel>${k % 5 === 0 ? "; latex, flea collars, lavender shampoo and any product with tea tree oil" : ""}`,
    notes: `AGGRESSIVE with other dogs & <!here> people at the gate: muzzle on every walk, ${k % 4 === 0 ? "never in the exercise yard with others, walk alone before 07:00 or after 19:00 only" : "walk alone"}`,
    evaluationCompleteNotes:
      "Escape artist: do NOT walk with other dogs, double-lead in the yard; climbs 6 ft fences & opens latches",
    medicalNotes: `Seizure plan: if a fit lasts > 5 min call the vet <tel:01632 960 000> & give rectal diazepam as shown; ${k % 2 ? "diabetic (see insulin)" : "blind in the left eye, approach from the right"}`,
    groomingNotes:
      "Bath on the last day with hypoallergenic shampoo only; trim the feathers and nails, no bows, no perfume, dry by hand (afraid of the dryer)",
    evaluationComplete: 1,
  };
  MEDICATION_FIELDS.forEach(([main, noon, pm], i) => {
    const [name, instruction, midday, evening] = DRUGS[(k + i) % DRUGS.length] as (typeof DRUGS)[number];
    const long =
      k % 10 === 0
        ? " Keep the packet in the locked cabinet; record the batch number and the time given on the chart."
        : "";
    pet[main] = `${name}: ${instruction}${long}`;
    pet[noon] = midday;
    pet[pm] = evening;
  });
  return pet;
}

const BOOKING_SIZES = [4, 1, 2, 1, 3, 1, 1, 2];

/** The house, on `day` (a local date in `timezone`). */
export function fullCareHouse(o: { today: string; timezone: string; pets?: number }): SandboxData {
  const data = generateData({ seed: 47, customers: 10, today: o.today, timezone: o.timezone });
  const business = data.businesses[0] as BusinessData;
  for (const map of [
    business.bookingById,
    business.bookingByReference,
    business.bookingsByCustomer,
    business.arrivalsByDate,
    business.departuresByDate,
    business.petsByBooking,
  ])
    map.clear();
  business.bookings.splice(0);
  const total = o.pets ?? 300;
  const at = (days: number, time: string) =>
    zonedInstant(addDays(o.today, days), time, o.timezone).toISOString();
  let pets = 0;
  let b = 0;
  while (pets < total) {
    const size = Math.min(BOOKING_SIZES[b % BOOKING_SIZES.length] as number, total - pets);
    // The arrivals first (the longest booking among them), then the departures, then those staying.
    const group = pets < 50 ? "arrives" : pets < 100 ? "leaves" : "stays";
    const [owner1, owner2] = OWNERS[b % OWNERS.length] as [string, string];
    const customerId = 700_000 + b;
    const customer: Json = {
      customerId,
      kennelId: business.id,
      firstname: owner1,
      secondname: owner2,
      mobile: `07700 9${String(customerId).slice(-5)}`,
      email: `owner${customerId}@example.com`,
      archived: false,
      createdDate: at(-400, "10:00"),
    };
    business.customers.push(customer);
    business.customerById.set(customerId, customer);
    business.customerUpdatedMs.set(customerId, Date.parse(at(-30, "10:00")));
    const mine: Json[] = [];
    for (let i = 0; i < size; i++, pets++) {
      const name = `${NAMES[pets % NAMES.length]} ${pets + 1}`;
      const pet: Json = {
        petId: 750_000 + pets,
        kennelId: business.id,
        customerId,
        petTypeId: pets % 4 === 3 ? 2 : 1,
        petType: pets % 4 === 3 ? "Cat" : "Dog",
        breed: "Cavalier King Charles Spaniel & Poodle cross",
        name,
        sex: "Female (spayed)",
        weight: "12.5 kg",
        archived: false,
        deleted: false,
        ...care(pets),
      };
      business.pets.push(pet);
      business.petById.set(pet.petId as number, pet);
      mine.push(pet);
    }
    business.petsByCustomer.set(customerId, mine);
    const bookingId = 800_000 + b;
    const reference = `FC-${String(b + 1).padStart(4, "0")}`;
    const [inDay, inTime, outDay, outTime, status] =
      group === "arrives"
        ? [0, "07:00", 2, "11:00", "confirmed"]
        : group === "leaves"
          ? [-2, "09:00", 0, "19:30", "checked_in"]
          : [-2, "09:00", 2, "11:00", "checked_in"];
    const booking: Json = {
      bookingId,
      bookingType: "boarding",
      reference,
      status,
      customerId,
      customerName: `${owner1} ${owner2}`,
      customerPhone: customer.mobile,
      customerEmail: customer.email,
      petNames: mine.map((p) => p.name as string).join(" & "),
      numberOfPets: mine.length,
      serviceId: 1,
      roomName: ROOMS(b),
      checkInDate: at(inDay as number, inTime as string),
      checkOutDate: at(outDay as number, outTime as string),
      bookingPaid: b % 3 !== 0,
      hasPayment: b % 3 !== 1,
    };
    business.bookings.push(booking);
    business.bookingById.set(bookingId, booking);
    business.bookingByReference.set(reference, booking);
    business.bookingsByCustomer.set(customerId, [booking]);
    business.petsByBooking.set(bookingId, mine);
    const local = (d: number) => addDays(o.today, d);
    const push = (m: Map<string, Json[]>, k: string) => m.set(k, [...(m.get(k) ?? []), booking]);
    push(business.arrivalsByDate, local(inDay as number));
    push(business.departuresByDate, local(outDay as number));
    b++;
  }
  business.bookings.sort(
    (x, y) =>
      Date.parse(x.checkInDate as string) - Date.parse(y.checkInDate as string) ||
      (x.bookingId as number) - (y.bookingId as number),
  );
  business.checkInMs.splice(
    0,
    business.checkInMs.length,
    ...business.bookings.map((x) => Date.parse(x.checkInDate as string)),
  );
  business.maxStayMs = 5 * 86_400_000;
  return data;
}
