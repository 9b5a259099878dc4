/**
 * Medicine custody's records in the care record (issue 49), each in the chain like every entry and
 * checked on the way in and out (zod: the contract the register, the exports and the connector read):
 *
 * - `medicine_in`: a medicine counted in: {item, label, strength?, unit, per?, quantity,
 *   ownerNameChecked, expiry?, openedOn?, discardDays?, storage, controlled, highAlert, by, witness?,
 *   note?}; dated the kennel's day it was counted; a form's submission records once (`view:<id>`).
 * - `medicine_count`: a count: {custodyId, counted, expected?, by, witness?, reason?, note?}; a count
 *   that differs from the balance carries its reason and words (the discrepancy).
 * - `medicine_closed`: a discrepancy closed by a manager: {countId, note, by}; once per count
 *   (request key `medicine_closed:<countId>`).
 * - `medicine_out`: handed back: {custodyId, quantity, to, by, witness?, note?}; once per medicine
 *   (request key `medicine_out:<custodyId>`), closing its custody.
 */
import { z } from "zod";
import {
  type Counter,
  DISCREPANCY_REASONS,
  type DiscrepancyReason,
  type MedicineCount,
  type MedicineIn,
  type MedicineOut,
} from "../domain/custody.ts";
import { COUNT_UNITS, type CountUnit } from "../domain/custody-units.ts";
import type { LogEntry } from "../record/types.ts";

export const MEDICINE_IN = "medicine_in";
export const MEDICINE_COUNT = "medicine_count";
export const MEDICINE_CLOSED = "medicine_closed";
export const MEDICINE_OUT = "medicine_out";

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const name = z.string().min(1).max(200);
const words = z.string().min(1).max(500);
const quantity = z.number().finite().min(0).max(1_000_000);
const counter = z.object({ userId: z.string().max(40).optional(), userName: name });

export const inBody = z.object({
  item: z.enum(["med:1", "med:2", "med:3", "med:4", "med:5"]),
  label: name,
  strength: z.string().min(1).max(100).optional(),
  unit: z.enum(COUNT_UNITS as [CountUnit, ...CountUnit[]]),
  per: z.object({ amount: z.number().positive().max(100_000), unit: z.enum(["iu", "ml"]) }).optional(),
  quantity: quantity.positive(),
  ownerNameChecked: z.boolean(),
  expiry: date.optional(),
  openedOn: date.optional(),
  discardDays: z.number().int().min(1).max(3650).optional(),
  storage: z.enum(["fridge", "room"]),
  controlled: z.boolean(),
  highAlert: z.boolean(),
  by: counter,
  witness: counter.optional(),
  note: words.optional(),
});
export const countBody = z.object({
  custodyId: z.number().int().positive(),
  counted: quantity,
  expected: quantity.optional(),
  by: counter,
  witness: counter.optional(),
  reason: z.enum(DISCREPANCY_REASONS as [DiscrepancyReason, ...DiscrepancyReason[]]).optional(),
  note: words.optional(),
});
export const closedBody = z.object({ countId: z.number().int().positive(), note: words, by: counter });
export const outBody = z.object({
  custodyId: z.number().int().positive(),
  quantity,
  to: name,
  by: counter,
  witness: counter.optional(),
  note: words.optional(),
});

const strip = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** A kept `medicine_in` as the domain's; undefined when it does not read as one. */
export function medicineInOf(e: LogEntry): MedicineIn | undefined {
  const b = inBody.safeParse(e.body);
  if (e.kind !== MEDICINE_IN || !b.success || e.bookingId === undefined || e.petId === undefined)
    return undefined;
  return strip({
    id: e.id,
    seq: e.seq,
    date: e.date,
    bookingId: e.bookingId,
    petId: e.petId,
    recordedAt: e.recordedAt,
    ...b.data,
  });
}

/** A kept `medicine_count` (without its closing); undefined when it does not read as one. */
export function countOf(e: LogEntry): MedicineCount | undefined {
  const b = countBody.safeParse(e.body);
  if (e.kind !== MEDICINE_COUNT || !b.success) return undefined;
  return strip({ id: e.id, seq: e.seq, date: e.date, at: e.recordedAt, ...b.data });
}

/** A kept `medicine_closed`: the count it closes, who, when and why. */
export function closedOf(
  e: LogEntry,
): { id: number; seq: number; countId: number; by: Counter; at: string; note: string } | undefined {
  const b = closedBody.safeParse(e.body);
  if (e.kind !== MEDICINE_CLOSED || !b.success) return undefined;
  return {
    id: e.id,
    seq: e.seq,
    countId: b.data.countId,
    by: strip(b.data.by),
    at: e.recordedAt,
    note: b.data.note,
  };
}

/** A kept `medicine_out`; undefined when it does not read as one. */
export function outOf(e: LogEntry): MedicineOut | undefined {
  const b = outBody.safeParse(e.body);
  if (e.kind !== MEDICINE_OUT || !b.success) return undefined;
  return strip({ id: e.id, seq: e.seq, date: e.date, at: e.recordedAt, ...b.data });
}
