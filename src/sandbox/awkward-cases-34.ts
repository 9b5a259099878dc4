/**
 * The awkward care plans (issues 34 and 35): the instructions a careful kennel manager found the
 * rounds misreading, as kennels type them, each in house today (src/sandbox/awkward.ts adds them).
 * `{d-2}` in a value is a date relative to today, written "24 Nov" (any date order reads it).
 *
 * - AW-EOD: a diuretic every other day in the morning, counted from the day before yesterday.
 * - AW-PRN: "Piriton 4mg PRN – only if scratching, max 2 in 24h" beside a daily Apoquel.
 * - AW-TAPER: prednisolone, 2 tabs for three days then 1 tab.
 * - AW-MWF: a Mon/Wed/Fri drug (Vetoryl: high-alert where KENNEL_HIGH_ALERT names it).
 * - AW-STOP: a course that stopped yesterday, and one that starts tomorrow.
 * - AW-SLOTS: one drug typed into two slots ("Owner's own Metacam…", "Kennel stock Metacam…"), and
 *   "Owner's food 1 cup AM 1 cup PM" (no lunch).
 * - AW-SUGAR: insulin twice daily, ONLY if she has eaten (high-alert, conditional, never one tap).
 * - AW-2330: arrives tonight at 23:30, on Rimadyl twice daily (owes nothing today).
 * - AW-1400: arrives at 14:00, "1 cup AM, 1 cup PM" (owes no breakfast nor lunch today).
 */
import { type Case, dog as labrador, stay } from "./awkward-case.ts";
import type { Json } from "./types.ts";

const dog = (name: string, care: Json = {}): Json => labrador(name, { breed: "Border Terrier", ...care });

export const CASES_34: Case[] = [
  stay("AW-EOD", ["Ffion", "Rees"], "Kennel 27", [-3, "10:00"], [4, "10:00"], { petNames: "Bramble" }, [
    dog("Bramble", {
      medication: "Furosemide 20mg 1 tab EOD AM from {d-2}",
      dietaryRequirements: "Renal diet, 1 cup AM and PM",
    }),
  ]),
  stay("AW-PRN", ["Gareth", "Morgan"], "Kennel 28", [-2, "11:00"], [3, "11:00"], { petNames: "Itchy" }, [
    dog("Itchy", {
      breed: "West Highland Terrier",
      medication: "Piriton 4mg PRN – only if scratching, max 2 in 24h",
      medication2: "Apoquel 16mg 1 tab daily with breakfast",
    }),
  ]),
  stay("AW-TAPER", ["Nia", "Parry"], "Kennel 29", [-2, "09:00"], [5, "09:00"], { petNames: "Rocco" }, [
    dog("Rocco", {
      medication: "Prednisolone 5mg: 2 tabs each morning {d-2}–{d0}, then 1 tab each morning from {d+1}",
    }),
  ]),
  stay("AW-MWF", ["Dylan", "Lloyd"], "Kennel 30", [-4, "10:30"], [3, "10:30"], { petNames: "Pickle" }, [
    dog("Pickle", { medication: "Vetoryl 30mg 1 cap Mon/Wed/Fri AM with food" }),
  ]),
  stay("AW-STOP", ["Bethan", "Owen"], "Suite C", [-3, "14:00"], [4, "14:00"], { petNames: "Bean" }, [
    dog("Bean", {
      medication: "Metronidazole 250mg 1 tab BID. STOP after {d-1}",
      medication2: "Cephalexin 500mg 1 cap BID, START {d+1}",
    }),
  ]),
  stay("AW-SLOTS", ["Rhys", "Evans"], "Suite D", [-1, "10:00"], [2, "10:00"], { petNames: "Otis" }, [
    dog("Otis", {
      medication: "Owner's own Metacam 1.5ml with breakfast",
      medication2: "Kennel stock Metacam 1.5ml with breakfast",
      dietaryRequirements: "Owner's food 1 cup AM 1 cup PM",
    }),
  ]),
  stay("AW-SUGAR", ["Carys", "Lewis"], "Suite E", [-2, "10:00"], [3, "10:00"], { petNames: "Sugar" }, [
    dog("Sugar", {
      breed: "Cocker Spaniel",
      medication: "Caninsulin 6iu twice daily with breakfast and dinner, ONLY if she has eaten",
      dietaryRequirements: "Diabetic diet, 1 cup AM and PM",
    }),
  ]),
  stay(
    "AW-2330",
    ["Huw", "Jenkins"],
    "Suite F",
    [0, "23:30"],
    [4, "10:00"],
    { status: "confirmed", petNames: "Luna" },
    [
      dog("Luna", {
        medication: "Rimadyl 50mg 1 tab twice daily",
        dietaryRequirements: "1 cup AM, 1 cup PM",
      }),
    ],
  ),
  stay(
    "AW-1400",
    ["Elin", "Roberts"],
    "Suite G",
    [0, "14:00"],
    [3, "10:00"],
    { status: "confirmed", petNames: "Scout" },
    [dog("Scout", { dietaryRequirements: "1 cup AM, 1 cup PM" })],
  ),
];
