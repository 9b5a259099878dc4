/**
 * A pet's notes as care (issue 32): `notes`, `evaluationCompleteNotes` and `medicalNotes` are care
 * facts, not asides. A note that carries danger (a seizure plan, aggression, an escape artist, "do
 * not walk with other dogs", diabetic, blind or deaf…) is lifted to a ⚠️ line of its own on every
 * surface, the round sheets included; a note that bears on feeding ("feed separately", "no treats",
 * "slow-feeder bowl") is on every round that feeds the pet, in full. Words are matched whole,
 * case-insensitive; a word missed only leaves the note where it was (on the cards, "📝 notes" on the
 * lists), never hides it.
 */

/** Where a note is written. */
type NoteField = "notes" | "evaluation notes" | "medical notes";

export interface CareNote {
  field: NoteField;
  /** The note as written (trimmed). */
  text: string;
  /** Its words carry danger: a ⚠️ line of its own everywhere. */
  danger: boolean;
  /** Its words bear on feeding: on every round that feeds the pet. */
  feeding: boolean;
}

/**
 * Words of danger: seizures and fits, aggression and bites, a muzzle, an escape, keeping apart,
 * "do not" and "never", diabetes and insulin, blind or deaf, collapse.
 */
const DANGER =
  /\b(seizures?|fits?|fitting|epilep\w*|convuls\w*|aggress\w*|bites?|biting|bitten|biter|snaps?|snappy|growls?|growling|muzzled?|reactive|escap\w*|bolts?|jumps?\s+(?:the\s+)?fences?|separate(?:ly)?|apart|do\s+not|don'?t|must\s+not|never|not\s+with|diabet\w*|insulin|blind|deaf|collaps\w*)\b/i;
/** "fit and well" and "fit and healthy" are not a fit. */
const NOT_DANGER = /\bfit\s+(?:and|&)\s+(?:well|healthy)\b/gi;

/** Words that bear on feeding: feed, food, bowl, meals, treats, eating apart. */
const FEEDING =
  /\b(feed\w*|fed|food|foods|bowls?|meals?|treats?|eats?|eating|ate|separately|slow[\s-]?feeder|kibble|water|chews?)\b/i;

/** A note's text, or undefined when it is empty (the care facts already drop "none", "n/a", "-"). */
function noteOf(field: NoteField, text: string | undefined): CareNote | undefined {
  const t = text?.trim();
  if (!t) return undefined;
  return {
    field,
    text: t,
    danger: DANGER.test(t.replace(NOT_DANGER, " ")),
    feeding: FEEDING.test(t),
  };
}

/** The pet's notes as care, in the order a reader meets them: notes, evaluation notes, medical notes. */
export function careNotes(care: {
  notes: string | undefined;
  evaluationNotes: string | undefined;
  medicalNotes: string | undefined;
}): CareNote[] {
  return [
    noteOf("notes", care.notes),
    noteOf("evaluation notes", care.evaluationNotes),
    noteOf("medical notes", care.medicalNotes),
  ].filter((n): n is CareNote => n !== undefined);
}

/**
 * The notes that carry danger; `shownAs`: medical notes already shown whole as an allergy in the
 * notes (🩺), not said twice.
 */
export const dangerNotes = (notes: CareNote[], shownAs?: string) =>
  notes.filter((n) => n.danger && !(n.field === "medical notes" && n.text === shownAs?.trim()));

/** The notes that bear on feeding and carry no danger (a danger note is on every sheet already). */
export const feedingNotes = (notes: CareNote[]) => notes.filter((n) => n.feeding && !n.danger);
