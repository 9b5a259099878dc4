/**
 * `paper`: a round's entries entered from the chart on paper (issue 50), the day Slack or Kennel
 * Desk was down. Written in the same transaction as the entries it marks (the store's `beside`),
 * only when they are: the entries are the record's ordinary dose entries (their `givenAt` the time
 * written on the paper, their user who entered them, their `recordedAt` when), and this says they
 * came from the paper and who gave each, as the paper names them (initials or a name), and for a
 * high-alert dose given the witness who signed beside it on the paper (version 2; none: no witness
 * on the paper, as every version-1 record, written before the form asked, says too). Its body
 * names the entries' request key (`request`); its own request key is `paper:<request>`, so a form
 * or a command run again marks once.
 */
import { z } from "zod";
import { itemKey } from "../items.ts";
import { defineKind, words } from "./kind.ts";

export const paper = defineKind({
  name: "paper",
  version: 2,
  words: "a round's entries entered from the chart on paper",
  body: () =>
    z.object({
      v: z.union([z.literal(1), z.literal(2)]),
      request: words(200),
      items: z.array(z.object({ item: itemKey(), by: words(60), witness: words(60).optional() })).min(1),
    }),
});
