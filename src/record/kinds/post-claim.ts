/**
 * `post_claim`: a scheduled post (a round, the plans, welfare, "not checked", the day lists) claimed
 * before it is posted, then the record that it was posted (src/digest/post-claims.ts; issue 46), so
 * replicas sharing one record post each once. The claim's request key is
 * `post:<date>:<kind>:<channel>` (`#<attempt>` from the second attempt), the posted one's the same
 * with `:posted`; a claim given up with nothing to post, the claim's own with `:released`. A further
 * part of a long message drawn again, claimed before it is posted into its thread (a claim only, its
 * `kind` `part:<ts>:<n>`): request key `part:<channel>:<ts>:<n>`, released the same way.
 */
import { z } from "zod";
import { atFirstUse } from "../../first-use.ts";
import { defineKind, text } from "./kind.ts";

const schemas = atFirstUse(() => {
  const attempt = z.number().int().min(1);

  const claim = z.object({
    v: z.literal(1),
    step: z.literal("claim"),
    /** The post: "round:morning", "plans", "welfare:evening"…; a message's further part: "part:<ts>:<n>". */
    kind: text(100),
    channel: text(40),
    attempt,
    /** The replica that claimed it (a process's own random id). */
    by: text(60),
    /** When it was claimed, by the claimer's clock (ISO). */
    claimedAt: text(40),
  });

  const posted = z.object({
    v: z.literal(1),
    step: z.literal("posted"),
    kind: text(100),
    channel: text(40),
    attempt,
    /** The parent message, and how many messages the post took. */
    ts: text(40),
    parts: z.number().int().min(1),
  });

  /** A claim given up by its claimer, who found nothing to post: the next claim need not wait for it. */
  const released = z.object({
    v: z.literal(1),
    step: z.literal("released"),
    kind: text(100),
    channel: text(40),
    attempt,
    by: text(60),
  });
  return { claim, posted, released };
});

export const postClaim = defineKind({
  name: "post_claim",
  version: 1,
  words: "a scheduled post, claimed, posted or given up with nothing to post",
  body: () => z.discriminatedUnion("step", [schemas().claim, schemas().posted, schemas().released]),
});

export type PostClaim = z.infer<ReturnType<typeof schemas>["claim"]>;
