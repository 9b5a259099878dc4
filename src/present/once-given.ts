/**
 * A pet's doses on a round's sheet that its confirmed plan gives at this round alone and that were
 * given today at another round (src/answers/once-given.ts): one warning line each under the pet's
 * record, while not recorded here; the pet has no one tap while one stands (Record each… only).
 */
import { type OnceGiven, onceGivenKey } from "../domain/once-given.ts";
import type { DueItem } from "../domain/record.ts";
import type { ItemKey } from "../record/types.ts";
import { onceGivenWords } from "../words/not-due.ts";
import { type Line, toned, whole } from "./doc.ts";

/** The pet's warning lines, one per such dose not recorded at this round; none when it has none. */
export function onceGivenLines(
  pet: { bookingId: number; petId: number; due: readonly DueItem[] },
  given: OnceGiven | undefined,
  current: ReadonlyMap<ItemKey, unknown>,
  timezone: string,
): Line[] {
  if (!given?.size) return [];
  return pet.due.flatMap((d): Line[] => {
    const g = current.has(d.item) ? undefined : given.get(onceGivenKey(pet.bookingId, pet.petId, d.item));
    return g ? [[toned("warn", onceGivenWords(g, timezone, whole(d.label)))]] : [];
  });
}
