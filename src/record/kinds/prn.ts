/**
 * The as-needed doses (issue 35; src/answers/prn.ts):
 * - `prn`: one dose given "if needed", dated the kennel's local day it was given; the item read
 *   from the pet's confirmed plan; past a plan's limit, the giver's acknowledgement kept with it; its
 *   medicine past its discard-by or handed back, what the giver checked first (`checked`); given on
 *   ✏️ Record each… naming another giver ("Given by (if not you)"), who gave it (`givenBy`: their
 *   Slack id, and their name when Kennel Desk knew it; the dose stays signed by who recorded it);
 * - `prn_effect`: how it worked, asked an hour later: one per dose (`prn_effect:<prnId>`);
 * - `prn_follow_up`: the follow-up's claim, so two replicas sharing a record ask once
 *   (`prn_follow_up:<prnId>`).
 */
import { z } from "zod";
import { PRN_EFFECTS, type PrnEffect } from "../../domain/prn-effects.ts";
import { itemKey } from "../items.ts";
import { date, defineKind, id, instant, text, words } from "./kind.ts";
import { LABEL_MAX, PET_NAME_MAX } from "./round-pet.ts";

export const prn = defineKind({
  name: "prn",
  version: 1,
  words: "an as-needed dose",
  body: () =>
    z.object({
      item: itemKey(),
      label: words(LABEL_MAX),
      itemText: text(3000),
      reason: words(500),
      givenAt: instant(),
      userName: words(200),
      ack: z.object({ rule: z.enum(["max_per_24h", "min_interval"]), words: words(1000) }).optional(),
      note: words(500).optional(),
      /** A high-alert drug (its plan item's): witnessed as a round's dose is (issue 46). */
      highAlert: z.literal(true).optional(),
      /** The pet's name as its plan had it, whole, so every export row names the pet (issues 46, 47). */
      petName: words(PET_NAME_MAX).optional(),
      /** Given from the words, the pet's care plan not confirmed (issue 44: the round's form). */
      unconfirmed: z.literal(true).optional(),
      /**
       * Its medicine asked about first, and ticked "I have checked: give it anyway" (issue 49): the
       * supply's discard-by it was past on the day given, or to whom and when it was handed back.
       */
      checked: z
        .object({
          discardBy: date().optional(),
          handedBack: z.object({ to: words(200), date: date() }).optional(),
        })
        .optional(),
      /**
       * Who gave it, when the form named someone other than who recorded it (`userId`, `userName`):
       * their Slack id, and the name Kennel Desk knew then (none: a `staff_name` record names them
       * after the commit, src/answers/staff-names.ts).
       */
      givenBy: z.object({ userId: words(40), name: words(200).optional() }).optional(),
    }),
});

export const prnEffect = defineKind({
  name: "prn_effect",
  version: 1,
  words: "how an as-needed dose worked",
  body: () =>
    z.object({
      prnId: id(),
      effect: z.enum(PRN_EFFECTS as [PrnEffect, ...PrnEffect[]]),
      note: words(500).optional(),
      userName: words(200),
    }),
});

export const prnFollowUp = defineKind({
  name: "prn_follow_up",
  version: 1,
  words: "the follow-up of an as-needed dose, claimed",
  body: () => z.object({ prnId: id(), to: text(40).optional(), at: instant() }),
});
