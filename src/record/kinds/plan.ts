/**
 * `plan`: one version of a stay's pet's care plan (issue 34; src/answers/plans.ts), never changed: a
 * person's edit, a confirmation or a draft made again is a new version superseding the one before.
 * The plan itself is the reader's data (src/domain/plan/types.ts), kept whole; its format is checked
 * here (a later format is read by it), its parts by the domain that made them.
 */
import { z } from "zod";
import type { ChangedItem } from "../../domain/plan/state.ts";
import type { Plan } from "../../domain/plan/types.ts";
import { atFirstUse } from "../../first-use.ts";
import { defineKind, text } from "./kind.ts";
import { PET_NAME_MAX } from "./round-pet.ts";

const schemas = atFirstUse(() => {
  const planData = z.custom<Plan>(
    (p) =>
      typeof p === "object" &&
      p !== null &&
      (p as Plan).format === 1 &&
      Array.isArray((p as Plan).items) &&
      Array.isArray((p as Plan).confirmations),
    "not a care plan of format 1",
  );
  const changed = z.custom<ChangedItem>((c) => typeof c === "object" && c !== null);
  return { planData, changed };
});

export const plan = defineKind({
  name: "plan",
  version: 1,
  words: "a version of a pet's care plan",
  body: () =>
    z.object({
      plan: schemas().planData,
      /** The kennel system's words that changed, when this version was drafted again because of them. */
      changed: z.array(schemas().changed).optional(),
      /** The pet's name and room as the sheet showed them when the plan was drafted, whole (issue 47). */
      petName: text(PET_NAME_MAX).optional(),
      room: text(PET_NAME_MAX).optional(),
    }),
});
