/**
 * A feeding and medication round (/rounds, the round posts, `kennel-desk rounds`, the connector's
 * get_round) as one document: every pet in house, each with its room on its first line (a pet can
 * be read alone, in a thread's reply or on a phone), then fasting and other alerts, the notes that
 * carry danger, allergies (in a long sheet the line never to lose), this round's diet and the notes on
 * feeding, and each medication as the round's sheet
 * shows it (src/domain/care.ts `medicationsFor`: every instruction in full in the morning). A pet
 * with nothing this round, by its record, says so on its first line. Channel-safe.
 */
import type { RoundPet, RoundReport } from "../answers/rounds.ts";
import type { Round } from "../domain/care.ts";
import type { ChannelSafe } from "../domain/privacy.ts";
import { medicationLines, roundWord } from "../domain/rounds.ts";
import {
  byHandWords,
  careWarningWords,
  dietNoteWords,
  namedDietRow,
  noDietRow,
  noteWords,
  roundMedicationRow,
  roundMedicationWhole,
  sheetAlertWords,
  speciesEmoji,
} from "../words/care.ts";
import { dayHeading } from "../words/dates.ts";
import { postedLateWords, referenceRoundWords } from "../words/day.ts";
import { NO_ONE_IN_HOUSE, roundSummaryParts, roundTitle, stayMarkWords } from "../words/house.ts";
import { offFoodWords } from "../words/off-food.ts";
import { mealPlanOnSheetWords, planOnSheetWords } from "../words/plan.ts";
import { type Doc, dotted, type Line, line, type Part, strong, toned, value, whole } from "./doc.ts";
import { summaryLine } from "./parts.ts";
import { planStateLines, sameDrugLines } from "./plan-sheet.ts";
import { flagLines } from "./welfare-flag.ts";

export interface RoundDocOptions {
  /** A post made late (the bot was down at the round's time): when it went out, "12:40". */
  lateAt?: string | undefined;
  /** A round shown for reference, not kept (a later day's): the words under its summary that say so. */
  reference?: string | undefined;
}

/** A pet's sheet on the round, as the channel may see it. */
type SheetOf = NonNullable<ChannelSafe<RoundPet>["sheet"]>;

function petLines(p: ChannelSafe<RoundPet>, r: ChannelSafe<RoundReport>): Line[] {
  const b = p.booking;
  const room = strong(b.roomName ? whole(b.roomName) : "no room");
  const owner = b.customerName ? ` (${whole(b.customerName)})` : "";
  const marks = stayMarkWords(p);
  if (!p.pet || !p.sheet) {
    const which = whole(p.unmatched.length ? p.unmatched.join(", ") : (b.petNames ?? "pets"));
    const why = careWarningWords({ status: p.careStatus, unmatched: [] }) || "care details not known";
    // A booking with no pets has no pet's care to check by hand: its own words say where to look.
    const said = p.careStatus === "no_pets" ? why : byHandWords(why);
    return [dotted(room, line(strong(which), owner), ...marks), [toned("alert", `❔ ${said}`)]];
  }
  const s = p.sheet;
  const name = line(`${speciesEmoji(p.pet.pet)} `, strong(whole(p.pet.flags.name)), owner);
  const first = dotted(room, name, ...marks, s.nothing && "nothing this round");
  // Off its food at the rounds before this one: the answer's own flag, the same on every surface.
  const flag = p.offFood;
  // A drug in two slots: the plan's question until a person settles it (the words' own reckoning without a plan).
  const flags = p.plan ? { ...p.pet.flags, listedTwice: [] } : p.pet.flags;
  const alerts = [
    ...sheetAlertWords(flags, s.fastPassed).map((a): Line => [toned("alert", whole(a))]),
    ...(p.plan ? sameDrugLines(p.plan.items.map((i) => i.item)) : []),
  ];
  // Notes that carry danger, in full on every round; notes on feeding, in full where the pet is fed.
  const danger = (s.notes?.danger ?? []).map((n): Line => [toned("alert", `⚠️ ${whole(noteWords(n))}`)]);
  const feeding = (s.notes?.feeding ?? []).map((n): Line => line(`📝 ${whole(noteWords(n))}`));
  const allergy: Line | undefined = s.allergies
    ? [toned("warn", `⚠️ allergies: ${whole(s.allergies)}`)]
    : undefined;
  return [
    first,
    ...(flag ? [[strong(offFoodWords(flag))]] : []),
    // What the vet advised, whole, beside the flag: whoever works the round sees it.
    ...flagLines(p.welfare, { advised: true }),
    ...alerts,
    ...danger,
    ...(allergy ? [allergy] : []),
    ...(s.nothing ? dietNoteLines(s) : [...dietLines(s, r.round), ...feeding]),
    ...medicineLines(p, s, r.round),
    ...planLines(p),
  ];
}

/** The pet's doses as the care plan decides them (src/domain/rounds.ts), then a meal not fed for a fast. */
function medicineLines(p: ChannelSafe<RoundPet>, s: SheetOf, round: Round): Line[] {
  // The care plan decides what is due (src/domain/rounds.ts: the line stays whatever it says).
  const meds = medicationLines(s, p.plan).map((l): Line => {
    const row = l.planDecides
      ? roundMedicationWhole(l.medication, round)
      : roundMedicationRow(l.medication, round);
    const tone = l.due ? "warn" : "muted";
    const out: Line = [toned(tone, `💊 ${whole(row)}`)];
    // The plan's word, its own span: a sheet drawn again after the plan changed puts the plan now in its place.
    if (l.planSays && l.on) out.push({ ...toned(tone, ` · ${whole(planOnSheetWords(l.on))}`), of: "plan" });
    return out;
  });
  const meal = p.plan?.items.find((i) => i.item.key === "meal")?.on;
  // A meal not fed for a fast says why (its words), as a meal to check does.
  if (meal && meal.status !== "due" && (meal.status !== "not_due" || meal.why === "fasting"))
    meds.push([{ text: whole(mealPlanOnSheetWords(meal)), of: "plan" }]);
  return meds;
}

/** What the pet eats this round; with no diet on record, the house routine's meal on its rounds. */
function dietLines(s: SheetOf, round: Round): Line[] {
  const diet: Line[] = [];
  if (s.diet.round) diet.push(line(`🍽 ${roundWord(round).toLowerCase()}: ${whole(s.diet.round)}`));
  if (s.diet.general) diet.push(line(`🍽 general: ${whole(s.diet.general)}`));
  for (const d of s.diet.named) diet.push(line(`🍽 ${whole(namedDietRow(d))}`));
  // No diet on record: the house routine's meal on its rounds; nothing about food on the others.
  if (s.noDiet) {
    if (s.houseMeal) diet.push(line(`🍽 ${noDietRow(s.houseRoutine ?? [])}`));
  } else if (!s.fed && !s.diet.round) diet.push(line(`🍽 no ${round} diet recorded`));
  return [...diet, ...dietNoteLines(s)];
}

/** The general diet where it is no meal this round: its words whole, a note to the person. */
const dietNoteLines = (s: SheetOf): Line[] =>
  s.diet.note ? [line(`📝 ${whole(dietNoteWords(s.diet.note))}`)] : [];

/**
 * The pet's care plan on its sheet, when it is not (yet) confirmed: "📋 plan not confirmed", the
 * second person a high-alert plan waits for, or "changed in the kennel system: confirm again" with
 * each item's old and new words (src/present/plan-sheet.ts).
 */
function planLines(p: ChannelSafe<RoundPet>): Line[] {
  const plan = p.plan;
  if (!plan || plan.state === "confirmed") return [];
  return planStateLines({ state: plan.state, items: plan.items.map((i) => i.item), changed: plan.changed });
}

/** A pet's key on a round ("bookingId-petId"); none when the API gave no ids or the pet is not matched. */
function petKeyOf(p: ChannelSafe<RoundPet>): string | undefined {
  const bookingId = p.booking.bookingId;
  const petId = p.pet?.pet.petId;
  return bookingId !== undefined && petId !== undefined ? sheetPetKey(bookingId, petId) : undefined;
}

export const sheetPetKey = (bookingId: number, petId: number) => `${bookingId}-${petId}`;

/**
 * A round with no kept sheet, asked for another day than `today`: the words that mark it for
 * reference, not kept (a past day's never posted: the sheet is the bookings now, not what was due
 * then; a later day's: kept when it is posted). Today's: none. One wording for every surface that
 * shows such a sheet (`kennel-desk rounds`, the connector's get_round).
 */
export const referenceOf = (date: string, today: string): string | undefined =>
  date === today ? undefined : referenceRoundWords(dayHeading(date), date < today);

export function roundDoc(r: ChannelSafe<RoundReport>, o: RoundDocOptions = {}): Doc {
  const title = roundTitle(r.round, r.date, r.totals.pets + r.totals.careMissing, r.kennelName);
  const parts = roundSummaryParts(r.totals);
  const summary = summaryLine(parts, o.lateAt && postedLateWords(value(o.lateAt, 40)));
  const summaryLines = o.reference ? [summary, line(strong(o.reference))] : [summary];
  const fallback = `${title}: ${parts.map((p) => p.text).join(" · ")}`;
  if (r.pets.length === 0)
    return {
      fallback,
      parts: [
        { kind: "title", text: title },
        { kind: "summary", lines: summaryLines },
        { kind: "text", lines: [line(NO_ONE_IN_HOUSE)] },
      ],
    };
  // One item per pet, in the sheet's order, keyed by its booking and pet (the round posts attach each
  // pet's record buttons by the key).
  const items = r.pets.map(
    (p): Part => ({ kind: "item", lines: petLines(p, r), ...(petKeyOf(p) ? { key: petKeyOf(p) } : {}) }),
  );
  // A channel post: its problems in the foot (each with its request id), no request id of its own.
  const foot = dotted(r.careProblem && `❔ ${whole(r.careProblem)}`);
  return {
    fallback,
    parts: [
      { kind: "title", text: title },
      { kind: "summary", lines: summaryLines },
      ...items,
      ...(foot.length ? [{ kind: "note", lines: [foot] } as Part] : []),
    ],
  };
}
