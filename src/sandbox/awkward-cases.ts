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
import { type Case, dog, stay } from "./awkward-case.ts";
import { CASES_32 } from "./awkward-cases-32.ts";
import { CASES_34 } from "./awkward-cases-34.ts";

const CASES_20: Case[] = [
  stay("AW-DAISY", ["Gwen", "Pryce"], "Kennel 1", [-1, "10:00"], [2, "11:00"], { petNames: "Daisy" }, [
    dog("Bonnie", { medication: "Vetmedin 5 mg, one tablet", medicationPm: "one tablet" }),
  ]),
  stay(
    "AW-SCOUT",
    ["Ifan", "Morgan"],
    "Kennel 2",
    [-2, "09:00"],
    [3, "10:00"],
    { petNames: "Scout & Daisy", numberOfPets: 1 },
    [dog("Scout", { medication: "Apoquel 16 mg, one tablet", dietaryRequirements: "Own kibble" })],
  ),
  stay(
    "AW-OPEN",
    ["Nia", "Lloyd"],
    "Kennel 3",
    [-1, "15:00"],
    undefined,
    { status: "Checked In", petNames: "Jasper" },
    [dog("Jasper", { medication: "Thyroxine 0.4 mg", medicationPm: "one tablet with dinner" })],
  ),
  stay(
    "AW-LATE",
    ["Rhys", "Evans"],
    "Kennel 4",
    [0, "19:00"],
    [3, "10:00"],
    { status: "confirmed", petNames: "Pip" },
    [
      dog("Pip", {
        medication: "Caninsulin 4 units, with food",
        medicationPm: "4 units after dinner",
        dietaryRequirementsPm: "Diabetic food, 150 g",
      }),
    ],
  ),
  stay("AW-NIL", ["Ceri", "Jones"], "Kennel 5", [-1, "11:00"], [1, "16:00"], { petNames: "Rolo" }, [
    dog("Rolo", { dietaryRequirements: "Chicken and rice", dietaryRequirementsAm: "Nil" }),
  ]),
  stay("AW-NBM", ["Eira", "Thomas"], "Kennel 6", [-1, "12:00"], [2, "12:00"], { petNames: "Luna" }, [
    dog("Luna", {
      dietaryRequirementsAm: "NIL BY MOUTH – op at 10:00",
      dietaryRequirementsPm: "Half meal",
    }),
  ]),
  stay("AW-FAST", ["Owain", "Hughes"], "Kennel 7", [-3, "10:00"], [1, "10:00"], { petNames: "Milo" }, [
    dog("Milo", { dietaryRequirements: "Fasting from 8pm", dietaryRequirementsAm: "200 g kibble" }),
  ]),
  stay("AW-UNREAD", ["Sian", "Davies"], "Kennel 8", [-1, "09:30"], [4, "09:30"], { petNames: "Bear" }, [
    dog("Bear", { allergies: { food: "chicken" }, dietaryRequirements: "Fish kibble" }),
  ]),
  stay(
    "AW-LISTLESS",
    ["Aled", "Price"],
    "Kennel 9",
    [-1, "13:00"],
    [2, "13:00"],
    { petNames: "Nell", listless: true },
    [dog("Nell", { medication: "Metacam 1.5 ml, with food", medicationPm: "1.5 ml with dinner" })],
  ),
  stay("AW-NOTES", ["Mari", "Roberts"], "Kennel 10", [-2, "10:00"], [2, "10:00"], { petNames: "Nala" }, [
    dog("Nala", { medicalNotes: "Allergic to chicken – itchy skin", dietaryRequirements: "Lamb kibble" }),
  ]),
  stay(
    "AW-GONE",
    ["Dafydd", "Owen"],
    "Kennel 11",
    [-4, "10:00"],
    [0, "20:00"],
    { status: "Checked Out", petNames: "Ziggy" },
    [dog("Ziggy", { medication: "Propalin 1 ml", medicationPm: "1 ml with dinner" })],
  ),
  stay(
    "AW-ASK",
    ["Lowri", "Williams"],
    "Kennel 12",
    [-1, "10:00"],
    [2, "10:00"],
    { status: "Cancellation Requested", petNames: "Coco" },
    [dog("Coco", { medication: "Cardisure 2.5 mg", medicationNoon: "one tablet" })],
  ),
  stay("AW-AM", ["Gethin", "Rees"], "Kennel 14", [-1, "10:00"], [2, "10:00"], { petNames: "Oscar" }, [
    dog("Oscar", { medication: "AM", medicationPm: "Selgian 20 mg, one tablet" }),
  ]),
  stay("AW-TWICE", ["Heledd", "Parry"], "Kennel 15", [-1, "10:00"], [2, "10:00"], { petNames: "Toby" }, [
    dog("Toby", { medication: "Rimadyl 50 mg, morning", medication2: "rimadyl 50mg, evening" }),
  ]),
  stay(
    "AW-DOGS",
    ["Elin", "Bowen"],
    "Kennel 16",
    [-1, "10:00"],
    [2, "10:00"],
    { petNames: "2 dogs", numberOfPets: 2 },
    [dog("Rex", { medication: "Galliprant 60 mg" }), { name: "Tibbles", petType: "Cat", breed: "Moggy" }],
  ),
  stay(
    "AW-NOPAY",
    ["Tomos", "Griffiths"],
    "Kennel 17",
    [-2, "10:00"],
    [0, "11:00"],
    { petNames: "Bruno", paid: null },
    [dog("Bruno", { dietaryRequirements: "Own food" })],
  ),
  stay("AW-NKA", ["Catrin", "Lewis"], "Kennel 18", [-1, "10:00"], [2, "10:00"], { petNames: "Ruby" }, [
    dog("Ruby", { allergies: "None known", dietaryRequirements: "Own food" }),
  ]),
];

export const CASES: Case[] = [...CASES_20, ...CASES_32, ...CASES_34];
