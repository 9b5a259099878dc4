/**
 * `given_by`: who gave the doses of a round's entries, when it is not who recorded them (Sam gave
 * Milo's dose at 08:20; Jane recorded it at 13:00). Written in the same transaction as the entries
 * (the store's `beside`), only when they are: the entries stay signed by who recorded them, and this
 * says who gave each dose named (its `items`: the doses recorded given on that submission). Its body
 * names the entries' request key (`request`) and the giver's Slack user id, and the name Kennel Desk
 * knew for them then (none when it knew none: a `staff_name` record after the commit names them,
 * src/answers/staff-names.ts). Its own request key is `given_by:<request>`, so a form submitted
 * again marks once. A correction that stays "given", no giver chosen on its form, carries the giver
 * of the entry it corrects in one of its own (`given_by:<request>:<n>` past the first): a paper
 * chart's giver by name alone.
 */
import { z } from "zod";
import { medicineItemKey } from "../items.ts";
import { defineKind, words } from "./kind.ts";

export const givenBy = defineKind({
  name: "given_by",
  version: 1,
  words: "who gave a round's doses, when not who recorded them",
  body: () =>
    z
      .object({
        v: z.literal(1),
        request: words(200),
        // No id: a giver named in words alone (the paper chart's, carried to a correction of its entry).
        userId: words(40).optional(),
        name: words(200).optional(),
        items: z.array(medicineItemKey()).min(1),
      })
      .refine((b) => b.userId !== undefined || b.name !== undefined, "a giver by id or by name"),
});
