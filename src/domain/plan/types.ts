/**
 * The care plan (issue 34): each stay's doses and feeding, read once from the kennel API's care
 * fields, confirmed by a person, then every round works from it. Plain JSON-serialisable data: the
 * record's store keeps each version whole (append-only), so a field is never a Date, a Map or a
 * function, and an absent value is an absent key.
 *
 * Dates are the kennel's calendar dates (YYYY-MM-DD, in its time zone); instants are ISO 8601 UTC.
 */
import type { ItemKey } from "../../record/items.ts";
import type { Round } from "../care.ts";

/** The plan's format, stored with it: a later change of shape reads older versions by it. */
export const PLAN_FORMAT = 1;

/** How a date written with slashes is read: day first (dmy) or month first (mdy), as KENNEL_DATE_ORDER. */
export type DateOrder = "dmy" | "mdy";

/** One API field an item was read from, and its words as the API gave them. */
export interface SourceField {
  /** The API's field name: "medication2", "medication2Pm", "dietaryRequirementsAm". */
  field: string;
  words: string;
}

export interface ItemSource {
  /** In the API's order (the instruction, then midday, then evening; the diet's general field first). */
  fields: SourceField[];
  /** SHA-256 (hex) of the fields' names and words: a different hash is a change in the kennel system. */
  hash: string;
}

/** What is given, every part exactly as written (a number is never shortened: "2,5 mg", "1/2 tab"). */
export interface ItemWhat {
  /** The words whole, the fields joined with " · " as they are shown beside the reading. */
  text: string;
  /** The drug or food as the words name it ("Metacam 1.5ml", "Owner's food"); none when they name none. */
  name?: string;
  /** The drug's strength as written ("2,5 mg", "40 iu/ml"). */
  strength?: string;
  /** The amount given at a time as written ("1/2 tab", "1.5ml", "1 cup"). */
  amount?: string;
  /** The drug, for "the same drug twice": its generic name when known ("meloxicam"), else its first word. */
  drug?: string;
}

/** A round the item is given at, and the words (or the field) that say so. */
export interface RoundDose {
  round: Round;
  /** "twice daily", "breakfast", "7pm", or the field's name ("medication2Pm") when the field says it. */
  why: string;
  /** That round's own instruction (the midday or evening field's words), when it has one. */
  amount?: string;
}

/** Which days: every day; every N calendar days counted from an on-day; weekdays; listed dates. */
export type Days =
  | { every: "day" }
  | { every: "n_days"; n: number; from: string }
  | { every: "weekdays"; weekdays: number[] }
  | { every: "dates"; dates: string[] };

/** A tapering step: its amount as written, from and to dates inclusive (absent: open-ended). */
export interface TaperStep {
  amount: string;
  from?: string;
  to?: string;
}

export interface ItemWhen {
  rounds: RoundDose[];
  days: Days;
  /** The first day (inclusive). */
  start?: string;
  /** The last day (inclusive). */
  stop?: string;
  /** Tapering steps in order; empty when the amount does not change. */
  steps: TaperStep[];
}

export type ItemKind =
  | { kind: "routine" }
  /** Given only if needed ("PRN", "as needed"): never due, "give if needed". */
  | { kind: "as_needed"; reason?: string; maxPer24h?: number; minHoursBetween?: number }
  /** Due on its rounds with a condition ("only if she has eaten"): never in one tap. */
  | { kind: "conditional"; condition: string };

export type HighAlertClass = "insulin" | "anticonvulsant" | "controlled" | "kennel";

/** Why an item is high-alert: its class and the word that says so. A second person confirms it. */
export interface HighAlert {
  class: HighAlertClass;
  word: string;
}

/**
 * Why the reader left an item to a person (src/words/plan.ts says each in words). An item with any
 * is never due until a person sets it.
 */
export type Doubt =
  | "unreadable_field"
  | "no_round"
  | "once_no_round"
  | "more_than_rounds"
  | "rounds_disagree"
  | "instruction_beside_fields"
  | "instruction_only_round"
  | "no_day_one"
  | "weekly_no_day"
  | "longer_interval"
  | "duration_no_start"
  | "until_unclear"
  | "date_unreadable"
  | "date_unclear"
  | "taper_by_day_number"
  | "taper_unclear"
  | "amounts_differ"
  | "amount_range"
  | "no_amount"
  | "by_weight"
  | "condition_no_round"
  | "needed_and_routine"
  | "left_to_judgement"
  | "same_drug"
  | "fasting"
  | "field_conflict"
  /** Words the reader could not place (`PlanItem.unplaced` holds them): a closed reading accounts for every word. */
  | "unplaced_words"
  /** An allergy or intolerance on record matches the item's drug or food (`PlanItem.allergies`). */
  | "allergy"
  /** The words say the drug is stopped or not given ("stopped by the vet", "do not give"). */
  | "stopped"
  /** A day's total ("300g a day", "3 pouches daily") with no word for how it is split between rounds. */
  | "daily_total"
  /** The drugs of one slot cannot each be read on their own (a part's words unclear, or kinds mixed). */
  | "parts_unclear"
  /** A clock time written ("at 3am", "10pm") outside its round's dose window: which round, if any? */
  | "time_off_round"
  /** With food at one round and without at another ("AM with food, PM without food"): a round's own condition. */
  | "food_differs";

/**
 * The kennel's rounds as the reader checks a written clock time against them: each round's time
 * (ROUNDS_TIMES, HH:MM) and the dose window around it (DOSE_WINDOW_BEFORE, DOSE_WINDOW_AFTER).
 */
export interface RoundClock {
  times: Record<Round, string>;
  beforeMinutes: number;
  afterMinutes: number;
}

/** Who did something to a plan, and when (ISO 8601 UTC). */
export interface Person {
  userId: string;
  userName: string;
  at: string;
}

export interface PlanItem {
  /** The record's item: a medication slot (`med:1` … `med:5`) or the feeding (`meal`). */
  key: ItemKey;
  what: ItemWhat;
  when: ItemWhen;
  kind: ItemKind;
  highAlert?: HighAlert;
  source: ItemSource;
  /**
   * Who read it: the reader (certain), nobody yet (`doubts` say why: never due until a person sets
   * it; what the reader did read is kept to start from), or a person (`setBy`).
   */
  readBy: "reader" | "nobody" | "person";
  doubts: Doubt[];
  setBy?: Person;
  /** The other slots with the same drug: flagged, never both silently due. */
  sameDrugAs: ItemKey[];
  /** The feeding item: from the diet fields, or the house routine (no diet on record). */
  feeding?: "diet" | "house_routine";
  /** The dose window's own minutes before and after the round's time (issue 35), when set. */
  window?: { beforeMinutes?: number; afterMinutes?: number };
  /** The runs of words the reader could not place, as written ("not eating = no jab"), with `unplaced_words`. */
  unplaced?: string[];
  /** Allergies on record that match the item (with `allergy`): only a person clears them. */
  allergies?: AllergyMatch[];
  /** The feeding item: a fast the care fields state with its days (its meals not due then). */
  fast?: Fast;
  /**
   * Several drugs in one slot ("Vetmedin 5mg BID, Fortekor 5mg AM"; another drug in the evening
   * field): each read on its own, in the words' order. Used only while the reader's reading stands;
   * a person's setting is the slot's whole.
   */
  parts?: ItemPart[];
}

/** One drug of a slot that holds several, read on its own. */
export interface ItemPart {
  what: ItemWhat;
  when: ItemWhen;
  kind: ItemKind;
}

/** An allergy on record held against an item: the words on record, where, and what in the item matches. */
export interface AllergyMatch {
  /** The allergy's words as written ("amoxicillin", "allergic to beef"). */
  allergy: string;
  /** The care field it is written in ("allergies", "medicalNotes"). */
  field: string;
  /** The item's word that matches ("Synulox", "beef"). */
  word: string;
  /** The class both belong to ("penicillins", "beef"), when it is a class and not the same word. */
  group?: string;
}

/**
 * A fast the care fields state for a procedure on a known day ("spay 9/12, nil by mouth from 10pm
 * the night before"): the meals from `from` to `until` are not due, and the sheet says why.
 */
export interface Fast {
  /** The words that state it, as written, and their field. */
  words: string;
  field: string;
  /** The procedure's day (YYYY-MM-DD). */
  day: string;
  /** When the fast starts: a day and a time (HH:MM; "00:00" the start of that day). */
  from: { date: string; time: string };
  /** When it ends on the procedure day (HH:MM); none: the procedure's time is not known. */
  until?: string;
}

export interface Plan {
  format: typeof PLAN_FORMAT;
  bookingId: number;
  petId: number;
  /** The API's petType, as written (the house routine is per species). */
  species?: string;
  items: PlanItem[];
  /** SHA-256 of every API care field the plan was read from (`planSourceHash`). */
  sourceHash: string;
  draftedAt: string;
  /** Each confirmation, oldest first: a high-alert item needs a second, by a different person. */
  confirmations: Person[];
}

/** The plan's state, worked out (`planState`), never stored apart from what makes it. */
export type PlanState = "draft" | "awaiting_second" | "confirmed" | "changed_in_source";
