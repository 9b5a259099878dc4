/** Unreadable is not none (issue 20): care the bot cannot read says so, and a list without care is completed. */
import { describe, expect, it } from "vitest";
import { completeCare } from "../../src/answers/care-lookup.ts";
import { careOf } from "../../src/domain/care.ts";
import { flagsOf, hasCareFlag } from "../../src/domain/flags.ts";
import type { KennelClient } from "../../src/kennel/client.ts";
import { careLeftOut, type Pet, readPet, unreadableCareOf } from "../../src/kennel/schemas.ts";
import { careSummaryLines } from "../../src/present/records.ts";
import { flagWords, sheetAlertWords } from "../../src/words/care.ts";
import { captureLogger } from "../helpers/log.ts";

const { log } = captureLogger();

describe("a care field of an unexpected type", () => {
  it("is named, and the pet's care says it could not be read, never 'none recorded'", () => {
    // Before: the allergies field was dropped and the card said "Allergies: none recorded".
    const pet = readPet(
      {
        petId: 7,
        name: "Bonnie",
        allergies: { food: "chicken" },
        medication2: ["Vetmedin"],
        dietaryRequirements: "kibble",
      },
      log,
    ) as Pet;
    expect(unreadableCareOf(pet)).toEqual(["medication2", "allergies"]);
    const care = careOf(pet);
    expect(care.unreadable).toEqual(["medication 2", "allergies"]);
    const f = flagsOf(pet, care);
    expect(hasCareFlag(f)).toBe(true);
    expect(flagWords(f)[0]?.text).toBe("medication 2, allergies could not be read: check the record");
    expect(sheetAlertWords(f)).toContain("❔ medication 2, allergies could not be read: check the record");
  });

  it("a card says allergies not read once, at their field; another field not read is still named", () => {
    const read = (raw: Record<string, unknown>) =>
      careOf(readPet({ petId: 8, name: "Bear", ...raw }, log) as Pet);
    const text = (raw: Record<string, unknown>) =>
      careSummaryLines(read(raw))
        .map((l) =>
          l.map((s) => (typeof s === "string" ? s : ((s as { text?: string }).text ?? ""))).join(""),
        )
        .join("\n");
    const bear = text({ allergies: { food: "chicken" }, dietaryRequirements: "Fish kibble" });
    expect(bear.split("could not be read: check the record")).toHaveLength(2);
    expect(bear).toContain("Allergies: could not be read: check the record");
    const bonnie = text({ allergies: { food: "chicken" }, medication2: ["Vetmedin"] });
    expect(bonnie).toContain("❔ medication 2 could not be read: check the record");
    expect(bonnie).toContain("Allergies: could not be read: check the record");
    expect(bonnie).not.toContain("medication 2, allergies");
  });

  it("a tidy record carries no mark", () => {
    const pet = readPet({ petId: 8, name: "Scout", allergies: "none", medication: "Rimadyl" }, log) as Pet;
    expect(unreadableCareOf(pet)).toEqual([]);
    expect(careLeftOut(pet)).toBe(false);
    expect(careOf(pet).unreadable).toEqual([]);
  });
});

describe("a pet list that leaves the care fields out", () => {
  const listed = readPet({ petId: 9, name: "Daisy", breed: "Collie" }, log) as Pet;
  const full: Pet = { petId: 9, name: "Daisy", medication: "Insulin 4 units", medicationPm: "4 units" };

  it("is completed from /pets/{id} before anything says 'no care'", async () => {
    // Before: every card read "no medication" while /pet 9 showed the insulin.
    expect(careLeftOut(listed)).toBe(true);
    const asked: number[] = [];
    const kennel = {
      getPet: async (id: number) => {
        asked.push(id);
        return { data: full, requestId: "r1" };
      },
    } as unknown as KennelClient;
    const tidy: Pet = { petId: 10, name: "Rolo", dietaryRequirements: "kibble" };
    const pets = await completeCare({ kennel, log }, [listed, tidy]);
    expect(asked).toEqual([9]);
    expect(pets).toEqual([full, tidy]);
    expect(flagsOf(pets[0] as Pet).medications).toEqual(["Insulin 4 units"]);
  });

  it("when /pets/{id} fails, the pet's care says it could not be read", async () => {
    const kennel = {
      getPet: async () => {
        throw new Error("down");
      },
    } as unknown as KennelClient;
    const [pet] = await completeCare({ kennel, log }, [listed]);
    const f = flagsOf(pet as Pet);
    expect(hasCareFlag(f)).toBe(true);
    expect(flagWords(f)[0]?.text).toBe(
      "its care (the record came without it) could not be read: check the record",
    );
  });
});
