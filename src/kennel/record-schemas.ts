/**
 * The zod schemas of the kennel API's records (booking, pet, customer) and their field helpers;
 * schemas.ts reads records with them. Any field may be absent or null; unknown fields are kept.
 */
import { z } from "zod";
import { atFirstUse } from "../first-use.ts";

const absent = (v: unknown) => v === null || v === undefined || (typeof v === "string" && v.trim() === "");

/** Optional string; numbers are turned into strings (a phone stored as a number, say). */
const optString = atFirstUse(() =>
  z.preprocess((v) => (absent(v) ? undefined : typeof v === "number" ? String(v) : v), z.string().optional()),
);

/** Optional integer; a numeric string is accepted. */
export const optInt = atFirstUse(() =>
  z.preprocess(
    (v) => (absent(v) ? undefined : typeof v === "string" && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
    z.number().int().optional(),
  ),
);

/** Optional boolean; "true"/"false" and 1/0 are accepted. */
const optBool = atFirstUse(() =>
  z.preprocess((v) => {
    if (absent(v)) return undefined;
    if (v === "true" || v === 1 || v === "1") return true;
    if (v === "false" || v === 0 || v === "0") return false;
    return v;
  }, z.boolean().optional()),
);

/** Optional UTC date-time, normalised to ISO 8601 with Z. */
const optDateTime = atFirstUse(() =>
  z.preprocess((v) => {
    if (absent(v)) return undefined;
    if (typeof v !== "string") return v;
    const s = v.trim();
    // ASSUMPTION: no offset means UTC (the spec (docs/kennel-api.md) says all date-times are UTC),
    // with a space for the T too ("2026-11-24 09:30:00"): Date reads that form in the process's own
    // zone, which in the bot's process is the kennel's (src/time.ts adoptProcessZone).
    const iso = s.replace(/^(\d{4}-\d{2}-\d{2}) (?=\d{2}:\d{2})/, "$1T");
    const hasZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(iso);
    const withZone = /T\d{2}:\d{2}/.test(iso) && !hasZone ? `${iso}Z` : iso;
    const date = new Date(withZone);
    return Number.isNaN(date.getTime()) ? v : date.toISOString();
  }, z.iso.datetime({ offset: true }).optional()),
);

// ---------------------------------------------------------------------------------------------
// Booking

/** The reduced booking returned by GET /bookings/reference/{reference}. */
export const reducedBookingSchema = atFirstUse(() =>
  z.looseObject({
    bookingId: optInt(),
    bookingType: optString(),
    reference: optString(),
    status: optString(),
    customerId: optInt(),
    customerName: optString(),
    petNames: optString(),
    numberOfPets: optInt(),
    serviceId: optInt(),
    checkInDate: optDateTime(),
    checkOutDate: optDateTime(),
    bookingPaid: optBool(),
    hasPayment: optBool(),
  }),
);

/** The full booking item of lists, checkin, checkout and (assumed) GET /bookings/{id}. */
export const bookingSchema = atFirstUse(() =>
  reducedBookingSchema().extend({
    customerPhone: optString(),
    customerEmail: optString(),
    roomName: optString(),
  }),
);

export type Booking = z.infer<ReturnType<typeof bookingSchema>>;
export type ReducedBooking = z.infer<ReturnType<typeof reducedBookingSchema>>;

// ---------------------------------------------------------------------------------------------
// Pet

export const petSchema = atFirstUse(() =>
  z.looseObject({
    petId: optInt(),
    kennelId: optInt(),
    customerId: optInt(),
    petTypeId: optInt(),
    petType: optString(),
    breedId: optInt(),
    breed: optString(),
    name: optString(),
    tempPetId: optInt(),
    sex: optString(),
    registration: optString(),
    microchip: optString(),
    spayed: optString(),
    weight: optString(),
    dietaryRequirements: optString(),
    dietaryRequirementsAm: optString(),
    dietaryRequirementsNoon: optString(),
    dietaryRequirementsPm: optString(),
    medication: optString(),
    medication2: optString(),
    medication3: optString(),
    medication4: optString(),
    medication5: optString(),
    medicationNoon: optString(),
    medicationPm: optString(),
    medication2Noon: optString(),
    medication2Pm: optString(),
    medication3Noon: optString(),
    medication3Pm: optString(),
    medication4Noon: optString(),
    medication4Pm: optString(),
    medication5Noon: optString(),
    medication5Pm: optString(),
    notes: optString(),
    photo: optString(),
    crossBreed: optBool(),
    colour: optString(),
    archived: optBool(),
    insurer: optString(),
    medicalNotes: optString(),
    passport: optString(),
    createdDate: optDateTime(),
    insurerNumber: optString(),
    evaluationComplete: optInt(),
    evaluationCompleteDate: optDateTime(),
    evaluationCompleteNotes: optString(),
    allergies: optString(),
    groomingNotes: optString(),
    deleted: optBool(),
  }),
);

export type Pet = z.infer<ReturnType<typeof petSchema>>;

/** Medications 1 to 5: the main (morning) instruction, then midday and evening. */
export const MEDICATION_FIELDS = [
  ["medication", "medicationNoon", "medicationPm"],
  ["medication2", "medication2Noon", "medication2Pm"],
  ["medication3", "medication3Noon", "medication3Pm"],
  ["medication4", "medication4Noon", "medication4Pm"],
  ["medication5", "medication5Noon", "medication5Pm"],
] as const;

// ---------------------------------------------------------------------------------------------
// Customer

export const CONSENT_FLAGS = [
  "email_Accepts",
  "email_Accepts_Receipts",
  "email_Accepts_Marketing",
  "email_Accepts_Booking_Reminders",
  "smS_Accepts",
  "smS_Accepts_Marketing",
  "smS_Accepts_Booking_Reminders",
  "smS_Accepts_Booking_Price_Messages",
  "pushMessage_Accepts_Booking_Confirmations",
  "pushMessage_Accepts_Booking_Reminders",
  "pushMessage_Accepts_Booking_Receipts",
  "pushMessage_Accepts_Booking_Price_Due",
  "pushMessage_Accepts_Marketing",
  "pushMessage_Accepts_Postcards",
  "pushMessage_Accepts_Direct_Messages",
] as const;
/** The customer's own fields; embedded pets are read one by one (see readCustomer). */
const customerFieldsSchema = atFirstUse(() =>
  z.looseObject({
    customerId: optInt(),
    firstname: optString(),
    secondname: optString(),
    email: optString(),
    secondContact_Firstname: optString(),
    secondContact_Lastname: optString(),
    emailSecondary: optString(),
    landline: optString(),
    mobile: optString(),
    mobileCountry: optString(),
    workPhone: optString(),
    address: optString(),
    address1: optString(),
    address2: optString(),
    address3: optString(),
    address4: optString(),
    zipCode: optString(),
    archived: optBool(),
    emergencyContactName: optString(),
    emergencyContactAddress: optString(),
    emergencyContactPhone: optString(),
    emergencyContactEmail: optString(),
    createdDate: optDateTime(),
    email_Accepts: optBool(),
    email_Accepts_Receipts: optBool(),
    email_Accepts_Marketing: optBool(),
    email_Accepts_Booking_Reminders: optBool(),
    smS_Accepts: optBool(),
    smS_Accepts_Marketing: optBool(),
    smS_Accepts_Booking_Reminders: optBool(),
    smS_Accepts_Booking_Price_Messages: optBool(),
    pushMessage_Accepts_Booking_Confirmations: optBool(),
    pushMessage_Accepts_Booking_Reminders: optBool(),
    pushMessage_Accepts_Booking_Receipts: optBool(),
    pushMessage_Accepts_Booking_Price_Due: optBool(),
    pushMessage_Accepts_Marketing: optBool(),
    pushMessage_Accepts_Postcards: optBool(),
    pushMessage_Accepts_Direct_Messages: optBool(),
  }),
);

export const customerSchema = atFirstUse(() =>
  customerFieldsSchema().extend({
    pets: z.array(z.unknown()).optional().catch(undefined),
  }),
);

export type Customer = z.infer<ReturnType<typeof customerFieldsSchema>> & { pets?: Pet[] | undefined };
