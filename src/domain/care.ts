/**
 * The care facts of a pet, exactly as the API gives them (docs/kennel-api.md, "Pet"):
 * - diet: general, morning, midday and evening (dietaryRequirements, …Am, …Noon, …Pm);
 * - medication 1 to 5: `medicationN` is the medication's instruction (the API gives it no time of
 *   day), `medicationNNoon` and `medicationNPm` are that medication's midday and evening
 *   instructions. The instruction is never relabelled with a time of day.
 * - allergies, medical notes, grooming notes, notes, evaluation.
 */
import { careLeftOut, MEDICATION_FIELDS, type Pet, unreadableCareOf } from "../kennel/schemas.ts";
import { drugWords, listedTwice } from "./drug-names.ts";
import { type FastingTimes, fastingTimes, saysFasting } from "./fasting.ts";
import { type CareNote, careNotes } from "./notes.ts";
import { onceADay, onceADayRound, roundsNamed, roundsSaidNot } from "./round-words.ts";
import { offByDays } from "./sheet-days.ts";

export { drugName } from "./drug-names.ts";

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
  /** The API's petType as written ("Dog", "Cat"): the house routine is per species. */
  species?: string | undefined;
  diet: Diet;
  medications: Medication[];
  allergies: string | undefined;
  medicalNotes: string | undefined;
  groomingNotes: string | undefined;
  notes: string | undefined;
  evaluation: Evaluation;
  evaluationDate: string | undefined;
  evaluationNotes: string | undefined;
  /** The words that say the pet is fasting ("NIL BY MOUTH – op at 10:00"), from any diet or note. */
  fasting: string | undefined;
  /** When the fast applies, as its words state it ("from 8pm": from 20:00); undefined: at every round. */
  fastingTimes?: FastingTimes | undefined;
  /** The notes, evaluation notes and medical notes as care: which carry danger, which bear on feeding. */
  careNotes?: CareNote[];
  /** Drugs recorded in two or more slots, by name: "listed twice: check it is not a double dose". */
  listedTwice: string[];
  /** With no allergy recorded, medical notes that speak of one (shown on the sheets as 🩺). */
  allergyInNotes: string | undefined;
  /**
   * Care the bot could not read, in words ("allergies", "medication 2"): never to be shown as
   * "none"; "could not be read: check the record".
   */
  unreadable: string[];
}

/** A care field's name in words: "medication2Pm" → "medication 2 evening", "dietaryRequirementsAm" → "morning diet". */
export function careFieldWords(field: string): string {
  const diet = /^dietaryRequirements(Am|Noon|Pm)?$/.exec(field);
  if (diet) return diet[1] ? `${{ Am: "morning", Noon: "midday", Pm: "evening" }[diet[1]]} diet` : "diet";
  const med = /^medication(\d?)(Noon|Pm)?$/.exec(field);
  if (med) return `medication ${med[1] || "1"}${med[2] ? (med[2] === "Pm" ? " evening" : " midday") : ""}`;
  return field === "medicalNotes" ? "medical notes" : field;
}

/** Care not known for a pet, in words (see CareFacts.unreadable). */
function unreadableOf(pet: Pet): string[] {
  return [
    ...(careLeftOut(pet) ? ["its care (the record came without it)"] : []),
    ...unreadableCareOf(pet).map(careFieldWords),
  ];
}

/**
 * Words that say a value is no value ("none", "n/a", "-"), and the ways staff write that a pet has
 * no known allergy ("None known", "NKA", "no known allergies"): not a care fact.
 */
const NOTHING =
  /^\s*(none|nil|n\/?a|no|none\s+known|none\s+recorded|nka|nkda|no\s+known(\s+drug)?\s+allerg(y|ies)|-+|—|\.)\s*[.!]?\s*$/i;
export const fact = (v: string | undefined) => (v === undefined || NOTHING.test(v) ? undefined : v.trim());

/**
 * A round's diet is kept as written: there "nil", "none" or "no" is an instruction (no food this
 * round), never an empty field to fill with the general diet. Only a bare dash or dot is no value.
 */
export const roundDiet = (v: string | undefined) =>
  v === undefined || /^\s*(-+|—|\.)\s*$/.test(v) ? undefined : v.trim();

/** A round's diet that says no food: "Nil", "none", "No", "no food". */
export function isNoFood(diet: string | undefined): boolean {
  return diet !== undefined && /^\s*(nil|none|no|no food|no feed|nothing)\s*[.!]*\s*$/i.test(diet);
}

/** The first care text that says the pet is fasting, as written; undefined when none does. */
export function fastingIn(texts: Array<string | undefined>): string | undefined {
  return texts.find((t) => t !== undefined && saysFasting(t))?.trim();
}

/**
 * A medication's name: from its instruction when its words name a drug, else from its midday or
 * evening instruction ("Insulin 4 units"), else "medication N".
 */
function medicationName(n: number, texts: Array<string | undefined>): string {
  for (const t of texts) {
    const name = t && drugWords(t);
    if (name) return name;
  }
  return `medication ${n}`;
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
      name: medicationName(n, [instruction, midday, evening]),
      instruction,
      midday,
      evening,
    });
  });
  return out;
}

/** Words in medical notes that speak of an allergy. */
const ALLERGY_WORDS =
  /\b(allerg\w*|anaphyla\w*|intoleran\w*|reacts?\s+(badly\s+)?to|reaction\s+to|sensitive\s+to|epipen)\b/i;

export function careOf(pet: Pet): CareFacts {
  const ev = pet.evaluationComplete;
  const diet: Diet = {
    general: fact(pet.dietaryRequirements),
    morning: roundDiet(pet.dietaryRequirementsAm),
    midday: roundDiet(pet.dietaryRequirementsNoon),
    evening: roundDiet(pet.dietaryRequirementsPm),
  };
  const medications = medicationsOf(pet);
  const allergies = fact(pet.allergies);
  const medicalNotes = fact(pet.medicalNotes);
  const notes = fact(pet.notes);
  const evaluationNotes = fact(pet.evaluationCompleteNotes);
  const fasting = fastingIn([
    diet.morning,
    diet.midday,
    diet.evening,
    diet.general,
    medicalNotes,
    notes,
    evaluationNotes,
  ]);
  const times = fastingTimes(fasting);
  return {
    species: fact(pet.petType),
    diet,
    medications,
    allergies,
    medicalNotes,
    groomingNotes: fact(pet.groomingNotes),
    notes,
    // ASSUMPTION: evaluationComplete is an integer (the spec: "evaluation completion value");
    // 0 means not complete, any other number complete.
    evaluation: ev === undefined ? "unknown" : ev === 0 ? "not_complete" : "complete",
    evaluationDate: pet.evaluationCompleteDate,
    evaluationNotes,
    fasting,
    ...(times ? { fastingTimes: times } : {}),
    careNotes: careNotes({ notes, evaluationNotes, medicalNotes }),
    listedTwice: listedTwice(medications),
    unreadable: unreadableOf(pet),
    allergyInNotes: !allergies && medicalNotes && ALLERGY_WORDS.test(medicalNotes) ? medicalNotes : undefined,
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

/**
 * The diet of one round, and the general diet. A round's "nil", "none" or "no" is shown as written
 * with what it means ("Nil (no food this round)"), and the general diet is then not shown beside
 * it: it would read as food to give.
 */
export function dietFor(
  diet: Diet,
  round: Round,
): { round: string | undefined; general: string | undefined } {
  const own = diet[round];
  if (isNoFood(own)) return { round: `${own} (${NO_FOOD_THIS_ROUND})`, general: undefined };
  return { round: own, general: diet.general };
}

const NO_FOOD_THIS_ROUND = "no food this round";

/** Does this round's diet feed the pet (a diet recorded, and not "nil")? */
export function feedsThisRound(diet: { round: string | undefined; general: string | undefined }): boolean {
  return Boolean((diet.round && !diet.round.endsWith(`(${NO_FOOD_THIS_ROUND})`)) || diet.general);
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
 * - `no_time`: only an instruction, with no time of day and no words naming any round: in every
 *   round, "no time given: follow the instruction". Due.
 * - `named_elsewhere`: only an instruction, whose words name other rounds and not this one ("at
 *   bedtime" at midday, "twice daily" at midday), or that say not this one ("skip PM", `saidNot`):
 *   the instruction in full and the rounds it names (`namedRounds`), not due here, so a bedtime sedative
 *   is neither given nor recorded at lunch by a round's "all given". Due on the rounds named (`named`).
 * - `once_a_day`: only an instruction, which says once a day ("once daily", "SID"): due on one
 *   round only, the one its words name, else the morning (`onceAt`). Due, "check it was not given".
 * - `once_elsewhere`: that once-a-day medication on the other rounds: it points to `onceAt`'s sheet
 *   (in the morning with the instruction in full). Not due.
 * - `other_rounds`: fields for other rounds only and no word naming this one: "nothing this round".
 *   Not due. Never in the morning for a medication with an instruction.
 * - `some_days`, `not_today`: what would be due by the above, but the instruction's days say otherwise
 *   (src/domain/sheet-days.ts: "every other day", "except Sunday" on a Sunday; `words`). Not due.
 */
export interface RoundMedication {
  medication: Medication;
  state:
    | "given"
    | "instruction"
    | "named"
    | "no_time"
    | "named_elsewhere"
    | "once_a_day"
    | "once_elsewhere"
    | "other_rounds"
    | "some_days"
    | "not_today";
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
  /** `named_elsewhere`: the rounds the instruction's words name, and the words. */
  namedRounds?: Partial<Record<Round, string>>;
  /** `named_elsewhere`: the instruction's words that say this round is not given ("skip PM"). */
  saidNot?: string;
}

/**
 * Each medication on one round's sheet (see `RoundMedication`). `words: false` is the plain rule,
 * without the round words: the words only ever add a line to a sheet (tested against it). `date`:
 * the round's day (the kennel's), for days named or not given ("except Sunday").
 */
export function medicationsFor(
  medications: Medication[],
  round: Round,
  options: { words: boolean; date?: string | undefined } = { words: true },
): RoundMedication[] {
  return medicationsByRound(medications, round, options).map((rm) => {
    const off =
      rm.due && options.words ? offByDays(rm.medication.instruction, round, options.date) : undefined;
    return off ? { ...rm, state: off.state, due: false, words: off.words } : rm;
  });
}

function medicationsByRound(
  medications: Medication[],
  round: Round,
  options: { words: boolean },
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
    const allNamed = options.words ? roundsNamed(m.instruction) : {};
    const named = allNamed[round];
    const saidNot = options.words ? roundsSaidNot(m.instruction)[round] : undefined;
    const elsewhere = { ...base, state: "named_elsewhere", due: false, namedRounds: allNamed } as const;
    // Only an instruction, whose words name other rounds or say not this one ("skip PM"): not due here.
    const untimed = (): RoundMedication =>
      saidNot
        ? { ...elsewhere, saidNot }
        : Object.keys(allNamed).length > 0
          ? elsewhere
          : { ...base, state: "no_time", due: true };
    if (round === "morning" && m.instruction) {
      if (!timed) return named ? { ...base, state: "named", due: true, words: named } : untimed();
      const later = (["midday", "evening"] as const).flatMap((r) => {
        const d = m[r];
        return d ? [{ round: r, dose: d }] : [];
      });
      return { ...base, state: "instruction", due: true, later };
    }
    if (named) return { ...base, state: "named", due: true, words: named };
    if (!timed) return untimed();
    return { ...base, state: "other_rounds", due: false };
  });
}
