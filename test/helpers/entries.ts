/** The care record's entries as the store keeps them, for the domain's pure tests (no store). */
import type { Entry } from "../../src/record/types.ts";

/** Jane's record of Juniper's dry food eaten in full: what the record's tests write unless they say. */
export const JUNIPER_ATE = {
  petName: "Juniper",
  item: "meal",
  itemText: "dry food",
  outcome: "ate_all",
  userId: "U0JANE",
  userName: "Jane",
} as const;

let id = 0;

/**
 * An entry as kept, numbered in the order made: Jane's record of Juniper's (booking 1, pet 2) dry
 * food eaten in full at the morning round of `over.date`, recorded at 08:00 that day; `over` set over it.
 */
export function keptEntry(over: Partial<Entry> & { date: string }): Entry {
  id++;
  return {
    id,
    seq: id,
    kennel: "test",
    round: "morning",
    bookingId: 1,
    petId: 2,
    ...JUNIPER_ATE,
    requestKey: `r${id}`,
    recordedAt: `${over.date}T08:00:00Z`,
    ...over,
  } as Entry;
}

/**
 * A dose (item med:1) of the morning round of `date` that JS gave at `given` (HH:MM, UTC), entered
 * from the paper chart by Sam at 13:04; `over` set over it (its booking and pet).
 */
export const paperDose = (date: string, given: string, over: Partial<Entry> = {}): Entry =>
  keptEntry({
    date,
    item: "med:1",
    itemText: "Rimadyl 50 mg",
    outcome: "given",
    givenAt: `${date}T${given}:00Z`,
    recordedAt: `${date}T13:04:00Z`,
    userId: "U0SAM",
    userName: "Sam",
    paper: { by: "JS" },
    ...over,
  });

/** Sam's record at 13:05 of `date` of the morning round's meal eaten in full (after its window closed); `over` set over it. */
export const lateMeal = (date: string, over: Partial<Entry> = {}): Entry =>
  keptEntry({ date, recordedAt: `${date}T13:05:00Z`, userId: "U0SAM", userName: "Sam", ...over });
