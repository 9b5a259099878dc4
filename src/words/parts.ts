/** A message in several parts (a long flag, review or reply), in words. */

/** A part a shorter drawing no longer needs: kept (never deleted), saying where the message is now. */
export const PART_UNUSED = "(this part is no longer used: see the message above)";
