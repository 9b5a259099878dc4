/**
 * Care facts in words, the same on every surface (Slack, terminal, connector). Plain text: each
 * renderer escapes and emphasises in its own way.
 */
import type { Medication, Round, RoundMedication } from "../domain/care.ts";
import type { PetFlags } from "../domain/flags.ts";
import type { Pet } from "../kennel/schemas.ts";

/**
 * One medication on one row, its instruction first and then its own midday and evening
 * instructions: "Rimadyl 50 mg, half a tablet · midday: none · evening: half a tablet with dinner".
 * The instruction is never given a time of day: the API gives it none.
 */
export function medicationRow(m: Medication): string {
  const head = m.instruction ?? `Medication ${m.n} (no instruction recorded)`;
  return `${head} · midday: ${m.midday ?? "none"} · evening: ${m.evening ?? "none"}`;
}

/**
 * A medication on a round's sheet (src/domain/care.ts `medicationsFor`): the drug's name, then the
 * instruction in full wherever the sheet shows it, labelled as the instruction (the API gives it no
 * time of day), and what the round does with it.
 */
export function roundMedicationRow(rm: RoundMedication, round: Round): string {
  const m = rm.medication;
  const instruction = `instruction: ${m.instruction ?? "none recorded"}`;
  switch (rm.state) {
    case "given":
      return `${m.name} · ${round}: ${rm.dose}${m.instruction ? ` (${instruction})` : ""}`;
    case "instruction": {
      const later = rm.later.map((l) => `${l.round}: ${l.dose}`).join(" · ");
      return `${m.name} · ${instruction}${later ? ` · later: ${later}` : ""}`;
    }
    case "named":
      return `${m.name} · instruction (its words "${rm.words}" put it on this round): ${m.instruction}`;
    case "no_time":
      return `${m.name} · ${instruction} · no time given: follow the instruction`;
    case "once_a_day":
      return `${m.name} · ${instruction} · once a day: check it was not given already`;
    case "once_elsewhere": {
      const see = `given once a day (see the ${rm.onceAt} sheet)`;
      // The morning sheet carries every instruction in full.
      return round === "morning" ? `${m.name} · ${instruction} · ${see}` : `${m.name} · ${see}`;
    }
    case "other_rounds": {
      const when = [m.midday ? "midday" : "", m.evening ? "evening" : ""].filter(Boolean).join(" and ");
      return `${m.name} · nothing this round (given at ${when})`;
    }
  }
}

/** A pet with no diet on record at all, on a round's sheet: never "nothing this round". */
export const NO_DIET_ON_RECORD = "no diet on record: feed as usual and check the booking";

/** Another round's diet whose words name this round: "from the morning diet ("lunch"): …". */
export function namedDietRow(d: { round: Round; text: string; words: string }): string {
  return `from the ${d.round} diet ("${d.words}"): ${d.text}`;
}

type FlagTone = "medication" | "allergy" | "evaluation" | "grooming" | "diet" | "medical";

export interface FlagWord {
  tone: FlagTone;
  symbol: string;
  text: string;
}

/** Symbols for care; money has its own (see money.ts), so ⚠️ means one thing only. */
const CARE_SYMBOLS: Record<FlagTone, string> = {
  medication: "💊",
  allergy: "⚠️",
  evaluation: "🆕",
  grooming: "✂️",
  diet: "🍽",
  medical: "🩺",
};

/** A pet's flags in words: medications by name, the allergy text, not evaluated, grooming, diet. */
export function flagWords(f: PetFlags): FlagWord[] {
  const out: FlagWord[] = [];
  const add = (tone: FlagTone, text: string) => out.push({ tone, symbol: CARE_SYMBOLS[tone], text });
  // Allergies first: in a line cut short, the one fact that can harm a pet is never the one lost.
  if (f.allergies) add("allergy", `allergies: ${f.allergies}`);
  if (f.medications.length) add("medication", f.medications.join(", "));
  if (f.notEvaluated) add("evaluation", "not evaluated");
  if (f.specialDiet) add("diet", "special diet");
  if (f.medicalNotes) add("medical", "medical notes");
  if (f.grooming) add("grooming", "grooming notes");
  return out;
}

export function speciesEmoji(pet: Pet): string {
  const t = (pet.petType ?? "").toLowerCase();
  if (t.includes("cat")) return "🐈";
  if (t.includes("dog")) return "🐕";
  if (t.includes("rabbit")) return "🐇";
  if (t.includes("bird")) return "🐦";
  return "🐾";
}

export const CARE_NOT_MATCHED = "care details not matched: open the booking";
export const CARE_NOT_LOADED = "care details could not be loaded";
export const NO_CARE_NEEDS = "no medication, allergies or special care recorded";

/** "Evaluation: complete", "not evaluated", "not recorded". */
export function evaluationWords(e: "complete" | "not_complete" | "unknown"): string {
  return e === "complete" ? "complete" : e === "not_complete" ? "not evaluated" : "not recorded";
}

/**
 * Why a booking's care is incomplete, in words, or "" when every pet was matched:
 * "care details not matched: open the booking (Bisquit)". Never nothing when something is unknown.
 */
export function careWarningWords(care: { status: string; unmatched: string[] }): string {
  if (care.status === "not_matched") {
    return `${CARE_NOT_MATCHED}${care.unmatched.length ? ` (${care.unmatched.join(", ")})` : ""}`;
  }
  if (care.status === "not_loaded") return CARE_NOT_LOADED;
  if (care.status === "no_customer") return `${CARE_NOT_LOADED}: no customer on the booking`;
  return "";
}

/** A pet's record state, in words: "🗑 deleted", "📦 archived" (none when current). */
export function petStateWords(pet: Pet): string[] {
  return [pet.deleted ? "🗑 deleted" : "", pet.archived ? "📦 archived" : ""].filter(Boolean);
}

/** What a pet is, in words: species, breed (cross), sex, spayed/neutered, weight, colour; those recorded. */
export function petAboutWords(pet: Pet): string[] {
  return [
    pet.petType,
    pet.breed ? `${pet.breed}${pet.crossBreed ? " (cross)" : ""}` : undefined,
    pet.sex,
    pet.spayed ? `spayed/neutered: ${pet.spayed}` : undefined,
    pet.weight,
    pet.colour,
  ].filter((x): x is string => Boolean(x));
}
