/**
 * `plans_post`: a round's "Care plans to confirm" post as it was posted (issue 44;
 * src/answers/plans-post.ts): the round and the pets of each of its messages, in order. After a
 * person saves or confirms a plan, from the plans post or the round post, the post's counts are
 * drawn again over every pet it listed, and the message holding the pet is found by its place here.
 */
import { z } from "zod";
import { defineKind, id, round } from "./kind.ts";

export const plansPost = defineKind({
  name: "plans_post",
  version: 1,
  words: "a round's care plans to confirm, as posted",
  body: () =>
    z.object({
      v: z.literal(1),
      round: round(),
      /** Each message's pets, [bookingId, petId], in order (the first message is the post's parent). */
      messages: z
        .array(z.array(z.tuple([id(), id()])).max(200))
        .min(1)
        .max(100),
    }),
});
