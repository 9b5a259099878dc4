/**
 * Synthetic kennel data for the sandbox: the same for the same seed and the same "today".
 *
 * Two businesses share one id space (as one database would), so an id of one is a 404 for the
 * other. Bookings fall in a window of weeks around today in the sandbox's time zone. The house is a
 * set of rooms, each a timeline of boarding stays, so about 40 pets are in on any day, 3 to 6 of
 * them on each medication round; a peak puts 150+ pets in on today+1 and today+2; three days are
 * empty. No pet is booked twice on overlapping days, and statuses follow the dates (a stay that
 * began in the past is checked in or out). The landmarks (`sandboxLandmarks`) are fixed records for
 * demos and tests. Some free text is Slack-hostile
 * (`<!channel>`, `*bold*`, `_x_`, `<http://x|y>`, `&`) so that escaping is always exercised.
 */
import { CONSENT_FLAGS, MEDICATION_FIELDS } from "../kennel/schemas.ts";
import { addDays, zonedInstant } from "../time.ts";
import { Random } from "./random.ts";
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
  NICKNAMES,
  NOTES,
  SURNAMES,
} from "./words.ts";

export type Json = Record<string, unknown>;

export interface BusinessData {
  id: number;
  name: string;
  apiKey: string;
  customers: Json[];
  pets: Json[];
  /** Full booking items, sorted by check-in then id. */
  bookings: Json[];
  customerById: Map<number, Json>;
  petById: Map<number, Json>;
  petsByCustomer: Map<number, Json[]>;
  bookingById: Map<number, Json>;
  bookingByReference: Map<string, Json>;
  bookingsByCustomer: Map<number, Json[]>;
  /** Local (sandbox time zone) check-in and check-out dates → bookings. */
  arrivalsByDate: Map<string, Json[]>;
  departuresByDate: Map<string, Json[]>;
  /** Check-in instants (ms) of `bookings`, in the same order, for range searches. */
  checkInMs: number[];
  /** The longest stay, in ms, so a range search can start early enough. */
  maxStayMs: number;
  /** Hidden from the API: the pet records behind each booking (its free-text petNames may not match). */
  petsByBooking: Map<number, Json[]>;
  /** Hidden from the API: when each customer was last changed (for request.updatedSince). */
  customerUpdatedMs: Map<number, number>;
}

export interface SandboxData {
  seed: number;
  today: string;
  timezone: string;
  businesses: BusinessData[];
  /** Days on which nothing arrives or leaves (today+5, today-12, today+19). */
  emptyDays: string[];
  /** Days of 100+ departures: [today+2], the end of the peak. */
  busyDays: string[];
  /** The 150-pet day (today+2): 150+ pets in house. */
  fullHouseDay: string;
  landmarks: SandboxLandmarks;
  /** Ids of the landmark records in the main business. */
  landmarkIds: LandmarkIds;
}

export interface DataOptions {
  seed: number;
  /** Customers of the main business (the second business gets a tenth, at least 10). */
  customers: number;
  /** Bookings of the main business, busy days excluded; default three per customer. */
  bookings?: number;
  /** Local date taken as today. */
  today: string;
  timezone: string;
  /** Days either side of today. Default 28. */
  windowDays?: number;
}

// Rooms: the house's rooms (each a timeline of stays) and, for the full-house peak, more kennels.
interface RoomPlan {
  room: string;
  species: "Dog" | "Cat";
  /** Medication profile of the first pet of every stay (the others have none). */
  profile: MedProfile;
  /** Back-to-back stays (the next arrives the day after a departure): always one stay a day. */
  continuous: boolean;
  /** Chance that a stay is two pets of one owner sharing the room. */
  pair: number;
}
/**
 * The house: about 40 pets in on any day. The medication rooms make each round's count
 * 3 to 6 pets: morning (every medicated pet has a main instruction) 4–6, midday 3–4, evening 4–6.
 */
const HOUSE: RoomPlan[] = [
  { room: "Kennel 2", species: "Dog", profile: "thrice", continuous: true, pair: 0 },
  { room: "Kennel 10", species: "Dog", profile: "thrice", continuous: true, pair: 0.3 },
  { room: "Cattery 3", species: "Cat", profile: "thrice", continuous: true, pair: 0 },
  { room: "Suite A", species: "Dog", profile: "evening", continuous: true, pair: 0.6 },
  { room: "Kennel 5", species: "Dog", profile: "thrice", continuous: false, pair: 0 },
  { room: "Kennel 7", species: "Dog", profile: "evening", continuous: false, pair: 0 },
  ...[1, 3, 4, 6, 8, 9, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28].map(
    (n): RoomPlan => ({ room: `Kennel ${n}`, species: "Dog", profile: "none", continuous: false, pair: 0.2 }),
  ),
  ...[1, 2, 4, 5, 6].map(
    (n): RoomPlan => ({
      room: `Cattery ${n}`,
      species: "Cat",
      profile: "none",
      continuous: false,
      pair: 0.3,
    }),
  ),
  { room: "Suite B", species: "Dog", profile: "none", continuous: false, pair: 0.7 },
  { room: "Family Room", species: "Dog", profile: "none", continuous: false, pair: 1 },
];
const PEAK_ROOMS_DOG = Array.from({ length: 120 }, (_, i) => `Kennel ${i + 31}`);
const PEAK_ROOMS_CAT = Array.from({ length: 30 }, (_, i) => `Cattery ${i + 7}`);

/** Fixed references of the landmark bookings: the same for every seed and every today. */
export const SANDBOX_REFERENCES = {
  /** Müller's Biscuit & Pepper in Suite A, in house today; Biscuit has an evening-only Rimadyl. */
  demo: "HP-DK4Q7M",
  /** O'Brien's Biscuit, booked as "Biccy": cannot be matched to the pet's record. */
  unmatched: "HP-N7CKQ2",
  /** Fernández's Chloé and Biscuit, booked as "chloe and biscuit (2 dogs)": messy but matchable. */
  messy: "HP-M3SSY8",
  /** A daycare booking on today+8 with a status the spec (docs/kennel-api.md) does not list: "pending_deposit". */
  unknownStatus: "HP-PD8WXT",
} as const;

export interface SandboxLandmarks {
  today: string;
  /** 150 pets or more in house, and 100+ departures (the bank-holiday peak: today+1 and today+2). */
  fullHouseDay: string;
  references: typeof SANDBOX_REFERENCES;
  /** The demo booking's pet with an evening dose and no midday one. */
  /** A booking in house today (use it for the preview's `/booking` suggestion). */
  demo: {
    reference: string;
    petNames: string;
    owner: string;
    room: string;
    checkIn: string;
    checkOut: string;
  };
  eveningOnlyPet: { name: string; owner: string; drug: string; reference: string };
  unmatched: { reference: string; petNames: string; petName: string; owner: string };
  messy: { reference: string; petNames: string; owner: string; room: string };
  unknownStatus: { reference: string; status: string; date: string };
  emptyDays: string[];
  /** Owners of the landmark Biscuits (every sandbox has more Biscuits, of other owners). */
  biscuitOwners: string[];
}

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

interface Counters {
  customer: number;
  pet: number;
  booking: number;
}

function emptyBusiness(id: number, name: string, apiKey: string): BusinessData {
  return {
    id,
    name,
    apiKey,
    customers: [],
    pets: [],
    bookings: [],
    customerById: new Map(),
    petById: new Map(),
    petsByCustomer: new Map(),
    bookingById: new Map(),
    bookingByReference: new Map(),
    bookingsByCustomer: new Map(),
    arrivalsByDate: new Map(),
    departuresByDate: new Map(),
    checkInMs: [],
    maxStayMs: 0,
    petsByBooking: new Map(),
    customerUpdatedMs: new Map(),
  };
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

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

interface PetSpec {
  name?: string;
  isCat?: boolean;
  breed?: string;
  profile?: MedProfile;
  meds?: number;
}

function makePet(
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
function profileOf(pet: Json): MedProfile {
  if (!pet.medication) return "none";
  if (pet.medicationNoon) return "thrice";
  if (pet.medicationPm) return "evening";
  return "morning";
}

function makeCustomer(
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

const REF_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

function reference(r: Random, prefix: string, id: number, taken: Set<string>): string {
  // A few references use characters that must be encoded in a URL path.
  let ref =
    id % 211 === 0
      ? `${prefix}/${r.chars(REF_ALPHABET, 3)} ${r.chars(REF_ALPHABET, 2)}`
      : `${prefix}-${r.chars(REF_ALPHABET, 6)}`;
  while (taken.has(ref)) ref = `${prefix}-${r.chars(REF_ALPHABET, 7)}`;
  taken.add(ref);
  return ref;
}

function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

const DAY_MS = 86_400_000;
/** Whole days since 1970-01-01 of a YYYY-MM-DD date, and back. */
const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dayString = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);

interface BuildContext {
  r: Random;
  today: string;
  todayN: number;
  timezone: string;
  window: number;
  /** Day numbers on which nothing arrives or leaves. */
  emptyDays: Set<number>;
  counters: Counters;
  refs: Set<string>;
  offsetCache: Map<string, number>;
  /** Each pet's booked [first day, last day] ranges (any status): a pet is never booked twice at once. */
  petDays: Map<number, number[]>;
}

/** UTC ms of a local time on a date; the zone offset is taken once per date (times are daytime). */
function instant(ctx: BuildContext, date: string, minutes: number): number {
  let offset = ctx.offsetCache.get(date);
  if (offset === undefined) {
    offset = zonedInstant(date, "12:00", ctx.timezone).getTime() - Date.parse(`${date}T12:00:00Z`);
    ctx.offsetCache.set(date, offset);
  }
  return Date.parse(`${date}T${hhmm(minutes)}:00Z`) + offset;
}

function isFree(ctx: BuildContext, pet: Json, from: number, to: number): boolean {
  const days = ctx.petDays.get(pet.petId as number);
  if (!days) return true;
  for (let i = 0; i < days.length; i += 2) {
    if (!((days[i + 1] as number) < from || (days[i] as number) > to)) return false;
  }
  return true;
}

function reserve(ctx: BuildContext, pets: Json[], from: number, to: number): void {
  for (const pet of pets) {
    const days = ctx.petDays.get(pet.petId as number);
    if (days) days.push(from, to);
    else ctx.petDays.set(pet.petId as number, [from, to]);
  }
}

const stripAccents = (s: string) => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "");

/** The booking's free-text pet names: mostly clean, sometimes as people really type them. */
function petNamesFor(r: Random, pets: Json[]): string {
  const names = pets.map((p) => String(p.name));
  const clean = () =>
    names.length <= 1
      ? (names[0] ?? "")
      : names.length === 2
        ? names.join(" & ")
        : `${names.slice(0, -1).join(", ")} & ${names[names.length - 1]}`;
  if (!r.chance(0.22)) return clean();
  const sep = r.pick([", ", " & ", " and ", " / ", " + ", "/", ","]);
  switch (r.int(0, 5)) {
    case 0:
      return pets.map((p) => `${p.name} (${String(p.breed).split(" ")[0]})`).join(sep);
    case 1:
      return names.join(sep).toLowerCase();
    case 2:
      return stripAccents(names.join(sep));
    case 3: {
      const kind = pets.every((p) => p.petType === "Cat") ? "cat" : "dog";
      return `${names.join(sep)} - ${names.length} ${kind}${names.length === 1 ? "" : "s"}`;
    }
    case 4:
      return ` ${names.join(`${sep} `)} `;
    default: {
      // Now and then a nickname that the pet's record does not carry.
      const nick = NICKNAMES[names[0] ?? ""];
      return nick && r.chance(0.3) ? [nick, ...names.slice(1)].join(sep) : names.join(sep);
    }
  }
}

interface BookingSpec {
  customer: Json;
  pets: Json[];
  checkIn: number;
  checkOut: number;
  type: string;
  /** A real stay (statuses follow the dates) or called off (cancelled, no-show, waitlisted). */
  calledOff?: boolean;
  room?: string | null;
  status?: string;
  petNames?: string;
  reference?: string;
}

function statusFor(ctx: BuildContext, spec: BookingSpec): string {
  const { r, todayN } = ctx;
  const { checkIn, checkOut } = spec;
  if (spec.calledOff) {
    if (checkIn > todayN)
      return r.weighted([
        ["cancelled", 50],
        ["waitlisted", 50],
      ] as const);
    return r.weighted([
      ["cancelled", 65],
      ["no_show", 35],
    ] as const);
  }
  if (checkOut < todayN) return "checked_out";
  if (checkIn < todayN) return "checked_in";
  if (checkIn === todayN)
    return checkOut === todayN
      ? r.weighted([
          ["checked_in", 50],
          ["confirmed", 40],
          ["checked_out", 10],
        ] as const)
      : r.weighted([
          ["checked_in", 50],
          ["confirmed", 40],
          ["new", 10],
        ] as const);
  return r.weighted([
    ["confirmed", 65],
    ["new", 35],
  ] as const);
}

const SERVICE_IDS: Record<string, number> = {
  boarding: 1,
  daycare: 2,
  grooming: 3,
  training: 4,
  assessment: 5,
};

function makeBooking(ctx: BuildContext, business: BusinessData, prefix: string, spec: BookingSpec): Json {
  const { r } = ctx;
  const id = ++ctx.counters.booking;
  const checkIn = dayString(spec.checkIn);
  const checkOut = dayString(spec.checkOut);
  const sameDay = spec.checkIn === spec.checkOut;
  const inMs = instant(ctx, checkIn, (sameDay ? r.int(7 * 4, 10 * 4) : r.int(7 * 4, 12 * 4)) * 15);
  const outMs = Math.max(
    inMs + 30 * 60_000,
    instant(ctx, checkOut, (sameDay ? r.int(13 * 4, 18 * 4) : r.int(8 * 4, 18 * 4)) * 15),
  );
  const status = spec.status ?? statusFor(ctx, spec);
  const past = spec.checkOut < ctx.todayN;
  const paid = past ? r.chance(0.93) : spec.checkIn <= ctx.todayN ? r.chance(0.5) : r.chance(0.3);
  const { customer, pets, type } = spec;
  const booking: Json = {
    bookingId: id,
    bookingType: type,
    reference: spec.reference ?? reference(r, prefix, id, ctx.refs),
    status,
    customerId: customer.customerId,
    customerName: `${customer.firstname} ${customer.secondname}`,
    customerPhone: customer.mobile,
    customerEmail: customer.email,
    petNames: spec.petNames ?? petNamesFor(r, pets),
    numberOfPets: pets.length,
    serviceId: SERVICE_IDS[type] ?? 1,
    roomName:
      spec.room !== undefined
        ? spec.room
        : type === "daycare"
          ? "Daycare barn"
          : type === "grooming"
            ? r.chance(0.5)
              ? "Grooming room"
              : null
            : type === "training"
              ? "Training paddock"
              : null,
    checkInDate: new Date(inMs).toISOString(),
    checkOutDate: new Date(outMs).toISOString(),
    bookingPaid: paid,
    // Unpaid with a payment recorded: a part payment (a deposit).
    hasPayment: paid || r.chance(0.35),
  };
  reserve(ctx, pets, spec.checkIn, spec.checkOut);
  business.petsByBooking.set(id, pets);
  business.bookings.push(booking);
  business.maxStayMs = Math.max(business.maxStayMs, outMs - inMs);
  return booking;
}

const nightsOfStay = (r: Random): number =>
  r.weighted([
    [1, 12],
    [2, 16],
    [3, 15],
    [4, 12],
    [5, 10],
    [7, 15],
    [10, 9],
    [14, 8],
    [21, 3],
  ] as const);

interface Pools {
  /** Bookable pets (owner not archived, pet not deleted), by species and medication profile. */
  byKind: Map<string, Json[]>;
  /** Every bookable pet without medication (for daycare, grooming, training). */
  plain: Json[];
  /** Every bookable pet. */
  all: Json[];
}

function pools(business: BusinessData, exclude: Set<number>): Pools {
  const byKind = new Map<string, Json[]>();
  const plain: Json[] = [];
  const all: Json[] = [];
  for (const pet of business.pets) {
    const owner = business.customerById.get(pet.customerId as number);
    if (pet.deleted || !owner || owner.archived || exclude.has(pet.petId as number)) continue;
    all.push(pet);
    const profile = profileOf(pet);
    push(byKind, `${pet.petType}:${profile}`, pet);
    if (profile === "none") plain.push(pet);
  }
  return { byKind, plain, all };
}

/** A free pet from a pool for the days, or undefined: random tries, then a scan from a random start. */
function freePet(ctx: BuildContext, pool: Json[], from: number, to: number): Json | undefined {
  if (pool.length === 0) return undefined;
  for (let i = 0; i < 8; i++) {
    const pet = ctx.r.pick(pool);
    if (isFree(ctx, pet, from, to)) return pet;
  }
  const start = ctx.r.int(0, pool.length - 1);
  for (let i = 0; i < pool.length; i++) {
    const pet = pool[(start + i) % pool.length] as Json;
    if (isFree(ctx, pet, from, to)) return pet;
  }
  return undefined;
}

/** The pet and, sometimes, a sibling without medication of the same owner and species, both free. */
function withSibling(
  ctx: BuildContext,
  business: BusinessData,
  pet: Json,
  pair: number,
  from: number,
  to: number,
): Json[] {
  if (!ctx.r.chance(pair)) return [pet];
  const sibling = (business.petsByCustomer.get(pet.customerId as number) ?? []).find(
    (p) =>
      p !== pet &&
      !p.deleted &&
      p.petType === pet.petType &&
      profileOf(p) === "none" &&
      isFree(ctx, p, from, to),
  );
  return sibling ? [pet, sibling] : [pet];
}

interface FixedStay extends BookingSpec {
  room: string;
}

/** Fills one room's timeline with stays from `start` to `end` (day numbers), around fixed stays. */
function fillRoom(
  ctx: BuildContext,
  business: BusinessData,
  prefix: string,
  plan: RoomPlan,
  pool: Json[],
  start: number,
  end: number,
  fixed: FixedStay[],
): void {
  const { r } = ctx;
  const empty = (d: number) => ctx.emptyDays.has(d);
  let cursor = start;
  while (cursor <= end) {
    const next = fixed.find((f) => f.checkOut >= cursor);
    if (next && next.checkIn <= cursor) {
      makeBooking(ctx, business, prefix, next);
      cursor = next.checkOut + (plan.continuous ? 1 : r.int(1, 3));
      continue;
    }
    if (empty(cursor)) {
      cursor++;
      continue;
    }
    let nights = nightsOfStay(r);
    while (empty(cursor + nights) || (plan.continuous && empty(cursor + nights + 1))) nights++;
    let checkOut = cursor + nights;
    if (next && checkOut >= next.checkIn) {
      checkOut = next.checkIn - 1;
      while (checkOut > cursor && empty(checkOut)) checkOut--;
      if (checkOut <= cursor) {
        cursor = next.checkIn;
        continue;
      }
    }
    const pet = freePet(ctx, pool, cursor, checkOut);
    if (!pet) {
      cursor++;
      continue;
    }
    const owner = business.customerById.get(pet.customerId as number) as Json;
    const pets = withSibling(ctx, business, pet, plan.pair, cursor, checkOut);
    makeBooking(ctx, business, prefix, {
      customer: owner,
      pets,
      checkIn: cursor,
      checkOut,
      type: "boarding",
      room: plan.room,
    });
    // Continuous rooms: the next guest arrives the day after; other medication rooms after a gap (one
    // stay a day at most); the rest: a same-day changeover or a gap.
    cursor =
      checkOut +
      (plan.continuous
        ? 1
        : plan.profile !== "none"
          ? r.int(1, 3)
          : r.weighted([
              [0, 3],
              [1, 4],
              [2, 2],
              [3, 1],
            ] as const));
  }
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

function makeLandmarks(ctx: BuildContext, business: BusinessData, index: number): Landmarks {
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
  // Two pets on record, so "Biccy" on the booking cannot be taken for either: care not matched.
  const [obrien, [obrienBiscuit]] = addCustomer(
    ctx,
    business,
    index + 1,
    todayMs - 420 * DAY_MS,
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
  const [fernandez, [fernandezChloe, fernandezBiscuit]] = addCustomer(
    ctx,
    business,
    index + 2,
    todayMs - 1500 * DAY_MS,
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

function buildBusiness(
  ctx: BuildContext,
  id: number,
  name: string,
  apiKey: string,
  prefix: string,
  customerCount: number,
  bookingCount: number,
  peakDays: number[],
  withLandmarks: boolean,
): { business: BusinessData; landmarkIds?: LandmarkIds } {
  const { r } = ctx;
  const business = emptyBusiness(id, name, apiKey);
  const todayMs = Date.parse(`${ctx.today}T12:00:00Z`);
  for (let i = 0; i < customerCount; i++) {
    const cid = ++ctx.counters.customer;
    const createdMs = todayMs - r.int(30, 3000) * DAY_MS;
    const customer = makeCustomer(r, cid, i, createdMs);
    business.customers.push(customer);
    business.customerById.set(cid, customer);
    business.customerUpdatedMs.set(cid, Math.min(todayMs, createdMs + r.int(0, 900) * DAY_MS));
    const petCount = r.weighted([
      [0, 4],
      [1, 60],
      [2, 26],
      [3, 8],
      [4, 2],
    ] as const);
    const pets: Json[] = [];
    for (let p = 0; p < petCount; p++) {
      // Pets of one owner were registered at different times: their ages differ.
      const pet = makePet(r, ++ctx.counters.pet, cid, id, createdMs + p * r.int(30, 900) * DAY_MS);
      pets.push(pet);
      business.pets.push(pet);
      business.petById.set(pet.petId as number, pet);
    }
    business.petsByCustomer.set(cid, pets);
  }
  const lm = withLandmarks ? makeLandmarks(ctx, business, customerCount) : undefined;
  const landmarkPets = new Set(
    lm
      ? [lm.mullerBiscuit, lm.mullerPepper, lm.obrienBiscuit, lm.fernandezChloe, lm.fernandezBiscuit].map(
          (p) => p.petId as number,
        )
      : [],
  );
  for (const ref of Object.values(SANDBOX_REFERENCES)) ctx.refs.add(ref);
  const pool = pools(business, landmarkPets);
  const start = ctx.todayN - ctx.window - 21;
  const end = ctx.todayN + ctx.window;
  const t = ctx.todayN;

  // The house: every room's timeline over the window, the landmark stays placed first.
  const fixedByRoom = new Map<string, FixedStay[]>();
  const landmarks = sandboxLandmarks(ctx.today);
  if (lm) {
    fixedByRoom.set("Suite A", [
      {
        customer: lm.muller,
        pets: [lm.mullerBiscuit, lm.mullerPepper],
        checkIn: t - 3,
        checkOut: t + 4,
        type: "boarding",
        room: "Suite A",
        status: "checked_in",
        petNames: landmarks.demo.petNames,
        reference: SANDBOX_REFERENCES.demo,
      },
    ]);
    fixedByRoom.set("Kennel 14", [
      {
        customer: lm.obrien,
        pets: [lm.obrienBiscuit],
        checkIn: t - 1,
        checkOut: t + 3,
        type: "boarding",
        room: "Kennel 14",
        status: "checked_in",
        petNames: landmarks.unmatched.petNames,
        reference: SANDBOX_REFERENCES.unmatched,
      },
    ]);
    fixedByRoom.set("Family Room", [
      {
        customer: lm.fernandez,
        pets: [lm.fernandezChloe, lm.fernandezBiscuit],
        checkIn: t,
        checkOut: t + 6,
        type: "boarding",
        room: "Family Room",
        status: "confirmed",
        petNames: landmarks.messy.petNames,
        reference: SANDBOX_REFERENCES.messy,
      },
    ]);
  }
  if (pool.all.length > 0) {
    for (const plan of HOUSE) {
      const kind = pool.byKind.get(`${plan.species}:${plan.profile}`) ?? [];
      fillRoom(ctx, business, prefix, plan, kind, start, end, fixedByRoom.get(plan.room) ?? []);
    }
    // The peak: 100+ one-night stays, arriving the day before each peak day.
    for (const day of peakDays) {
      const n = 115 + r.int(0, 5);
      let dogRoom = 0;
      let catRoom = 0;
      for (let i = 0; i < n; i++) {
        const checkIn = day - 1;
        const pet = freePet(ctx, pool.plain, checkIn, day);
        if (!pet) break;
        const pets = withSibling(ctx, business, pet, 0.25, checkIn, day);
        const room =
          pet.petType === "Cat"
            ? (PEAK_ROOMS_CAT[catRoom++ % PEAK_ROOMS_CAT.length] as string)
            : (PEAK_ROOMS_DOG[dogRoom++ % PEAK_ROOMS_DOG.length] as string);
        const customer = business.customerById.get(pet.customerId as number) as Json;
        makeBooking(ctx, business, prefix, {
          customer,
          pets,
          checkIn,
          checkOut: day,
          type: "boarding",
          room,
        });
      }
    }
    // The rest: boarding history before the window, called-off stays, and same-day services in the
    // window (pets without medication, so the rounds stay as planned).
    for (let i = 0; i < bookingCount; i++) {
      const kind = r.weighted([
        ["history", 40],
        ["calledOff", 12],
        ["daycare", 30],
        ["grooming", 10],
        ["training", 6],
        ["assessment", 2],
      ] as const);
      for (let attempt = 0; attempt < 6; attempt++) {
        let checkIn: number;
        let checkOut: number;
        if (kind === "history") {
          checkIn = start - r.int(1, 700);
          checkOut = checkIn + nightsOfStay(r);
        } else if (kind === "calledOff") {
          checkIn = t + r.int(-ctx.window, ctx.window);
          checkOut = checkIn + nightsOfStay(r);
        } else {
          checkIn = t + r.int(-ctx.window, ctx.window);
          checkOut = checkIn;
        }
        if (ctx.emptyDays.has(checkIn) || ctx.emptyDays.has(checkOut)) continue;
        const source = kind === "history" || kind === "calledOff" ? pool.all : pool.plain;
        const pet = r.pick(source);
        if (!pet || !isFree(ctx, pet, checkIn, checkOut)) continue;
        const customer = business.customerById.get(pet.customerId as number) as Json;
        const pets = withSibling(ctx, business, pet, 0.25, checkIn, checkOut);
        const type = kind === "history" || kind === "calledOff" ? "boarding" : kind;
        const booking = makeBooking(ctx, business, prefix, {
          customer,
          pets,
          checkIn,
          checkOut,
          type,
          calledOff: kind === "calledOff" || (kind !== "history" && r.chance(0.05)),
          ...(kind === "history"
            ? {
                status: r.weighted([
                  ["checked_out", 88],
                  ["cancelled", 8],
                  ["no_show", 4],
                ] as const),
                room: r.pick(HOUSE).room,
              }
            : kind === "calledOff"
              ? { room: null }
              : {}),
        });
        if (kind === "calledOff" && booking.status === "cancelled") booking.roomName = r.pick(HOUSE).room;
        break;
      }
    }
    if (lm) {
      // A status the spec does not list, on a daycare booking on today+8.
      makeBooking(ctx, business, prefix, {
        customer: lm.obrien,
        pets: [lm.obrienBiscuit],
        checkIn: t + 8,
        checkOut: t + 8,
        type: "daycare",
        status: "pending_deposit",
        reference: SANDBOX_REFERENCES.unknownStatus,
      });
    }
  }
  business.bookings.sort(
    (a, b) =>
      Date.parse(a.checkInDate as string) - Date.parse(b.checkInDate as string) ||
      (a.bookingId as number) - (b.bookingId as number),
  );
  const dateOf = (ms: number): string => {
    // The local date of an instant: shift by that day's offset (taken at noon; times are daytime).
    const guess = new Date(ms).toISOString().slice(0, 10);
    for (const d of [guess, addDays(guess, 1), addDays(guess, -1)]) {
      const start = instant(ctx, d, 0);
      if (ms >= start && ms < start + DAY_MS) return d;
    }
    return guess;
  };
  for (const booking of business.bookings) {
    const bid = booking.bookingId as number;
    const inMs = Date.parse(booking.checkInDate as string);
    business.checkInMs.push(inMs);
    business.bookingById.set(bid, booking);
    business.bookingByReference.set(booking.reference as string, booking);
    push(business.bookingsByCustomer, booking.customerId as number, booking);
    const inDate = dateOf(inMs);
    const outDate = dateOf(Date.parse(booking.checkOutDate as string));
    push(business.arrivalsByDate, inDate, booking);
    push(business.departuresByDate, outDate, booking);
  }
  if (!lm) return { business };
  const ref = (r: string) => business.bookingByReference.get(r)?.bookingId as number;
  return {
    business,
    landmarkIds: {
      demoBookingId: ref(SANDBOX_REFERENCES.demo),
      unmatchedBookingId: ref(SANDBOX_REFERENCES.unmatched),
      messyBookingId: ref(SANDBOX_REFERENCES.messy),
      unknownStatusBookingId: ref(SANDBOX_REFERENCES.unknownStatus),
      eveningOnlyPetId: lm.mullerBiscuit.petId as number,
      unmatchedPetId: lm.obrienBiscuit.petId as number,
      biscuitPetIds: [lm.mullerBiscuit, lm.obrienBiscuit, lm.fernandezBiscuit].map((p) => p.petId as number),
      customerIds: [lm.muller, lm.obrien, lm.fernandez].map((c) => c.customerId as number),
    },
  };
}

/** Ids of the landmark records in the main business (they depend on the seed and the size). */
interface LandmarkIds {
  demoBookingId: number;
  unmatchedBookingId: number;
  messyBookingId: number;
  unknownStatusBookingId: number;
  eveningOnlyPetId: number;
  unmatchedPetId: number;
  biscuitPetIds: number[];
  customerIds: number[];
}

function keyFor(r: Random, label: string): string {
  return `kd_${label}_${r.chars("abcdefghijkmnopqrstuvwxyz23456789", 32)}`;
}

export function generateData(options: DataOptions): SandboxData {
  const r = new Random(options.seed);
  const window = options.windowDays ?? 28;
  // Fixed offsets, so every seed has them. The peak (today+1 and today+2, 150+ pets in house, 100+
  // departures on today+2) and the empty days (nothing arrives or leaves).
  const busyDays = [2].map((n) => addDays(options.today, n));
  const emptyDays = sandboxLandmarks(options.today).emptyDays;
  const ctx: BuildContext = {
    r,
    today: options.today,
    todayN: dayNumber(options.today),
    timezone: options.timezone,
    window,
    emptyDays: new Set(emptyDays.map(dayNumber)),
    counters: { customer: 1000, pet: 5000, booking: 100000 },
    refs: new Set(),
    offsetCache: new Map(),
    petDays: new Map(),
  };
  const mainKey = keyFor(r, "live");
  const otherKey = keyFor(r, "other");
  const customers = Math.max(1, options.customers);
  const { business: main, landmarkIds } = buildBusiness(
    ctx,
    1,
    "Happy Paws Boarding Kennels",
    mainKey,
    "HP",
    customers,
    options.bookings ?? customers * 3,
    busyDays.map(dayNumber),
    true,
  );
  const otherCustomers = Math.max(10, Math.floor(customers / 10));
  const { business: other } = buildBusiness(
    ctx,
    2,
    "Other Business Ltd",
    otherKey,
    "OB",
    otherCustomers,
    otherCustomers * 3,
    [],
    false,
  );
  return {
    seed: options.seed,
    today: options.today,
    timezone: options.timezone,
    businesses: [main, other],
    emptyDays,
    busyDays,
    fullHouseDay: busyDays[0] as string,
    landmarks: sandboxLandmarks(options.today),
    landmarkIds: landmarkIds as LandmarkIds,
  };
}
