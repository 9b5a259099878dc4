/** A message in several parts (a long flag, review or reply), in words. */

/** A part a shorter drawing no longer needs: kept (never deleted), saying where the message is now. */
export const PART_UNUSED = "(this part is no longer used: see the message above)";

/** The head line of a pet's care going on from the message before: its room and name, then this. */
export const CONTINUED = " (continued)";

/** The last line of a message a pet's care goes on from: "↪ Jasper's care goes on in the next message (24 of 84, continued)". */
export const goesOnWords = (name: string | undefined, label: string): string =>
  `↪ ${name ? `${name}'s` : "This pet's"} care goes on in the next message (${label})`;
