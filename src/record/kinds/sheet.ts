/**
 * `sheet`: a round's sheet as it was posted (src/answers/sheets.ts keeps and reads it): the day,
 * the round, each pet with something to record (its ids, its name, what was due in order, whether
 * one tap may sign it off, which message of the post holds it), and each message's document parts,
 * which every redraw draws again. A button carries only the sheet's id and the pet's ids.
 * - `sheet_part`: the rest of a sheet longer than one record holds (the biggest day's rounds: hundreds
 *   of pets, each with thousands of characters of care): its next pets and messages, in order. The
 *   sheet names its parts (`continued`), written just before it; read, the sheet is whole again
 *   (src/answers/sheets.ts), and nothing else knows it was kept in parts.
 */
import { z } from "zod";
import { atFirstUse } from "../../first-use.ts";
import { date, defineKind, id, round, text } from "./kind.ts";
import { dueItemFields, LABEL_MAX, roundPetFields } from "./round-pet.ts";

const dueItem = atFirstUse(() =>
  z.object({
    ...dueItemFields(),
    /** The dose window's own minutes, when the care plan sets them. */
    window: z
      .object({
        beforeMinutes: z.number().int().min(0).max(720).optional(),
        afterMinutes: z.number().int().min(1).max(720).optional(),
      })
      .optional(),
    /** Due from the words, the pet's care plan not confirmed (issue 44). */
    unconfirmed: z.boolean().optional(),
  }),
);
/** An item printed to give if needed (issue 44): its reason and limits, as the plan (or its words) say. */
const ifNeededItem = atFirstUse(() =>
  dueItem().extend({
    reason: text(500).optional(),
    maxPer24h: z.number().int().min(1).max(48).optional(),
    minHoursBetween: z.number().positive().max(168).optional(),
  }),
);

/**
 * An item printed not due by its days' words ("every other day", "except Sunday"), whole where its
 * words name another round (`other_round`: a sheet kept before it, none), or by its confirmed plan
 * (`plan_not_due`: not one of its days, not this round…): recorded if given.
 */
const byDaysItem = atFirstUse(() =>
  dueItem().extend({
    days: z.enum(["some_days", "not_today", "other_round", "plan_not_due"]),
    /**
     * The instruction's words that say its days ("EOD", "except Sunday"); the sheet's why
     * ("its words name the morning ("AM")"); the plan's why ("not this round").
     */
    words: text(LABEL_MAX),
  }),
);

const sheetPet = atFirstUse(() =>
  z.object({
    ...roundPetFields(),
    /** What the sheet listed as due for the pet, in its order. */
    due: z.array(dueItem()).max(6),
    /** What the sheet printed to give if needed (issue 44): its form records them, never chased. */
    ifNeeded: z.array(ifNeededItem()).max(5).optional(),
    /**
     * What the sheet printed not due by its days' words or whole where its words name another round,
     * its plan not confirmed, or by its confirmed plan: its form records them if given, never due nor chased.
     */
    byDays: z.array(byDaysItem()).max(5).optional(),
    /** May "All given & eaten" sign it off in one tap (src/domain/record.ts oneTapAllowed)? */
    oneTap: z.boolean(),
    /** The message of the post that holds the pet (0: the parent). */
    message: z.number().int().nonnegative(),
    /**
     * The pet was not checked in when the sheet was made and arrives later that day (its booking's
     * check-in, ISO 8601): a tap before then asks first.
     */
    arrivesAt: text(40).optional(),
    /** The pet's care plan when the sheet was made: its kept version, unless confirmed ("📋 Plan…" opens it). */
    planToConfirm: id().optional(),
    /** Its confirmed plan has a dose to give if needed (issue 35): "💊 Give if needed…" beside the pet. */
    asNeeded: z.boolean().optional(),
  }),
);

// A message's document (src/present/doc.ts Part), as kept: the same shape, checked both ways.
const span = atFirstUse(() =>
  z.object({
    text: z.string(),
    strong: z.literal(true).optional(),
    em: z.literal(true).optional(),
    code: z.literal(true).optional(),
    struck: z.literal(true).optional(),
    tone: z.enum(["alert", "warn", "muted", "accent"]).optional(),
    /**
     * Said by the pet's care plan when drawn (issue 44), or by its stay's welfare flags (issue 38): a
     * redraw puts the plan's words, or the flags, as they stand now in its place.
     */
    of: z.enum(["plan", "welfare"]).optional(),
    /** Names the button beside it: a surface with no buttons leaves it out. */
    button: z.literal(true).optional(),
    /** Says where a pet shared out over messages goes on: the pet joined whole leaves its line out. */
    piece: z.literal(true).optional(),
  }),
);
const line = atFirstUse(() => z.array(span()));
const lines = atFirstUse(() => z.array(line()));
const action = atFirstUse(() =>
  z.object({
    text: z.string(),
    actionId: z.string(),
    value: z.string(),
    style: z.enum(["primary", "danger"]).optional(),
  }),
);
const part = atFirstUse(() =>
  z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("title"), text: z.string() }),
    z.object({ kind: z.literal("summary"), lines: lines() }),
    z.object({ kind: z.literal("group"), line: line() }),
    z.object({
      kind: z.literal("item"),
      lines: lines(),
      action: action().optional(),
      key: z.string().optional(),
      /** Goes on in the next item: one pet shared out over messages (its key on the last). */
      more: z.literal(true).optional(),
      /** Its last line goes on as the next item's first (split between words): joined again whole. */
      cut: z.literal(true).optional(),
    }),
    z.object({ kind: z.literal("text"), lines: lines(), action: action().optional() }),
    z.object({ kind: z.literal("fields"), fields: z.array(z.object({ label: z.string(), value: line() })) }),
    z.object({ kind: z.literal("note"), lines: lines() }),
    z.object({ kind: z.literal("actions"), actions: z.array(action()) }),
    z.object({
      kind: z.literal("grid"),
      corner: z.string(),
      columns: z.array(lines()),
      rows: z.array(
        z.object({
          head: lines(),
          cells: z.array(
            z.object({ line: line(), key: z.string().optional(), struck: z.literal(true).optional() }),
          ),
        }),
      ),
    }),
    // A page's QR code (the chart on paper's): never on a round's sheet, a part of the one document model.
    z.object({ kind: z.literal("qr"), link: z.string(), lines: lines() }),
    z.object({ kind: z.literal("divider") }),
  ]),
);

const message = atFirstUse(() => z.object({ parts: z.array(part()) }));

export const sheet = defineKind({
  name: "sheet",
  version: 1,
  words: "a round's sheet as posted",
  body: () =>
    z.object({
      v: z.literal(1),
      date: date(),
      round: round(),
      /** The business the pets' records came from (the API's kennelId), when they said. */
      kennelId: id().optional(),
      fallback: z.string(),
      pets: z.array(sheetPet()),
      /** Each message's document parts, drawn by src/blocks/round-sheet.ts. */
      messages: z.array(message()).min(1),
      /**
       * A sheet longer than one record holds: the records (`sheet_part`) holding the rest of its pets
       * and messages, in order, after its own.
       */
      continued: z.array(id()).min(1).max(1000).optional(),
    }),
});

export const sheetPart = defineKind({
  name: "sheet_part",
  version: 1,
  words: "the rest of a round's sheet longer than one record holds",
  body: () =>
    z.object({
      v: z.literal(1),
      date: date(),
      round: round(),
      /** Its pets and messages: the sheet's next ones, in order. */
      pets: z.array(sheetPet()),
      messages: z.array(message()),
    }),
});

export type SheetPet = z.infer<ReturnType<typeof sheetPet>>;

/**
 * The most characters (as JSON) of a sheet's pets and messages one record is given: under the store's
 * 1,000,000 a body (src/record/ledger.ts), with room for the sheet's own fields. A longer sheet is
 * kept in parts (src/answers/sheets.ts `sheetPieces`).
 */
export const SHEET_PART_CHARS = 900_000;

/**
 * Whether the record keeps a pet of a sheet as drafted: its name and its items' words within the
 * limits, and the pet as a whole within what one record is given (six items of 190,000 characters
 * each are each within their limit, and together past any record).
 */
export const sheetPetKept = (pet: unknown): boolean =>
  sheetPet().safeParse(pet).success && JSON.stringify(pet).length <= SHEET_PART_CHARS;
