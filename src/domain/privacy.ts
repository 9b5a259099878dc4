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
  "medication",
  "medicationAm",
  "medicationNoon",
  "medicationPm",
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
