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
import { printedOnRound } from "../domain/plan/round.ts";
import type { ChannelSafe } from "../domain/privacy.ts";
import { roundWord } from "../domain/rounds.ts";
import type { ItemKey } from "../record/types.ts";
import {
  careWarningWords,
  namedDietRow,
  noDietRow,
  noteWords,
  roundMedicationRow,
  roundMedicationWhole,
  sheetAlertWords,
  speciesEmoji,
} from "../words/care.ts";
import { postedLateWords } from "../words/day.ts";
import { NO_ONE_IN_HOUSE, roundSummaryParts, roundTitle, stayMarkWords } from "../words/house.ts";
import { offFoodWords } from "../words/off-food.ts";
import { mealPlanOnSheetWords, planOnSheetWords } from "../words/plan.ts";
import { type Doc, dotted, type Line, line, type Part, strong, toned, value } from "./doc.ts";
import { summaryLine } from "./parts.ts";
import { planStateLines, sameDrugLines } from "./plan-sheet.ts";
import { flagLines } from "./welfare-flag.ts";

export interface RoundDocOptions {
  /** A post made late (the bot was down at the round's time): when it went out, "12:40". */
  lateAt?: string | undefined;
}

function petLines(p: ChannelSafe<RoundPet>, r: ChannelSafe<RoundReport>): Line[] {
  const b = p.booking;
  const room = strong(b.roomName ? value(b.roomName, 80) : "no room");
  const owner = b.customerName ? ` (${value(b.customerName, 80)})` : "";
  const marks = stayMarkWords(p);
  if (!p.pet || !p.sheet) {
    const which = value(p.unmatched.length ? p.unmatched.join(", ") : (b.petNames ?? "pets"), 200);
    const why = careWarningWords({ status: p.careStatus, unmatched: [] }) || "care details not known";
    return [
      dotted(room, line(strong(which), owner), ...marks),
      [toned("alert", `❔ ${why}, and check this pet's care by hand`)],
    ];
  }
  const s = p.sheet;
  const name = line(`${speciesEmoji(p.pet.pet)} `, strong(value(p.pet.flags.name, 80)), owner);
  const first = dotted(room, name, ...marks, s.nothing && "nothing this round");
  // Off its food at the rounds before this one: the answer's own flag, the same on every surface.
  const flag = p.offFood;
  // A drug in two slots: the plan's question until a person settles it (the words' own reckoning without a plan).
  const flags = p.plan ? { ...p.pet.flags, listedTwice: [] } : p.pet.flags;
  const alerts = [
    ...sheetAlertWords(flags).map((a): Line => [toned("alert", value(a, 400))]),
    ...(p.plan ? sameDrugLines(p.plan.items.map((i) => i.item)) : []),
  ];
  // Notes that carry danger, in full on every round; notes on feeding, in full where the pet is fed.
  const danger = (s.notes?.danger ?? []).map((n): Line => [toned("alert", `⚠️ ${value(noteWords(n), 600)}`)]);
  const feeding = (s.notes?.feeding ?? []).map((n): Line => line(`📝 ${value(noteWords(n), 600)}`));
  const allergy: Line | undefined = s.allergies
    ? [toned("warn", `⚠️ allergies: ${value(s.allergies, 300)}`)]
    : undefined;
  // The care plan decides what is due (the line stays whatever it says: never hide a dose).
  const onPlan = new Map((p.plan?.items ?? []).map((i) => [i.item.key, i.on]));
  const meds = s.medications.map((m): Line => {
    const on = onPlan.get(`med:${m.medication.n}` as ItemKey);
    // A dose to give this round: the plan's, or the words' while the plan leaves it to a person.
    const due = printedOnRound(on, m.due);
    // The plan's word beside the line, unless it is the sheet's own (due, as the words make it). A
    // plan that decides otherwise than the sheet's reckoning from the words (not this round where
    // they say "no time given: follow the instruction") has the words whole beside it, never that
    // reckoning; one that leaves it to a person ("check") keeps it.
    const says = on !== undefined && !(on.status === "due" && on.step === undefined && m.due);
    const decides = says && on.status !== "check" && due !== m.due;
    const row = decides ? roundMedicationWhole(m, r.round) : roundMedicationRow(m, r.round);
    const tone = due ? "warn" : "muted";
    const line: Line = [toned(tone, `💊 ${value(row, s.nothing ? 200 : 700)}`)];
    // The plan's word, its own span: a sheet drawn again after the plan changed puts the plan now in its place.
    if (says) line.push({ ...toned(tone, ` · ${value(planOnSheetWords(on), 300)}`), of: "plan" });
    return line;
  });
  const meal = onPlan.get("meal");
  // A meal not fed for a fast says why (its words), as a meal to check does.
  if (meal && meal.status !== "due" && (meal.status !== "not_due" || meal.why === "fasting"))
    meds.push([{ text: value(mealPlanOnSheetWords(meal), 300), of: "plan" }]);
  const diet: Line[] = [];
  if (!s.nothing) {
    if (s.diet.round) diet.push(line(`🍽 ${roundWord(r.round).toLowerCase()}: ${value(s.diet.round, 600)}`));
    if (s.diet.general) diet.push(line(`🍽 general: ${value(s.diet.general, 400)}`));
    for (const d of s.diet.named) diet.push(line(`🍽 ${value(namedDietRow(d), 600)}`));
    // No diet on record: the house routine's meal on its rounds; nothing about food on the others.
    if (s.noDiet) {
      if (s.houseMeal) diet.push(line(`🍽 ${noDietRow(s.houseRoutine ?? [])}`));
    } else if (!s.fed && !s.diet.round) diet.push(line(`🍽 no ${r.round} diet recorded`));
    diet.push(...feeding);
  }
  return [
    first,
    ...(flag ? [[strong(offFoodWords(flag))]] : []),
    ...flagLines(p.welfare),
    ...alerts,
    ...danger,
    ...(allergy ? [allergy] : []),
    ...diet,
    ...meds,
    ...planLines(p),
  ];
}

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
export function petKeyOf(p: ChannelSafe<RoundPet>): string | undefined {
  const bookingId = p.booking.bookingId;
  const petId = p.pet?.pet.petId;
  return bookingId !== undefined && petId !== undefined ? sheetPetKey(bookingId, petId) : undefined;
}

export const sheetPetKey = (bookingId: number, petId: number) => `${bookingId}-${petId}`;

export function roundDoc(r: ChannelSafe<RoundReport>, o: RoundDocOptions = {}): Doc {
  const title = roundTitle(r.round, r.date, r.totals.pets + r.totals.careMissing, r.kennelName);
  const parts = roundSummaryParts(r.totals);
  const summary = summaryLine(parts, o.lateAt && postedLateWords(value(o.lateAt, 40)));
  const fallback = `${title}: ${parts.map((p) => p.text).join(" · ")}`;
  if (r.pets.length === 0)
    return {
      fallback,
      parts: [
        { kind: "title", text: title },
        { kind: "summary", lines: [summary] },
        { kind: "text", lines: [line(NO_ONE_IN_HOUSE)] },
      ],
    };
  // One item per pet, in the sheet's order, keyed by its booking and pet (the round posts attach each
  // pet's record buttons by the key).
  const items = r.pets.map(
    (p): Part => ({ kind: "item", lines: petLines(p, r), ...(petKeyOf(p) ? { key: petKeyOf(p) } : {}) }),
  );
  // A channel post: its problems in the foot (each with its request id), no request id of its own.
  const foot = dotted(r.careProblem && `❔ ${value(r.careProblem, 600)}`);
  return {
    fallback,
    parts: [
      { kind: "title", text: title },
      { kind: "summary", lines: [summary] },
      ...items,
      ...(foot.length ? [{ kind: "note", lines: [foot] } as Part] : []),
    ],
  };
}
