/**
 * `round_copy`: where a copy of a round's sheet was posted as a message of its own besides the
 * rounds channel's scheduled post (that one is a `post_claim`'s "posted" record): Home's "Show the
 * round" in the asker's direct message with the app, a long /rounds answer posted in its channel or,
 * the bot not being in it, in the asker's direct message. Its date is the round's; its body the
 * round, the kept sheet it drew (`sheet`), the channel as Slack named it when posting (a direct
 * message's own id), and each of its messages' ts in the sheet's order (the first the parent);
 * `thread`: the messages after the first are replies in the first's thread; `user`: whose direct
 * message it is in, so it is drawn again only while they may see kennel data. Slack ids only. After
 * a tap or form on any copy of the round, every other copy holding the pet is drawn again from its
 * own sheet (src/listeners/record-round.ts). Request key `round_copy:<channel>:<ts>`: kept once.
 */
import { z } from "zod";
import { defineKind, id, round, text } from "./kind.ts";

export const roundCopy = defineKind({
  name: "round_copy",
  version: 1,
  words: "a copy of a round's sheet, as posted",
  body: () =>
    z.object({
      v: z.literal(1),
      round: round(),
      sheet: id(),
      channel: text(40).min(1),
      /** Each message's ts, in the sheet's order (the first the copy's parent). */
      parts: z.array(text(40).min(1)).min(1).max(100),
      /** Its messages after the first are replies in the first's thread. */
      thread: z.boolean(),
      /** Whose direct message with the app it is in (a Slack user id); none for a channel's copy. */
      user: text(40).min(1).optional(),
    }),
});
