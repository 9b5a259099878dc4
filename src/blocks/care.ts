/** Care facts in Slack mrkdwn: the shared words (src/words/care.ts), escaped once, capped. */
import type { EntryCare, PetCare } from "../domain/day.ts";
import type { ChannelSafe } from "../domain/privacy.ts";
import { careWarningWords, flagWords } from "../words/care.ts";
import { bold, clip, esc, truncate } from "./mrkdwn.ts";

/** One pet's flags: "*Biscuit*: 💊 Rimadyl 50 mg, Apoquel · ⚠️ allergies: chicken · 🆕 not evaluated". */
export function petFlagsLine(p: ChannelSafe<PetCare>, max = 400): string {
  const words = flagWords(p.flags).map((w) => `${w.symbol} ${esc(w.text)}`);
  const name = `${bold(clip(p.flags.name, 60))}`;
  return truncate(words.length ? `${name}: ${words.join(" · ")}` : `${name}: no care flags`, max);
}

/** "❔ care details not matched: open the booking (Bisky)", or "" when every pet was matched. */
export function careWarning(care: ChannelSafe<EntryCare>): string {
  const words = careWarningWords(care);
  return words ? `❔ ${clip(words, 200)}` : "";
}
