/**
 * A welfare list as one record holds it (its body at most 1,000,000 characters: src/record/schema.ts):
 * each pet's name and room whole, as a round's sheet keeps them (issue 47), and each line naming a
 * booking's pets not matched whole. Only a list longer than a record holds (hundreds of pets, each
 * with a name and a room of thousands of characters) keeps its long ones shortened, each saying how
 * long it was and where it is whole (src/record/entry-room.ts `keptInEntry`), never cut silently.
 */

import { firstChars } from "../domain/text.ts";
import { keptInEntry } from "../record/entry-room.ts";
import { PET_NAME_MAX } from "../record/kinds/round-pet.ts";
import { WELFARE_UNLISTED_MAX } from "../record/kinds/welfare.ts";

/** What a list's pets and lines may take of a record's 1,000,000 characters (the rest: its other fields). */
export const LIST_CHARS = 900_000;
/** The lengths long names (and lines) are shortened to, each tried in turn until the list fits. */
const SHORTER = [200, 120] as const;

interface Named {
  name: string;
  room?: string;
}

/** The pets and lines of a list, whole when they fit one record, else their long words shortened and marked. */
export function withinRecord<P extends Named>(
  pets: P[],
  unlisted: string[],
): { pets: P[]; unlisted: string[] } {
  // A name past PET_NAME_MAX is kept by no record (a round's sheet refuses it): only it is cut.
  const whole = {
    pets: pets.map((p) => ({
      ...p,
      name: firstChars(p.name, PET_NAME_MAX),
      ...(p.room !== undefined ? { room: firstChars(p.room, PET_NAME_MAX) } : {}),
    })),
    unlisted: unlisted.map((l) => firstChars(l, WELFARE_UNLISTED_MAX)),
  };
  let fitted = whole;
  for (const max of SHORTER) {
    if (JSON.stringify(fitted).length <= LIST_CHARS) return fitted;
    fitted = {
      pets: whole.pets.map((p) => ({
        ...p,
        name: keptInEntry(p.name, max),
        ...(p.room !== undefined ? { room: keptInEntry(p.room, max) } : {}),
      })),
      unlisted: whole.unlisted.map((l) => keptInEntry(l, 2 * max)),
    };
  }
  return fitted;
}
