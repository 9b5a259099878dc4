/**
 * One medication slot of the API (`medicationN`, `medicationNNoon`, `medicationNPm`) read into a
 * plan item. The midday and evening fields are that round's own instruction: certain for it. The
 * instruction's rounds come from its words (a round's word, a clock time, "twice daily", "q8h",
 * "with each meal"), never from where it is written. What the words do not settle is a Doubt, and
 * the item is left to a person; what was read is kept for them to start from.
 */
import { ROUNDS, type Round } from "../care.ts";
import { roundsByName, timesDisagree } from "../round-words.ts";
import { highAlertIn } from "./high-alert.ts";
import type { KindWords } from "./kind.ts";
import { nameIn } from "./name.ts";
import { drugSegments, namesAnotherDrug } from "./parts.ts";
import { oneAmount } from "./quantities.ts";
import { type DateContext, readText, type TextReading, whenOf } from "./read-text.ts";
import { noDose, ownFields, roundDoubts } from "./round-checks.ts";
import { drugKey } from "./same-drug.ts";
import { itemSource } from "./source.ts";
import type {
  Doubt,
  ItemKind,
  ItemPart,
  ItemWhat,
  PlanItem,
  RoundClock,
  RoundDose,
  SourceField,
} from "./types.ts";

/** The rounds a number of times a day puts a dose on: twice, morning and evening; three times, all three. */
const BY_COUNT: Record<number, Round[]> = { 2: ["morning", "evening"], 3: ["morning", "midday", "evening"] };

export interface SlotFields {
  n: 1 | 2 | 3 | 4 | 5;
  /** The instruction, midday and evening fields that have words (API name and words). */
  main: SourceField | undefined;
  noon: SourceField | undefined;
  pm: SourceField | undefined;
  /** One of the slot's fields held a value that could not be read as text. */
  unreadable: boolean;
}

export interface SlotContext {
  dates: DateContext;
  highAlertWords: readonly string[];
  /** The feeding item's rounds when the reader is certain of them ("with each meal"). */
  mealRounds: Round[] | undefined;
  /** The rounds' times and dose window (a clock time outside its round's window is for a person). */
  rounds: RoundClock;
}

/** The rounds of the instruction's own words, and doubts; `fieldRounds` are the rounds with a field. */
function mainRounds(r: TextReading, fieldRounds: Round[], ctx: SlotContext, doubts: Doubt[]): RoundDose[] {
  const named = ROUNDS.filter((round) => r.named[round]);
  const count = r.count?.perDay;
  if (timesDisagree(r.text)) doubts.push("rounds_disagree");
  const dose = (round: Round, why: string): RoundDose => ({ round, why });
  if (named.length > 0) {
    if (count === undefined || count === named.length) return named.map((n) => dose(n, r.named[n] as string));
    const byCount = BY_COUNT[count];
    if (byCount && count > named.length && named.every((n) => byCount.includes(n))) {
      return byCount.map((n) => dose(n, r.named[n] ?? (r.count?.words as string)));
    }
    doubts.push("rounds_disagree");
    return named.map((n) => dose(n, r.named[n] as string));
  }
  if (count !== undefined) {
    if (count > 3) doubts.push("more_than_rounds");
    else if (count === 1 && fieldRounds.length !== 1) doubts.push("once_no_round");
    return (BY_COUNT[count] ?? []).map((n) => dose(n, r.count?.words as string));
  }
  if (r.eachMeal) {
    if (ctx.mealRounds) return ctx.mealRounds.map((n) => dose(n, r.eachMeal as string));
    doubts.push("no_round");
    return [];
  }
  if (fieldRounds.length === 0) doubts.push("no_round");
  // Beside midday or evening fields, an instruction that gives a dose but names no round may be a
  // morning dose, or only the drug's name: a person says which.
  else if (r.quantities.amounts.length > 0) doubts.push("instruction_beside_fields");
  return [];
}

/** The kind, from every field's words. */
function kindOf(k: KindWords, r: TextReading | undefined, routineRounds: boolean, doubts: Doubt[]): ItemKind {
  const explicitInterval = k.minHoursBetween !== undefined && !r?.count;
  const asNeeded =
    k.asNeeded ||
    (k.maxPer24h !== undefined && !routineRounds && !r?.count) ||
    (explicitInterval && !routineRounds);
  if (asNeeded) {
    if (routineRounds || k.asWell) doubts.push("needed_and_routine");
    const reason = k.condition ?? k.reason;
    const max = k.maxPer24h ?? r?.count?.perDay;
    return {
      kind: "as_needed",
      ...(reason ? { reason } : {}),
      ...(max !== undefined ? { maxPer24h: max } : {}),
      ...(k.minHoursBetween !== undefined ? { minHoursBetween: k.minHoursBetween } : {}),
    };
  }
  return k.condition ? { kind: "conditional", condition: k.condition } : { kind: "routine" };
}

/**
 * Each amount of an instruction with the one round its words name just after it ("1 tab AM and 1/2
 * tab PM"), when every round of the reading has exactly one; undefined otherwise.
 */
function amountsByRound(r: TextReading, rounds: RoundDose[]): Map<Round, string> | undefined {
  const text = r.text;
  const found: Array<{ amount: string; at: number }> = [];
  for (const amount of r.quantities.amounts) {
    const at = text.indexOf(amount, (found.at(-1)?.at ?? -1) + 1);
    if (at < 0) return undefined;
    found.push({ amount, at });
  }
  const out = new Map<Round, string>();
  for (const [i, f] of found.entries()) {
    const next = found[i + 1]?.at ?? text.length;
    const named = Object.keys(roundsByName(text.slice(f.at + f.amount.length, next))) as Round[];
    if (named.length !== 1 || out.has(named[0] as Round)) return undefined;
    out.set(named[0] as Round, f.amount);
  }
  const same = rounds.length === out.size && rounds.every((d) => out.has(d.round));
  return same ? out : undefined;
}

/**
 * A slot read into its item: each drug on its own where the slot holds several (src/domain/plan/parts.ts),
 * else the slot's words as one.
 */
export function readSlot(slot: SlotFields, ctx: SlotContext): PlanItem {
  const subSlots = splitSlot(slot);
  if (!subSlots) return readOne(slot, ctx);
  return combined(
    slot,
    subSlots.map((s) => readOne(s, ctx)),
  );
}

/** The slot's drugs as slots of their own, or undefined when it holds one. */
function splitSlot(slot: SlotFields): SlotFields[] | undefined {
  const segments = slot.main ? drugSegments(slot.main.words) : undefined;
  const apart = (["noon", "pm"] as const).filter((k) => namesAnotherDrug(slot.main, slot[k]));
  if (!segments && apart.length === 0) return undefined;
  const none = { noon: undefined, pm: undefined, unreadable: slot.unreadable };
  const main = slot.main as SourceField;
  const mains = (segments ?? [main.words]).map((words) => ({ ...none, n: slot.n, main: { ...main, words } }));
  // The instruction's own midday and evening fields stay with its (first) drug.
  const first = mains[0] as SlotFields;
  if (!apart.includes("noon")) first.noon = slot.noon;
  if (!apart.includes("pm")) first.pm = slot.pm;
  return [...mains, ...apart.map((k) => ({ ...none, n: slot.n, main: undefined, [k]: slot[k] }))];
}

/** One item from its drugs read apart: due at any drug's round, each drug's reading kept. */
function combined(slot: SlotFields, items: PlanItem[]): PlanItem {
  const fields = [slot.main, slot.noon, slot.pm].filter((f): f is SourceField => f !== undefined);
  const doubts = new Set<Doubt>(items.flatMap((i) => i.doubts));
  // Each drug routine: due at its own rounds. Kinds mixed ("…BID, Piriton PRN"): a person says.
  if (items.some((i) => i.kind.kind !== "routine")) doubts.add("parts_unclear");
  if (doubts.size > 0) doubts.add("parts_unclear");
  const parts: ItemPart[] = items.map((i) => ({ what: i.what, when: i.when, kind: i.kind }));
  const rounds = ROUNDS.flatMap((round): RoundDose[] => {
    const at = items.filter((i) => i.when.rounds.some((d) => d.round === round));
    if (at.length === 0) return [];
    const why = at.map((i) => i.when.rounds.find((d) => d.round === round)?.why).join(", ");
    return [{ round, why }];
  });
  const highAlert = items.find((i) => i.highAlert)?.highAlert;
  const unplaced = items.flatMap((i) => i.unplaced ?? []);
  const first = items[0] as PlanItem;
  const name = items
    .map((i) => i.what.name)
    .filter(Boolean)
    .join(" + ");
  return {
    key: `med:${slot.n}`,
    what: {
      text: fields.map((f) => f.words).join(" · "),
      ...(name ? { name } : {}),
      ...(first.what.drug ? { drug: first.what.drug } : {}),
    },
    when: { rounds, days: { every: "day" }, steps: [] },
    kind: { kind: "routine" },
    ...readingOf(fields, doubts, highAlert, unplaced),
    parts,
  };
}

/**
 * How an item was read: its high-alert mark, its source, its doubts (each once) and the words left
 * unplaced. The reader is sure of it only without a doubt; nobody is, with one, until a person says.
 */
function readingOf(
  fields: SourceField[],
  doubts: Iterable<Doubt>,
  highAlert: PlanItem["highAlert"],
  unplaced: string[],
): Pick<PlanItem, "highAlert" | "source" | "readBy" | "doubts" | "sameDrugAs" | "unplaced"> {
  const unique = [...new Set(doubts)];
  return {
    ...(highAlert ? { highAlert } : {}),
    source: itemSource(fields),
    readBy: unique.length > 0 ? "nobody" : "reader",
    doubts: unique,
    sameDrugAs: [],
    ...(unplaced.length > 0 ? { unplaced } : {}),
  };
}

/** The rounds of the instruction's words and of the rounds' own fields, with what disagrees. */
function roundsOf(
  r: TextReading | undefined,
  own: { fieldDoses: RoundDose[]; nil: Round[] },
  ctx: SlotContext,
  doubts: Doubt[],
): RoundDose[] {
  const { fieldDoses, nil } = own;
  const fieldRounds = fieldDoses.map((d) => d.round);
  const fromWords = r ? mainRounds(r, fieldRounds, ctx, doubts) : [];
  // An instruction of time words only ("AM") beside a field that holds the drug for another round:
  // is that dose given at the instruction's round too, or was it written in the wrong field?
  const bare = r && !nameIn(r.text) && r.quantities.amounts.length === 0 && !r.quantities.strength;
  if (bare && fieldDoses.length > 0 && fromWords.some((d) => !fieldRounds.includes(d.round))) {
    doubts.push("instruction_only_round");
  }
  if (fromWords.some((d) => nil.includes(d.round))) doubts.push("field_conflict");
  // "1 tab AM, no PM dose" beside an evening field: which is it?
  if (r && fieldRounds.some((f) => r.notRounds.includes(f))) doubts.push("field_conflict");
  if (r) doubts.push(...roundDoubts(r, ctx.rounds));
  // "BID, no lunchtime dose" agrees; "TID, no lunchtime dose" does not.
  if (r && fromWords.some((d) => r.notRounds.includes(d.round))) doubts.push("rounds_disagree");
  const merged = new Map<Round, RoundDose>(fromWords.map((d) => [d.round, d]));
  for (const d of fieldDoses) merged.set(d.round, d);
  const rounds = ROUNDS.flatMap((round) => merged.get(round) ?? []);
  if (r?.count && rounds.length > r.count.perDay) doubts.push("rounds_disagree");
  if (!r && rounds.length === 0) doubts.push("no_round");
  return rounds;
}

/**
 * The amount given at a time: one amount, a range, or each round's own beside its round word ("1 tab
 * AM and 1/2 tab PM"); different amounts otherwise are for a person.
 */
function amountOf(r: TextReading | undefined, whole: TextReading, rounds: RoundDose[], doubts: Doubt[]) {
  const q = r?.quantities;
  const amount = whole.quantities.range ?? (q && r.segments.length === 0 ? oneAmount(q.amounts) : undefined);
  const differ = (list: string[]) => list.length > 1 && !oneAmount(list);
  const byRound = r && differ(r.quantities.amounts) ? amountsByRound(r, rounds) : undefined;
  if (q && r.segments.length === 0 && !whole.quantities.range) {
    if ((differ(q.amounts) && !byRound) || differ(q.strengths)) doubts.push("amounts_differ");
  }
  return { amount, byRound };
}

/**
 * What the words leave to a person besides the rounds and amounts: a round's field with its own
 * dates, judgement, "stopped", and every word not placed (returned, as written).
 */
function wordDoubts(
  slot: SlotFields,
  r: TextReading | undefined,
  whole: TextReading,
  ctx: SlotContext,
  doubts: Doubt[],
): string[] {
  const fieldReadings = [slot.noon, slot.pm].map((f) =>
    f && !noDose(f.words) ? readText(f.words, ctx.dates) : undefined,
  );
  for (const fr of fieldReadings) {
    if (fr && (fr.dates.length > 0 || fr.days || fr.course)) doubts.push("field_conflict");
  }
  if (whole.kind.judgement) doubts.push("left_to_judgement");
  if (r?.kind.stopped) doubts.push("stopped");
  // Every word of every field placed, or the words left over are named for a person.
  const unplaced = [r, ...fieldReadings].flatMap((x) => x?.unplaced ?? []);
  if (unplaced.length > 0) doubts.push("unplaced_words");
  return unplaced;
}

function readOne(slot: SlotFields, ctx: SlotContext): PlanItem {
  const doubts: Doubt[] = slot.unreadable ? ["unreadable_field"] : [];
  const fields = [slot.main, slot.noon, slot.pm].filter((f): f is SourceField => f !== undefined);
  const texts = fields.map((f) => f.words);
  const all = texts.join(" · ");
  const r = slot.main ? readText(slot.main.words, ctx.dates) : undefined;
  const whole = readText(all, ctx.dates);
  const { fieldDoses, nil } = ownFields(slot, doubts);
  const kind = kindOf(whole.kind, r, Object.keys(whole.named).length > 0 || fieldDoses.length > 0, doubts);
  let rounds = kind.kind === "as_needed" ? [] : roundsOf(r, { fieldDoses, nil }, ctx, doubts);
  if (kind.kind === "conditional" && doubts.includes("no_round")) doubts.push("condition_no_round");
  // A condition written in one round's field only: it is not every round's.
  if (kind.kind === "conditional" && r?.kind.condition !== kind.condition && rounds.length > 1) {
    doubts.push("field_conflict");
  }
  const when = r ? whenOf(r, ctx.dates) : { days: { every: "day" as const }, steps: [], doubts: [] };
  doubts.push(...when.doubts);
  const unplaced = wordDoubts(slot, r, whole, ctx, doubts);
  const { amount, byRound } = amountOf(r, whole, rounds, doubts);
  if (byRound) rounds = rounds.map((d) => (d.amount ? d : { ...d, amount: byRound.get(d.round) as string }));
  if (whole.quantities.range) doubts.push("amount_range");
  if (whole.quantities.byWeight) doubts.push("by_weight");
  const fieldAmounts = fieldDoses.some(
    (d) => readText(d.amount ?? "", ctx.dates).quantities.amounts.length > 0,
  );
  if (!amount && !byRound && !whole.quantities.strength && !fieldAmounts && when.steps.length === 0)
    doubts.push("no_amount");
  const first = slot.main ?? slot.noon ?? slot.pm;
  const name = texts.map(nameIn).find(Boolean);
  const drug = first ? drugKey(first.words) : undefined;
  const what: ItemWhat = {
    text: all,
    ...(name ? { name } : {}),
    ...(whole.quantities.strength ? { strength: whole.quantities.strength } : {}),
    ...(amount ? { amount } : {}),
    ...(drug ? { drug } : {}),
  };
  const highAlert = highAlertIn(all, ctx.highAlertWords);
  return {
    key: `med:${slot.n}`,
    what,
    when: {
      rounds,
      days: when.days,
      ...(when.start ? { start: when.start } : {}),
      ...(when.stop ? { stop: when.stop } : {}),
      steps: when.steps,
    },
    kind,
    ...readingOf(fields, doubts, highAlert, unplaced),
  };
}
