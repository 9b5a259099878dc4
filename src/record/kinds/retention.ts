/**
 * `retention`: one pass of the retention setting (KENNEL_RECORD_RETENTION_DAYS), written in the
 * same transaction as its deletion (src/record/ledger.ts purgeIn): the dates and counts removed, the
 * setting, the last place removed and its hash; since schema 4 the removed rows' link and content
 * from the last that was not a retention entry (src/record/verify.ts hashes them again); earlier
 * passes it removed live on inside it.
 */
import { z } from "zod";
import { date, defineKind } from "./kind.ts";

export const retention = defineKind({
  name: "retention",
  version: 1,
  words: "a retention pass",
  body: () =>
    z.object({
      before: date(),
      retentionDays: z.number().int().positive(),
      entries: z.number().int().nonnegative(),
      records: z.number().int().nonnegative(),
      from: date().nullable(),
      to: date().nullable(),
      throughSeq: z.number().int().nonnegative(),
      lastRemovedHash: z.string(),
      /** The removed rows from the last that was not a retention entry, each with its link (schema 4). */
      removed: z.array(z.object({ prevHash: z.string(), content: z.string() })).optional(),
      /** The passes this one removed, as they were (their own `earlier` folded in). */
      earlier: z.array(z.unknown()).optional(),
    }),
});
