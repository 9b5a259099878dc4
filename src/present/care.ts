/**
 * Care facts in a document's lines: the shared words (src/words/care.ts), toned, each whole (a name,
 * a drug, an allergy, a danger note, a fast are never cut: issue 47). A long entry takes more of its
 * page (src/domain/day.ts sizes it) and as many sections as it needs.
 */
import type { EntryCare, PetCare } from "../domain/day.ts";
import type { ChannelSafe } from "../domain/privacy.ts";
import {
  careWarningWords,
  type FlagWord,
  flagWords,
  NO_CARE_NEEDS,
  noteWords,
  unmatchedOnBookingWords,
} from "../words/care.ts";
import { dotted, type Line, line, strong, type Tone, toned, whole } from "./doc.ts";

const FLAG_TONE: Partial<Record<FlagWord["tone"], Tone>> = {
  fasting: "alert",
  unreadable: "alert",
  medication: "warn",
  allergy: "warn",
};

/** One pet's flags: "Biscuit: 💊 Rimadyl 50 mg, Apoquel · ⚠️ allergies: chicken · 🆕 not evaluated". */
function petFlagsLine(p: ChannelSafe<PetCare>): Line {
  const words = flagWords(p.flags);
  const name = strong(whole(p.flags.name));
  if (words.length === 0) return line(name, ": no care flags");
  return [
    name,
    { text: ": " },
    ...dotted(...words.map((w) => toned(FLAG_TONE[w.tone], `${w.symbol} ${whole(w.text)}`))),
  ];
}

/**
 * A pet's notes that carry danger, each a ⚠️ line of its own: "⚠️ Tyson, notes: AGGRESSIVE with other
 * dogs – muzzle on walks".
 */
export function dangerNoteLines(p: ChannelSafe<PetCare>): Line[] {
  return (p.flags.dangerNotes ?? []).map(
    (n): Line => [toned("alert", `⚠️ ${whole(p.flags.name)}, ${whole(noteWords(n))}`)],
  );
}

/**
 * What a pet must not be given or fed, each whole, for the going-home check: "🚫 Biscuit, fasting
 * from 20:00: NIL BY MOUTH…", "⚠️ Biscuit, allergies: chicken", an allergy in the medical notes.
 */
export function hazardLines(p: ChannelSafe<PetCare>): Line[] {
  return flagWords(p.flags)
    .filter(
      (w) => w.tone === "fasting" || w.tone === "allergy" || (w.tone === "medical" && p.flags.allergyInNotes),
    )
    .map(
      (w): Line => [
        toned(FLAG_TONE[w.tone] ?? "warn", `${w.symbol} ${whole(p.flags.name)}, ${whole(w.text)}`),
      ],
    );
}

/**
 * "❔ care details not matched: open the booking (Bisky)", or nothing when every pet was matched. On
 * the booking's own card (`onBooking`, its customer's id) the step is a real one: the pet by name,
 * the owner's pets, the name fixed in the kennel system.
 */
export function careWarningLine(
  care: ChannelSafe<EntryCare>,
  o: { onBooking?: { customerId: number | undefined } } = {},
): Line | undefined {
  const unmatched = care.unmatched.map(whole);
  const words =
    o.onBooking && care.status === "not_matched"
      ? unmatchedOnBookingWords(unmatched, o.onBooking.customerId)
      : careWarningWords({ status: care.status, unmatched });
  return words ? [toned("alert", `❔ ${whole(words)}`)] : undefined;
}

/**
 * A list entry's care lines: the warning first whenever the booking's pets could not all be matched
 * or loaded (in a long list it is the line never to lose), then one line per pet with a flag, each
 * followed by its notes that carry danger (a ⚠️ line each), all whole; "no medication, allergies or
 * special care recorded" when every pet was looked at and none has one (a note is care: "📝 notes").
 */
export function entryCareLines(care: ChannelSafe<EntryCare> | undefined): Line[] {
  if (care === undefined) return [];
  const warning = careWarningLine(care);
  const flagged = care.pets.filter((p) => flagWords(p.flags).length > 0);
  const out: Line[] = [];
  if (warning) out.push(warning);
  for (const p of flagged) out.push(petFlagsLine(p), ...dangerNoteLines(p));
  if (out.length === 0) out.push([toned("muted", NO_CARE_NEEDS)]);
  return out;
}
