/**
 * `dose_alert`: the dose times' replies (src/digest/dose-alert-records.ts): the claim of one reply
 * (so two replicas post it once; its body names the doses the reply names), then the record that it
 * was posted (where, so it is edited as entries arrive).
 */
import { z } from "zod";
import { atFirstUse } from "../../first-use.ts";
import { itemKey } from "../items.ts";
import { defineKind, id, round, text } from "./kind.ts";
import { LABEL_MAX, PET_NAME_MAX, TEXT_MAX } from "./round-pet.ts";

const schemas = atFirstUse(() => {
  const at = text(40);
  const alertKind = z.enum(["nudge", "late", "missed"]);

  const claimedDose = z.object({
    b: id(),
    p: id(),
    // The pet and the dose as the round's kept sheet keeps them, whole (issue 47): never cut.
    name: text(PET_NAME_MAX),
    room: text(PET_NAME_MAX).optional(),
    item: itemKey(),
    label: text(LABEL_MAX),
    text: text(TEXT_MAX),
    highAlert: z.boolean().optional(),
    /** Due from the words, the pet's care plan not confirmed (issue 44): named so. */
    unconfirmed: z.boolean().optional(),
    /** Owed once a day from its words (src/domain/day-dose.ts): "not recorded today". */
    onceToday: z.boolean().optional(),
    /** One drug in two slots, "one dose or two?" not answered: ask before giving both. */
    twoSlots: z.boolean().optional(),
    opensAt: at,
    dueAt: at,
    lateAt: at,
    closesAt: at,
  });

  const claim = z.object({
    v: z.literal(1),
    step: z.literal("claim"),
    kind: alertKind,
    round: round(),
    at,
    attempt: z.number().int().min(1),
    /** When it was claimed, by the claimer's clock (ISO). */
    claimedAt: at,
    doses: z.array(claimedDose).max(2000),
  });

  const posted = z.object({
    v: z.literal(1),
    step: z.literal("posted"),
    kind: alertKind,
    round: round(),
    at,
    attempt: z.number().int().min(1),
    channel: text(40),
    ts: text(40),
    /** Posted in the round post's thread (the post existed then); absent in records made before it was kept. */
    inThread: z.boolean().optional(),
  });
  return { claim, posted, claimedDose };
});

export const doseAlert = defineKind({
  name: "dose_alert",
  version: 1,
  words: "a dose times' reply, claimed or posted",
  body: () => z.discriminatedUnion("step", [schemas().claim, schemas().posted]),
});

export type Claim = z.infer<ReturnType<typeof schemas>["claim"]>;
export type Posted = z.infer<ReturnType<typeof schemas>["posted"]>;
export type ClaimedDose = z.infer<ReturnType<typeof schemas>["claimedDose"]>;
