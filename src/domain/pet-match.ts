/**
 * A booking's pets, matched to the customer's pet records (where the care facts are).
 *
 * The booking names its pets in one free-text string (`petNames`), which staff type as they like:
 * "Biscuit (Labrador)", "Biscuit & Pepper", "biscuit", "Chloé" for a pet recorded as "Chloe",
 * "Biscuit - 2 dogs". The rule:
 * 1. Names are compared as words: case, accents and punctuation ignored, so "Max" never matches
 *    "Maxwell".
 * 2. The string is cut into parts at `,` `&` `+` `/` `;` and the word "and"; words in brackets are
 *    a note, not a pet. A customer's pet is on the booking when its name's words appear in a part.
 * 3. When the booking has one pet and the customer has one pet, that is the match whatever the
 *    string says; when the string is empty and the booking's pet count equals the customer's
 *    number of pets, all of them.
 * 4. A part that matches no pet, or fewer pets matched than the booking's count, makes the match
 *    incomplete: the answer then says "care details not matched", never nothing.
 * 5. A name that stands for several of the customer's pets when fewer are booked (two records
 *    called Buster, one booked) is not matched: which one stays cannot be told.
 */
import type { Booking, Pet, ReducedBooking } from "../kennel/schemas.ts";
import { activePets } from "./customers.ts";

export interface PetMatch {
  /** The customer's pets that are on the booking. */
  pets: Pet[];
  /** Parts of `petNames` that name no pet of the customer, as written. */
  unmatched: string[];
  /** Every pet on the booking was matched to a record. */
  complete: boolean;
}

/** Lower case, accents off, anything not a letter or digit as a space. */
function nameWords(s: string): string[] {
  return s
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .split(" ")
    .filter(Boolean);
}

const SEPARATORS = /\s*(?:[,&+/;|]|\band\b|\bund\b|\bet\b|\by\b)\s*/i;
const BRACKETS = /\([^)]*\)|\[[^\]]*\]|\{[^}]*\}/g;
/** Words that describe rather than name: "2 dogs", "the cats", "x2". */
const NOISE = new Set(["dog", "dogs", "cat", "cats", "pet", "pets", "the", "x", "puppy", "kitten", "both"]);

/** The parts of a petNames string that name a pet (brackets and counting words dropped). */
export function namedParts(petNames: string | undefined): string[] {
  if (!petNames) return [];
  return petNames
    .replace(BRACKETS, " ")
    .split(SEPARATORS)
    .map((s) => s.trim())
    .filter((s) => nameWords(s).some((w) => !NOISE.has(w) && !/^\d+$/.test(w) && !/^x\d+$/.test(w)));
}

function containsWords(haystack: string[], needle: string[]): boolean {
  if (needle.length === 0 || needle.length > haystack.length) return false;
  for (let i = 0; i + needle.length <= haystack.length; i++) {
    if (needle.every((w, j) => haystack[i + j] === w)) return true;
  }
  return false;
}

export function matchPets(booking: Booking | ReducedBooking, customerPets: Pet[]): PetMatch {
  const active = activePets(customerPets);
  const parts = namedParts(booking.petNames);
  const count = booking.numberOfPets;
  // Rule 3: one pet booked, one pet on record (unless the name is that of another, deleted, record).
  const namesOther = (p: Pet) =>
    p !== active[0] &&
    p.name !== undefined &&
    parts.some((part) => containsWords(nameWords(part), nameWords(p.name ?? "")));
  if (
    active.length === 1 &&
    (count === 1 || (count === undefined && parts.length <= 1)) &&
    !customerPets.some(namesOther)
  ) {
    return { pets: active, unmatched: [], complete: true };
  }
  if (parts.length === 0) {
    if (count !== undefined && count > 0 && count === active.length) {
      return { pets: active, unmatched: [], complete: true };
    }
    return { pets: [], unmatched: [], complete: count === 0 };
  }
  const matched = new Set<Pet>();
  const unmatched: string[] = [];
  const ambiguous: Array<{ part: string; pets: Pet[] }> = [];
  for (const part of parts) {
    const words = nameWords(part);
    const found = active.filter((p) => p.name && containsWords(words, nameWords(p.name)));
    // A part naming two pets whose names overlap ("Max" and "Max Junior") keeps the longest.
    const longest = Math.max(0, ...found.map((p) => nameWords(p.name ?? "").length));
    const best = found.filter((p) => nameWords(p.name ?? "").length === longest);
    if (best.length === 0) unmatched.push(part);
    if (best.length > 1) ambiguous.push({ part, pets: best });
    for (const p of best) matched.add(p);
  }
  // Rule 5: more pets matched than booked means one name stands for several records (two pets
  // called Buster): which one is staying cannot be told, so none of them is shown as its care.
  if (count !== undefined && matched.size > count) {
    for (const a of ambiguous) {
      for (const p of a.pets) matched.delete(p);
      unmatched.push(`${a.part}: ${a.pets.length} pets of that name on record`);
    }
  }
  const pets = active.filter((p) => matched.has(p));
  const complete = unmatched.length === 0 && (count === undefined || pets.length >= count);
  return { pets, unmatched, complete };
}
