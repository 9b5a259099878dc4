/** Care facts in a document's lines: the shared words (src/words/care.ts), toned, cut to their room. */
import { ENTRY_CAPS, type EntryCare, type PetCare } from "../domain/day.ts";
import type { ChannelSafe } from "../domain/privacy.ts";
import { careWarningWords, type FlagWord, flagWords, NO_CARE_NEEDS, noteWords } from "../words/care.ts";
import { dotted, type Line, line, strong, type Tone, toned, value } from "./doc.ts";

const FLAG_TONE: Partial<Record<FlagWord["tone"], Tone>> = {
  fasting: "alert",
  unreadable: "alert",
  medication: "warn",
  allergy: "warn",
};

/** One pet's flags: "Biscuit: 💊 Rimadyl 50 mg, Apoquel · ⚠️ allergies: chicken · 🆕 not evaluated". */
function petFlagsLine(p: ChannelSafe<PetCare>, max = 400): Line {
  const words = flagWords(p.flags);
  const name = strong(value(p.flags.name, 60));
  if (words.length === 0) return line(name, ": no care flags");
  // Each flag shares the pet's room; the name and separators take about 70 characters.
  const each = Math.max(60, Math.floor((max - 70) / words.length));
  return [
    name,
    { text: ": " },
    ...dotted(...words.map((w) => toned(FLAG_TONE[w.tone], `${w.symbol} ${value(w.text, each)}`))),
  ];
}

/**
 * A pet's notes that carry danger, each a ⚠️ line of its own: "⚠️ Tyson, notes: AGGRESSIVE with other
 * dogs – muzzle on walks".
 */
export function dangerNoteLines(p: ChannelSafe<PetCare>, max = 300): Line[] {
  return (p.flags.dangerNotes ?? []).map((n): Line => {
    const name = value(p.flags.name, 60);
    return [toned("alert", `⚠️ ${name}, ${value(noteWords(n), max)}`)];
  });
}

/** "❔ care details not matched: open the booking (Bisky)", or nothing when every pet was matched. */
export function careWarningLine(care: ChannelSafe<EntryCare>): Line | undefined {
  const words = careWarningWords({ status: care.status, unmatched: care.unmatched.map((u) => value(u, 60)) });
  return words ? [toned("alert", `❔ ${value(words, 300)}`)] : undefined;
}

/**
 * A list entry's care lines: the warning first and whole whenever the booking's pets could not all
 * be matched or loaded (in a long list it is the line never to lose), then one line per pet with a
 * flag, sharing the entry's room so one long pet never pushes another out, each followed by its notes
 * that carry danger (a ⚠️ line each); "no medication, allergies or special care recorded" when every
 * pet was looked at and none has one (a note is care: "📝 notes").
 */
export function entryCareLines(care: ChannelSafe<EntryCare> | undefined): Line[] {
  if (care === undefined) return [];
  const warning = careWarningLine(care);
  const flagged = care.pets.filter((p) => flagWords(p.flags).length > 0);
  const room = ENTRY_CAPS.care - (warning ? 300 : 0);
  const each = Math.max(160, Math.floor(room / Math.max(1, flagged.length)));
  const out: Line[] = [];
  if (warning) out.push(warning);
  for (const p of flagged) out.push(petFlagsLine(p, each), ...dangerNoteLines(p));
  if (out.length === 0) out.push([toned("muted", NO_CARE_NEEDS)]);
  return out;
}
