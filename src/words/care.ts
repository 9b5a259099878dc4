/**
 * Care facts in words, the same on every surface (Slack, terminal, connector). Plain text: each
 * renderer escapes and emphasises in its own way.
 */
import type { Medication, Round, RoundMedication } from "../domain/care.ts";
import { type FastingTimes, type FastPassed, fastingClock } from "../domain/fasting.ts";
import type { PetFlags } from "../domain/flags.ts";
import type { CareNote } from "../domain/notes.ts";
import { roundsNamed } from "../domain/round-words.ts";
import { houseRoutineWords } from "../domain/rounds.ts";
import type { Pet } from "../kennel/schemas.ts";
import { elsewhereWords, roundsNamedElsewhere } from "./elsewhere.ts";
import { someDaysWords } from "./record.ts";

/**
 * One medication on one row, its instruction first and then its own midday and evening
 * instructions: "Rimadyl 50 mg, half a tablet · midday: none · evening: half a tablet with dinner".
 * The instruction is never given a time of day: the API gives it none.
 */
export function medicationRow(m: Medication): string {
  const head = m.instruction ?? `Medication ${m.n} (no instruction recorded)`;
  // No field for a round whose dose the instruction's words give ("at bedtime", "twice daily") is not
  // "none": "evening: none" beside "one capsule at bedtime" reads as no evening dose.
  const named = roundsNamed(m.instruction);
  const field = (r: "midday" | "evening") =>
    m[r] ?? (named[r] ? `see the instruction ("${named[r]}")` : "none");
  return `${head} · midday: ${field("midday")} · evening: ${field("evening")}`;
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
    case "named_elsewhere": {
      // "skip PM" on the evening sheet: the line stays (the instruction in full), and says why not here;
      // "at bedtime" on the midday sheet: the same, and where it is given.
      const why = `${m.name} · ${instruction} · ${elsewhereWords(rm, round)}`;
      if (rm.saidNot) return why;
      return `${why}: given at ${roundsNamedElsewhere(rm).length > 1 ? "those rounds" : "that round"}, not this one`;
    }
    case "once_a_day":
      return `${m.name} · ${instruction} · once a day: check it was not given already`;
    case "once_elsewhere": {
      const see = elsewhereWords(rm, round);
      // The morning sheet carries every instruction in full.
      return round === "morning" ? `${m.name} · ${instruction} · ${see}` : `${m.name} · ${see}`;
    }
    case "other_rounds": {
      const when = [m.midday ? "midday" : "", m.evening ? "evening" : ""].filter(Boolean).join(" and ");
      return `${m.name} · nothing this round (given at the ${when} ${m.midday && m.evening ? "rounds" : "round"})`;
    }
    case "some_days":
    case "not_today":
      return `${roundMedicationWhole(rm, round)} · ${offByDaysWords(rm)}`;
  }
}

/**
 * A dose the words would put on this round, but not due today by their days (src/domain/sheet-days.ts):
 * "not today: its words say "except Sunday""; "every other day ("EOD"): was it given yesterday? …".
 */
function offByDaysWords(rm: RoundMedication): string {
  if (rm.state === "not_today") return `not today: its words say "${rm.words}"`;
  const which = someDaysWords(rm.words);
  const asked =
    which === "every other day"
      ? "was it given yesterday? check the record"
      : "when was it last given? check the record";
  const said = rm.words && rm.words.toLowerCase() !== which ? ` ("${rm.words}")` : "";
  return `${which}${said}: ${asked}; not chased from the words until its care plan says its days (📋 Plan…)`;
}

/**
 * A medication on a round's sheet when the pet's care plan says what this round does with it: the
 * instruction whole (with this round's own field, and in the morning what is due later), without
 * the sheet's own reckoning from the words ("no time given: follow the instruction"), so the line
 * says one thing: the plan's, which follows it.
 */
export function roundMedicationWhole(rm: RoundMedication, round: Round): string {
  const m = rm.medication;
  if (rm.state === "given" || rm.state === "instruction") return roundMedicationRow(rm, round);
  const fields = (["midday", "evening"] as const).flatMap((r) => (m[r] ? [` · ${r}: ${m[r]}`] : []));
  return `${m.name} · instruction: ${m.instruction ?? "none recorded"}${fields.join("")}`;
}

/**
 * A pet with no diet on record, on a round of the house routine (KENNEL_HOUSE_MEALS): "house
 * routine: morning and evening (no diet on record: check the booking)". On the other rounds the
 * sheet says nothing about its food.
 */
export function noDietRow(houseRoutine: readonly Round[]): string {
  return `${houseRoutineWords(houseRoutine)} (no diet on record: check the booking)`;
}

/** The general diet at a round it is no meal at: "general diet (no meal this round): Treats allowed in moderation". */
export function dietNoteWords(general: string): string {
  return `general diet (no meal this round): ${general}`;
}

/** Another round's diet whose words name this round: "from the morning diet ("lunch"): …". */
export function namedDietRow(d: { round: Round; text: string; words: string }): string {
  return `from the ${d.round} diet ("${d.words}"): ${d.text}`;
}

type FlagTone =
  | "fasting"
  | "unreadable"
  | "medication"
  | "allergy"
  | "evaluation"
  | "grooming"
  | "diet"
  | "medical"
  | "notes";

export interface FlagWord {
  tone: FlagTone;
  symbol: string;
  text: string;
}

/** Symbols for care; money has its own (see money.ts), so ⚠️ means one thing only. */
const CARE_SYMBOLS: Record<FlagTone, string> = {
  fasting: "🚫",
  unreadable: "❔",
  medication: "💊",
  allergy: "⚠️",
  evaluation: "🆕",
  grooming: "✂️",
  diet: "🍽",
  medical: "🩺",
  notes: "📝",
};

/** A pet's flags in words: medications by name, the allergy text, not evaluated, grooming, diet. */
export function flagWords(f: PetFlags): FlagWord[] {
  const out: FlagWord[] = [];
  const add = (tone: FlagTone, text: string) => out.push({ tone, symbol: CARE_SYMBOLS[tone], text });
  // Fasting first, then allergies: in a line cut short, the facts that can harm a pet are never lost.
  if (f.fasting) add("fasting", fastingWords(f.fasting, f.fastingTimes));
  if (f.unreadable.length) add("unreadable", unreadableWords(f.unreadable));
  if (f.allergies) add("allergy", `allergies: ${f.allergies}`);
  if (f.allergyInNotes) add("medical", allergyInNotesWords(f.allergyInNotes));
  if (f.medications.length) add("medication", f.medications.join(", "));
  for (const name of f.listedTwice) add("medication", listedTwiceWords(name));
  if (f.notEvaluated) add("evaluation", "not evaluated");
  if (f.specialDiet) add("diet", "special diet");
  if (f.medicalNotes && !f.allergyInNotes) add("medical", "medical notes");
  if (f.grooming) add("grooming", "grooming notes");
  if (f.notes) add("notes", "notes");
  return out;
}

/** "from 20:00", "until 10:00", "from 20:00 until 09:00": when a fast applies, as its words state it. */
export function fastingWhenWords(times: FastingTimes | undefined): string {
  if (!times) return "";
  return [
    times.from && `from ${fastingClock(times.from)}`,
    times.until && `until ${fastingClock(times.until)}`,
  ]
    .filter(Boolean)
    .join(" ");
}

/**
 * "fasting: NIL BY MOUTH – op at 10:00", the words as written, whole; with the time they state,
 * "fasting from 20:00: Fasting from 8pm".
 */
function fastingWords(fasting: string, times?: FastingTimes): string {
  const text = fasting.replace(/\s+/g, " ").trim();
  const when = fastingWhenWords(times);
  return `fasting${when ? ` ${when}` : ""}: ${text}`;
}

/**
 * A fast at a round past the op's time or the end its words state, the words whole:
 * "fasting for an op at 10:00, now past: ask before feeding: NIL BY MOUTH – op at 10:00".
 */
export function fastPassedWords(fasting: string, passed: FastPassed): string {
  const text = fasting.replace(/\s+/g, " ").trim();
  const which = passed.what === "op" ? `for an op at ${passed.at}` : `until ${fastingClock(passed.at)}`;
  return `fasting ${which}, now past: ask before feeding: ${text}`;
}

/** A note as care: "notes: AGGRESSIVE with other dogs", "evaluation notes: …", "medical notes: …". */
export function noteWords(n: Pick<CareNote, "field" | "text">): string {
  return `${n.field}: ${n.text.replace(/\s+/g, " ").trim()}`;
}

/**
 * The lines that come first in a pet's block on a round's sheet, before its diet and doses: 🚫 the
 * fasting words, 🩺 an allergy found only in the medical notes, 💊 a drug listed twice. Plain text;
 * each renderer escapes it.
 */
export function sheetAlertWords(f: PetFlags, passed?: FastPassed): string[] {
  return [
    f.fasting
      ? `🚫 ${passed ? fastPassedWords(f.fasting, passed) : fastingWords(f.fasting, f.fastingTimes)}`
      : "",
    f.unreadable.length ? `❔ ${unreadableWords(f.unreadable)}` : "",
    f.allergyInNotes ? `🩺 ${allergyInNotesWords(f.allergyInNotes)}` : "",
    ...f.listedTwice.map((name) => `💊 ${listedTwiceWords(name)}`),
  ].filter(Boolean);
}

export const COULD_NOT_BE_READ = "could not be read: check the record";

/** "allergies, medication 2 could not be read: check the record" */
export function unreadableWords(what: string[]): string {
  return `${what.join(", ")} ${COULD_NOT_BE_READ}`;
}

/** "Rimadyl 50 mg listed twice: check it is not a double dose" */
export function listedTwiceWords(name: string): string {
  return `${name} listed twice: check it is not a double dose`;
}

/** "medical notes: Allergic to chicken, itches", whole. */
export function allergyInNotesWords(notes: string): string {
  return `medical notes: ${notes.replace(/\s+/g, " ").trim()}`;
}

export function speciesEmoji(pet: Pet): string {
  const t = (pet.petType ?? "").toLowerCase();
  if (t.includes("cat")) return "🐈";
  if (t.includes("dog")) return "🐕";
  if (t.includes("rabbit")) return "🐇";
  if (t.includes("bird")) return "🐦";
  return "🐾";
}

const CARE_NOT_MATCHED = "care details not matched: open the booking";
const CARE_NOT_LOADED = "care details could not be loaded";
/** A booking that names no pet and counts none: said, with where to look, never "no special care". */
const NO_PETS = "no pets on this booking: check it in the kennel system";
const CARE_TOO_LONG =
  "care longer than a round's post and the care record can keep: record this pet on paper, from its care whole in the kennel system";
export const NO_CARE_NEEDS = "no medication, allergies or special care recorded";

/** "Evaluation: complete", "not evaluated", "not recorded". */
export function evaluationWords(e: "complete" | "not_complete" | "unknown"): string {
  return e === "complete" ? "complete" : e === "not_complete" ? "not evaluated" : "not recorded";
}

/**
 * A round's line for a pet whose care is not on its sheet: why, then to check it by hand ("care
 * details could not be loaded: check this pet's care by hand"); a why that already says what to do
 * ("…not matched: open the booking") goes on with "and".
 */
export const byHandWords = (why: string): string =>
  why.includes(":") ? `${why}, and check this pet's care by hand` : `${why}: check this pet's care by hand`;

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
  if (care.status === "too_long") return CARE_TOO_LONG;
  if (care.status === "no_pets") return NO_PETS;
  return "";
}

/**
 * The booking's own card, where "open the booking" would lead back to itself: the names not matched,
 * each to look up with /pet, the owner's pets with /customer, then the lasting fix in the kennel
 * system ("care details not matched (Biccy): look the pet up with /pet Biccy or /customer 1402 (the
 * owner's pets), then fix the pet's name in the kennel system so the booking's pet names match its
 * pets"). A part that names no pet ("2 dogs: no pet named") is not looked up by name.
 */
export function unmatchedOnBookingWords(unmatched: string[], customerId: number | undefined): string {
  const names = unmatched
    .filter((u) => !u.endsWith(": no pet named"))
    .map((u) =>
      u
        .replace(/\s*\([^)]*\)?\s*(:.*)?$/s, "")
        .replace(/:.*$/s, "")
        .trim(),
    )
    .filter(Boolean);
  const look = [
    ...names.map((n) => `/pet ${n}`),
    ...(customerId !== undefined ? [`/customer ${customerId} (the owner's pets)`] : []),
  ];
  const then = look.length ? `look the pet up with ${look.join(" or ")}, then ` : "";
  return `care details not matched${unmatched.length ? ` (${unmatched.join(", ")})` : ""}: ${then}fix the pet's name in the kennel system so the booking's pet names match its pets`;
}

/**
 * Pets' care details not loaded (a day's list: `some`; a booking: all its pets): why, with the
 * request id kept, then what to do: run it again, and until then check those pets' allergies and
 * medication in the kennel system (a list without them must not read as a list of pets with none).
 */
export function careNotLoadedWords(what: string, requestId: string | undefined, some: boolean): string {
  const why = `${what.replace(/\.\s*$/, "")}${requestId ? ` (request id ${requestId})` : ""}`;
  const pets = some ? "those pets'" : "the pets'";
  return `${some ? "Some pets'" : "The pets'"} care details could not be loaded: ${why}. Run it again; until then check ${pets} allergies and medication in the kennel system.`;
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
