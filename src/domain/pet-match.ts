/**
 * A booking's pets, matched to the customer's pet records (where the care facts are).
 *
 * The booking names its pets in one free-text string (`petNames`), which staff type as they like:
 * "Biscuit (Labrador)", "Biscuit & Pepper", "biscuit", "Chloé" for a pet recorded as "Chloe",
 * "Biscuit - 2 dogs". The rule never borrows a pet: care is shown only for a record whose name
 * the booking names.
 * 1. Names are compared as words: case, accents and punctuation ignored, so "Max" never matches
 *    "Maxwell", and "Daisy" never matches "Bonnie".
 * 2. The string is cut into parts at `,` `&` `+` `/` `;` and the word "and"; words in brackets are
 *    a note, not a pet. A customer's pet is on the booking when its name's words appear in a part.
 * 3. Every part that names no pet of the customer is reported, whatever `numberOfPets` says
 *    ("Scout & Daisy" with one pet booked and only Scout on record: Daisy is reported). A customer
 *    with one pet is no exception: a booking for "Daisy" is not Bonnie's.
 * 4. A string that names no pet at all ("2 dogs", or nothing) matches nobody: the answer says
 *    "care details not matched", never a guess from the pet count.
 * 5. Species words are respected: a part that says "dog" (or "cat") is not matched to a record of
 *    the other species ("Pepper (cat)" and a dog called Pepper on record: not matched, and why).
 * 6. Fewer pets matched than the booking's count makes the match incomplete too.
 * 7. A name that stands for several of the customer's pets when fewer are booked (two records
 *    called Buster, one booked) is not matched: which one stays cannot be told.
 * 8. A whole name first: a pet whose own name holds a separator ("Salt & Pepper", one cat) is matched
 *    whole where the string names it ("Salt & Pepper", "salt and pepper") before the rest is cut, so
 *    a booking whose numberOfPets is 1 is that one pet, never two unmatched halves.
 * 9. A pet is the customer's: a record in the customer's list whose customerId is another
 *    customer's is never the booking's pet (its care is not shown; the name is reported).
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
const SPECIES: Record<string, "dog" | "cat"> = {
  dog: "dog",
  dogs: "dog",
  puppy: "dog",
  pup: "dog",
  cat: "cat",
  cats: "cat",
  kitten: "cat",
};

const namesSomething = (s: string) =>
  nameWords(s).some((w) => !NOISE.has(w) && !/^\d+$/.test(w) && !/^x\d+$/.test(w));

/** The string cut at the separators that stand outside brackets ("Biscuit (Lab, 3) & Pepper"). */
function splitOutsideBrackets(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = "";
  for (const ch of s) {
    if ("([{".includes(ch)) depth++;
    if (")]}".includes(ch)) depth = Math.max(0, depth - 1);
    if (depth === 0 && /[,&+/;|]/.test(ch)) {
      out.push(current);
      current = "";
      continue;
    }
    current += ch;
  }
  out.push(current);
  return out;
}

interface Part {
  /** The part as written, brackets dropped ("Pepper"). */
  text: string;
  words: string[];
  /** A species the part states, in its words or its brackets ("Pepper [cat]"). */
  species: "dog" | "cat" | undefined;
  /** The pet whose whole name the part is (rule 8). */
  pet?: Pet;
}

/**
 * The parts of petNames that name a pet. A part of counting words only ("2 dogs") names none,
 * unless it is the name of one of `known` (a pet called "Pet 3").
 */
function partsOf(petNames: string | undefined, known: string[][] = []): Part[] {
  if (!petNames) return [];
  const names = (s: string) => namesSomething(s) || known.some((k) => containsWords(nameWords(s), k));
  const out: Part[] = [];
  for (const raw of splitOutsideBrackets(petNames)) {
    const text = raw.replace(BRACKETS, " ").replace(/\s+/g, " ").trim();
    if (!names(text)) continue;
    // Cut at "and" (and the like) too; a species stated anywhere in the raw part holds for each piece.
    for (const piece of text.split(SEPARATORS).map((t) => t.trim())) {
      if (!names(piece)) continue;
      const kinds = new Set(nameWords(raw).flatMap((w) => (SPECIES[w] ? [SPECIES[w]] : [])));
      out.push({
        text: piece,
        words: nameWords(piece),
        species: kinds.size === 1 ? [...kinds][0] : undefined,
      });
    }
  }
  return out;
}

/** A name's tokens for matching a whole name: words as nameWords reads them, "&" and "+" as "and", "," "/" ";" "|" as ",". */
function wholeTokens(s: string): Array<{ token: string; start: number; end: number; depth: number }> {
  const out: Array<{ token: string; start: number; end: number; depth: number }> = [];
  let depth = 0;
  let last = 0;
  for (const m of s.matchAll(/[\p{L}\p{M}\p{N}]+|[&+,/;|]/gu)) {
    for (const ch of s.slice(last, m.index)) {
      if ("([{".includes(ch)) depth++;
      if (")]}".includes(ch)) depth = Math.max(0, depth - 1);
    }
    last = m.index;
    const raw = m[0];
    const token = /^[&+]$/.test(raw) ? "and" : /^[,/;|]$/.test(raw) ? "," : (nameWords(raw)[0] ?? "");
    if (token) out.push({ token, start: m.index, end: m.index + raw.length, depth });
  }
  return out;
}

/** Does a pet's name hold a separator, so that cutting the string would split it ("Salt & Pepper")? */
function isCompound(name: string | undefined): boolean {
  // Most names hold no separator at all: told at once.
  if (name === undefined || !/[&+,/;|]|\band\b/i.test(name) || nameWords(name).length < 2) return false;
  const tokens = wholeTokens(name).map((t) => t.token);
  const word = (t: string | undefined) => t !== undefined && t !== "and" && t !== ",";
  return tokens.some((t) => !word(t)) && word(tokens[0]) && word(tokens.at(-1));
}

/**
 * Rule 8: the customer's pets whose name holds a separator, found whole in petNames (outside
 * brackets), each as a part of its own; and the string with them taken out, to be cut as usual.
 */
function wholeNamed(petNames: string | undefined, pets: Pet[]): { parts: Part[]; rest: string | undefined } {
  if (!petNames) return { parts: [], rest: petNames };
  const compound = pets
    .filter((p) => isCompound(p.name))
    .sort((a, b) => (b.name?.length ?? 0) - (a.name?.length ?? 0));
  let rest = petNames;
  const parts: Part[] = [];
  for (const pet of compound) {
    const want = wholeTokens(pet.name ?? "").map((t) => t.token);
    const have = wholeTokens(rest);
    const at = have.findIndex(
      (_, i) =>
        i + want.length <= have.length &&
        want.every((w, j) => have[i + j]?.token === w && have[i + j]?.depth === 0),
    );
    if (want.length === 0 || at < 0) continue;
    const from = have[at]?.start ?? 0;
    const to = have[at + want.length - 1]?.end ?? from;
    const text = rest.slice(from, to);
    parts.push({ text, words: nameWords(text), species: undefined, pet });
    rest = `${rest.slice(0, from)},${rest.slice(to)}`;
  }
  return { parts, rest };
}

/** The parts of a petNames string that name a pet (brackets and counting words dropped). */
export function namedParts(petNames: string | undefined): string[] {
  return partsOf(petNames).map((p) => p.text);
}

/**
 * A booking that names no pet and counts none (petNames empty, numberOfPets 0): no pet to care for,
 * or a booking entered wrong; never "no special care" (src/domain/day.ts: its care is `no_pets`).
 */
export function hasNoPets(booking: Pick<Booking, "numberOfPets" | "petNames">): boolean {
  return booking.numberOfPets === 0 && !booking.petNames?.trim();
}

/**
 * How many pets a stay brings: its `numberOfPets`; when that is not given (or could not be read),
 * the pets its care matched and named but not matched, else the pets its names name ("Hazel & Nala":
 * 2), else 1. Never fewer than its names say, so a count is not cut by a field left unread. A
 * booking with no pets (`hasNoPets`) counts none, so a day's summary adds up.
 */
export function stayPets(
  booking: Pick<Booking, "numberOfPets" | "petNames">,
  care?: { pets: readonly unknown[]; unmatched: readonly string[] } | undefined,
): number {
  if (booking.numberOfPets !== undefined && booking.numberOfPets > 0) return booking.numberOfPets;
  const cared = care ? care.pets.length + care.unmatched.length : 0;
  if (hasNoPets(booking) && cared === 0) return 0;
  return Math.max(1, cared, namedParts(booking.petNames).length);
}

/** The species a record states (its petType, as words), when it says dog or cat. */
function speciesOf(pet: Pet): "dog" | "cat" | undefined {
  const t = (pet.petType ?? "").toLowerCase();
  if (/\b(dog|canine|puppy)\b/.test(t)) return "dog";
  if (/\b(cat|feline|kitten)\b/.test(t)) return "cat";
  return undefined;
}

function containsWords(haystack: string[], needle: string[]): boolean {
  if (needle.length === 0 || needle.length > haystack.length) return false;
  for (let i = 0; i + needle.length <= haystack.length; i++) {
    if (needle.every((w, j) => haystack[i + j] === w)) return true;
  }
  return false;
}

/** Rule 9: the customer's own pets (a record that names no customer is taken as listed). */
function customersOwn(booking: Booking | ReducedBooking, pets: Pet[]): Pet[] {
  const owner = booking.customerId;
  return pets.filter((p) => owner === undefined || p.customerId === undefined || p.customerId === owner);
}

export function matchPets(booking: Booking | ReducedBooking, customerPets: Pet[]): PetMatch {
  const active = customersOwn(booking, activePets(customerPets));
  const whole = wholeNamed(booking.petNames, active);
  const parts = [
    ...whole.parts,
    ...partsOf(
      whole.rest,
      active.map((p) => nameWords(p.name ?? "")),
    ),
  ];
  const count = booking.numberOfPets;
  if (parts.length === 0) {
    // Rule 4: no name on the booking ("2 dogs"): no pet can be told by its name.
    const written = booking.petNames?.replace(/\s+/g, " ").trim();
    return {
      pets: [],
      unmatched: written ? [`${written}: no pet named`] : [],
      complete: count === 0,
    };
  }
  const matched = new Set<Pet>();
  const unmatched: string[] = [];
  const ambiguous: Array<{ part: string; pets: Pet[] }> = [];
  for (const part of parts) {
    const named = part.pet
      ? [part.pet]
      : active.filter((p) => p.name && containsWords(part.words, nameWords(p.name)));
    // Rule 5: a record of the other species is not the pet the part names.
    const found = named.filter((p) => !part.species || !speciesOf(p) || speciesOf(p) === part.species);
    // A part naming two pets whose names overlap ("Max" and "Max Junior") keeps the longest.
    const longest = Math.max(0, ...found.map((p) => nameWords(p.name ?? "").length));
    const best = found.filter((p) => nameWords(p.name ?? "").length === longest);
    if (best.length === 0) {
      const other = named[0] && speciesOf(named[0]);
      unmatched.push(other ? `${part.text} (${part.species}): on record as a ${other}` : part.text);
    }
    if (best.length > 1) ambiguous.push({ part: part.text, pets: best });
    for (const p of best) matched.add(p);
  }
  // Rule 7: more pets matched than booked means one name stands for several records (two pets
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
