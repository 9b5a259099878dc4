/**
 * A welfare round's pets shared out into the messages of its post (src/blocks/welfare.ts draws
 * them): as few messages as their blocks need, the pets shared evenly, a pet whose room and name pass
 * its button's text taking a line of its own (issue 47: never cut).
 */

/**
 * Most pets in one message of a post, one block each (src/blocks/welfare.ts): with the title, one
 * context and a note, 47 of them keep within Slack's 50 blocks (and, drawn in few words when they
 * must, its 12,000 characters): 150 pets, or 187, in 4 messages.
 */
const PETS_PER_MESSAGE = 47;

/** A button's text holds 75 characters: "✅ All normal · " and the pet's room and name. */
const NAME_ON_BUTTON = 75 - "✅ All normal · ".length;

/**
 * The blocks a pet to check takes: one (its room and name on its "✅ All normal" button), or two when
 * they pass the button's room (its room and name whole on a line of their own, above the buttons).
 */
const blocksOfPet = (p: { room?: string | undefined; name: string }) =>
  `${p.room ? `${p.room} ` : ""}${p.name}`.length > NAME_ON_BUTTON ? 2 : 1;

/** Each pet's message: as few messages as their blocks need, the pets shared evenly (150 pets: 38, 38, 38, 36). */
export function shareOut<P extends { room?: string | undefined; name: string }>(
  pets: P[],
): { pets: Array<P & { message: number }>; messages: number } {
  const weight = pets.reduce((n, p) => n + blocksOfPet(p), 0);
  const target = Math.max(1, Math.ceil(weight / Math.max(1, Math.ceil(weight / PETS_PER_MESSAGE))));
  let message = 0;
  let used = 0;
  const out = pets.map((p) => {
    const w = blocksOfPet(p);
    if (used > 0 && used + w > target) {
      message++;
      used = 0;
    }
    used += w;
    return { ...p, message };
  });
  return { pets: out, messages: message + 1 };
}
