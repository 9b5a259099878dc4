/** Care details of pets, as the front desk needs them: flags for lists, a schedule for a card. */
import { type Booking, MEDICATION_FIELDS, type Pet } from "../kennel/schemas.ts";

export interface Medication {
  /** 1 to 5 */
  n: number;
  morning: string | undefined;
  midday: string | undefined;
  evening: string | undefined;
}

/** Every medication with its morning (the main instruction), midday and evening instructions. */
export function medicationsOf(pet: Pet): Medication[] {
  const out: Medication[] = [];
  MEDICATION_FIELDS.forEach(([am, noon, pm], i) => {
    const morning = pet[am];
    const midday = pet[noon];
    const evening = pet[pm];
    if (morning || midday || evening) out.push({ n: i + 1, morning, midday, evening });
  });
  return out;
}

export interface CareFlags {
  medications: number;
  allergies: boolean;
  diet: boolean;
  medicalNotes: boolean;
}

export function careFlags(pet: Pet): CareFlags {
  return {
    medications: medicationsOf(pet).length,
    allergies: Boolean(pet.allergies),
    diet: Boolean(
      pet.dietaryRequirements ||
        pet.dietaryRequirementsAm ||
        pet.dietaryRequirementsNoon ||
        pet.dietaryRequirementsPm,
    ),
    medicalNotes: Boolean(pet.medicalNotes),
  };
}

/** "💊 2 meds · ⚠️ allergies · 🍽 diet · 🩺 medical notes" (only what applies); "" when nothing. */
export function careLine(flags: CareFlags): string {
  const parts: string[] = [];
  if (flags.medications) parts.push(`💊 ${flags.medications} ${flags.medications === 1 ? "med" : "meds"}`);
  if (flags.allergies) parts.push("⚠️ allergies");
  if (flags.diet) parts.push("🍽 diet");
  if (flags.medicalNotes) parts.push("🩺 medical notes");
  return parts.join(" · ");
}

/** The names in a booking's petNames string ("A & B", "A, B and C"). */
export function splitPetNames(petNames: string | undefined): string[] {
  if (!petNames) return [];
  return petNames
    .split(/\s*(?:,|&|\band\b|\+|\/)\s*/i)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The customer's pets that are on this booking: matched by name (any case); when no name
 * matches and the number of the customer's active pets equals numberOfPets, all of them.
 */
export function petsOnBooking(booking: Booking, customerPets: Pet[]): Pet[] {
  const active = customerPets.filter((p) => !p.deleted);
  const names = splitPetNames(booking.petNames).map((n) => n.toLowerCase());
  const matched = active.filter((p) => p.name && names.includes(p.name.trim().toLowerCase()));
  if (matched.length > 0) return matched;
  if (booking.numberOfPets !== undefined && booking.numberOfPets === active.length) return active;
  return [];
}

export function speciesEmoji(pet: Pet): string {
  const t = (pet.petType ?? "").toLowerCase();
  if (t.includes("cat")) return "🐈";
  if (t.includes("dog")) return "🐕";
  if (t.includes("rabbit")) return "🐇";
  if (t.includes("bird")) return "🐦";
  return "🐾";
}
