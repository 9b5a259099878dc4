/**
 * Medicine custody's kinds (issue 49; src/answers/custody-kinds.ts reads them as the domain's), each
 * dated the kennel's day it was kept, against the stay's pet:
 * - `medicine_in`: a medicine counted in, as its label and the person say it; once per form's drawing (`view:<id>:<hash>`).
 * - `medicine_count`: a count against the balance then (`expected`); a difference carries its reason and words.
 * - `medicine_closed`: a count's discrepancy closed by a manager; once per count (`medicine_closed:<countId>`).
 * - `medicine_out`: handed back, closing the medicine's custody; once per medicine (`medicine_out:<custodyId>`).
 */
import { z } from "zod";
import { DISCREPANCY_REASONS, type DiscrepancyReason } from "../../domain/custody-reasons.ts";
import { COUNT_UNITS, type CountUnit, MEDICINE_WORDS_MAX } from "../../domain/custody-units.ts";
import { atFirstUse } from "../../first-use.ts";
import { medicineItemKey } from "../items.ts";
import { date, defineKind, id, words } from "./kind.ts";

const schemas = atFirstUse(() => {
  const name = words(200);
  const note = words(500);
  const quantity = z.number().finite().min(0).max(1_000_000);
  const counter = z.object({ userId: z.string().max(40).optional(), userName: name });

  const inBody = z.object({
    /** The plan's medicine it supplies (never the meal). */
    item: medicineItemKey(),
    label: words(MEDICINE_WORDS_MAX),
    strength: words(MEDICINE_WORDS_MAX).optional(),
    unit: z.enum(COUNT_UNITS as [CountUnit, ...CountUnit[]]),
    per: z.object({ amount: z.number().positive().max(100_000), unit: z.enum(["iu", "ml"]) }).optional(),
    quantity: quantity.positive(),
    ownerNameChecked: z.boolean(),
    expiry: date().optional(),
    openedOn: date().optional(),
    discardDays: z.number().int().min(1).max(3650).optional(),
    storage: z.enum(["fridge", "room"]),
    controlled: z.boolean(),
    highAlert: z.boolean(),
    by: counter,
    witness: counter.optional(),
    note: note.optional(),
  });
  const countBody = z.object({
    custodyId: id(),
    counted: quantity,
    expected: quantity.optional(),
    by: counter,
    witness: counter.optional(),
    reason: z.enum(DISCREPANCY_REASONS as [DiscrepancyReason, ...DiscrepancyReason[]]).optional(),
    note: note.optional(),
  });
  const closedBody = z.object({ countId: id(), note, by: counter });
  const outBody = z.object({
    custodyId: id(),
    quantity,
    to: name,
    by: counter,
    witness: counter.optional(),
    note: note.optional(),
  });
  return { inBody, countBody, closedBody, outBody };
});

export const medicineIn = defineKind({
  name: "medicine_in",
  version: 1,
  words: "a medicine counted in",
  body: () => schemas().inBody,
});
export const medicineCount = defineKind({
  name: "medicine_count",
  version: 1,
  words: "a medicine's count",
  body: () => schemas().countBody,
});
export const medicineClosed = defineKind({
  name: "medicine_closed",
  version: 1,
  words: "a count's discrepancy closed",
  body: () => schemas().closedBody,
});
export const medicineOut = defineKind({
  name: "medicine_out",
  version: 1,
  words: "a medicine handed back",
  body: () => schemas().outBody,
});
