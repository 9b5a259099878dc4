/**
 * `review`: the manager's daily review (issue 50): a person read the day's summary posted after its
 * last round and says so ("✅ Reviewed…"), with a note. Its `date` is the day reviewed; who and when
 * are the record's own (userId, recordedAt), in the chain. A day may be reviewed more than once (each
 * kept); `record audit` counts a day reviewed when any is.
 */
import { z } from "zod";
import { defineKind, text, words } from "./kind.ts";

export const review = defineKind({
  name: "review",
  version: 1,
  words: "a manager's review of a day",
  body: () => z.object({ v: z.literal(1), userName: words(200), note: text(1000) }),
});
