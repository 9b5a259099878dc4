/**
 * Contact details never go into a channel: a copy of any API JSON for a channel (raw answers)
 * keeps only fields known to be safe there. An allow-list, not a list of contact names: a field the
 * API adds or spells its own way (`postalCode`, `e_mail`, `contact.tel`, `town`,
 * `secondContactNumber`) is left out until it is known to be safe.
 */

/** The page envelope, and the booking's fields the channel lists show anyway (docs/kennel-api.md). */
const ENVELOPE = ["page", "pageSize", "totalRecords", "totalPages", "items"];
const BOOKING = [
  "bookingId",
  "bookingType",
  "reference",
  "status",
  "customerId",
  "customerName",
  "petNames",
  "numberOfPets",
  "serviceId",
  "checkInDate",
  "checkOutDate",
  "bookingPaid",
  "hasPayment",
  "roomName",
];
/** A pet's own record: its care, never its owner's contacts. */
const PET = [
  "petId",
  "kennelId",
  "petTypeId",
  "petType",
  "breedId",
  "breed",
  "name",
  "sex",
  "spayed",
  "weight",
  "colour",
  "crossBreed",
  "archived",
  "deleted",
  "dietaryRequirements",
  "dietaryRequirementsAm",
  "dietaryRequirementsNoon",
  "dietaryRequirementsPm",
  // Every medication slot, 1 to 5, with its midday and evening instructions: a raw answer never
  // drops a dose (MEDICATION_FIELDS in src/kennel/record-schemas.ts).
  "medication",
  "medicationAm",
  "medicationNoon",
  "medicationPm",
  ...[2, 3, 4, 5].flatMap((n) => [`medication${n}`, `medication${n}Noon`, `medication${n}Pm`]),
  "allergies",
  "notes",
  "medicalNotes",
  "groomingNotes",
  "evaluationComplete",
  "evaluationCompleteDate",
  "evaluationCompleteNotes",
];

const CHANNEL_SAFE: ReadonlySet<string> = new Set([...ENVELOPE, ...BOOKING, ...PET, "pets"]);

/** A deep copy of the value with only the fields known to be safe in a channel. */
export function withoutContacts(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutContacts);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (CHANNEL_SAFE.has(k)) out[k] = withoutContacts(v);
    return out;
  }
  return value;
}

/**
 * A field holding an owner's contact, by its name: a phone, mobile or landline number, an email, an
 * address or postcode, a second or emergency contact (customerPhone, customerEmail, workPhone,
 * landline, address1, zipCode, secondContact_Firstname, emergencyContactAddress…).
 */
type ContactKey =
  `${string}${"phone" | "Phone" | "mobile" | "Mobile" | "landline" | "Landline" | "email" | "Email" | "address" | "Address" | "zipCode" | "Contact"}${string}`;

/**
 * What a channel renderer or post may receive: the data with every contact field taken out of its
 * type, at any depth, and no index signature left to read an unnamed field through. An answer's data
 * passes as it is (a wider object fits), but inside a channel renderer a contact field cannot be
 * named: the compiler refuses `booking.customerPhone`. (Raw API JSON for a channel goes through
 * withoutContacts above.)
 */
export type ChannelSafe<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends (infer U)[]
    ? ChannelSafe<U>[]
    : T extends readonly (infer U)[]
      ? readonly ChannelSafe<U>[]
      : T extends object
        ? {
            [K in keyof T as K extends string
              ? string extends K
                ? never
                : K extends ContactKey
                  ? never
                  : K
              : K]: ChannelSafe<T[K]>;
          }
        : T;

/**
 * The API's records inside one of our own answers: the keys under which a booking, a pet or a
 * customer record sits. Everything else in an answer is ours (entries, totals, flags, words) and
 * carries no contact field.
 */
const API_RECORDS: ReadonlySet<string> = new Set(["booking", "bookings", "customer", "raw"]);

/** Our pet (its API record beside its care and flags), or the API's pet record itself. */
const isOurPet = (v: unknown) => Boolean(v && typeof v === "object" && "pet" in v && "care" in v);

/**
 * One of our answers (an in-house board, a round) for the channel or the connector's channel-safe
 * tools: its own structure kept, and each API record in it cut down to the fields known to be safe
 * (withoutContacts), so a contact field the API adds or spells its own way never gets through.
 */
export function channelSafeAnswer(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(channelSafeAnswer);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const apiRecord = API_RECORDS.has(k) || (k === "pet" && !isOurPet(v));
      out[k] = apiRecord ? withoutContacts(v) : channelSafeAnswer(v);
    }
    return out;
  }
  return value;
}
