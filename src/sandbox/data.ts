/**
 * Synthetic kennel data for the sandbox: the same for the same seed and the same "today".
 *
 * Two businesses share one id space (as one database would), so an id of one is a 404 for the
 * other. Bookings fall in a window of weeks around today in the sandbox's time zone, with quiet
 * days, empty days and a few busy days of 100+ departures. Some free text is Slack-hostile
 * (`<!channel>`, `*bold*`, `_x_`, `<http://x|y>`, `&`) so that escaping is always exercised.
 */
import { CONSENT_FLAGS, MEDICATION_FIELDS } from "../kennel/schemas.ts";
import { addDays, zonedInstant } from "../time.ts";
import { Random } from "./random.ts";

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
  /** Hidden from the API: when each customer was last changed (for request.updatedSince). */
  customerUpdatedMs: Map<number, number>;
}

export interface SandboxData {
  seed: number;
  today: string;
  timezone: string;
  businesses: BusinessData[];
  /** Days (offsets from today) chosen to be empty, and to be busy (100+ departures). */
  emptyDays: string[];
  busyDays: string[];
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

const FIRST_NAMES = [
  "Zoë",
  "José",
  "Siobhán",
  "Renée",
  "Łukasz",
  "Björn",
  "Aoife",
  "Chloé",
  "François",
  "Inés",
  "Niamh",
  "Søren",
  "Amélie",
  "Mohammed",
  "Priya",
  "Oliver",
  "Amelia",
  "Jack",
  "Isla",
  "Harry",
  "Ava",
  "George",
  "Mia",
  "Noah",
  "Grace",
  "Leo",
  "Freya",
  "Arthur",
  "Ivy",
  "Oscar",
  "Rosie",
  "Theo",
  "Evie",
  "Finn",
  "Ruby",
  "Kwame",
  "Yuki",
  "Mei",
  "Dmitri",
  "Agnieszka",
  "Seán",
  "Eilís",
  "Håkon",
  "Gráinne",
  "Zainab",
  "Tomás",
  "Ngozi",
  "Maëlle",
];
const SURNAMES = [
  "O'Brien",
  "D'Arcy",
  "O'Neill",
  "McDonald",
  "Smith-Jones",
  "Bowes-Lyon",
  "Fernández",
  "Müller",
  "Nowak",
  "Ó Súilleabháin",
  "Ní Bhriain",
  "Lefèvre",
  "Østergaard",
  "Patel",
  "Khan",
  "Williams",
  "Taylor",
  "Brown",
  "Davies",
  "Evans",
  "Wilson",
  "Thomas",
  "Roberts",
  "Johnson",
  "Lewis",
  "Walker",
  "Robinson",
  "Wood",
  "Thompson",
  "White",
  "Watson",
  "Jackson",
  "Wright",
  "Green",
  "Harris",
  "Cooper",
  "King",
  "Lee",
  "Martin",
  "Clarke",
  "James",
  "Morgan",
  "Hughes",
  "Edwards",
  "Hill",
  "Moore",
  "Clark",
  "Harrison",
  "Scott",
  "Young",
  "Ward-Hughes",
  "Okonkwo",
  "Nakamura",
  "Van der Berg",
  "de la Cruz",
  "St. John",
  "Featherstonehaugh-Smythe",
];
const DOG_BREEDS = [
  "Labrador Retriever",
  "Border Collie",
  "Cocker Spaniel",
  "French Bulldog",
  "Dachshund",
  "Golden Retriever",
  "Staffordshire Bull Terrier",
  "German Shepherd",
  "Cockapoo",
  "Jack Russell Terrier",
  "Whippet",
  "Beagle",
  "Springer Spaniel",
  "Shih Tzu",
  "Labradoodle",
  "Greyhound",
  "Bernese Mountain Dog",
  "Miniature Schnauzer",
];
const CAT_BREEDS = [
  "Domestic Shorthair",
  "Maine Coon",
  "British Shorthair",
  "Siamese",
  "Ragdoll",
  "Bengal",
  "Persian",
];
const DOG_NAMES = [
  "Biscuit",
  "Bella",
  "Max",
  "Luna",
  "Teddy",
  "Poppy",
  "Alfie",
  "Daisy",
  "Milo",
  "Bonnie",
  "Ollie",
  "Rosie",
  "Buster",
  "Willow",
  "Archie",
  "Nala",
  "Winston",
  "Hazel",
  "Pepper",
  "Ziggy",
  "Bruno",
  "Maple",
  "Otis",
  "Skye",
  "Scout",
  "Clementine",
  "Rolo",
  "Dotty",
  "Chester",
  "Juniper",
  "Fudge",
  "Mabel",
  "Bear",
  "Pip",
];
const CAT_NAMES = [
  "Tigger",
  "Smudge",
  "Misty",
  "Oreo",
  "Shadow",
  "Whiskers",
  "Mittens",
  "Ginger",
  "Cleo",
  "Sooty",
];
const DIETS_AM = [
  "1 cup Royal Canin kibble",
  "200g wet food + 50g kibble",
  "Half a tin of Lily's Kitchen",
  "Raw: 250g chicken mince",
  "Own food, 1 scoop, soaked",
  "Kibble with warm water",
];
const DIETS_NOON = ["Small handful of kibble", "Puppy meal: 1/3 cup", "None", "Dental chew only"];
const DIETS_PM = [
  "1 cup kibble",
  "200g wet food",
  "Own food, 1.5 scoops",
  "Half a tin + rice",
  "Raw: 250g beef mince",
];
const DIETS_GENERAL = [
  "Grain free only",
  "No chicken",
  "Sensitive stomach: no treats",
  "Hypoallergenic diet (Hill's z/d)",
  "Cheese & ham as treats only",
  "Slow feeder bowl please",
];
const MEDS = [
  ["Apoquel 16mg, 1 tablet with breakfast", "", "1 tablet with dinner"],
  ["Rimadyl 50mg, half a tablet", "", "Half a tablet"],
  ["Thyroxine 0.4mg", "", "Thyroxine 0.4mg"],
  ["Vetmedin 5mg before food", "", "Vetmedin 5mg before food"],
  ["Metacam 1.5ml on food", "", ""],
  ["Ear drops, 2 in each ear", "", "Ear drops, 2 in each ear"],
  ["Insulin 4 units after food", "", "Insulin 4 units after food"],
  ["Gabapentin 100mg", "Gabapentin 100mg", "Gabapentin 100mg"],
  ["Probiotic paste, 1 syringe", "", ""],
  ["Eye ointment, left eye", "Eye ointment, left eye", "Eye ointment, left eye"],
] as const;
const ALLERGIES = [
  "Chicken",
  "Beef & dairy",
  "Flea treatment (Frontline)",
  "Grass pollen",
  "Penicillin",
  "Wheat",
];
const MEDICAL_NOTES = [
  "Arthritis in back legs; gentle walks only",
  "Epileptic: seizure plan in file, call vet on 01632 960000",
  "Diabetic, insulin twice a day",
  "Heart murmur grade 2",
  "Recovering from cruciate surgery",
  "Deaf: approach from the front",
];
const NOTES = [
  "Pulls on the lead; use a harness",
  "Nervous with men in hats",
  "Loves a tennis ball",
  "Escape artist: double-check the gate",
  "Can share with sibling",
  "Bring blanket from home back on departure",
];
/** Slack-hostile text: it must reach staff as text, never as markup or a ping. */
const HOSTILE = [
  "<!channel> please call before 9",
  "*bold* claim: never feed after 6pm",
  "_x_ marks the spot on the left ear",
  "See <http://x|y> for the vet letter",
  "Salmon & rice, <b>no</b> chicken",
  "<@U0123ABCD> said it is fine",
  "<!here> allergy: ~strike~ `code` > everything",
];
const INSURERS = ["Petplan", "Animal Friends", "ManyPets", "Direct Line Pet", "Agria", "Bought By Many"];
const ROOMS_DOG = Array.from({ length: 40 }, (_, i) => `Kennel ${i + 1}`);
const ROOMS_CAT = Array.from({ length: 12 }, (_, i) => `Cattery ${i + 1}`);
const ROOMS_SPECIAL = ["Suite A", "Suite B", "Garden Lodge", "Family Room"];
const BOOKING_TYPES = [
  ["boarding", 70],
  ["daycare", 14],
  ["grooming", 8],
  ["training", 5],
  ["assessment", 3],
] as const;

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
    customerUpdatedMs: new Map(),
  };
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function phone(r: Random): string {
  return `07${r.chars("0123456789", 3)} ${r.chars("0123456789", 6)}`;
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

function makePet(r: Random, id: number, customerId: number, businessId: number, createdMs: number): Json {
  const isCat = r.chance(0.22);
  const name = isCat ? r.pick(CAT_NAMES) : r.pick(DOG_NAMES);
  const meds = r.weighted([
    [0, 55],
    [1, 20],
    [2, 12],
    [3, 7],
    [4, 4],
    [5, 2],
  ] as const);
  const pet: Json = {
    petId: id,
    kennelId: businessId,
    customerId,
    petTypeId: isCat ? 2 : 1,
    petType: isCat ? "Cat" : "Dog",
    breedId: r.int(1, 200),
    breed: isCat ? r.pick(CAT_BREEDS) : r.pick(DOG_BREEDS),
    name: id % 97 === 0 ? `Mr *${name}*` : name,
    tempPetId: r.chance(0.05) ? r.int(100000, 999999) : null,
    sex: r.pick(["Male", "Female", "Male (neutered)", "Female (spayed)"]),
    registration: r.chance(0.3) ? `KC${r.chars("0123456789", 8)}` : "",
    microchip: r.chance(0.9) ? `9860${r.chars("0123456789", 11)}` : null,
    spayed: r.pick(["Yes", "No", "Unknown"]),
    weight: isCat ? `${r.int(30, 70) / 10} kg` : `${r.int(40, 450) / 10} kg`,
    dietaryRequirements: r.chance(0.35) ? r.pick(DIETS_GENERAL) : null,
    dietaryRequirementsAm: r.chance(0.8) ? r.pick(DIETS_AM) : null,
    dietaryRequirementsNoon: r.chance(0.25) ? r.pick(DIETS_NOON) : null,
    dietaryRequirementsPm: r.chance(0.8) ? r.pick(DIETS_PM) : null,
    notes: r.chance(0.4) ? r.pick(NOTES) : null,
    photo: r.chance(0.5) ? `https://photos.example/pets/${id}.jpg` : null,
    crossBreed: r.chance(0.3),
    colour: r.pick(["Black", "Golden", "Brown & white", "Tabby", "Tricolour", "Grey", "Cream"]),
    archived: r.chance(0.03),
    insurer: r.chance(0.6) ? r.pick(INSURERS) : null,
    medicalNotes: r.chance(0.25) ? r.pick(MEDICAL_NOTES) : null,
    passport: r.chance(0.1) ? `GB${r.chars("0123456789", 9)}` : null,
    createdDate: new Date(createdMs).toISOString(),
    insurerNumber: null,
    evaluationComplete: r.pick([0, 1, 1, 1]),
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
  MEDICATION_FIELDS.forEach(([am, noon, pm], i) => {
    const med = i < meds ? r.pick(MEDS) : undefined;
    pet[am] = med ? med[0] : null;
    pet[noon] = med?.[1] ? med[1] : null;
    pet[pm] = med?.[2] ? med[2] : null;
  });
  // Every few pets carry Slack-hostile text somewhere a person will read it.
  if (id % 7 === 0) pet.notes = r.pick(HOSTILE);
  if (id % 11 === 0) pet.medicalNotes = r.pick(HOSTILE);
  if (id % 13 === 0) pet.dietaryRequirements = r.pick(HOSTILE);
  if (id % 17 === 0) pet.allergies = "_x_ & <everything>";
  return pet;
}

function makeCustomer(r: Random, id: number, index: number, createdMs: number): Json {
  const first = r.pick(FIRST_NAMES);
  const last = r.pick(SURNAMES);
  const customer: Json = {
    customerId: id,
    firstname: first,
    secondname: last,
    email: emailFor(first, last, r, id),
    secondContact_Firstname: r.chance(0.4) ? r.pick(FIRST_NAMES) : null,
    secondContact_Lastname: null,
    emailSecondary: r.chance(0.2) ? `${first.toLowerCase().replace(/[^a-z]/g, "")}.alt@example.com` : "",
    landline: r.chance(0.3) ? `01632 ${r.chars("0123456789", 6)}` : null,
    mobile: phone(r),
    mobileCountry: r.pick(["+44", "+44", "+44", "+353", "+1"]),
    workPhone: r.chance(0.15) ? `020 7946 ${r.chars("0123456789", 4)}` : null,
    address1: `${r.int(1, 240)} ${r.pick(["High Street", "Mill Lane", "Church Road", "Station Road", "Rue de l'Église"])}`,
    address2: r.chance(0.3) ? r.pick(["Flat 2", "The Old Rectory", "Unit 5"]) : "",
    address3: r.pick(["Ambridge", "Kingsbridge", "Little Whinging", "St Mary Mead", "Cabot Cove"]),
    address4: r.pick(["Borsetshire", "Devon", "Surrey", "Kent", ""]),
    zipCode: `${r.chars("ABCDEFGHJKLMNPRSTUVWXY", 2)}${r.int(1, 20)} ${r.int(1, 9)}${r.chars("ABDEFGHJLNPQRSTUWXYZ", 2)}`,
    archived: index % 23 === 5,
    emergencyContactName: r.chance(0.6) ? `${r.pick(FIRST_NAMES)} ${r.pick(SURNAMES)}` : null,
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
    customer.emergencyContactPhone = phone(r);
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

interface BuildContext {
  r: Random;
  today: string;
  timezone: string;
  window: number;
  emptyDays: Set<string>;
  counters: Counters;
  refs: Set<string>;
  offsetCache: Map<string, number>;
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

function makeBooking(
  ctx: BuildContext,
  business: BusinessData,
  prefix: string,
  customer: Json,
  pets: Json[],
  checkIn: string,
  nights: number,
  type: string,
): Json {
  const { r } = ctx;
  const id = ++ctx.counters.booking;
  const checkOut = addDays(checkIn, nights);
  const inMs = instant(ctx, checkIn, r.int(7 * 4, 12 * 4) * 15);
  const outMs = Math.max(inMs + 30 * 60_000, instant(ctx, checkOut, r.int(8 * 4, 18 * 4) * 15));
  const past = checkOut < ctx.today;
  const current = checkIn <= ctx.today && checkOut >= ctx.today;
  const status = past
    ? r.weighted([
        ["checked_out", 85],
        ["cancelled", 8],
        ["no_show", 4],
        ["confirmed", 3],
      ] as const)
    : current
      ? r.weighted([
          ["checked_in", 70],
          ["confirmed", 25],
          ["new", 5],
        ] as const)
      : r.weighted([
          ["confirmed", 60],
          ["new", 30],
          ["cancelled", 6],
          ["waitlist", 4],
        ] as const);
  const paid = past ? r.chance(0.93) : r.chance(0.4);
  const names = pets.map((p) => String(p.name));
  const petNames =
    names.length <= 1 ? (names[0] ?? "") : names.length === 2 ? names.join(" & ") : names.join(", ");
  const isCat = pets.every((p) => p.petType === "Cat");
  const booking: Json = {
    bookingId: id,
    bookingType: type,
    reference: reference(r, prefix, id, ctx.refs),
    status,
    customerId: customer.customerId,
    customerName: `${customer.firstname} ${customer.secondname}`,
    customerPhone: customer.mobile,
    customerEmail: customer.email,
    petNames,
    numberOfPets: pets.length,
    serviceId: { boarding: 1, daycare: 2, grooming: 3, training: 4, assessment: 5 }[type] ?? 1,
    roomName:
      type === "boarding"
        ? r.chance(0.05)
          ? r.pick(ROOMS_SPECIAL)
          : isCat
            ? r.pick(ROOMS_CAT)
            : r.pick(ROOMS_DOG)
        : type === "daycare"
          ? "Daycare barn"
          : r.chance(0.5)
            ? "Grooming room"
            : null,
    checkInDate: new Date(inMs).toISOString(),
    checkOutDate: new Date(outMs).toISOString(),
    bookingPaid: paid,
    hasPayment: paid || r.chance(0.3),
  };
  business.bookings.push(booking);
  business.maxStayMs = Math.max(business.maxStayMs, outMs - inMs);
  return booking;
}

function pickStay(
  ctx: BuildContext,
  type: string,
  fixedCheckOut?: string,
): { checkIn: string; nights: number } {
  const { r } = ctx;
  const nightsFor = () =>
    type === "boarding"
      ? r.weighted([
          [1, 15],
          [2, 18],
          [3, 15],
          [4, 10],
          [5, 8],
          [7, 14],
          [10, 8],
          [14, 8],
          [21, 4],
        ] as const)
      : 0;
  if (fixedCheckOut) {
    for (;;) {
      const nights = Math.max(1, nightsFor());
      const checkIn = addDays(fixedCheckOut, -nights);
      if (!ctx.emptyDays.has(checkIn)) return { checkIn, nights };
    }
  }
  for (let attempt = 0; attempt < 20; attempt++) {
    const nights = nightsFor();
    const checkIn = addDays(ctx.today, r.int(-ctx.window - nights, ctx.window));
    const checkOut = addDays(checkIn, nights);
    if (!ctx.emptyDays.has(checkIn) && !ctx.emptyDays.has(checkOut)) return { checkIn, nights };
  }
  return { checkIn: addDays(ctx.today, -ctx.window - 40), nights: 1 };
}

function buildBusiness(
  ctx: BuildContext,
  id: number,
  name: string,
  apiKey: string,
  prefix: string,
  customerCount: number,
  bookingCount: number,
  busyDays: string[],
): BusinessData {
  const { r } = ctx;
  const business = emptyBusiness(id, name, apiKey);
  const todayMs = Date.parse(`${ctx.today}T12:00:00Z`);
  for (let i = 0; i < customerCount; i++) {
    const cid = ++ctx.counters.customer;
    const createdMs = todayMs - r.int(30, 3000) * 86_400_000;
    const customer = makeCustomer(r, cid, i, createdMs);
    business.customers.push(customer);
    business.customerById.set(cid, customer);
    business.customerUpdatedMs.set(cid, Math.min(todayMs, createdMs + r.int(0, 900) * 86_400_000));
    const petCount = r.weighted([
      [0, 4],
      [1, 60],
      [2, 26],
      [3, 8],
      [4, 2],
    ] as const);
    const pets: Json[] = [];
    for (let p = 0; p < petCount; p++) {
      const pet = makePet(r, ++ctx.counters.pet, cid, id, createdMs + p * 86_400_000);
      pets.push(pet);
      business.pets.push(pet);
      business.petById.set(pet.petId as number, pet);
    }
    business.petsByCustomer.set(cid, pets);
  }
  const bookable = business.customers.filter(
    (c) => !c.archived && (business.petsByCustomer.get(c.customerId as number) ?? []).some((p) => !p.deleted),
  );
  const choosePets = (customer: Json): Json[] => {
    const pets = (business.petsByCustomer.get(customer.customerId as number) ?? []).filter((p) => !p.deleted);
    const n = Math.min(
      pets.length,
      r.weighted([
        [1, 70],
        [2, 22],
        [3, 8],
      ] as const),
    );
    return pets.slice(0, Math.max(1, n));
  };
  if (bookable.length > 0) {
    for (let i = 0; i < bookingCount; i++) {
      const customer = r.pick(bookable);
      const type = r.weighted(BOOKING_TYPES);
      const { checkIn, nights } = pickStay(ctx, type);
      makeBooking(ctx, business, prefix, customer, choosePets(customer), checkIn, nights, type);
    }
    // Busy days: 100+ boarding departures each.
    for (const day of busyDays) {
      const n = 100 + r.int(5, 40);
      for (let i = 0; i < n; i++) {
        const customer = r.pick(bookable);
        const { checkIn, nights } = pickStay(ctx, "boarding", day);
        makeBooking(ctx, business, prefix, customer, choosePets(customer), checkIn, nights, "boarding");
      }
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
      if (ms >= start && ms < start + 86_400_000) return d;
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
  return business;
}

function keyFor(r: Random, label: string): string {
  return `kd_${label}_${r.chars("abcdefghijkmnopqrstuvwxyz23456789", 32)}`;
}

export function generateData(options: DataOptions): SandboxData {
  const r = new Random(options.seed);
  const window = options.windowDays ?? 28;
  // Fixed offsets, so every seed has them: busy days soon and last week, empty days too.
  const busyDays = [2, 9, -5].map((n) => addDays(options.today, n));
  const emptyDays = [5, -12, 19].map((n) => addDays(options.today, n));
  const ctx: BuildContext = {
    r,
    today: options.today,
    timezone: options.timezone,
    window,
    emptyDays: new Set(emptyDays),
    counters: { customer: 1000, pet: 5000, booking: 100000 },
    refs: new Set(),
    offsetCache: new Map(),
  };
  const mainKey = keyFor(r, "live");
  const otherKey = keyFor(r, "other");
  const customers = Math.max(1, options.customers);
  const main = buildBusiness(
    ctx,
    1,
    "Happy Paws Boarding Kennels",
    mainKey,
    "HP",
    customers,
    options.bookings ?? customers * 3,
    busyDays,
  );
  const otherCustomers = Math.max(10, Math.floor(customers / 10));
  const other = buildBusiness(
    ctx,
    2,
    "Other Business Ltd",
    otherKey,
    "OB",
    otherCustomers,
    otherCustomers * 3,
    [],
  );
  return {
    seed: options.seed,
    today: options.today,
    timezone: options.timezone,
    businesses: [main, other],
    emptyDays,
    busyDays,
  };
}
