/**
 * What a round asked, written once (issue 45; src/answers/obligations.ts keeps and reads it):
 * - `obligation`: when a round's sheet is first kept (posted, or first asked), each pet the round
 *   asked something of, and each item with its words, the care plan's version it came from (or "from
 *   the words, plan not confirmed") and its window, as instants. One per round and day: its request
 *   key is `obligation:<date>:<round>`, so two replicas, a second /rounds or the dose times' job
 *   asking after the post find the one written first.
 * - `obligation_part`: the rest of the pets of a round longer than one record holds (the biggest
 *   day's), written just before the obligation that names it (`continued`).
 * - `obligation_change`: a pet who arrived or left after it, as the kennel API said when the round
 *   was next asked: an arrival with its items (none: on the sheet only for lines recorded if given,
 *   asked nothing), a departure with when the pet went home (its items not recorded by then are not
 *   due after). One per pet, round and change (an arrival asked nothing its own). Or items `added`: a
 *   plan confirmed after the round was kept, an item of it signed from the sheet drawn again, is
 *   added to what the round asked in the same transaction as its entry (the kept round itself is
 *   never rewritten).
 *
 * Every surface that says what was due (the late and missed replies, Home, the sheet drawn again,
 * the stay's record, `record`, the audit, the exports, the connector) reads these and the entries,
 * never the kennel API's answer of a later moment.
 */
import { z } from "zod";
import { atFirstUse } from "../../first-use.ts";
import { itemKey } from "../items.ts";
import { date, defineKind, id, instant, round, text } from "./kind.ts";
import { dueItemFields, PET_NAME_MAX, roundPetFields } from "./round-pet.ts";

/** The most of a booking's reference an obligation keeps (a pet's stay, a booking whose care is not known). */
export const REFERENCE_MAX = 100;

const schemas = atFirstUse(() => {
  /** An item's window as the round kept it (src/domain/doses.ts DoseWindow). */
  const window = z.object({ opensAt: instant(), dueAt: instant(), lateAt: instant(), closesAt: instant() });

  const owedItem = z.object({
    ...dueItemFields(),
    window,
    /** The kept version of the pet's care plan it was worked from, when there was one. */
    plan: id().optional(),
    /** The plan was confirmed by a person; false: due from the words, plan not confirmed. */
    confirmed: z.boolean(),
    /** Due from the words, which give it no time of its own, the plan not confirmed: owed once a day. */
    noTime: z.literal(true).optional(),
    /** The pet's other slots holding the same drug, the plan's question not answered. */
    sameDrugAs: z.array(itemKey()).max(5).optional(),
  });

  /**
   * A pet of the round and its stay, as an obligation and a change both keep it: its room, its
   * booking's reference and the stay's check-in and check-out as the kennel API said then (a stay's
   * record reads its dates from them; an arrival written before they were kept has none: its arrival
   * stands for the check-in).
   */
  const stayPet = {
    ...roundPetFields(),
    room: text(PET_NAME_MAX).optional(),
    reference: text(REFERENCE_MAX).optional(),
    checkIn: instant().optional(),
    checkOut: instant().optional(),
  };

  /**
   * The high-alert drugs the pet's sheet printed to record only if given, not asked (not due by their
   * days' words, or by the confirmed plan): a dose of one recorded given is witnessed.
   */
  const besideHighAlert = z.array(itemKey()).max(5).optional();

  const owedPet = z.object({
    ...stayPet,
    /** Not here yet when the round was kept: its check-in later that day (nothing is due before it). */
    arrivesAt: instant().optional(),
    items: z.array(owedItem).min(1).max(12),
    besideHighAlert,
  });
  /**
   * A pet on the sheet the round asked nothing, there only for lines recorded if given, with the
   * high-alert drugs among them (`besideHighAlert`, as an asked pet keeps them).
   */
  const askedNothing = z.object({
    bookingId: id(),
    petId: id(),
    besideHighAlert: z.array(itemKey()).min(1).max(5),
  });
  return { stayPet, owedPet, owedItem, besideHighAlert, askedNothing };
});

export const obligation = defineKind({
  name: "obligation",
  version: 1,
  words: "what a round asked, written when its sheet was kept",
  body: () =>
    z.object({
      v: z.literal(1),
      date: date(),
      round: round(),
      /** The business the pets' records came from (the API's kennelId), when they said. */
      kennelId: id().optional(),
      pets: z.array(schemas().owedPet).max(5000),
      /**
       * Every booking on the sheet when it was kept (with something due or not, its care read or
       * not): a booking not among them, asked later, arrived since.
       */
      bookings: z.array(id()).max(5000),
      /**
       * The pets on the sheet it asked nothing, there only for a high-alert drug's line recorded if
       * given (not due by its days' words, by the confirmed plan, or printed where its words name
       * another round): a dose of one recorded given is witnessed, and counted so. Their bookings are
       * among `bookings`. Kept beside `pets`, never among them: every reader of the pets a round
       * asked something of reads them as before; one kept before it was has none.
       */
      askedNothing: z.array(schemas().askedNothing).max(5000).optional(),
      /**
       * Bookings on the sheet whose pets' care could not be matched or read: what was due there is not
       * known. `pets`: their names, whole (issue 47), as long as ten pets' names can be. `reference`:
       * the booking's reference as the kennel API said then, which every surface names it by (none in
       * one kept before it was: named by its id).
       */
      careMissing: z
        .array(
          z.object({
            bookingId: id().optional(),
            reference: text(REFERENCE_MAX).optional(),
            pets: text(10 * PET_NAME_MAX),
            status: text(40),
          }),
        )
        .max(5000)
        .optional(),
      /**
       * What the round's figures counted when it was kept: pets in house that day, on the sheet
       * (in house at the round's time), and gone home before it or arriving after it.
       */
      counts: z.object({
        inHouse: z.number().int().nonnegative(),
        onSheet: z.number().int().nonnegative(),
        away: z.number().int().nonnegative(),
      }),
      /**
       * A round longer than one record holds: the records (`obligation_part`) holding the rest of its
       * pets, in order, after its own (src/answers/obligation-parts.ts).
       */
      continued: z.array(id()).min(1).max(1000).optional(),
    }),
});

export const obligationPart = defineKind({
  name: "obligation_part",
  version: 1,
  words: "the rest of the pets a round asked something of, longer than one record holds",
  body: () =>
    z.object({
      v: z.literal(1),
      date: date(),
      round: round(),
      /** The round's next pets, in order. */
      pets: z.array(schemas().owedPet).max(5000),
    }),
});

export const obligationChange = defineKind({
  name: "obligation_change",
  version: 1,
  words: "a pet arriving or going home, or items added, after its round's obligation was written",
  body: () =>
    z.object({
      v: z.literal(1),
      /** The obligation it changes (its id in the record). */
      obligation: id(),
      round: round(),
      change: z.enum(["arrived", "left", "added"]),
      ...schemas().stayPet,
      /** When the pet arrived or went home, as the kennel API said (else when it was seen). */
      at: instant(),
      /**
       * An arrival's items, or the items added (a departure has none). An arrival with none: a pet on
       * the round's sheet only for lines recorded if given, asked nothing (OwedRound `askedNothing`).
       */
      items: z.array(schemas().owedItem).max(12).optional(),
      /** An arrival's high-alert drugs printed to record only if given (as an obligation's pet keeps them). */
      besideHighAlert: schemas().besideHighAlert,
    }),
});
