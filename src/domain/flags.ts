/**
 * What a list entry says about each pet's care, so the desk can act on it: the medications by
 * name, the allergy text, not evaluated, grooming notes, a special diet (only where it is one),
 * medical notes, notes (and the notes that carry danger, each in full). Flags that would sit on
 * nearly every entry (any diet at all) are not flags.
 */
import type { Pet } from "../kennel/schemas.ts";
import { type CareFacts, careOf, hasAnyDiet, isSpecialDiet } from "./care.ts";
import type { FastingTimes } from "./fasting.ts";
import { type CareNote, dangerNotes } from "./notes.ts";

export interface PetFlags {
  petId: number | undefined;
  name: string;
  /** Short medication names, in the API's order. */
  medications: string[];
  allergies: string | undefined;
  notEvaluated: boolean;
  grooming: boolean;
  specialDiet: boolean;
  /** No diet recorded at all (general or any round). */
  noDiet: boolean;
  medicalNotes: boolean;
  /** The words that say the pet is fasting ("NIL BY MOUTH – op at 10:00"), as written. */
  fasting: string | undefined;
  /** When the fast applies, as its words state it ("from 8pm": from 20:00). */
  fastingTimes?: FastingTimes | undefined;
  /** Notes or evaluation notes are recorded: "📝 notes". */
  notes?: boolean;
  /** The notes that carry danger (any of notes, evaluation notes, medical notes): a ⚠️ line each. */
  dangerNotes?: CareNote[];
  /** Drugs recorded in two slots: "listed twice: check it is not a double dose". */
  listedTwice: string[];
  /** No allergy recorded, but the medical notes speak of one: their text. */
  allergyInNotes: string | undefined;
  /** Care the bot could not read, in words: "could not be read: check the record". */
  unreadable: string[];
}

export function flagsOf(pet: Pet, care: CareFacts = careOf(pet)): PetFlags {
  const d = care.diet;
  return {
    petId: pet.petId,
    name: pet.name ?? "unnamed pet",
    medications: care.medications.map((m) => m.name),
    allergies: care.allergies,
    notEvaluated: care.evaluation === "not_complete",
    grooming: care.groomingNotes !== undefined,
    specialDiet: isSpecialDiet(d),
    noDiet: !hasAnyDiet(d),
    medicalNotes: care.medicalNotes !== undefined,
    fasting: care.fasting,
    ...(care.fastingTimes ? { fastingTimes: care.fastingTimes } : {}),
    notes: (care.careNotes ?? []).some((n) => n.field !== "medical notes"),
    dangerNotes: dangerNotes(care.careNotes ?? [], care.allergyInNotes),
    listedTwice: care.listedTwice,
    allergyInNotes: care.allergyInNotes,
    unreadable: care.unreadable,
  };
}

/** Does this pet carry any care flag at all (the card's "nothing recorded" line is its negation)? */
export function hasCareFlag(f: PetFlags): boolean {
  return (
    Boolean(f.fasting) ||
    f.unreadable.length > 0 ||
    f.medications.length > 0 ||
    Boolean(f.allergies) ||
    f.notEvaluated ||
    f.grooming ||
    f.specialDiet ||
    f.medicalNotes ||
    f.notes === true ||
    (f.dangerNotes?.length ?? 0) > 0
  );
}

/** Care details the kennel should have before a stay and does not: no diet, not evaluated. */
export function missingCare(f: PetFlags): Array<"no diet" | "not evaluated"> {
  const out: Array<"no diet" | "not evaluated"> = [];
  if (f.noDiet) out.push("no diet");
  if (f.notEvaluated) out.push("not evaluated");
  return out;
}
