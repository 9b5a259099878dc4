/**
 * The bounds of what medicine custody's forms write, read from the care record's own kinds
 * (src/record/kinds/custody.ts): one source, so a form refuses at its field what the record would
 * refuse, says the bound, and keeps what was typed.
 */
import { atFirstUse } from "../first-use.ts";
import { medicineClosed, medicineCount, medicineIn, medicineOut } from "../record/kinds/custody.ts";

type Bounded = { maxValue?: number | null; maxLength?: number | null; minValue?: number | null };
/** A bound a kind's field carries (a number's most, a text's longest). */
const most = (field: Bounded): number => {
  const n = field.maxValue ?? field.maxLength;
  if (typeof n !== "number" || !Number.isFinite(n)) throw new Error("a custody field without a bound");
  return n;
};

/** The most each custody form's field may hold, as the record keeps it. */
export const custodyBounds = atFirstUse(() => {
  const inBody = medicineIn.body.shape;
  const out = medicineOut.body.shape;
  return {
    /** A quantity counted in (more than 0). */
    countedIn: most(inBody.quantity),
    /** What each pen or vial holds (more than 0). */
    per: most(inBody.per.unwrap().shape.amount),
    /** Days to discard after opening (whole, from the least). */
    discardDays: {
      least: inBody.discardDays.unwrap().minValue ?? 1,
      most: most(inBody.discardDays.unwrap()),
    },
    /** A quantity counted now. */
    counted: most(medicineCount.body.shape.counted),
    /** A quantity handed back (0 if none). */
    handedBack: most(out.quantity),
    /** The name of who it was handed to. */
    to: most(out.to),
    /** A note, or why a discrepancy is closed. */
    note: Math.min(most(inBody.note.unwrap()), most(medicineClosed.body.shape.note)),
  };
});
