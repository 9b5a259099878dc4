import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { matchPets, namedParts } from "../../src/domain/pet-match.ts";
import type { Pet } from "../../src/kennel/schemas.ts";

const seed = Number(process.env.FC_SEED ?? 20261123);

const customer: Pet[] = [
  { petId: 1, name: "Biscuit" },
  { petId: 2, name: "Pepper" },
  { petId: 3, name: "Chloe" },
  { petId: 4, name: "Max" },
  { petId: 5, name: "Maxwell" },
];
const ids = (pets: Pet[]) => pets.map((p) => p.petId).sort();

describe("matching a booking's pets to the customer's records", () => {
  it.each([
    ["Biscuit (Labrador)", 1, [1]],
    ["Biscuit & Pepper", 2, [1, 2]],
    ["biscuit", 1, [1]],
    ["Chloé", 1, [3]],
    ["Biscuit, Pepper and Chloe", 3, [1, 2, 3]],
    ["Biscuit/Pepper", 2, [1, 2]],
    ["Biscuit + Pepper", 2, [1, 2]],
    ["Max", 1, [4]],
    ["Maxwell", 1, [5]],
    ["  PEPPER!! ", 1, [2]],
  ])("%s → the right pets, complete", (petNames, numberOfPets, expected) => {
    const m = matchPets({ petNames, numberOfPets }, customer);
    expect(ids(m.pets)).toEqual(expected);
    expect(m.complete).toBe(true);
  });

  it("a name the customer's records do not have is reported, never silently dropped", () => {
    const m = matchPets({ petNames: "Biscuit & Bisky", numberOfPets: 2 }, customer);
    expect(ids(m.pets)).toEqual([1]);
    expect(m.unmatched).toEqual(["Bisky"]);
    expect(m.complete).toBe(false);
  });

  it("fewer pets matched than the booking's count is incomplete ('Biscuit - 2 dogs')", () => {
    const m = matchPets({ petNames: "Biscuit - 2 dogs", numberOfPets: 2 }, customer);
    expect(ids(m.pets)).toEqual([1]);
    expect(m.complete).toBe(false);
  });

  it("one pet booked and one pet on record is not a match when the names differ: Daisy is not Bonnie", () => {
    // Before: the customer's only pet was taken, whatever the name, and Bonnie's Vetmedin was shown for Daisy.
    const bonnie: Pet = { petId: 9, name: "Bonnie", medication: "Vetmedin 5 mg" };
    const m = matchPets({ petNames: "Daisy", numberOfPets: 1 }, [bonnie]);
    expect(m.pets).toEqual([]);
    expect(m.unmatched).toEqual(["Daisy"]);
    expect(m.complete).toBe(false);
    expect(matchPets({ petNames: "the little one", numberOfPets: 1 }, [bonnie]).pets).toEqual([]);
    expect(ids(matchPets({ petNames: "BONNIE", numberOfPets: 1 }, [bonnie]).pets)).toEqual([9]);
  });

  it("every part naming no pet is reported, whatever numberOfPets says: 'Scout & Daisy' with one pet booked", () => {
    const m = matchPets({ petNames: "Scout & Daisy", numberOfPets: 1 }, [{ petId: 1, name: "Scout" }]);
    expect(ids(m.pets)).toEqual([1]);
    expect(m.unmatched).toEqual(["Daisy"]);
    expect(m.complete).toBe(false);
  });

  it("a string that names no pet ('2 dogs') matches nobody, and says so", () => {
    const dogAndCat: Pet[] = [
      { petId: 1, name: "Rex", petType: "Dog" },
      { petId: 2, name: "Tibbles", petType: "Cat" },
    ];
    const m = matchPets({ petNames: "2 dogs", numberOfPets: 2 }, dogAndCat);
    expect(m.pets).toEqual([]);
    expect(m.unmatched).toEqual(["2 dogs: no pet named"]);
    expect(m.complete).toBe(false);
    // No names at all: nothing is guessed from the count either.
    expect(matchPets({ numberOfPets: 2 }, dogAndCat)).toEqual({ pets: [], unmatched: [], complete: false });
  });

  it("species words are respected: 'Pepper (cat)' is not the dog called Pepper", () => {
    const m = matchPets({ petNames: "Biscuit & Pepper (cat)", numberOfPets: 2 }, [
      { petId: 1, name: "Biscuit", petType: "Dog" },
      { petId: 2, name: "Pepper", petType: "Dog" },
    ]);
    expect(ids(m.pets)).toEqual([1]);
    expect(m.unmatched).toEqual(["Pepper (cat): on record as a dog"]);
    expect(
      ids(
        matchPets({ petNames: "chloe and biscuit (2 dogs)", numberOfPets: 2 }, [
          { petId: 1, name: "Biscuit", petType: "Dog" },
          { petId: 3, name: "Chloe", petType: "Dog" },
        ]).pets,
      ),
    ).toEqual([1, 3]);
  });

  it("deleted pets are never matched", () => {
    const m = matchPets({ petNames: "Rolo", numberOfPets: 1 }, [
      { petId: 9, name: "Rolo", deleted: true },
      { petId: 10, name: "Ted" },
    ]);
    expect(m.pets).toEqual([]);
    expect(m.complete).toBe(false);
  });

  it("words in brackets and counting words are not pets", () => {
    expect(namedParts("Biscuit (Labrador, 3 yrs) & Pepper [cat]")).toEqual(["Biscuit", "Pepper"]);
    expect(namedParts("2 dogs")).toEqual([]);
  });

  it("property: any petNames built from the customer's names plus noise matches each named pet, or says not matched", () => {
    const names = ["Biscuit", "Pepper", "Chloé", "Mr Whiskers", "Ölli", "Bo", "Max", "Maxwell"];
    const pets: Pet[] = names.map((name, i) => ({ petId: i + 1, name: name.normalize("NFC") }));
    const variant = fc
      .tuple(fc.constantFrom(...names), fc.constantFrom("lower", "upper", "asis", "noaccent"))
      .map(([n, how]) => {
        if (how === "lower") return n.toLowerCase();
        if (how === "upper") return n.toUpperCase();
        if (how === "noaccent") return n.normalize("NFKD").replace(/\p{M}/gu, "");
        return n;
      });
    const sep = fc.constantFrom(", ", " & ", " and ", "/", " + ", ",");
    const noise = fc.constantFrom("", " (Labrador)", " [cat]", "!", " ", "  ", " (3 yrs)");
    const bookingPets = fc.uniqueArray(fc.tuple(variant, noise), {
      minLength: 1,
      maxLength: 4,
      selector: ([v]) => v.toLowerCase(),
    });
    fc.assert(
      fc.property(bookingPets, sep, fc.constantFrom("", " - 2 dogs", " x2", " (both)"), (parts, s, tail) => {
        const petNames = parts.map(([v, n]) => `${v}${n}`).join(s) + tail;
        const m = matchPets({ petNames, numberOfPets: parts.length }, pets);
        for (const [v] of parts) {
          const target = pets.find(
            (p) =>
              (p.name as string).normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase() ===
              v.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase(),
          );
          const named = target !== undefined && m.pets.includes(target);
          // Every named pet is matched, or the entry carries the warning.
          expect(named || !m.complete).toBe(true);
        }
      }),
      { seed, numRuns: 2000 },
    );
  });
});

describe("a name that stands for several records", () => {
  it("two pets called Buster on record, one booked: not matched, and says why", () => {
    const m = matchPets({ petNames: "Buster", numberOfPets: 1 }, [
      { petId: 1, name: "Buster", allergies: "grass" },
      { petId: 2, name: "Buster", allergies: "flea treatment" },
    ]);
    expect(m.pets).toEqual([]);
    expect(m.complete).toBe(false);
    expect(m.unmatched).toEqual(["Buster: 2 pets of that name on record"]);
  });

  it("both booked: both matched", () => {
    const m = matchPets({ petNames: "Buster & Buster", numberOfPets: 2 }, [
      { petId: 1, name: "Buster" },
      { petId: 2, name: "Buster" },
    ]);
    expect(m.pets.map((p) => p.petId)).toEqual([1, 2]);
    expect(m.complete).toBe(true);
  });
});

describe("property: matching never borrows a pet", () => {
  /** The oracle, apart from the code: a pet's name, as whole words, somewhere in petNames. */
  const norm = (s: string) =>
    ` ${s
      .normalize("NFKD")
      .replace(/\p{M}+/gu, "")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim()} `;
  const pool = ["Bonnie", "Daisy", "Scout", "Max", "Maxwell", "Chloé", "Mr Whiskers", "Bo", "Dog", "Pepper"];

  it("for any petNames and any customer's pets, no care is shown for a pet whose name is not booked", () => {
    const pet = fc.record({
      name: fc.option(fc.oneof(fc.constantFrom(...pool), fc.string({ maxLength: 8 })), { nil: undefined }),
      petType: fc.option(fc.constantFrom("Dog", "Cat", "Rabbit"), { nil: undefined }),
      deleted: fc.boolean(),
    });
    const pets = fc
      .array(pet, { maxLength: 5 })
      .map((ps) => ps.map((p, i) => ({ ...p, petId: i + 1 }) as Pet));
    const token = fc.oneof(
      fc.constantFrom(...pool, "2 dogs", "the little one", "(Labrador)", "[cat]", "x2", "dogs", ""),
      fc.string({ maxLength: 6 }),
    );
    const petNames = fc.option(
      fc
        .array(fc.tuple(token, fc.constantFrom(", ", " & ", " and ", "/", " ", " - ")), { maxLength: 4 })
        .map((ts) => ts.map(([t, s]) => t + s).join("")),
      { nil: undefined },
    );
    fc.assert(
      fc.property(
        petNames,
        pets,
        fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }),
        (names, ps, n) => {
          const m = matchPets({ petNames: names, numberOfPets: n }, ps);
          for (const p of m.pets) {
            expect(p.deleted).toBeFalsy();
            expect(norm(p.name ?? "").trim()).not.toBe("");
            expect(norm(names ?? "")).toContain(norm(p.name ?? ""));
          }
          // A shown pet is never mixed silently with one left out: fewer shown than booked says so.
          if (n !== undefined && m.pets.length < n) expect(m.complete).toBe(false);
        },
      ),
      { seed, numRuns: 3000 },
    );
  });
});
