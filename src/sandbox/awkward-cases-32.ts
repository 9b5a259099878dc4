/**
 * The awkward cases of issue 32 (see src/sandbox/awkward-cases.ts for the list): notes that carry
 * danger, a pet still here past its check-out, a dose with a decimal comma, a pet's whole name, a
 * stay checked out this morning, a pet record that is another customer's.
 */
import { type Case, cat, dog, stay } from "./awkward-case.ts";

export const CASES_32: Case[] = [
  stay("AW-FIT", ["Gareth", "Pugh"], "Kennel 19", [-2, "10:00"], [3, "10:00"], { petNames: "Dylan" }, [
    dog("Dylan", {
      notes: "Seizure plan: if a fit lasts > 5 min call the vet",
      evaluationCompleteNotes: "Eats from a slow-feeder bowl",
      medication: "Phenobarbital 60 mg, twice daily",
      dietaryRequirements: "Own kibble, 2 scoops",
    }),
  ]),
  stay("AW-BITE", ["Rhian", "Vaughan"], "Kennel 20", [-1, "11:00"], [2, "11:00"], { petNames: "Tyson" }, [
    dog("Tyson", {
      notes: "AGGRESSIVE with other dogs – muzzle on walks",
      evaluationCompleteNotes: "Escape artist: do NOT walk with other dogs",
      dietaryRequirements: "Own food, 2 cups",
    }),
  ]),
  stay("AW-BOWL", ["Huw", "Jenkins"], "Kennel 21", [-1, "12:00"], [3, "12:00"], { petNames: "Max & Bess" }, [
    dog("Max", { dietaryRequirements: "Adult kibble, 200 g" }),
    dog("Bess", {
      notes: "Feed separately from Max, food aggressive",
      dietaryRequirements: "Senior kibble, 150 g",
    }),
  ]),
  // The owner did not come: still checked in, a day past its check-out.
  stay(
    "AW-STAY",
    ["Sioned", "Ellis"],
    "Kennel 22",
    [-6, "10:00"],
    [-1, "10:00"],
    { status: "Checked In", petNames: "Jess" },
    [
      dog("Jess", {
        medication: "Phenobarbital 30 mg",
        medicationPm: "Phenobarbital 30 mg",
        medicalNotes: "Epileptic",
        dietaryRequirements: "Own food",
      }),
    ],
  ),
  stay("AW-COMMA", ["Alun", "Hopkins"], "Kennel 23", [-1, "09:00"], [2, "09:00"], { petNames: "Pippa" }, [
    dog("Pippa", {
      medication: "Vetmedin 2,5 mg, one tablet",
      medicationPm: "Vetmedin 2,5 mg, one tablet",
    }),
  ]),
  stay(
    "AW-SALT",
    ["Megan", "Rowlands"],
    "Cattery 2",
    [-1, "14:00"],
    [2, "14:00"],
    { petNames: "Salt & Pepper", numberOfPets: 1 },
    [
      cat("Salt & Pepper", {
        medication: "Felimazole 2.5 mg, one tablet",
        medicationPm: "one tablet",
        dietaryRequirements: "Senior cat food",
      }),
    ],
  ),
  // Gone home early this morning: the API's check-out is when it left.
  stay(
    "AW-EARLY",
    ["Iwan", "Powell"],
    "Kennel 25",
    [-2, "10:00"],
    [0, "08:30"],
    { status: "Checked Out", petNames: "Bobby" },
    [
      dog("Bobby", {
        medication: "Caninsulin 6 units, with food",
        medicationPm: "6 units after dinner",
        dietaryRequirements: "Diabetic food",
      }),
    ],
  ),
  stay(
    "AW-OTHER",
    ["Nerys", "Harries"],
    "Kennel 26",
    [-1, "10:00"],
    [2, "10:00"],
    { petNames: "Moss & Fern", numberOfPets: 2 },
    [
      dog("Fern", { dietaryRequirements: "Own food" }),
      // Another customer's dog, answered in this owner's pet list.
      dog("Moss", { medication: "Metacam 2 ml, with food", ownerOf: "AW-DAISY" }),
    ],
  ),
];
