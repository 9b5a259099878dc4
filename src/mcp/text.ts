/** Concise, readable text of the kennel's records for an assistant (plain text, local times). */
import { medicationsOf } from "../blocks/care.ts";
import { customerName } from "../blocks/customer.ts";
import {
  type Booking,
  CONSENT_FLAGS,
  type Customer,
  type Page,
  type Pet,
  type ReducedBooking,
} from "../kennel/schemas.ts";
import { localDateTime } from "../time.ts";

const v = (x: unknown) => (x === undefined || x === null || x === "" ? "—" : String(x));

export function bookingLine(b: Booking | ReducedBooking, tz: string): string {
  const full = b as Booking;
  return [
    `${v(b.reference)} (id ${v(b.bookingId)})`,
    `${v(b.bookingType)}, ${v(b.status)}`,
    `${localDateTime(b.checkInDate, tz)} → ${localDateTime(b.checkOutDate, tz)}`,
    `pets: ${v(b.petNames)}${b.numberOfPets !== undefined ? ` (${b.numberOfPets})` : ""}`,
    `customer: ${v(b.customerName)} (id ${v(b.customerId)})`,
    full.roomName !== undefined ? `room: ${v(full.roomName)}` : undefined,
    b.bookingPaid === undefined
      ? "payment not recorded"
      : b.bookingPaid
        ? "paid"
        : `unpaid${b.hasPayment ? " (a payment is recorded)" : ""}`,
    full.customerPhone ? `phone: ${full.customerPhone}` : undefined,
    full.customerEmail ? `email: ${full.customerEmail}` : undefined,
  ]
    .filter(Boolean)
    .join(" · ");
}

export function customerLine(c: Customer): string {
  const pets = (c.pets ?? []).filter((p) => !p.deleted).map((p) => p.name ?? "?");
  return [
    `${customerName(c)} (id ${v(c.customerId)})${c.archived ? " [archived]" : ""}`,
    c.mobile ? `mobile: ${c.mobile}` : undefined,
    c.email ? `email: ${c.email}` : undefined,
    pets.length ? `pets: ${pets.join(", ")}` : undefined,
  ]
    .filter(Boolean)
    .join(" · ");
}

export function customerText(c: Customer): string {
  const consent = CONSENT_FLAGS.map((f) => `${f}=${c[f] === undefined ? "?" : c[f] ? "yes" : "no"}`).join(
    ", ",
  );
  return [
    `${customerName(c)} (customer id ${v(c.customerId)})${c.archived ? " [archived]" : ""}`,
    `Mobile: ${v(c.mobile)}${c.mobileCountry ? ` (${c.mobileCountry})` : ""} · Landline: ${v(c.landline)} · Work: ${v(c.workPhone)}`,
    `Email: ${v(c.email)} · Second email: ${v(c.emailSecondary)}`,
    `Address: ${v(c.address ?? [c.address1, c.address2, c.address3, c.address4, c.zipCode].filter(Boolean).join(", "))}`,
    `Second contact: ${v([c.secondContact_Firstname, c.secondContact_Lastname].filter(Boolean).join(" "))}`,
    `Emergency contact: ${v(c.emergencyContactName)} · ${v(c.emergencyContactPhone)} · ${v(c.emergencyContactEmail)} · ${v(c.emergencyContactAddress)}`,
    `Consent: ${consent}`,
    `Created: ${v(c.createdDate)}`,
    `Pets: ${(c.pets ?? []).map((p) => `${v(p.name)} (id ${v(p.petId)}${p.deleted ? ", deleted" : ""})`).join(", ") || "none"}`,
  ].join("\n");
}

export function petLine(p: Pet): string {
  const meds = medicationsOf(p).length;
  return [
    `${v(p.name)} (id ${v(p.petId)})${p.deleted ? " [deleted]" : ""}${p.archived ? " [archived]" : ""}`,
    `${v(p.petType)}, ${v(p.breed)}, ${v(p.sex)}`,
    `owner id ${v(p.customerId)}`,
    meds ? `${meds} medication${meds === 1 ? "" : "s"}` : undefined,
    p.allergies ? `allergies: ${p.allergies}` : undefined,
  ]
    .filter(Boolean)
    .join(" · ");
}

export function petText(p: Pet): string {
  const meds = medicationsOf(p);
  return [
    `${v(p.name)} (pet id ${v(p.petId)}, owner customer id ${v(p.customerId)})${p.deleted ? " [deleted]" : ""}${p.archived ? " [archived]" : ""}`,
    `Species: ${v(p.petType)} · Breed: ${v(p.breed)}${p.crossBreed ? " (cross)" : ""} · Sex: ${v(p.sex)} · Spayed/neutered: ${v(p.spayed)} · Weight: ${v(p.weight)} · Colour: ${v(p.colour)}`,
    `Microchip: ${v(p.microchip)} · Registration: ${v(p.registration)} · Passport: ${v(p.passport)}`,
    `Diet: general ${v(p.dietaryRequirements)}; morning ${v(p.dietaryRequirementsAm)}; midday ${v(p.dietaryRequirementsNoon)}; evening ${v(p.dietaryRequirementsPm)}`,
    meds.length
      ? `Medication:\n${meds.map((m) => `  ${m.n}. morning: ${v(m.morning)}; midday: ${v(m.midday)}; evening: ${v(m.evening)}`).join("\n")}`
      : "Medication: none recorded",
    `Allergies: ${v(p.allergies)}`,
    `Medical notes: ${v(p.medicalNotes)}`,
    `Insurer: ${v(p.insurer)} · Policy: ${v(p.insurerNumber)}`,
    `Evaluation: ${p.evaluationComplete === undefined ? "—" : p.evaluationComplete ? "complete" : "not complete"}${p.evaluationCompleteDate ? ` (${p.evaluationCompleteDate})` : ""}${p.evaluationCompleteNotes ? ` · ${p.evaluationCompleteNotes}` : ""}`,
    `Notes: ${v(p.notes)} · Grooming: ${v(p.groomingNotes)}`,
  ].join("\n");
}

/** "Page 2 of 5 (page size 25, 113 records). Ask for page 3 for more." */
export function pageLine(page: Page<unknown>, noun: string): string {
  const more =
    page.page < page.totalPages ? ` Ask for page ${page.page + 1} for more.` : " This is the last page.";
  return `Page ${page.page} of ${page.totalPages} (page size ${page.pageSize}, ${page.totalRecords} ${noun} in all).${page.totalRecords ? more : ""}`;
}
