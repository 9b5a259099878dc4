/**
 * Medicine custody's records (issue 49; their kinds and bodies: src/record/kinds/custody.ts) read as
 * the domain's: each kept record with its id, its place in the chain and when it was kept.
 */
import type { Counter, MedicineCount, MedicineIn, MedicineOut } from "../domain/custody.ts";
import type { LogEntry } from "../record/types.ts";

/** A kept `medicine_in` as the domain's; undefined for one not kept against a stay's pet. */
export function medicineInOf(e: LogEntry<"medicine_in">): MedicineIn | undefined {
  if (e.bookingId === undefined || e.petId === undefined) return undefined;
  const { id, seq, date, bookingId, petId, recordedAt } = e;
  return { id, seq, date, bookingId, petId, recordedAt, ...e.body };
}

/** A kept `medicine_count` (without its closing). */
export const countOf = (e: LogEntry<"medicine_count">): MedicineCount => ({
  id: e.id,
  seq: e.seq,
  date: e.date,
  at: e.recordedAt,
  ...e.body,
});

/** A kept `medicine_closed`: the count it closes, who, when and why. */
export const closedOf = (
  e: LogEntry<"medicine_closed">,
): { id: number; seq: number; countId: number; by: Counter; at: string; note: string } => ({
  id: e.id,
  seq: e.seq,
  at: e.recordedAt,
  ...e.body,
});

/** A kept `medicine_out`. */
export const outOf = (e: LogEntry<"medicine_out">): MedicineOut => ({
  id: e.id,
  seq: e.seq,
  date: e.date,
  at: e.recordedAt,
  ...e.body,
});
