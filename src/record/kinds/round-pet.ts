/**
 * What a round's kept sheet (`sheet`) and what the round asked (`obligation`, `obligation_change`)
 * both keep of a pet and of an item due to it: the same stored fields, defined once, so the kinds
 * cannot drift apart (an item added to a kept round carries the pet and the item as its sheet kept
 * them). Each is a schema's fields, spread first into the kinds' objects: the written JSON keeps its
 * order. Built where a kind's schema is.
 */
import { z } from "zod";
import { itemKey } from "../items.ts";
import { id, text } from "./kind.ts";

/** The longest pet's name a round keeps: whole (issue 47); a longer one is refused, never cut. */
export const PET_NAME_MAX = 2000;
/** The longest label and words of an item due a round keeps, whole; longer ones are refused, never cut. */
export const LABEL_MAX = 2000;
/**
 * An item's words, whole. Slack does not bound them (a pet's care longer than a message goes on in
 * the next: src/present/round-sheet.ts), so they are bounded here by what one record holds: a body of
 * at most 1,000,000 characters (src/record/schema.ts). A sheet longer than one record is kept in parts
 * (src/answers/sheets.ts), but a pet of it, with its items' words, is kept in one: 200,000 (once
 * 20,000, which refused the whole round for one pet's 25,000) keeps four such items of a pet within it.
 */
export const TEXT_MAX = 200_000;

/** A pet of a round: its booking's id and its own, and its name, whole (issue 47). */
export const roundPetFields = () => ({ bookingId: id(), petId: id(), name: text(PET_NAME_MAX) });

/** An item due to a pet at a round, in its words as the sheet showed them (kept with its entry). */
export const dueItemFields = () => ({
  item: itemKey(),
  /** A short label for the record line: the medication's name, or "meal". */
  label: text(LABEL_MAX),
  /** The item whole: a drug with its strength and amount, the meal's diet (never shortened: issue 47). */
  text: text(TEXT_MAX),
  /** A high-alert drug (issue 35): a shorter window, a nudge before it, a witness. */
  highAlert: z.boolean().optional(),
});
