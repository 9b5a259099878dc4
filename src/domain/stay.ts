/**
 * A stay's care record, for the handover at pick-up: for one pet of one booking, every round of the
 * stay that has passed, what was due in it beside what was recorded, and the summary the front desk
 * reads to the owner (doses given of those due, each refusal or missed dose with its time, meals
 * eaten). Pure: the booking, the pet's care, the entries and `now` are passed in.
 *
 * Assumptions (the kennel API keeps no history of a pet's care):
 * - What was due in an earlier round is what the pet's care plan in force at that round made due
 *   (issue 34: its kept versions; src/domain/plan/round.ts); for a pet with no plan kept, it is worked
 *   out from the pet's care as the API has it now, by the round sheet's own rule (src/domain/record.ts
 *   dueItems; a pet with no diet on record has a meal due only at the house routine's rounds). An entry keeps the item's text as the
 *   sheet showed it, and an entry for an item no longer on the care record is still counted: shown,
 *   never hidden.
 * - A round is part of the stay when its time falls between check-in and check-out (the round
 *   sheet's rule, src/answers/rounds.ts). A round counts once its time plus `graceMinutes` (the
 *   dose window's DOSE_WINDOW_AFTER: a dose is missed when its window closes) has passed: before
 *   that, nothing in it is "missed" yet, but what was recorded already counts.
 * - Without a check-in date, only the rounds with entries are known.
 */
import type { Entry, ItemKey, Outcome } from "../record/types.ts";
import { addDays, localDate, zonedInstant } from "../time.ts";
import { type CareFacts, ROUNDS, type Round } from "./care.ts";
import type { MedicineCustody } from "./custody.ts";
import type { Timeliness } from "./doses.ts";
import type { HouseMeals } from "./plan/feeding.ts";
import { planRound } from "./plan/round.ts";
import { planState } from "./plan/state.ts";
import type { Person, Plan, PlanState } from "./plan/types.ts";
import type { PrnDose } from "./prn.ts";
import { currentEntries, type DueItem, dueItems, isMedicationItem } from "./record.ts";
import { type RoundTimes, roundSheet } from "./rounds.ts";
import type { WelfareCheck, WelfareDay } from "./welfare.ts";
import type { WelfareFlag } from "./welfare-flag.ts";
import type { WitnessState } from "./witness.ts";

/** Longest stay walked round by round (a longer one counts its last this-many days, and says so). */
const STAY_DAYS_MAX = 400;

export interface StayItem {
  date: string;
  round: Round;
  /** The round's time (ISO 8601, UTC). */
  at: string;
  item: ItemKey;
  /** The medication's name, or "meal". */
  label: string;
  /** The current entry, when recorded. */
  entry: Entry | undefined;
  /** Due by the care record (false: recorded, though not on today's care record). */
  due: boolean;
  /** A high-alert drug, and the dose window's own minutes, as the plan in force had them (issue 35). */
  highAlert?: boolean | undefined;
  window?: DueItem["window"];
  /** Due from the words, the pet's care plan in force not confirmed (issue 44). */
  unconfirmed?: boolean | undefined;
  /** With the dose times (src/domain/stay-doses.ts): given on time, late, or after its window closed. */
  timeliness?: Timeliness | undefined;
  /** With the dose times: a high-alert dose given, its witness (or none in time). */
  witness?: WitnessState | undefined;
}

export interface StayException {
  date: string;
  round: Round;
  label: string;
  unconfirmed?: boolean | undefined;
  /**
   * refused / not_given: recorded so; missed: due, the round passed, nothing recorded; late: given
   * after its late time (with the dose times only: src/domain/stay-doses.ts).
   */
  kind: "refused" | "not_given" | "missed" | "late";
  /** When it was recorded (a late dose: when given), or for a missed dose the round's time (ISO 8601, UTC). */
  at: string;
  /** The reason or note given, when one was. */
  why: string | undefined;
  who: string | undefined;
}

export interface PetStayRecord {
  bookingId: number;
  petId: number;
  petName: string;
  /**
   * Doses counted (due in rounds passed, or recorded), and of those given; with the dose times
   * (issue 35), given on time, late entries, and high-alert doses given with no witness in time.
   */
  doses: { due: number; given: number; onTime?: number; lateEntries?: number; unwitnessed?: number };
  meals: {
    due: number;
    ateAll: number;
    ateSome: number;
    ateNone: number;
    notOffered: number;
    notRecorded: number;
  };
  /** Refusals, doses not given and doses missed, oldest first. */
  exceptions: StayException[];
  /** Every item counted, round by round (the full record's lines), oldest first. */
  items: StayItem[];
  /** Every entry of the pet's stay, superseded ones included, oldest first. */
  entries: Entry[];
  /** False when what was due is not known (the pet's care not matched or loaded): only entries count. */
  dueKnown: boolean;
  /** The stay was longer than STAY_DAYS_MAX days: only its last days are counted. */
  cut: boolean;
  /**
   * The stay began before the care record did (Kennel Desk installed mid-stay): the rounds before
   * this day are not counted as "not recorded" (what was recorded then still counts). The record's
   * first day (YYYY-MM-DD, the kennel's zone), when some of the stay's rounds came before it.
   */
  recordingBegan?: string | undefined;
  /** The daily welfare check of the stay (issue 38): each welfare round with its check or its absence. */
  welfare?: PetStayWelfare | undefined;
  /** Every kept version of the pet's care plan for the stay, oldest first (issue 34). */
  plans?: StayPlanVersion[] | undefined;
}

/** One kept version of the pet's care plan, as the stay's record lists them (who confirmed it, when). */
interface StayPlanVersion {
  id: number;
  recordedAt: string;
  state: PlanState;
  confirmations: Person[];
  /** Drafted again because the kennel system's words changed. */
  changed: boolean;
  /** The items a person set, by key, with who. */
  setBy: Array<{ item: ItemKey; by: Person }>;
}

/** A stay's welfare checks: every welfare round of it, and the flags its checks and meals opened. */
export interface PetStayWelfare {
  days: WelfareDay[];
  /** Checks corrected since (each day shows its current one), oldest first. */
  corrected: WelfareCheck[];
  flags: WelfareFlag[];
}

/** A booking's stay record: each pet's, or why it could not be read. */
export interface StayRecordView {
  bookingId: number;
  pets: PetStayRecord[];
  /** The store could not be read: said where the summary would be, never left out. */
  problem: string | undefined;
  /** The stay's as-needed doses (issue 35), every pet's, oldest given first. */
  asNeeded?: PrnDose[] | undefined;
  /** The stay's medicines in custody (issue 49), every pet's, each with its register. */
  medicines?: MedicineCustody[] | undefined;
}

export interface StayInput {
  booking: { bookingId: number; checkInDate?: string | undefined; checkOutDate?: string | undefined };
  pet: { petId: number; name: string; care: CareFacts | undefined };
  /** Entries of the booking (other pets' are left out here). */
  entries: Entry[];
  times: RoundTimes;
  /** The house routine (KENNEL_HOUSE_MEALS): a pet with no diet on record has a meal due only at its rounds. */
  houseMeals: HouseMeals;
  timezone: string;
  now: Date;
  graceMinutes: number;
  /**
   * The pet's kept care plan versions for the stay, oldest first (issue 34): a round counts what the
   * version in force at its time made due (the last one kept by the round's time plus the grace; a
   * round before the first version: the first). None kept: the round sheet's own rule.
   */
  plans?: Array<{ id: number; recordedAt: string; plan: Plan; changed?: boolean }> | undefined;
  /**
   * When the care record began (the store's creation, or its first entry if earlier): a round before
   * it could not have been recorded, so it is never counted as missed.
   */
  recordSince?: Date | undefined;
}

interface RoundOfStay {
  date: string;
  round: Round;
  at: number;
  passed: boolean;
}

/** The rounds of the stay up to now, in order. */
function roundsOfStay(input: StayInput): { rounds: RoundOfStay[]; cut: boolean } {
  const { booking, times, timezone, now } = input;
  const start = booking.checkInDate ? Date.parse(booking.checkInDate) : Number.NaN;
  if (Number.isNaN(start)) return { rounds: [], cut: false };
  const endRaw = booking.checkOutDate ? Date.parse(booking.checkOutDate) : Number.NaN;
  const end = Math.min(Number.isNaN(endRaw) ? now.getTime() : endRaw, now.getTime());
  const grace = input.graceMinutes * 60_000;
  let first = localDate(start, timezone);
  const last = localDate(end, timezone);
  let cut = false;
  if (first < addDays(last, -STAY_DAYS_MAX)) {
    first = addDays(last, -STAY_DAYS_MAX);
    cut = true;
  }
  const rounds: RoundOfStay[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) {
    for (const round of ROUNDS) {
      const at = zonedInstant(date, times[round], timezone).getTime();
      if (at < start || at > end) continue;
      rounds.push({ date, round, at, passed: at + grace <= now.getTime() });
    }
  }
  return { rounds, cut };
}

const roundOrder = (r: Round) => ROUNDS.indexOf(r);

export function petStayRecord(input: StayInput): PetStayRecord {
  const { booking, pet } = input;
  const mine = input.entries
    .filter((e) => e.bookingId === booking.bookingId && e.petId === pet.petId)
    .sort((a, b) => a.id - b.id);
  const current = [...currentEntries(mine).values()];
  const byKey = new Map(current.map((e) => [`${e.date}|${e.round}|${e.item}`, e]));
  const { rounds, cut } = roundsOfStay(input);
  const since = input.recordSince?.getTime();
  const before = since === undefined ? [] : rounds.filter((r) => r.at < since);
  const items: StayItem[] = [];
  const seen = new Set<string>();
  const dueOf = new Map<Round, DueItem[]>();
  const plans = input.plans ?? [];
  for (const r of rounds) {
    if (!pet.care) break;
    const sheet = roundSheet(pet.care, r.round, input.times[r.round], input.houseMeals);
    const version = planAt(plans, r.at + input.graceMinutes * 60_000);
    let due = version ? undefined : dueOf.get(r.round);
    if (version) {
      const stay = {
        arrival: booking.checkInDate ?? new Date(r.at).toISOString(),
        departure: booking.checkOutDate,
        timeZone: input.timezone,
        roundTimes: input.times,
      };
      due = planRound(version.plan, sheet, r.date, r.round, stay).due;
    } else if (!due) {
      due = dueItems(sheet);
      dueOf.set(r.round, due);
    }
    for (const d of due) {
      const key = `${r.date}|${r.round}|${d.item}`;
      const entry = byKey.get(key);
      // A round still within its time to record, or before the record began: only what is
      // recorded counts.
      if ((!r.passed || (since !== undefined && r.at < since)) && !entry) continue;
      seen.add(key);
      items.push({
        date: r.date,
        round: r.round,
        at: new Date(r.at).toISOString(),
        item: d.item,
        label: d.label,
        entry,
        due: true,
        ...(d.highAlert ? { highAlert: true } : {}),
        ...(d.window ? { window: d.window } : {}),
        ...(d.unconfirmed ? { unconfirmed: true } : {}),
      });
    }
  }
  // Entries for items not worked out as due (not on today's care record, or outside the stay's
  // dates as the API has them): counted, never hidden.
  for (const e of current) {
    const key = `${e.date}|${e.round}|${e.item}`;
    if (seen.has(key)) continue;
    const at = zonedInstant(e.date, input.times[e.round], input.timezone).toISOString();
    const label = e.item === "meal" ? "meal" : labelOfText(e.itemText);
    items.push({ date: e.date, round: e.round, at, item: e.item, label, entry: e, due: false });
  }
  items.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      roundOrder(a.round) - roundOrder(b.round) ||
      itemOrder(a.item) - itemOrder(b.item),
  );
  const doses = items.filter((i) => isMedicationItem(i.item));
  const meals = items.filter((i) => i.item === "meal");
  const mealCount = (o: Outcome) => meals.filter((m) => m.entry?.outcome === o).length;
  const exceptions: StayException[] = [];
  for (const d of doses) {
    const e = d.entry;
    if (!e) {
      exceptions.push({
        date: d.date,
        round: d.round,
        label: d.label,
        ...(d.unconfirmed ? { unconfirmed: true } : {}),
        kind: "missed",
        at: d.at,
        why: undefined,
        who: undefined,
      });
    } else if (e.outcome === "refused" || e.outcome === "not_given") {
      exceptions.push({
        date: d.date,
        round: d.round,
        label: d.label,
        ...(d.unconfirmed ? { unconfirmed: true } : {}),
        kind: e.outcome,
        at: e.recordedAt,
        why: e.reason ?? e.note,
        who: e.userName,
      });
    }
  }
  return {
    bookingId: booking.bookingId,
    petId: pet.petId,
    petName: pet.name,
    doses: { due: doses.length, given: doses.filter((d) => d.entry?.outcome === "given").length },
    meals: {
      due: meals.length,
      ateAll: mealCount("ate_all"),
      ateSome: mealCount("ate_some"),
      ateNone: mealCount("ate_none"),
      notOffered: mealCount("not_offered"),
      notRecorded: meals.filter((m) => !m.entry).length,
    },
    exceptions,
    items,
    entries: mine,
    plans: plans.map((v) => ({
      id: v.id,
      recordedAt: v.recordedAt,
      state: v.changed ? "changed_in_source" : planState(v.plan),
      confirmations: v.plan.confirmations,
      changed: v.changed === true,
      setBy: v.plan.items.flatMap((i) => (i.setBy ? [{ item: i.key, by: i.setBy }] : [])),
    })),
    dueKnown: pet.care !== undefined,
    cut,
    ...(before.length > 0 && since !== undefined ? { recordingBegan: localDate(since, input.timezone) } : {}),
  };
}

/** The plan version in force at an instant: the last kept by then, else the first (none: undefined). */
function planAt<V extends { recordedAt: string }>(versions: V[], at: number): V | undefined {
  let found: V | undefined;
  for (const v of versions) if (Date.parse(v.recordedAt) <= at) found = v;
  return found ?? versions[0];
}

const itemOrder = (item: ItemKey) => (item === "meal" ? 9 : Number(item.slice(4)));

/** A medication's name from the text an entry kept ("Rimadyl · 1 tablet" → "Rimadyl"). */
function labelOfText(text: string): string {
  const name = text.split(" · ")[0] ?? text;
  return name.length > 60 ? `${name.slice(0, 59)}…` : name;
}
