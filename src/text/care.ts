/** Care facts as terminal text: the shared words (src/words/care.ts), cleaned, coloured on request. */
import { type CareFacts, hasAnyDiet } from "../domain/care.ts";
import type { EntryCare } from "../domain/day.ts";
import {
  allergyInNotesWords,
  COULD_NOT_BE_READ,
  careWarningWords,
  evaluationWords,
  listedTwiceWords,
  medicationRow,
  unreadableWords,
} from "../words/care.ts";
import { dayOf } from "../words/dates.ts";
import type { TextOptions } from "./options.ts";
import { block, bold, one, red, yellow } from "./style.ts";

/** "❔ care details not matched: open the booking (Bisquit)", or "" when every pet was matched. */
export function careWarningText(o: TextOptions, care: EntryCare): string {
  const words = careWarningWords({ status: care.status, unmatched: care.unmatched.map((u) => one(u, 60)) });
  return words ? red(o, `❔ ${one(words, 300)}`) : "";
}

/** Diet rows, only those recorded: "general: …", "morning: …". */
function dietRows(care: CareFacts): string[] {
  const d = care.diet;
  if (!hasAnyDiet(d)) return ["No diet recorded."];
  return [
    d.general ? `general: ${one(d.general, 700)}` : "",
    d.morning ? `morning: ${one(d.morning, 700)}` : "",
    d.midday ? `midday: ${one(d.midday, 700)}` : "",
    d.evening ? `evening: ${one(d.evening, 700)}` : "",
  ].filter(Boolean);
}

/** Medication rows: instruction, then its own midday and evening instructions, per drug. */
function medicationRows(care: CareFacts): string[] {
  return care.medications.map((m) =>
    one(
      medicationRow({
        ...m,
        instruction: m.instruction && one(m.instruction, 400),
        midday: m.midday && one(m.midday, 300),
        evening: m.evening && one(m.evening, 300),
      }),
      1100,
    ),
  );
}

/**
 * A pet's care in full, as indented lines: diet, each medication, allergies, medical and grooming
 * notes, evaluation. Used by the booking and the pet cards.
 */
export function careLines(o: TextOptions, care: CareFacts, indent: string): string[] {
  const out: string[] = [];
  // Fasting first: the one line that changes what the pet may be given today.
  if (care.fasting) out.push(red(o, `🚫 ${bold(o, "Fasting")}: ${block(care.fasting, indent, 300)}`));
  if (care.unreadable.length) out.push(red(o, `❔ ${unreadableWords(care.unreadable)}`));
  if (care.allergyInNotes) out.push(yellow(o, `🩺 ${one(allergyInNotesWords(care.allergyInNotes), 300)}`));
  for (const name of care.listedTwice) out.push(yellow(o, `💊 ${one(listedTwiceWords(name), 200)}`));
  const unread = (what: RegExp) => care.unreadable.some((u) => what.test(u));
  const diet = dietRows(care);
  out.push(`🍽 ${bold(o, "Diet")}`, ...diet.map((d) => `${indent}${d}`));
  if (care.medications.length) {
    out.push(`💊 ${bold(o, "Medication")} (instruction · midday · evening, as recorded)`);
    out.push(
      ...medicationRows(care).map((m, i) => `${indent}${care.medications[i]?.n ?? i + 1}. ${yellow(o, m)}`),
    );
  } else
    out.push(
      `💊 ${bold(o, "Medication")}: ${unread(/medication|its care/) ? red(o, COULD_NOT_BE_READ) : "none recorded"}`,
    );
  out.push(
    care.allergies
      ? `⚠️ ${bold(o, "Allergies")}: ${yellow(o, block(care.allergies, indent, 600))}`
      : `⚠️ ${bold(o, "Allergies")}: ${unread(/allergies|its care/) ? red(o, COULD_NOT_BE_READ) : "none recorded"}`,
  );
  if (care.medicalNotes) out.push(`🩺 ${bold(o, "Medical notes")}: ${block(care.medicalNotes, indent, 600)}`);
  if (care.groomingNotes)
    out.push(`✂️ ${bold(o, "Grooming notes")}: ${block(care.groomingNotes, indent, 400)}`);
  return out;
}

/** "complete (Mon 3 Nov) · calm with other dogs" */
export function evaluationText(care: CareFacts, o: TextOptions): string {
  const when = care.evaluationDate ? ` (${dayOf(care.evaluationDate, o.timezone, o.thisYear)})` : "";
  const notes = care.evaluationNotes ? ` · ${one(care.evaluationNotes, 300)}` : "";
  return `${evaluationWords(care.evaluation)}${when}${notes}`;
}
