/**
 * The awkward cases of issue 32 (see src/sandbox/awkward-cases.ts for the list): notes that carry
 * danger, a pet still here past its check-out, a dose with a decimal comma, a pet's whole name, a
 * stay checked out this morning, a pet record that is another customer's.
 */
import { type Case, cat, dog } from "./awkward-case.ts";

export const CASES_32: Case[] = [
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
