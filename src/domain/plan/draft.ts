/**
 * The reader: a stay's draft plan from the pet's care fields as the kennel API gives them. It
 * proposes; a person confirms (src/domain/plan/state.ts). Pure: the stay, the kennel's date order,
 * high-alert words and house routine are passed in.
 */

import { MEDICATION_FIELDS, type Pet, unreadableCareOf } from "../../kennel/schemas.ts";
import { localDate } from "../../time.ts";
import { type Allergy, allergiesIn, allergyHits } from "../allergy.ts";
import { fact, isNoFood, type Round, roundDiet } from "../care.ts";
import { fastIn } from "./fast.ts";
import { type DietFields, type HouseMeals, houseMealsFor, readFeeding } from "./feeding.ts";
import { readSlot, type SlotFields } from "./read-slot.ts";
import type { DateContext } from "./read-text.ts";
import { itemSource, sourcesHash } from "./source.ts";
import {
  type DateOrder,
  PLAN_FORMAT,
  type Plan,
  type PlanItem,
  type RoundClock,
  type SourceField,
} from "./types.ts";

/** The care fields the reader reads (any Pet has them, each optional). */
export type CareFields = Pick<Pet, (typeof MEDICATION_FIELDS)[number][number]> &
  Pick<
    Pet,
    "dietaryRequirements" | "dietaryRequirementsAm" | "dietaryRequirementsNoon" | "dietaryRequirementsPm"
  > &
  Partial<Pick<Pet, "allergies" | "medicalNotes" | "notes" | "evaluationCompleteNotes">> & {
    petType?: string | undefined;
  };

export interface ReaderContext {
  bookingId: number;
  petId: number;
  /** The stay's arrival and departure (ISO 8601 instants); a stay with no departure is open. */
  arrival: string;
  departure: string | undefined;
  /** The kennel's time zone: the stay's days are its calendar days. */
  timeZone: string;
  dateOrder: DateOrder;
  /** The kennel's own high-alert words (KENNEL_HIGH_ALERT). */
  highAlertWords: readonly string[];
  houseMeals: HouseMeals;
  /** The rounds' times and dose window: a clock time written far from its round is for a person. */
  rounds: RoundClock;
  /** When the draft is made (ISO 8601, from the injected clock). */
  now: string;
}

const field = (name: string, value: string | undefined): SourceField | undefined =>
  value === undefined || value.trim() === "" ? undefined : { field: name, words: value };

function dietFields(pet: CareFields): DietFields {
  return {
    general: field("dietaryRequirements", fact(pet.dietaryRequirements)),
    morning: field("dietaryRequirementsAm", roundDiet(pet.dietaryRequirementsAm)),
    midday: field("dietaryRequirementsNoon", roundDiet(pet.dietaryRequirementsNoon)),
    evening: field("dietaryRequirementsPm", roundDiet(pet.dietaryRequirementsPm)),
  };
}

/** The medication slots with words (or a value that could not be read), in the API's order. */
function slotFields(pet: CareFields): SlotFields[] {
  const unreadable = new Set(unreadableCareOf(pet as Pet));
  return MEDICATION_FIELDS.flatMap(([main, noon, pm], i): SlotFields[] => {
    // A round's field keeps "Nil" or "none": no dose that round, an instruction (not an empty field).
    const slot = {
      n: (i + 1) as SlotFields["n"],
      main: field(main, fact(pet[main])),
      noon: field(noon, roundDiet(pet[noon])),
      pm: field(pm, roundDiet(pet[pm])),
      unreadable: [main, noon, pm].some((f) => unreadable.has(f)),
    };
    const dose = (f: SourceField | undefined) => f !== undefined && !isNoFood(f.words);
    return slot.main || dose(slot.noon) || dose(slot.pm) || slot.unreadable ? [slot] : [];
  });
}

/**
 * The same drug in two or more slots: each names the others, and none is due until a person says
 * whether it is one dose or two.
 */
function markSameDrug(items: PlanItem[]): PlanItem[] {
  const drugs = (i: PlanItem) =>
    (i.parts ? i.parts.map((p) => p.what.drug) : [i.what.drug]).filter((d): d is string => d !== undefined);
  return items.map((item) => {
    const mine = drugs(item);
    const same = items.filter(
      (o) => o !== item && o.key !== "meal" && drugs(o).some((d) => mine.includes(d)),
    );
    if (item.key === "meal" || same.length === 0) return item;
    const doubts = item.doubts.includes("same_drug") ? item.doubts : [...item.doubts, "same_drug" as const];
    return { ...item, sameDrugAs: same.map((o) => o.key), doubts, readBy: "nobody" };
  });
}

/** The stay's first and last calendar days in the kennel's zone. */
function stayDates(context: ReaderContext): DateContext {
  return {
    order: context.dateOrder,
    first: localDate(context.arrival, context.timeZone),
    last: context.departure ? localDate(context.departure, context.timeZone) : undefined,
  };
}

/** The fields read for a fast and for allergies besides the diet: the allergies and every note. */
function noteFields(pet: CareFields): SourceField[] {
  return [
    field("allergies", fact(pet.allergies)),
    field("medicalNotes", fact(pet.medicalNotes)),
    field("notes", fact(pet.notes)),
    field("evaluationCompleteNotes", fact(pet.evaluationCompleteNotes)),
  ].filter((f): f is SourceField => f !== undefined);
}

/** An item's source with another field it was read against (a fast in the notes, an allergy), once. */
const withField = (item: PlanItem, f: SourceField): PlanItem =>
  item.source.fields.some((o) => o.field === f.field)
    ? item
    : { ...item, source: itemSource([...item.source.fields, f]) };

/**
 * The allergies on record held against an item's words: each match a doubt only a person clears,
 * and the allergy's field in the item's source (a change to it is a change to the item).
 */
function heldAgainst(item: PlanItem, allergies: Allergy[], notes: SourceField[]): PlanItem {
  const hits = allergyHits(item.source.fields.map((f) => f.words).join(" · "), allergies);
  if (hits.length === 0) return item;
  const marked = notes
    .filter((f) => hits.some((h) => h.field === f.field))
    .reduce(withField, {
      ...item,
      allergies: hits.map((h) => ({
        allergy: h.allergy,
        field: h.field,
        word: h.word,
        ...(h.group ? { group: h.group } : {}),
      })),
      doubts: [...new Set([...item.doubts, "allergy" as const])],
      readBy: "nobody" as const,
    });
  return marked;
}

/** A draft plan: the feeding item, then each medication slot with words, read by the reader. */
export function draftPlan(pet: CareFields, context: ReaderContext): Plan {
  const dates = stayDates(context);
  const house: Round[] = houseMealsFor(context.houseMeals, pet.petType);
  const diet = dietFields(pet);
  const notes = noteFields(pet);
  const fasting = fastIn(
    [diet.general, diet.morning, diet.midday, diet.evening, ...notes].filter(
      (f): f is SourceField => f !== undefined,
    ),
    dates,
  );
  const fed = readFeeding(diet, house, dates, fasting);
  const fastField = fasting && ("fast" in fasting ? fasting.fast : fasting.undated);
  const meal = fastField ? withField(fed, { field: fastField.field, words: fastField.words }) : fed;
  const mealRounds = meal.readBy === "reader" ? meal.when.rounds.map((d) => d.round) : undefined;
  const meds = slotFields(pet).map((slot) =>
    readSlot(slot, { dates, highAlertWords: context.highAlertWords, mealRounds, rounds: context.rounds }),
  );
  const allergies = allergiesIn(notes);
  const items = markSameDrug([meal, ...meds]).map((i) => heldAgainst(i, allergies, notes));
  return {
    format: PLAN_FORMAT,
    bookingId: context.bookingId,
    petId: context.petId,
    ...(pet.petType ? { species: pet.petType } : {}),
    items,
    sourceHash: sourcesHash(items.map((i) => i.source)),
    draftedAt: context.now,
    confirmations: [],
  };
}

/**
 * The source hash a plan drafted from these fields now would have: a stored plan whose `sourceHash`
 * differs was read from words the kennel system has since changed.
 */
export function planSourceHash(pet: CareFields, context: ReaderContext): string {
  return draftPlan(pet, context).sourceHash;
}
