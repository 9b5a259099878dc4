/** Synthetic customers and pets: phones, emails, addresses, diets and medication. */
import { CONSENT_FLAGS, MEDICATION_FIELDS } from "../kennel/schemas.ts";
import type { Random } from "./random.ts";
import type { Json } from "./types.ts";
import {
  ALLERGIES,
  CAT_BREEDS,
  CAT_NAMES,
  DIETS_AM,
  DIETS_GENERAL,
  DIETS_NOON,
  DIETS_PM,
  DOG_BREEDS,
  DOG_NAMES,
  FIRST_NAMES,
  HOSTILE,
  INSURERS,
  MEDICAL_NOTES,
  MEDS_BY_PROFILE,
  MEDS_EVENING,
  MEDS_MORNING,
  MEDS_THRICE,
  type Med,
  type MedProfile,
  NOTES,
  SURNAMES,
} from "./words.ts";

const DIGITS = "0123456789";

/** A mobile number and the country code that goes with it. */
function mobile(r: Random): { mobile: string; mobileCountry: string } {
  const country = r.weighted([
    ["+44", 82],
    ["+353", 11],
    ["+1", 7],
  ] as const);
  if (country === "+44") {
    const national = `7${r.chars(DIGITS, 3)} ${r.chars(DIGITS, 6)}`;
    return { mobile: r.chance(0.25) ? `+44 ${national}` : `0${national}`, mobileCountry: "+44" };
  }
  if (country === "+353") {
    return {
      mobile: `08${r.pick(["3", "5", "6", "7"])} ${r.chars(DIGITS, 3)} ${r.chars(DIGITS, 4)}`,
      mobileCountry: "+353",
    };
  }
  return { mobile: `(${r.pick(["212", "415", "617"])}) 555-01${r.chars(DIGITS, 2)}`, mobileCountry: "+1" };
}

function ukPhone(r: Random): string {
  return `07${r.chars(DIGITS, 3)} ${r.chars(DIGITS, 6)}`;
}

function emailFor(first: string, last: string, r: Random, id: number): string {
  const clean = (s: string) =>
    s
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^A-Za-z]/g, "")
      .toLowerCase();
  const domain = r.pick(["example.com", "example.org", "example.net", "mail.example"]);
  return `${clean(first)}.${clean(last)}${id % 7 === 0 ? id : ""}@${domain}`;
}

export interface PetSpec {
  name?: string;
  isCat?: boolean;
  breed?: string;
  profile?: MedProfile;
  meds?: number;
}

export function makePet(
  r: Random,
  id: number,
  customerId: number,
  businessId: number,
  createdMs: number,
  spec: PetSpec = {},
): Json {
  const isCat = spec.isCat ?? r.chance(0.22);
  const name = spec.name ?? (isCat ? r.pick(CAT_NAMES) : r.pick(DOG_NAMES));
  const profile: MedProfile =
    spec.profile ??
    (r.chance(0.85)
      ? "none"
      : r.weighted([
          ["thrice", 35],
          ["evening", 40],
          ["morning", 25],
        ] as const));
  const meds =
    profile === "none"
      ? 0
      : (spec.meds ??
        r.weighted([
          [1, 55],
          [2, 25],
          [3, 10],
          [4, 6],
          [5, 4],
        ] as const));
  const noDiet = r.chance(0.07);
  const photo = r.weighted([
    ["url", 45],
    ["file", 8],
    ["none", 47],
  ] as const);
  const pet: Json = {
    petId: id,
    kennelId: businessId,
    customerId,
    petTypeId: isCat ? 2 : 1,
    petType: isCat ? "Cat" : "Dog",
    breedId: r.int(1, 200),
    breed: spec.breed ?? (isCat ? r.pick(CAT_BREEDS) : r.pick(DOG_BREEDS)),
    name: id % 97 === 0 && !spec.name ? `Mr *${name}*` : name,
    tempPetId: r.chance(0.05) ? r.int(100000, 999999) : null,
    sex: r.pick(["Male", "Female", "Male (neutered)", "Female (spayed)"]),
    registration: r.chance(0.3) ? `KC${r.chars(DIGITS, 8)}` : "",
    microchip: r.chance(0.9) ? `9860${r.chars(DIGITS, 11)}` : null,
    spayed: r.pick(["Yes", "No", "Unknown"]),
    weight: isCat ? `${r.int(30, 70) / 10} kg` : `${r.int(40, 450) / 10} kg`,
    dietaryRequirements: !noDiet && r.chance(0.35) ? r.pick(DIETS_GENERAL) : null,
    dietaryRequirementsAm: !noDiet && r.chance(0.85) ? r.pick(DIETS_AM) : null,
    dietaryRequirementsNoon: !noDiet && r.chance(0.25) ? r.pick(DIETS_NOON) : null,
    dietaryRequirementsPm: !noDiet && r.chance(0.85) ? r.pick(DIETS_PM) : null,
    notes: r.chance(0.4) ? r.pick(NOTES) : null,
    photo:
      photo === "url"
        ? `https://photos.example/pets/${id}.jpg`
        : photo === "file"
          ? r.pick(["IMG_2041.JPG", "photo on file (front desk)", `pets/${id}.png`])
          : null,
    crossBreed: r.chance(0.3),
    colour: r.pick(["Black", "Golden", "Brown & white", "Tabby", "Tricolour", "Grey", "Cream"]),
    archived: r.chance(0.03),
    insurer: r.chance(0.6) ? r.pick(INSURERS) : null,
    medicalNotes: r.chance(0.25) ? r.pick(MEDICAL_NOTES) : null,
    passport: r.chance(0.2) ? `GB${r.chars(DIGITS, 9)}` : null,
    createdDate: new Date(createdMs).toISOString(),
    insurerNumber: null,
    evaluationComplete: r.chance(0.08) ? 0 : 1,
    evaluationCompleteDate: null,
    evaluationCompleteNotes: null,
    allergies: r.chance(0.18) ? r.pick(ALLERGIES) : null,
    groomingNotes: r.chance(0.2) ? "Short back and sides; no bows" : null,
    deleted: r.chance(0.04),
  };
  if (pet.insurer) pet.insurerNumber = `POL-${r.chars("0123456789ABCDEF", 8)}`;
  if (pet.evaluationComplete === 1) {
    pet.evaluationCompleteDate = new Date(createdMs + 86_400_000 * r.int(1, 30)).toISOString();
    pet.evaluationCompleteNotes = r.pick([
      "Good with other dogs",
      "Prefers own space",
      "Playful, high energy",
      "",
    ]);
  }
  // The first medication decides the pet's rounds; further ones never add a round the first lacks.
  MEDICATION_FIELDS.forEach(([am, noon, pm], i) => {
    let med: Med | undefined;
    if (profile !== "none" && i < meds) {
      const pool =
        i === 0 || profile === "morning"
          ? MEDS_BY_PROFILE[profile]
          : profile === "evening"
            ? r.chance(0.5)
              ? MEDS_EVENING
              : MEDS_MORNING
            : r.pick([MEDS_THRICE, MEDS_EVENING, MEDS_MORNING]);
      med = r.pick(pool);
    }
    pet[am] = med ? med[0] : null;
    pet[noon] = med?.[1] ? med[1] : null;
    pet[pm] = med?.[2] ? med[2] : null;
  });
  // Every few pets carry Slack-hostile text somewhere a person will read it.
  if (id % 7 === 0) pet.notes = r.pick(HOSTILE);
  if (id % 11 === 0) pet.medicalNotes = r.pick(HOSTILE);
  if (id % 13 === 0 && !noDiet) pet.dietaryRequirements = r.pick(HOSTILE);
  if (id % 17 === 0) pet.allergies = "_x_ & <everything>";
  return pet;
}

/** The pet's medication profile, read back from its fields. */
export function profileOf(pet: Json): MedProfile {
  if (!pet.medication) return "none";
  if (pet.medicationNoon) return "thrice";
  if (pet.medicationPm) return "evening";
  return "morning";
}

export function makeCustomer(
  r: Random,
  id: number,
  index: number,
  createdMs: number,
  name?: [string, string],
): Json {
  const first = name?.[0] ?? r.pick(FIRST_NAMES);
  const last = name?.[1] ?? r.pick(SURNAMES);
  const phone = mobile(r);
  const customer: Json = {
    customerId: id,
    firstname: first,
    secondname: last,
    email: emailFor(first, last, r, id),
    secondContact_Firstname: r.chance(0.4) ? r.pick(FIRST_NAMES) : null,
    secondContact_Lastname: null,
    emailSecondary: r.chance(0.2) ? `${first.toLowerCase().replace(/[^a-z]/g, "")}.alt@example.com` : "",
    landline: r.chance(0.3) ? `01632 ${r.chars(DIGITS, 6)}` : null,
    mobile: phone.mobile,
    mobileCountry: phone.mobileCountry,
    workPhone: r.chance(0.15) ? `020 7946 ${r.chars(DIGITS, 4)}` : null,
    address1: `${r.int(1, 240)} ${r.pick(["High Street", "Mill Lane", "Church Road", "Station Road", "Rue de l'Église"])}`,
    address2: r.chance(0.3) ? r.pick(["Flat 2", "The Old Rectory", "Unit 5"]) : "",
    address3: r.pick(["Ambridge", "Kingsbridge", "Little Whinging", "St Mary Mead", "Cabot Cove"]),
    address4: r.pick(["Borsetshire", "Devon", "Surrey", "Kent", ""]),
    zipCode: `${r.chars("ABCDEFGHJKLMNPRSTUVWXY", 2)}${r.int(1, 20)} ${r.int(1, 9)}${r.chars("ABDEFGHJLNPQRSTUWXYZ", 2)}`,
    archived: !name && index % 23 === 5,
    emergencyContactName: name || r.chance(0.6) ? `${r.pick(FIRST_NAMES)} ${r.pick(SURNAMES)}` : null,
    emergencyContactAddress: null,
    emergencyContactPhone: null,
    emergencyContactEmail: null,
    createdDate: new Date(createdMs).toISOString(),
  };
  if (customer.secondContact_Firstname) customer.secondContact_Lastname = last;
  customer.address = [
    customer.address1,
    customer.address2,
    customer.address3,
    customer.address4,
    customer.zipCode,
  ]
    .filter((s) => typeof s === "string" && s !== "")
    .join(", ");
  if (customer.emergencyContactName) {
    customer.emergencyContactPhone = ukPhone(r);
    customer.emergencyContactEmail = r.chance(0.5) ? `emergency${id}@example.org` : null;
    customer.emergencyContactAddress = r.chance(0.3) ? "2 Mill Lane, Ambridge" : null;
  }
  // Consent flags in every combination across customers: the first two are all-off and all-on,
  // then a spread of the 2^15 combinations.
  const bits = index === 0 ? 0 : index === 1 ? 0x7fff : (Math.imul(index, 0x9e3779b1) >>> 7) & 0x7fff;
  CONSENT_FLAGS.forEach((flag, i) => {
    customer[flag] = ((bits >> i) & 1) === 1;
  });
  return customer;
}
