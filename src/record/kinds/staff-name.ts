/**
 * `staff_name`: the name Slack gave a person after the ack, when it differs from the name their
 * records were committed with (src/answers/staff-names.ts): it names those records, which are never
 * rewritten. One per commit: its request key is `staff_name:e<first entry id>` (or `r<record id>`).
 */
import { z } from "zod";
import { defineKind, id, text } from "./kind.ts";

export const staffName = defineKind({
  name: "staff_name",
  version: 1,
  words: "the name Slack gave a person after their records were committed",
  body: () =>
    z.object({
      userId: text(40),
      /** The name Slack shows now. */
      name: text(200),
      /** The name the records below were committed with. */
      committedAs: text(200),
      /** The round entries committed under that name. */
      entryIds: z.array(id()).max(100),
      /** Other records committed under it (a welfare check, a witness, a dose given if needed…). */
      recordIds: z.array(id()).max(100),
      /**
       * A dose's giver a form named (`staff_name:g…`) whom Slack then said is a guest, a bot or app,
       * or not a member, or does not know at all (`unknown`: users.info's user_not_found).
       */
      notStaff: z.enum(["guest", "bot", "other", "unknown"]).optional(),
    }),
});
