/** Care facts in Slack mrkdwn: the shared words (src/words/care.ts), escaped once, capped. */
import { ENTRY_CAPS, type EntryCare, type PetCare } from "../domain/day.ts";
import type { ChannelSafe } from "../domain/privacy.ts";
import { careWarningWords, flagWords } from "../words/care.ts";
import { bold, clip, esc, truncate } from "./mrkdwn.ts";

/** One pet's flags: "*Biscuit*: 💊 Rimadyl 50 mg, Apoquel · ⚠️ allergies: chicken · 🆕 not evaluated". */
export function petFlagsLine(p: ChannelSafe<PetCare>, max = 400): string {
  const words = flagWords(p.flags).map((w) => `${w.symbol} ${esc(w.text)}`);
  const name = `${bold(clip(p.flags.name, 60))}`;
  return truncate(words.length ? `${name}: ${words.join(" · ")}` : `${name}: no care flags`, max);
}

/**
 * The care lines of a list entry: one per pet with a flag (pets with none are not listed, unless
 * no pet has one), and, whenever the booking's pets could not all be matched or loaded, a line that
 * says so. Never nothing when something is unknown.
 */
export function entryCareLines(care: ChannelSafe<EntryCare> | undefined): string {
  if (care === undefined) return "";
  // The warning first and whole; the pets share the rest of the entry's room, each its own part,
  // so a long line of one pet never pushes another pet's flags (or the warning) out.
  const warning = careWarning(care);
  const flagged = care.pets.filter((p) => flagWords(p.flags).length > 0);
  const room = ENTRY_CAPS.care - warning.length - flagged.length;
  const each = Math.max(120, Math.floor(room / Math.max(1, flagged.length)));
  return [warning, ...flagged.map((p) => petFlagsLine(p, each))].filter(Boolean).join("\n");
}

/** "❔ care details not matched: open the booking (Bisky)", or "" when every pet was matched. */
export function careWarning(care: ChannelSafe<EntryCare>): string {
  const words = careWarningWords(care);
  return words ? `❔ ${clip(words, 200)}` : "";
}
