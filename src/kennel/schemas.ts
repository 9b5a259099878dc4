/**
 * Reading the kennel API's records (schemas in record-schemas.ts): a tolerant reader.
 *
 * - Any field may be absent or null; the spec (docs/kennel-api.md) does not show how absent or empty values are
 *   represented, so null, a missing key and an empty (or blank) string all read as "absent".
 * - Unknown fields are kept (loose objects), so raw mode and later fields lose nothing.
 * - Identifiers are integers in the spec; a numeric string is accepted too.
 * - Date-times are UTC in the spec. ASSUMPTION: a date-time without an offset is UTC; every
 *   date-time is normalised to ISO 8601 with Z.
 * - A record that fails validation is degraded (the offending fields are dropped and logged with
 *   the record's id) or, when it is not an object at all, skipped. It never sinks its list.
 */
import { z } from "zod";
import { atFirstUse } from "../first-use.ts";
import type { Logger } from "../log.ts";
import {
  type Booking,
  bookingSchema,
  type Customer,
  customerSchema,
  MEDICATION_FIELDS,
  optInt,
  type Pet,
  petSchema,
  type ReducedBooking,
  reducedBookingSchema,
} from "./record-schemas.ts";

export {
  type Booking,
  CONSENT_FLAGS,
  type Customer,
  MEDICATION_FIELDS,
  type Pet,
  type ReducedBooking,
} from "./record-schemas.ts";

// ---------------------------------------------------------------------------------------------
// Page envelope

const pageEnvelopeSchema = atFirstUse(() =>
  z.looseObject({
    page: optInt(),
    pageSize: optInt(),
    totalRecords: optInt(),
    totalPages: optInt(),
    items: z.array(z.unknown()),
  }),
);

export interface Page<T> {
  page: number;
  pageSize: number;
  totalRecords: number;
  totalPages: number;
  items: T[];
}

// ---------------------------------------------------------------------------------------------
// Tolerant reading

type RecordKind = "booking" | "customer" | "pet";

const ID_FIELDS: Record<RecordKind, string> = { booking: "bookingId", customer: "customerId", pet: "petId" };

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * Reads one record. On failure, the fields with unexpected values are dropped and the record is
 * read again (degraded); the log names the record's id and the fields, never their values.
 * Returns undefined (skipped, and logged) when the record is not an object or still fails.
 */
function readRecord<S extends z.ZodType>(
  schema: S,
  kind: RecordKind,
  raw: unknown,
  log: Logger,
  dropped?: (fields: string[]) => void,
): z.infer<S> | undefined {
  if (!isPlainObject(raw)) {
    log.warn(
      { kind, type: Array.isArray(raw) ? "array" : typeof raw },
      `skipped a ${kind} that is not an object`,
    );
    return undefined;
  }
  const first = schema.safeParse(raw);
  if (first.success) return first.data;
  const fields = [...new Set(first.error.issues.map((i) => String(i.path[0] ?? "")))].filter(Boolean);
  const copy: Record<string, unknown> = { ...raw };
  for (const f of fields) delete copy[f];
  const id = raw[ID_FIELDS[kind]];
  const idText = typeof id === "number" || typeof id === "string" ? id : undefined;
  const second = schema.safeParse(copy);
  if (second.success) {
    // A booking's reference too, when it was read: the terminal names the booking by it, as answers do.
    const read = (second.data as { reference?: unknown }).reference;
    const reference = kind === "booking" && typeof read === "string" ? read : undefined;
    log.warn(
      { kind, id: idText, ...(reference ? { reference } : {}), fields },
      `${kind} ${idText ?? "(no id)"}: ignored fields with unexpected values`,
    );
    dropped?.(fields);
    return second.data;
  }
  log.warn({ kind, id: idText, fields }, `${kind} ${idText ?? "(no id)"}: skipped, it could not be read`);
  return undefined;
}

const UNREADABLE_FIELDS = "unreadableFields";

/**
 * Reads a booking (or the reduced booking of GET /bookings/reference/{reference}). A field whose value
 * has an unexpected type is dropped (read as absent) and named in `unreadableFieldsOf`, so what is
 * shown can say "could not be read" where the value would be, never "not recorded".
 */
function readMarkedBooking<B extends Booking | ReducedBooking>(
  schema: z.ZodType<B>,
  raw: unknown,
  log: Logger,
): B | undefined {
  let unread: string[] = [];
  const booking = readRecord(schema, "booking", raw, log, (fields) => {
    unread = fields;
  });
  return booking && unread.length ? { ...booking, [UNREADABLE_FIELDS]: unread } : booking;
}

export function readBooking(raw: unknown, log: Logger): Booking | undefined {
  return readMarkedBooking(bookingSchema(), raw, log);
}

export function readReducedBooking(raw: unknown, log: Logger): ReducedBooking | undefined {
  return readMarkedBooking(reducedBookingSchema(), raw, log);
}

/** The fields of a booking the reader could not read (a value of an unexpected type), by their API names. */
export function unreadableFieldsOf(booking: object): string[] {
  const v = (booking as Record<string, unknown>)[UNREADABLE_FIELDS];
  return Array.isArray(v) ? v.filter((f): f is string => typeof f === "string") : [];
}

/** The care fields of a pet record (docs/kennel-api.md, "Pet"): diet, medication, allergies, medical notes. */
const CARE_FIELDS: readonly string[] = [
  "dietaryRequirements",
  "dietaryRequirementsAm",
  "dietaryRequirementsNoon",
  "dietaryRequirementsPm",
  ...MEDICATION_FIELDS.flat(),
  "allergies",
  "medicalNotes",
];

const UNREADABLE_CARE = "unreadableCare";
const CARE_LEFT_OUT = "careLeftOut";

/**
 * Reads a pet. Care is never read as "none" when it is not known: a care field with a value of an
 * unexpected type (an object, a list) is named in `unreadableCareOf`, and a record that leaves
 * every care field out (ASSUMPTION: lists whose shape the spec does not show, as
 * /customers/{id}/pets, may carry the pet without its care) is marked for `careLeftOut`.
 */
export function readPet(raw: unknown, log: Logger): Pet | undefined {
  const pet = readRecord(petSchema(), "pet", raw, log);
  if (!pet || !isPlainObject(raw)) return pet;
  const present = (v: unknown) =>
    v !== null && v !== undefined && !(typeof v === "string" && v.trim() === "");
  const unreadable = CARE_FIELDS.filter((f) => present(raw[f]) && pet[f] === undefined);
  const leftOut = !CARE_FIELDS.some((f) => f in raw);
  if (unreadable.length === 0 && !leftOut) return pet;
  return {
    ...pet,
    ...(unreadable.length ? { [UNREADABLE_CARE]: unreadable } : {}),
    ...(leftOut ? { [CARE_LEFT_OUT]: true } : {}),
  };
}

/** The care fields of a pet the reader could not read (a value of an unexpected type). */
export function unreadableCareOf(pet: Pet): string[] {
  const v = pet[UNREADABLE_CARE];
  return Array.isArray(v) ? v.filter((f): f is string => typeof f === "string") : [];
}

/** Did the record leave every care field out (to be completed from GET /pets/{id})? */
export function careLeftOut(pet: Pet): boolean {
  return pet[CARE_LEFT_OUT] === true;
}

export function readCustomer(raw: unknown, log: Logger): Customer | undefined {
  const customer = readRecord(customerSchema(), "customer", raw, log);
  if (!customer) return undefined;
  const pets = customer.pets?.map((p) => readPet(p, log)).filter((p): p is Pet => p !== undefined);
  return { ...customer, pets } as Customer;
}

/** Reads every record of a list; bad ones are degraded or skipped, never the whole list. */
export function readList<T>(
  items: unknown[],
  read: (raw: unknown, log: Logger) => T | undefined,
  log: Logger,
): T[] {
  const out: T[] = [];
  for (const item of items) {
    const record = read(item, log);
    if (record !== undefined) out.push(record);
  }
  return out;
}

/**
 * Reads a page envelope, or a plain array as one page. Used wherever the spec does not show the
 * shape (checkin, /pets, /customers/{id}/pets): ASSUMPTION, both shapes are accepted.
 * Returns undefined when the body is neither.
 */
export function readPageOrArray(body: unknown): Page<unknown> | undefined {
  if (Array.isArray(body)) {
    return { page: 1, pageSize: body.length, totalRecords: body.length, totalPages: 1, items: body };
  }
  const env = pageEnvelopeSchema().safeParse(body);
  if (!env.success) return undefined;
  const { items } = env.data;
  const page = env.data.page ?? 1;
  const pageSize = env.data.pageSize ?? items.length;
  const totalRecords = env.data.totalRecords ?? items.length;
  // ASSUMPTION: with totalPages missing, derive it from totalRecords and pageSize; else one page.
  const totalPages =
    env.data.totalPages ??
    (pageSize > 0 && env.data.totalRecords !== undefined ? Math.ceil(totalRecords / pageSize) : page);
  return { page, pageSize, totalRecords, totalPages, items };
}
