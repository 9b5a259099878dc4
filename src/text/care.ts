/** Care facts as terminal text: the shared words (src/words/care.ts), cleaned, coloured on request. */
import type { EntryCare, PetCare } from "../domain/day.ts";
import { careWarningWords, type FlagWord, flagWords, NO_CARE_NEEDS } from "../words/care.ts";
import type { TextOptions } from "./options.ts";
import { bold, dim, one, red, yellow } from "./style.ts";

function flagText(o: TextOptions, w: FlagWord): string {
  const text = `${w.symbol} ${one(w.text, w.tone === "allergy" ? 120 : 200)}`;
  if (w.tone === "fasting" || w.tone === "unreadable") return red(o, text);
  return w.tone === "medication" || w.tone === "allergy" ? yellow(o, text) : text;
}

/** "Biscuit: 💊 Rimadyl 50 mg, Apoquel · ⚠️ allergies: chicken · 🆕 not evaluated" */
function petFlagsText(o: TextOptions, p: PetCare): string {
  const words = flagWords(p.flags).map((w) => flagText(o, w));
  return `${bold(o, one(p.flags.name, 60))}: ${words.length ? words.join(" · ") : "no care flags"}`;
}

/** "❔ care details not matched: open the booking (Bisquit)", or "" when every pet was matched. */
export function careWarningText(o: TextOptions, care: EntryCare): string {
  const words = careWarningWords({ status: care.status, unmatched: care.unmatched.map((u) => one(u, 60)) });
  return words ? red(o, `❔ ${one(words, 300)}`) : "";
}

/**
 * A list entry's care lines: one per pet with a flag, the warning whenever the booking's pets could
 * not all be matched or loaded, and "no … recorded" when every pet was looked at and none has one.
 */
export function entryCareLines(o: TextOptions, care: EntryCare | undefined): string[] {
  if (!care) return [];
  const lines = care.pets.filter((p) => flagWords(p.flags).length > 0).map((p) => petFlagsText(o, p));
  const warning = careWarningText(o, care);
  if (warning) lines.push(warning);
  if (lines.length === 0) lines.push(dim(o, NO_CARE_NEEDS));
  return lines;
}
