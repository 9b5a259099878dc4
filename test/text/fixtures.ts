/** Small, hand-made answers for the text renderer's tests: built with the domain's own functions. */
import { expect } from "vitest";
import type { DayReport } from "../../src/answers/day.ts";
import type { RoundPet, RoundReport } from "../../src/answers/rounds.ts";
import type { LeftOut } from "../../src/domain/bookings.ts";
import type { Round } from "../../src/domain/care.ts";
import { careOfBooking, type DayKind, entryOf, petCare, totalsOf } from "../../src/domain/day.ts";
import { roundCounts, roundSheet } from "../../src/domain/rounds.ts";
import type { Booking, Pet } from "../../src/kennel/schemas.ts";
import type { TextOptions } from "../../src/text/index.ts";

export const PLAIN: TextOptions = { color: false, timezone: "Europe/London", thisYear: "2026" };
export const COLOUR: TextOptions = { ...PLAIN, color: true };

export const pet = (over: Partial<Pet> = {}): Pet => ({
  petId: 501,
  customerId: 10,
  name: "Biscuit",
  petType: "Dog",
  breed: "Dachshund",
  sex: "Female",
  dietaryRequirementsAm: "200 g kibble",
  dietaryRequirementsPm: "200 g kibble",
  evaluationComplete: 1,
  ...over,
});

export const booking = (over: Partial<Booking> = {}): Booking => ({
  bookingId: 9001,
  reference: "HP-7K2M9Q",
  bookingType: "boarding",
  status: "confirmed",
  customerId: 10,
  customerName: "Ann Lee",
  petNames: "Biscuit",
  numberOfPets: 1,
  checkInDate: "2026-11-24T09:30:00Z",
  checkOutDate: "2026-11-27T10:00:00Z",
  roomName: "Kennel 4",
  bookingPaid: true,
  hasPayment: true,
  ...over,
});

export const RIMADYL = {
  medication: "Rimadyl 50 mg, half a tablet",
  medicationPm: "half a tablet with dinner",
};

/** A day's report over bookings and their customers' pets (null: the pets could not be loaded). */
export function dayOf(
  kind: DayKind,
  rows: Array<[Booking, Pet[] | null]>,
  leftOut: LeftOut = { calledOff: 0, waitlisted: 0 },
): DayReport {
  const entries = rows.map(([b, pets]) => entryOf(b, careOfBooking(b, pets)));
  return {
    kind,
    date: "2026-11-24",
    entries,
    totals: totalsOf(entries, leftOut),
    page: 1,
    pages: 1,
    from: 0,
    requestId: "req-day-1",
    careProblem: undefined,
  };
}

/** A pet as a round reads it: matched to its care, with its sheet for the round. */
function matchedPet(round: Round, booking: Booking, pet: Pet): RoundPet {
  const care = petCare(pet);
  return { booking, pet: care, sheet: roundSheet(care.care, round), careStatus: "matched", unmatched: [] };
}

/** A round's report of these pets, in the order given, counted as the round counts them. */
export function roundReportOf(round: Round, pets: RoundPet[]): RoundReport {
  const sheets = pets.map((p) => p.sheet).filter((s) => s !== undefined);
  return {
    date: "2026-11-24",
    round,
    pets,
    totals: {
      inHouse: pets.length,
      away: 0,
      pets: pets.length,
      ...roundCounts(sheets),
      careMissing: 0,
    },
    requestId: "req-round-1",
    careProblem: undefined,
    calls: 2,
  };
}

/** A round's report over (booking, pet) pairs, in the order given. */
export function roundOf(round: Round, rows: Array<[Booking, Pet]>): RoundReport {
  return roundReportOf(
    round,
    rows.map(([b, p]) => matchedPet(round, b, p)),
  );
}

/** The lines of one pet's block on a round's sheet in the terminal (the pet must be on it). */
export function petBlock(text: string, name: string): string {
  const lines = text.split("\n");
  const at = lines.findIndex((l) => l.includes(name));
  expect(at, `${name} is on the sheet`).toBeGreaterThan(-1);
  const out = [lines[at]];
  for (const l of lines.slice(at + 1)) {
    if (!l.startsWith("     ")) break;
    out.push(l);
  }
  return out.join("\n");
}
