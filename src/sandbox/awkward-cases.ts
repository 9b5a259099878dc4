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
 * - AW-AM: a medication written "AM" with the drug in its evening instruction (the plan leaves it to a
 *   person: given at both rounds, or only the evening?); AW-TWICE: the same
 *   drug in two slots.
 * - AW-DOGS: "2 dogs" under a customer with a dog and a cat.
 * - AW-NOPAY: goes home today, payment not recorded.
 * - AW-NKA: allergies "None known".
 *
 * Issue 32 (src/sandbox/awkward-cases-32.ts):
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
import { type Case, dog } from "./awkward-case.ts";
import { CASES_32 } from "./awkward-cases-32.ts";
import { CASES_34 } from "./awkward-cases-34.ts";

const CASES_20: Case[] = [
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

export const CASES: Case[] = [...CASES_20, ...CASES_32, ...CASES_34];
