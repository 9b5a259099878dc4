/**
 * `in_error`: a round entry recorded in error (on the wrong pet, the wrong dose): nothing was done
 * here. Written by the store in the same transaction as the entry it marks, a correction of the
 * struck entry (src/record/in-error.ts): that entry is stored as a dose not given for "other"
 * reasons, its reason "recorded in error: <why>", so a Kennel Desk before this kind reads it as it
 * read the same fact before; this record says it is no outcome at all. Its request key is
 * `in_error:<the entry's id>`; its body names the entry (`entryId`), the entry it strikes
 * (`corrects`) and why, in the words of whoever put it right.
 */
import { z } from "zod";
import { defineKind, id, words } from "./kind.ts";

export const inError = defineKind({
  name: "in_error",
  version: 1,
  words: "a round entry recorded in error, struck",
  body: () => z.object({ v: z.literal(1), entryId: id(), corrects: id(), why: words(480) }),
});
