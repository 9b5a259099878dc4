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
