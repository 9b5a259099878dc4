/**
 * The care facts of a pet, exactly as the API gives them (docs/kennel-api.md, "Pet"):
 * - diet: general, morning, midday and evening (dietaryRequirements, …Am, …Noon, …Pm);
 * - medication 1 to 5: `medicationN` is the medication's instruction (the API gives it no time of
 *   day), `medicationNNoon` and `medicationNPm` are that medication's midday and evening
 *   instructions. The instruction is never relabelled with a time of day.
 * - allergies, medical notes, grooming notes, notes, evaluation.
 */
import { MEDICATION_FIELDS, type Pet } from "../kennel/schemas.ts";
import { onceADay, onceADayRound, roundsNamed } from "./round-words.ts";
import { shorten } from "./text.ts";

export type Round = "morning" | "midday" | "evening";
export const ROUNDS: readonly Round[] = ["morning", "midday", "evening"];

export interface Medication {
  /** 1 to 5: which of the API's five medication slots. */
  n: number;
  /** A short name for lists ("Rimadyl 50 mg"), from the instruction; "medication N" when none. */
  name: string;
  /** The instruction (`medicationN`), with no time of day. */
  instruction: string | undefined;
  /** The midday instruction (`medicationNNoon`). */
  midday: string | undefined;
  /** The evening instruction (`medicationNPm`). */
  evening: string | undefined;
}

export interface Diet {
  general: string | undefined;
  morning: string | undefined;
  midday: string | undefined;
  evening: string | undefined;
}

type Evaluation = "complete" | "not_complete" | "unknown";

export interface CareFacts {
  diet: Diet;
  medications: Medication[];
  allergies: string | undefined;
  medicalNotes: string | undefined;
  groomingNotes: string | undefined;
  notes: string | undefined;
  evaluation: Evaluation;
  evaluationDate: string | undefined;
  evaluationNotes: string | undefined;
}

/** Words that say a value is no value ("none", "n/a", "-"): not a care fact. */
const NOTHING = /^\s*(none|nil|n\/?a|no|-+|—|\.)\s*$/i;
const fact = (v: string | undefined) => (v === undefined || NOTHING.test(v) ? undefined : v.trim());

/**
 * The drug's short name from its instruction: the words before the first comma, semicolon, dash
 * or parenthesis ("Rimadyl 50 mg, half a tablet" → "Rimadyl 50 mg"), cut cleanly to 32 characters.
 */
export function drugName(instruction: string): string {
  const head = instruction.split(/\s*(?:[,;:(]|\s[-–—]\s)\s*/)[0]?.trim() || instruction.trim();
  return shorten(head, 32);
}

function medicationsOf(pet: Pet): Medication[] {
  const out: Medication[] = [];
  MEDICATION_FIELDS.forEach(([main, noon, pm], i) => {
    const instruction = fact(pet[main]);
    const midday = fact(pet[noon]);
    const evening = fact(pet[pm]);
    if (!instruction && !midday && !evening) return;
    const n = i + 1;
    out.push({
      n,
      name: instruction ? drugName(instruction) : `medication ${n}`,
      instruction,
      midday,
      evening,
    });
  });
  return out;
}

export function careOf(pet: Pet): CareFacts {
  const ev = pet.evaluationComplete;
  return {
    diet: {
      general: fact(pet.dietaryRequirements),
      morning: fact(pet.dietaryRequirementsAm),
      midday: fact(pet.dietaryRequirementsNoon),
      evening: fact(pet.dietaryRequirementsPm),
    },
    medications: medicationsOf(pet),
    allergies: fact(pet.allergies),
    medicalNotes: fact(pet.medicalNotes),
    groomingNotes: fact(pet.groomingNotes),
    notes: fact(pet.notes),
    // ASSUMPTION: evaluationComplete is an integer (the spec: "evaluation completion value");
    // 0 means not complete, any other number complete.
    evaluation: ev === undefined ? "unknown" : ev === 0 ? "not_complete" : "complete",
    evaluationDate: pet.evaluationCompleteDate,
    evaluationNotes: fact(pet.evaluationCompleteNotes),
  };
}

export function hasAnyDiet(diet: Diet): boolean {
  return Boolean(diet.general || diet.morning || diet.midday || diet.evening);
}

/**
 * Words that mark a diet as one to get right: a restriction, a prescription or sensitivity food,
 * raw feeding (kept and handled apart), hand-feeding. The owner's own food and warm water are
 * ordinary and not marked.
 */
const MARKED =
  /\b(only|no|not|never|avoid|prescription|hypo-?allergenic|sensitive|allerg\w*|intoleran\w*|renal|kidney|diabet\w*|grain[\s-]?free|gluten|raw|must|hand[\s-]?fe\w+|medicated|vet)\b|!/i;

/**
 * A special diet: one that carries a marked instruction (a restriction, prescription food, raw).
 * Different food morning and evening, or a midday snack, is ordinary: a flag on nearly every entry
 * would carry nothing (the rounds show every feed anyway).
 */
export function isSpecialDiet(diet: Diet): boolean {
  return [diet.general, diet.morning, diet.midday, diet.evening].some(
    (d) => d !== undefined && MARKED.test(d),
  );
}

/** The diet of one round, and the general diet. */
export function dietFor(
  diet: Diet,
  round: Round,
): { round: string | undefined; general: string | undefined } {
  return { round: diet[round], general: diet.general };
}

/**
 * A medication as one round's sheet shows it. Every medication is on every round's sheet; `due`
 * says whether it is to be given (or its instruction followed) this round: the care record's "what
 * is due". The API has no morning field: the instruction (`medicationN`) is where a morning dose is
 * written, so the morning sheet carries every instruction in full.
 * - `given`: this round's own instruction (the midday or evening field). Due.
 * - `instruction`: morning round, a medication with an instruction and timed fields: the instruction
 *   in full, then what is due later. Due (follow the instruction).
 * - `named`: no field for this round, but the instruction's words name it ("with lunch", "at
 *   bedtime", "twice daily", "every 8 hours"; src/domain/round-words.ts). Due. In the morning only
 *   for an instruction with no timed field (else `instruction`, which shows it in full anyway).
 * - `no_time`: only an instruction, with no time of day and no words naming this round: in every
 *   round, "no time given: follow the instruction". Due.
 * - `once_a_day`: only an instruction, which says once a day ("once daily", "SID"): due on one
 *   round only, the one its words name, else the morning (`onceAt`). Due, "check it was not given".
 * - `once_elsewhere`: that once-a-day medication on the other rounds: it points to `onceAt`'s sheet
 *   (in the morning with the instruction in full). Not due.
 * - `other_rounds`: fields for other rounds only and no word naming this one: "nothing this round".
 *   Not due. Never in the morning for a medication with an instruction.
 */
export interface RoundMedication {
  medication: Medication;
  state: "given" | "instruction" | "named" | "no_time" | "once_a_day" | "once_elsewhere" | "other_rounds";
  /** To be given (or its instruction followed) this round. */
  due: boolean;
  /** This round's own instruction, when `given`. */
  dose: string | undefined;
  /** The instruction's words that put it on this round ("at bedtime", "once daily"): `named`, `once_a_day`. */
  words: string | undefined;
  /** The round whose sheet carries a once-a-day medication: `once_a_day`, `once_elsewhere`. */
  onceAt: Round | undefined;
  /** Morning round: the medication's own instructions for later rounds. */
  later: Array<{ round: Round; dose: string }>;
}

/**
 * Each medication on one round's sheet (see `RoundMedication`). `words: false` is the plain rule,
 * without the round words: the words only ever add to a sheet (tested against it).
 */
export function medicationsFor(
  medications: Medication[],
  round: Round,
  options: { words: boolean } = { words: true },
): RoundMedication[] {
  return medications.map((m) => {
    const base = { medication: m, dose: undefined, words: undefined, onceAt: undefined, later: [] };
    const timed = Boolean(m.midday || m.evening);
    const dose = round === "midday" ? m.midday : round === "evening" ? m.evening : undefined;
    if (dose) return { ...base, state: "given", due: true, dose };
    const once = options.words && !timed ? onceADay(m.instruction) : undefined;
    if (m.instruction && once) {
      const onceAt = onceADayRound(m.instruction);
      return onceAt === round
        ? { ...base, state: "once_a_day", due: true, words: once, onceAt }
        : { ...base, state: "once_elsewhere", due: false, words: once, onceAt };
    }
    const named = options.words ? roundsNamed(m.instruction)[round] : undefined;
    if (round === "morning" && m.instruction) {
      if (!timed) {
        return named
          ? { ...base, state: "named", due: true, words: named }
          : { ...base, state: "no_time", due: true };
      }
      const later = (["midday", "evening"] as const).flatMap((r) => {
        const d = m[r];
        return d ? [{ round: r, dose: d }] : [];
      });
      return { ...base, state: "instruction", due: true, later };
    }
    if (named) return { ...base, state: "named", due: true, words: named };
    if (!timed) return { ...base, state: "no_time", due: true };
    return { ...base, state: "other_rounds", due: false };
  });
}
