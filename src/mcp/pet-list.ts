/**
 * A page of pets as the connector gives it (list_pets, list_customer_pets): /pet's list (owner,
 * breed, sex, age, pet id), each pet with its care flags under it as a day's list shows them
 * (medication by name, allergies, not evaluated, special diet, a fast, notes that carry danger), or
 * that it has none: what the tools' descriptions promise, in the text as in the structured content.
 */
import type { PetSearch } from "../answers/records.ts";
import type { PetCare } from "../domain/day.ts";
import type { ChannelSafe } from "../domain/privacy.ts";
import { entryCareLines } from "../present/care.ts";
import type { Doc, Part } from "../present/doc.ts";
import { petListDoc } from "../present/pets.ts";

/** /pet's list with each pet's care lines under its own (the items in the list's order). */
export function petListWithCare(l: PetSearch & { items: Array<Partial<PetCare>> }): Doc {
  const doc = petListDoc(l);
  let n = 0;
  const parts = doc.parts.map((p): Part => {
    if (p.kind !== "item") return p;
    const item = l.items[n++];
    if (!item?.care || !item.flags || !item.pet) return p;
    const care = { status: "matched" as const, pets: [item as PetCare], unmatched: [] };
    return { ...p, lines: [...p.lines, ...entryCareLines(care as ChannelSafe<typeof care>)] };
  });
  return { ...doc, parts };
}
