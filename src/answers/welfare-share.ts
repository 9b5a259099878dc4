/**
 * A welfare round's pets shared out into the messages of its post (src/blocks/welfare.ts draws
 * them): as few messages as their blocks need, the pets shared evenly, a pet whose room and name pass
 * its button's text taking a line of its own (issue 47: never cut), as many sections as they need.
 */

import { escapedLength } from "../domain/text.ts";

/**
 * Most pets in one message of a post, one block each (src/blocks/welfare.ts): with the title, one
 * context and a note, 47 of them keep within Slack's 50 blocks (and, drawn in few words when they
 * must, its 12,000 characters): 150 pets, or 187, in 4 messages.
 */
const PETS_PER_MESSAGE = 47;

/** A button's text holds 75 characters: "✅ All normal · " and the pet's room and name. */
const NAME_ON_BUTTON = 75 - "✅ All normal · ".length;

/** A section's text (Slack's 3,000 characters), less room for the pet's check and for cutting between words. */
const SECTION_ROOM = 2500;

/**
 * The characters of rooms and names, past the first 100 of each pet's, one message takes at most: a
 * name of thousands of characters (up to five times longer once escaped) leaves the rest of Slack's
 * 12,000 to its message's other pets, drawn in few words when they must.
 */
const LONG_NAMES_PER_MESSAGE = 4000;

const roomAndName = (p: { room?: string | undefined; name: string }) =>
  `${p.room ? `${p.room} ` : ""}${p.name}`;

/**
 * The blocks a pet to check takes: one (its room and name on its "✅ All normal" button), or, when
 * they pass the button's room, the sections its room and name take whole (one, but for a name of
 * thousands of characters) above the buttons.
 */
const blocksOfPet = (p: { room?: string | undefined; name: string }) =>
  roomAndName(p).length > NAME_ON_BUTTON ? 1 + Math.ceil(escapedLength(roomAndName(p)) / SECTION_ROOM) : 1;

/** The characters of a pet's room and name past its first 100, escaped. */
const longChars = (p: { room?: string | undefined; name: string }) =>
  Math.max(0, escapedLength(roomAndName(p)) - 100);

/**
 * Each pet's message: as few messages as their blocks need, the pets shared evenly (150 pets: 38, 38,
 * 38, 36); a message with very long names takes fewer pets (`LONG_NAMES_PER_MESSAGE`).
 */
export function shareOut<P extends { room?: string | undefined; name: string }>(
  pets: P[],
): { pets: Array<P & { message: number }>; messages: number } {
  const weight = pets.reduce((n, p) => n + blocksOfPet(p), 0);
  const target = Math.max(1, Math.ceil(weight / Math.max(1, Math.ceil(weight / PETS_PER_MESSAGE))));
  let message = 0;
  let used = 0;
  let chars = 0;
  const out = pets.map((p) => {
    const w = blocksOfPet(p);
    const c = longChars(p);
    if (used > 0 && (used + w > target || chars + c > LONG_NAMES_PER_MESSAGE)) {
      message++;
      used = 0;
      chars = 0;
    }
    used += w;
    chars += c;
    return { ...p, message };
  });
  return { pets: out, messages: message + 1 };
}
