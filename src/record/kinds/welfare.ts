/**
 * The daily welfare check (issue 38; src/answers/welfare-store.ts):
 * - `welfare_list`: what a welfare post listed when it was posted (the day, the round, the area,
 *   each pet and the message holding it); a button carries only the list's id and the pet's ids;
 * - `welfare`: one check of a pet (its four signs, a note, the day's meals as recorded); the first
 *   of a pet's round is keyed by the pet's round, a correction by what it supersedes;
 * - `welfare_flag`: a flag, keyed by its episode (one per episode);
 * - `welfare_advice`: the vet's advice on a flag; `welfare_resolved`: its closing, once.
 */
import { z } from "zod";
import { WELFARE_SIGNS } from "../../domain/welfare-signs.ts";
import { atFirstUse } from "../../first-use.ts";
import { date, defineKind, id, round, text, words } from "./kind.ts";
import { PET_NAME_MAX } from "./round-pet.ts";

/**
 * A list's pet's name and room, whole as a round's sheet keeps them (issue 47: up to 2,000
 * characters); a line naming the pets of a booking not matched, whole up to ten such names. A list
 * longer than one record holds keeps its longest names marked as shortened (src/answers/welfare.ts).
 */
export const WELFARE_UNLISTED_MAX = 10 * PET_NAME_MAX;

const listPet = atFirstUse(() =>
  z.object({
    bookingId: id(),
    petId: id(),
    name: text(PET_NAME_MAX),
    room: text(PET_NAME_MAX).optional(),
    /** The message of the post that holds the pet (0: the parent). */
    message: z.number().int().nonnegative(),
  }),
);

export const welfareList = defineKind({
  name: "welfare_list",
  version: 1,
  words: "a welfare post's list as posted",
  body: () =>
    z.object({
      v: z.literal(1),
      date: date(),
      round: round(),
      /** The area (a room name's beginning), null for the whole house, "" for the other rooms. */
      area: text(60).nullable(),
      pets: z.array(listPet()).max(2000),
      messages: z.number().int().positive().max(100),
      /** Bookings whose pets could not be listed (care not matched): named, never left out. */
      unlisted: z.array(text(WELFARE_UNLISTED_MAX)).max(500),
      /** The business the pets' records came from (the API's kennelId), when they said. */
      kennelId: id().optional(),
    }),
});

export type ListPet = z.infer<ReturnType<typeof listPet>>;

const mealSeen = atFirstUse(() =>
  z.object({
    round: round(),
    outcome: z.enum(["ate_all", "ate_some", "ate_none", "not_offered", "not_recorded"]),
    entryId: id().optional(),
  }),
);

export const welfareCheck = defineKind({
  name: "welfare",
  version: 1,
  words: "a welfare check of a pet",
  body: () =>
    z.object({
      v: z.literal(1),
      round: round(),
      bookingId: id(),
      petId: id(),
      petName: text(PET_NAME_MAX),
      room: text(PET_NAME_MAX).optional(),
      values: z.object({
        drinking: z.enum(WELFARE_SIGNS.drinking),
        stool: z.enum(WELFARE_SIGNS.stool),
        urine: z.enum(WELFARE_SIGNS.urine),
        demeanour: z.enum(WELFARE_SIGNS.demeanour),
      }),
      note: words(500).optional(),
      eating: z.array(mealSeen()).max(3),
      userName: text(200),
      /** The Slack request that made it (a re-delivered tap finds it). */
      request: text(200),
    }),
});

const episodeEntry = atFirstUse(() =>
  z.object({
    kind: z.enum(["check", "meal"]),
    id: id(),
    date: date(),
    round: round(),
    at: text(40),
  }),
);

export const welfareFlag = defineKind({
  name: "welfare_flag",
  version: 1,
  words: "a welfare flag",
  body: () =>
    z.object({
      v: z.literal(1),
      bookingId: id(),
      petId: id(),
      petName: text(PET_NAME_MAX),
      room: text(PET_NAME_MAX).optional(),
      sign: z.string().regex(/^(drinking|stool|urine|demeanour|eating):[a-z_]+$/),
      // Two or more in a row; one for a sign that flags at its first check (src/domain/welfare.ts SERIOUS_SIGNS).
      entries: z.array(episodeEntry()).min(1).max(50),
    }),
});

export const welfareAdvice = defineKind({
  name: "welfare_advice",
  version: 1,
  words: "a vet's advice on a welfare flag",
  body: () =>
    z.object({
      v: z.literal(1),
      flag: id(),
      vet: words(200),
      sought: text(40),
      advice: words(1000),
      userName: text(200),
      request: text(200),
    }),
});

export const welfareResolved = defineKind({
  name: "welfare_resolved",
  version: 1,
  words: "a welfare flag resolved",
  body: () =>
    z.object({
      v: z.literal(1),
      flag: id(),
      why: words(500),
      userName: text(200),
      request: text(200),
    }),
});
