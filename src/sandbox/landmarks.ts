/** The landmark records (fixed references, names and dates for demos and tests) and the customers behind them. */
import { addDays } from "../time.ts";
import { type BuildContext, DAY_MS } from "./context.ts";
import { makeCustomer, makePet, type PetSpec } from "./people.ts";
import type { BusinessData, Json, SandboxLandmarks } from "./types.ts";

export type { SandboxLandmarks };

/** Fixed references of the landmark bookings: the same for every seed and every today. */
export const SANDBOX_REFERENCES = {
  /**
   * Müller's Biscuit & Pepper in Suite A, in house today; Biscuit has an evening-only Rimadyl (its
   * breakfast dose in the instruction) and doses written in words (twice daily, every 8 hours, at
   * bedtime, once daily).
   */
  demo: "HP-DK4Q7M",
  /** O'Brien's Biscuit, booked as "Biccy": cannot be matched to the pet's record. */
  unmatched: "HP-N7CKQ2",
  /** Fernández's Chloé and Biscuit, booked as "chloe and biscuit (2 dogs)": messy but matchable. */
  messy: "HP-M3SSY8",
  /** A daycare booking on today+8 with a status the spec (docs/kennel-api.md) does not list: "pending_deposit". */
  unknownStatus: "HP-PD8WXT",
} as const;

/** Biscuit's doses written only in words (no midday or evening field), after the Rimadyl. */
const DOSE_WORDS = [
  "Yumove joint supplement: two tablets twice daily, crumbled on food",
  "Cefalexin 500 mg: one capsule every 8 hours until the course is finished",
  "Calmex: one capsule at bedtime",
  "Soloxine 0.4 mg: one tablet once daily",
] as const;

/**
 * Dates, references and names to use in demos and tests; the same for every seed. The ids of the
 * records are in `data.landmarkIds` (they depend on the seed and the size).
 */
export function sandboxLandmarks(today: string): SandboxLandmarks {
  return {
    today,
    fullHouseDay: addDays(today, 2),
    references: SANDBOX_REFERENCES,
    demo: {
      reference: SANDBOX_REFERENCES.demo,
      petNames: "Biscuit (Labrador) & Pepper",
      owner: "Hannah Müller",
      room: "Suite A",
      checkIn: addDays(today, -3),
      checkOut: addDays(today, 4),
    },
    eveningOnlyPet: {
      name: "Biscuit",
      owner: "Hannah Müller",
      drug: "Rimadyl 50 mg",
      reference: SANDBOX_REFERENCES.demo,
    },
    doseWords: {
      reference: SANDBOX_REFERENCES.demo,
      pet: "Biscuit",
      twiceDaily: DOSE_WORDS[0],
      every8Hours: DOSE_WORDS[1],
      bedtime: DOSE_WORDS[2],
      onceDaily: DOSE_WORDS[3],
    },
    unmatched: {
      reference: SANDBOX_REFERENCES.unmatched,
      petNames: "Biccy",
      petName: "Biscuit",
      owner: "Siobhán O'Brien",
    },
    messy: {
      reference: SANDBOX_REFERENCES.messy,
      petNames: "chloe and biscuit (2 dogs)",
      owner: "Tomás Fernández",
      room: "Family Room",
    },
    unknownStatus: {
      reference: SANDBOX_REFERENCES.unknownStatus,
      status: "pending_deposit",
      date: addDays(today, 8),
    },
    emptyDays: [5, -12, 19].map((n) => addDays(today, n)),
    biscuitOwners: ["Hannah Müller", "Siobhán O'Brien", "Tomás Fernández"],
  };
}

/** Landmark customers and pets, made after the random ones (see `sandboxLandmarks`). */
interface Landmarks {
  muller: Json;
  mullerBiscuit: Json;
  mullerPepper: Json;
  obrien: Json;
  obrienBiscuit: Json;
  fernandez: Json;
  fernandezChloe: Json;
  fernandezBiscuit: Json;
}

function addCustomer(
  ctx: BuildContext,
  business: BusinessData,
  index: number,
  createdMs: number,
  name: [string, string],
  pets: PetSpec[],
): [Json, Json[]] {
  const cid = ++ctx.counters.customer;
  const customer = makeCustomer(ctx.r, cid, index, createdMs, name);
  business.customers.push(customer);
  business.customerById.set(cid, customer);
  business.customerUpdatedMs.set(cid, createdMs);
  const list = pets.map((spec, p) => {
    const pet = makePet(ctx.r, ++ctx.counters.pet, cid, business.id, createdMs + p * 400 * DAY_MS, spec);
    pet.deleted = false;
    pet.archived = false;
    business.pets.push(pet);
    business.petById.set(pet.petId as number, pet);
    return pet;
  });
  business.petsByCustomer.set(cid, list);
  return [customer, list];
}

export function makeLandmarks(ctx: BuildContext, business: BusinessData, index: number): Landmarks {
  const [muller, mullerBiscuit, mullerPepper] = addMuller(ctx, business, index);
  const [obrien, obrienBiscuit] = addObrien(ctx, business, index + 1);
  const [fernandez, [fernandezChloe, fernandezBiscuit]] = addCustomer(
    ctx,
    business,
    index + 2,
    ctx.todayN * DAY_MS - 1500 * DAY_MS,
    ["Tomás", "Fernández"],
    [
      { name: "Chloé", isCat: false, breed: "French Bulldog", profile: "none" },
      { name: "Biscuit", isCat: false, breed: "Dachshund", profile: "none" },
    ],
  ) as [Json, [Json, Json]];
  for (const pet of [mullerBiscuit, mullerPepper, obrienBiscuit, fernandezChloe, fernandezBiscuit]) {
    pet.photo = `https://photos.example/pets/${pet.petId}.jpg`;
  }
  fernandezBiscuit.photo = "IMG_2041.JPG";
  return {
    muller,
    mullerBiscuit,
    mullerPepper,
    obrien,
    obrienBiscuit,
    fernandez,
    fernandezChloe,
    fernandezBiscuit,
  };
}

/** Hannah Müller: Biscuit with an evening-only dose and doses written only in words; Pepper, allergic. */
function addMuller(ctx: BuildContext, business: BusinessData, index: number): [Json, Json, Json] {
  const todayMs = ctx.todayN * DAY_MS;
  const [muller, [mullerBiscuit, mullerPepper]] = addCustomer(
    ctx,
    business,
    index,
    todayMs - 3100 * DAY_MS,
    ["Hannah", "Müller"],
    [
      { name: "Biscuit", isCat: false, breed: "Labrador Retriever", profile: "evening", meds: 1 },
      { name: "Pepper", isCat: false, breed: "Cocker Spaniel", profile: "none" },
    ],
  ) as [Json, [Json, Json]];
  // The evening-only dose, always the same drug.
  mullerBiscuit.medication = "Rimadyl 50 mg: half a tablet with breakfast";
  mullerBiscuit.medicationNoon = null;
  mullerBiscuit.medicationPm = "Half a tablet with dinner";
  mullerPepper.allergies = "Chicken";
  // Doses written only in words, no midday or evening field (the rounds read the words: README,
  // "Medication on the rounds"): twice daily, every 8 hours, at bedtime, once daily. Set here,
  // after the random pets, so no other record changes; on Biscuit, who has medication already, so
  // each round's count of medicated pets stays as planned.
  DOSE_WORDS.forEach((instruction, i) => {
    const f = `medication${i + 2}`;
    mullerBiscuit[f] = instruction;
    mullerBiscuit[`${f}Noon`] = null;
    mullerBiscuit[`${f}Pm`] = null;
  });
  return [muller, mullerBiscuit, mullerPepper];
}

/** Two pets on record, so "Biccy" on the booking cannot be taken for either: care not matched. */
function addObrien(ctx: BuildContext, business: BusinessData, index: number): [Json, Json] {
  const [obrien, [obrienBiscuit]] = addCustomer(
    ctx,
    business,
    index,
    ctx.todayN * DAY_MS - 420 * DAY_MS,
    ["Siobhán", "O'Brien"],
    [
      { name: "Biscuit", isCat: false, breed: "Cockapoo", profile: "none" },
      { name: "Mittens", isCat: true, breed: "British Shorthair", profile: "none" },
    ],
  ) as [Json, [Json, Json]];
  obrienBiscuit.allergies = "Chicken & beef";
  obrienBiscuit.evaluationComplete = 0;
  obrienBiscuit.evaluationCompleteDate = null;
  obrienBiscuit.evaluationCompleteNotes = null;
  return [obrien, obrienBiscuit];
}
