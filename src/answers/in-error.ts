/**
 * A dose put right as recorded in error (the wrong pet, the wrong dose) from the "Record each…"
 * form: refused for a medicine in custody (counted in, issue 49), whose register counts each dose
 * taken from its pack. Its register is put right by what happened and a count, never by striking a
 * dose out of it.
 */
import type { Deps } from "../deps.ts";
import type { ItemKey, Outcome } from "../record/types.ts";
import { IN_CUSTODY_IN_ERROR } from "../words/record.ts";
import { medicineInOf } from "./custody-kinds.ts";

/** The form's errors, on each item put right as recorded in error that is a medicine in custody. */
export async function inErrorRefusals(
  deps: Pick<Deps, "record">,
  pet: { bookingId: number; petId: number },
  choices: ReadonlyArray<{ item: ItemKey; outcome: Outcome }>,
): Promise<Record<string, string>> {
  const items = new Set(choices.filter((c) => c.outcome === "in_error").map((c) => c.item as string));
  if (items.size === 0 || !deps.record) return {};
  const counted = await deps.record.log({ kind: "medicine_in", bookingId: pet.bookingId, petId: pet.petId });
  const held = new Set<string>(counted.map((r) => medicineInOf(r)?.item ?? ""));
  return Object.fromEntries(
    [...items].filter((i) => held.has(i)).map((i) => [`it:${i}`, IN_CUSTODY_IN_ERROR]),
  );
}
