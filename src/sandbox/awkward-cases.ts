/**
 * The awkward cases (src/sandbox/awkward.ts): bookings and pets as real kennels type them, each
 * showing one case of care kept exact. All are in house today unless the case says otherwise.
 *
 * Issue 20:
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
 *
 * Issue 32:
 * - AW-FIT: a seizure plan in the notes ("if a fit lasts > 5 min call the vet"), a feeding note in
 *   the evaluation notes, phenobarbital "twice daily".
 * - AW-BITE: "AGGRESSIVE with other dogs" in the notes, "Escape artist: do NOT walk with other dogs"
 *   in the evaluation notes.
 * - AW-BOWL: two dogs, one to "feed separately from Max, food aggressive".
 * - AW-STAY: still "Checked In" a day past its check-out (the owner did not come), on phenobarbital.
 * - AW-COMMA: a dose with a decimal comma, "Vetmedin 2,5 mg".
 * - AW-SALT: one cat named "Salt & Pepper", on Felimazole.
 * - AW-EARLY: "Checked Out" at 08:30 this morning, with evening insulin.
 * - AW-OTHER: "Moss & Fern", where the owner's pet list answers Moss with another customer's id.
 */
import type { Json } from "./types.ts";

export interface Case {
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
const cat = (name: string, care: Json = {}): Json => ({ name, petType: "Cat", breed: "Moggy", ...care });

export const CASES: Case[] = [
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
  // Issue 32: notes that carry danger, a pet still here, a dose with a decimal comma.
  {
    reference: "AW-FIT",
    owner: ["Gareth", "Pugh"],
    pets: [
      dog("Dylan", {
        notes: "Seizure plan: if a fit lasts > 5 min call the vet",
        evaluationCompleteNotes: "Eats from a slow-feeder bowl",
        medication: "Phenobarbital 60 mg, twice daily",
        dietaryRequirements: "Own kibble, 2 scoops",
      }),
    ],
    petNames: "Dylan",
    status: "checked_in",
    checkIn: [-2, "10:00"],
    checkOut: [3, "10:00"],
    room: "Kennel 19",
  },
  {
    reference: "AW-BITE",
    owner: ["Rhian", "Vaughan"],
    pets: [
      dog("Tyson", {
        notes: "AGGRESSIVE with other dogs – muzzle on walks",
        evaluationCompleteNotes: "Escape artist: do NOT walk with other dogs",
        dietaryRequirements: "Own food, 2 cups",
      }),
    ],
    petNames: "Tyson",
    status: "checked_in",
    checkIn: [-1, "11:00"],
    checkOut: [2, "11:00"],
    room: "Kennel 20",
  },
  {
    reference: "AW-BOWL",
    owner: ["Huw", "Jenkins"],
    pets: [
      dog("Max", { dietaryRequirements: "Adult kibble, 200 g" }),
      dog("Bess", {
        notes: "Feed separately from Max, food aggressive",
        dietaryRequirements: "Senior kibble, 150 g",
      }),
    ],
    petNames: "Max & Bess",
    status: "checked_in",
    checkIn: [-1, "12:00"],
    checkOut: [3, "12:00"],
    room: "Kennel 21",
  },
  {
    reference: "AW-STAY",
    owner: ["Sioned", "Ellis"],
    pets: [
      dog("Jess", {
        medication: "Phenobarbital 30 mg",
        medicationPm: "Phenobarbital 30 mg",
        medicalNotes: "Epileptic",
        dietaryRequirements: "Own food",
      }),
    ],
    petNames: "Jess",
    // The owner did not come: still checked in, a day past its check-out.
    status: "Checked In",
    checkIn: [-6, "10:00"],
    checkOut: [-1, "10:00"],
    room: "Kennel 22",
  },
  {
    reference: "AW-COMMA",
    owner: ["Alun", "Hopkins"],
    pets: [
      dog("Pippa", {
        medication: "Vetmedin 2,5 mg, one tablet",
        medicationPm: "Vetmedin 2,5 mg, one tablet",
      }),
    ],
    petNames: "Pippa",
    status: "checked_in",
    checkIn: [-1, "09:00"],
    checkOut: [2, "09:00"],
    room: "Kennel 23",
  },
  {
    reference: "AW-SALT",
    owner: ["Megan", "Rowlands"],
    pets: [
      cat("Salt & Pepper", {
        medication: "Felimazole 2.5 mg, one tablet",
        medicationPm: "one tablet",
        dietaryRequirements: "Senior cat food",
      }),
    ],
    petNames: "Salt & Pepper",
    numberOfPets: 1,
    status: "checked_in",
    checkIn: [-1, "14:00"],
    checkOut: [2, "14:00"],
    room: "Cattery 2",
  },
  {
    reference: "AW-EARLY",
    owner: ["Iwan", "Powell"],
    pets: [
      dog("Bobby", {
        medication: "Caninsulin 6 units, with food",
        medicationPm: "6 units after dinner",
        dietaryRequirements: "Diabetic food",
      }),
    ],
    petNames: "Bobby",
    // Gone home early this morning: the API's check-out is when it left.
    status: "Checked Out",
    checkIn: [-2, "10:00"],
    checkOut: [0, "08:30"],
    room: "Kennel 25",
  },
  {
    reference: "AW-OTHER",
    owner: ["Nerys", "Harries"],
    pets: [
      dog("Fern", { dietaryRequirements: "Own food" }),
      // Another customer's dog, answered in this owner's pet list.
      dog("Moss", { medication: "Metacam 2 ml, with food", ownerOf: "AW-DAISY" }),
    ],
    petNames: "Moss & Fern",
    numberOfPets: 2,
    status: "checked_in",
    checkIn: [-1, "10:00"],
    checkOut: [2, "10:00"],
    room: "Kennel 26",
  },
];
