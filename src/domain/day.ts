/**
 * A day's arrivals or departures, and the in-house board: which bookings are listed, in what order,
 * with each pet's care, on which page, and the totals the summary line counts.
 */
import type { Booking, Pet } from "../kennel/schemas.ts";
import { nameOrder } from "../words/order.ts";
import { type LeftOut, type Payment, paymentOf, type Standing, standingOf } from "./bookings.ts";
import { type CareFacts, careOf } from "./care.ts";
import type { MedicineCustody } from "./custody.ts";
import { kennelStock } from "./drug-names.ts";
import { flagsOf, type PetFlags } from "./flags.ts";
import { LIST_PAGE, type PageOf, pageOf } from "./paging.ts";
import { hasNoPets, matchPets, stayPets } from "./pet-match.ts";
import type { StayRecordView } from "./stay.ts";

export type DayKind = "arrivals" | "departures";

export interface PetCare {
  pet: Pet;
  care: CareFacts;
  flags: PetFlags;
}

export function petCare(pet: Pet): PetCare {
  const care = careOf(pet);
  return { pet, care, flags: flagsOf(pet, care) };
}

/**
 * What is known of a booking's pets' care:
 * - matched: every pet on the booking was found among the customer's pets;
 * - not_matched: some (or all) could not be matched: `unmatched` names them, `pets` has the rest;
 * - not_loaded: the customer's pets could not be fetched (`problem` says why);
 * - no_customer: the booking names no customer, so there is nothing to look up;
 * - no_pets: the booking names no pet and counts none (petNames empty, numberOfPets 0): nothing to
 *   look up, and nothing to say "no special care" of; staff check it in the kennel system.
 */
export interface EntryCare {
  status: "matched" | "not_matched" | "not_loaded" | "no_customer" | "no_pets";
  pets: PetCare[];
  unmatched: string[];
}

export interface DayEntry {
  booking: Booking;
  standing: Standing;
  payment: Payment;
  /** Undefined when not looked up (an entry on another page). */
  care: EntryCare | undefined;
  /** Departures: the stay's care record, for the handover (when Kennel Desk keeps one). */
  stay?: StayRecordView | undefined;
  /** Departures: the stay's medicines still held in custody (issue 49), to hand back with their balances. */
  held?: MedicineCustody[] | undefined;
}

/** The care of a booking from its customer's pets (null: they could not be loaded). */
export function careOfBooking(booking: Booking, customerPets: Pet[] | null | undefined): EntryCare {
  if (hasNoPets(booking)) return { status: "no_pets", pets: [], unmatched: [] };
  if (booking.customerId === undefined) return { status: "no_customer", pets: [], unmatched: [] };
  if (!customerPets) return { status: "not_loaded", pets: [], unmatched: [] };
  const m = matchPets(booking, customerPets);
  return {
    status: m.complete ? "matched" : "not_matched",
    pets: m.pets.map(petCare),
    unmatched: m.unmatched,
  };
}

export function entryOf(booking: Booking, care?: EntryCare): DayEntry {
  return { booking, standing: standingOf(booking), payment: paymentOf(booking), care };
}

export function whenOf(kind: DayKind, b: Booking): string | undefined {
  return kind === "arrivals" ? b.checkInDate : b.checkOutDate;
}

/** By time in the day, then owner's name, then booking id: the order staff work in. */
export function sortForDay(kind: DayKind, bookings: Booking[]): Booking[] {
  return [...bookings].sort((a, b) => {
    const ta = whenOf(kind, a) ?? "";
    const tb = whenOf(kind, b) ?? "";
    if (ta !== tb) return ta < tb ? -1 : 1;
    const na = a.customerName ?? "";
    const nb = b.customerName ?? "";
    if (na !== nb) return nameOrder(na, nb);
    return (a.bookingId ?? 0) - (b.bookingId ?? 0);
  });
}

/**
 * The most room an entry's identifiers take on a day page (renderers cap to these): a reference and a
 * status as the API wrote it. Names, rooms and care are never capped (issue 47).
 */
export const ENTRY_CAPS = {
  reference: 100,
  status: 60,
} as const;

/** A text's length once a message escapes it (`&` as `&amp;`, `<` and `>` as `&lt;` and `&gt;`). */
const escapedLength = (t: string | undefined): number =>
  t === undefined ? 0 : t.length + 4 * (t.split("&").length - 1) + 3 * (t.match(/[<>]/g)?.length ?? 0);

/**
 * The characters a pet's care takes on a list entry, every fact whole (issue 47), escaped, as the
 * entry draws it: its flags' words and each note that carries danger; on the going-home check (a
 * departure) a fast and allergies said again, the drugs to hand back, grooming notes (shortened past
 * 200: the booking has them all) and a line of its stay's record.
 */
function petCareSize(p: PetCare, goingHome: boolean): number {
  const f = p.flags;
  const name = escapedLength(f.name);
  const drugs = f.medications.reduce((n, m) => n + escapedLength(m) + 2, 0);
  const hazards = [f.fasting && escapedLength(f.fasting) + 40, f.allergies && escapedLength(f.allergies) + 12]
    .concat(f.allergyInNotes ? [escapedLength(f.allergyInNotes) + 16] : [])
    .reduce<number>((n, x) => n + (x || 0), 0);
  const notes = (f.dangerNotes ?? []).reduce((n, d) => n + name + escapedLength(d.text) + 30, 0);
  // The flags line: the name, each flag's words, "not evaluated", "special diet" and the like.
  const flags = name + drugs + hazards + 30 * (f.listedTwice.length + 1) + 80;
  if (!goingHome) return flags + notes;
  const grooming = p.care.groomingNotes ? Math.min(escapedLength(p.care.groomingNotes), 260) + name + 10 : 0;
  return notes + hazards + 3 * name + 60 + drugs + grooming + 200;
}

/**
 * The room an entry takes on a page: its own text and each pet's care, whole and escaped (an entry
 * whose care was not looked up: an allowance for each pet). A page takes fewer entries when theirs
 * are long; the serializer gives a page whose care passes one message another (src/blocks/doc.ts).
 */
export function entrySize(b: Booking, care?: EntryCare, kind?: DayKind): number {
  const pets = Math.max(1, Math.min(b.numberOfPets ?? 1, 4));
  const goingHome = kind === "departures";
  return (
    escapedLength(b.petNames) +
    escapedLength(b.customerName) +
    escapedLength(b.roomName) +
    Math.min(b.reference?.length ?? 0, ENTRY_CAPS.reference) +
    ENTRY_CAPS.status +
    (care ? care.pets.reduce((n, p) => n + petCareSize(p, goingHome), 0) : 100 + 140 * pets) +
    80
  );
}

/** A page of the day's list, by each entry's size with its care (`careOf`, when it is known). */
export function pageOfDay(
  sorted: Booking[],
  page: number,
  careOf?: (b: Booking) => EntryCare | undefined,
  kind?: DayKind,
): PageOf<Booking> {
  return pageOf(sorted, page, (b) => entrySize(b, careOf?.(b), kind), LIST_PAGE);
}

export interface DayTotals {
  bookings: number;
  pets: number;
  unpaid: number;
  partPaid: number;
  /** Bookings whose payment the API did not record (neither paid nor unpaid): to check. */
  paymentUnknown?: number;
  /** Bookings whose payment the API sent but Kennel Desk could not read: to check. */
  paymentNotRead?: number;
  /** Bookings with an unknown status (listed as the API wrote it). */
  unknownStatus: number;
  /** Among entries whose care was looked up: */
  withMedication: number;
  /** Medications on those bookings, the kennel's own stock not counted (to hand back, for departures). */
  medications: number;
  withAllergies: number;
  notEvaluated: number;
  withGroomingNotes: number;
  careNotMatched: number;
  careNotLoaded: number;
  /** Whether every entry's care was looked up (else the care counts cover only some). */
  careKnownForAll: boolean;
  leftOut: LeftOut;
}

export function totalsOf(entries: DayEntry[], leftOut: LeftOut): DayTotals {
  const looked = entries.filter((e) => e.care !== undefined);
  const pets = (e: DayEntry) => e.care?.pets ?? [];
  return {
    bookings: entries.length,
    pets: entries.reduce((s, e) => s + stayPets(e.booking, e.care), 0),
    unpaid: entries.filter((e) => e.payment === "unpaid").length,
    partPaid: entries.filter((e) => e.payment === "part_paid").length,
    paymentUnknown: entries.filter((e) => e.payment === "unknown").length,
    paymentNotRead: entries.filter((e) => e.payment === "not_read").length,
    unknownStatus: entries.filter((e) => e.standing === "unknown_status").length,
    withMedication: looked.filter((e) => pets(e).some((p) => p.flags.medications.length > 0)).length,
    // The owner's to hand back at departures: the kennel's own stock (its words say so) is not.
    medications: looked.reduce(
      (s, e) => s + pets(e).reduce((t, p) => t + p.care.medications.filter((m) => !kennelStock(m)).length, 0),
      0,
    ),
    withAllergies: looked.filter((e) => pets(e).some((p) => p.flags.allergies)).length,
    notEvaluated: looked.filter((e) => pets(e).some((p) => p.flags.notEvaluated)).length,
    withGroomingNotes: looked.filter((e) => pets(e).some((p) => p.flags.grooming)).length,
    careNotMatched: looked.filter((e) => e.care?.status === "not_matched").length,
    careNotLoaded: looked.filter((e) => e.care?.status === "not_loaded").length,
    careKnownForAll: looked.length === entries.length,
    leftOut,
  };
}
