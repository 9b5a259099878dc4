/**
 * Words a check adds to an entry's note ("given again today: checked by Jane", "both slots given:
 * checked by Jane", "past the booking's check-out (…): still here"): one rule for every such check
 * (src/answers/given-again.ts, both-slots.ts, stay-times.ts). The words follow the staff member's
 * note after " · "; a note that cannot hold them within the record's limit (NOTE_MAX) is refused at
 * its field, saying how long it may be with them added.
 */
import { NOTE_MAX } from "../record/types.ts";

/**
 * The note with `words` added after " · " (the words alone for no note); and, too long to keep, the
 * refusal its field shows: "At most N characters here, with “…” added."
 */
export function noteAdded(
  note: string | undefined,
  words: string,
): { note: string; tooLong?: string | undefined } {
  const added = [note, words].filter(Boolean).join(" · ");
  if (Array.from(added).length <= NOTE_MAX) return { note: added };
  return {
    note: added,
    tooLong: `At most ${NOTE_MAX - words.length - 3} characters here, with “${words}” added.`,
  };
}
