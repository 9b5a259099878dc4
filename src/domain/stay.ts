/**
 * A stay's care record, for the handover at pick-up: for one pet of one booking, every dose and meal
 * its rounds asked (as the record kept them when each round's sheet was kept: src/domain/obligations.ts),
 * each with what was recorded and its state, and the summary the front desk reads to the owner (doses
 * given of those due, each refusal or missed dose with its time, meals eaten). Pure: what the rounds
 * asked, with each dose's state, and the entries are passed in; nothing is worked out again from the
 * pet's care as the kennel API has it now (issue 45).
 *
 * - A dose counts once it is settled: recorded, or missed (its window closed with nothing recorded).
 *   One still open (upcoming, due, late) is shown with its state and not counted yet; one not due in
 *   the end (the pet went home before its window closed, nothing recorded) is shown and not counted.
 * - An entry for an item no kept round asked is counted too: shown, never hidden.
 * - A round of the stay the record kept nothing of (before it began, or never posted) asked nothing:
 *   said, never counted as missed.
 */
import type { Entry, ItemKey, Outcome } from "../record/types.ts";
import { codeOrder } from "../words/order.ts";
import type { Round } from "./care.ts";
import { ROUNDS } from "./care.ts";
import type { MedicineCustody } from "./custody.ts";
import type { DoseState, DoseWindow, NotDueState, Timeliness } from "./doses.ts";
import type { GivenTwice } from "./given-twice.ts";
import type { NotAskedWhy } from "./not-asked.ts";
import type { OwedDose } from "./obligations.ts";
import { planState } from "./plan/state.ts";
import type { Person, Plan, PlanState } from "./plan/types.ts";
import type { PrnDose } from "./prn.ts";
import { isMedicationItem } from "./record.ts";
import { exceptionsOf, missedInTwoSlots, type StayException } from "./stay-exceptions.ts";
import type { WelfareCheck, WelfareDay } from "./welfare.ts";
import type { WelfareFlag } from "./welfare-flag.ts";
import type { WitnessState } from "./witness.ts";

/** The care plan as it stood when a dose was given: its state and how many had confirmed it of those needed. */
export interface PlanThen {
  /** The kept version in force then. */
  version: number;
  state: PlanState;
  confirmations: number;
  /** One person, or two for a plan with a high-alert item. */
  needed: number;
}

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
  /** Asked by its round (false: recorded for an item no kept round asked). */
  due: boolean;
  /** Its state when read: recorded (on time, late…), missed, still open (upcoming, due, late), or not due. */
  state: DoseState;
  /** Its window as its round kept it. */
  window: DoseWindow;
  /** A high-alert drug, as its round asked it. */
  highAlert?: boolean | undefined;
  /** The care plan's version it came from. */
  plan?: number | undefined;
  /** A dose due from the words, the pet's care plan not confirmed when its round was kept (issue 44). */
  unconfirmed?: boolean | undefined;
  /** A dose given: the plan as it stood when it was given ("plan: 1 of 2 confirmations"). */
  planThen?: PlanThen | undefined;
  /** With the dose times (src/domain/stay-doses.ts): given on time, late, or after its window closed. */
  timeliness?: Timeliness | undefined;
  /** With the dose times: a high-alert dose given, its witness (or none in time). */
  witness?: WitnessState | undefined;
  /** Recorded where its round did not ask it, and why (src/domain/not-asked.ts): never counted as due. */
  notAsked?: NotAskedWhy | undefined;
  /**
   * Missed, one drug in two slots (the plan's "one dose or two?" not answered) whose other slot its
   * round asked was missed too: maybe one dose, said so (src/domain/stay-exceptions.ts).
   */
  twoSlots?: true | undefined;
  /**
   * Given at two rounds of its day, its confirmed plan giving it at one alone (src/domain/given-twice.ts):
   * said beside the dose, as the review and the audit say it.
   */
  givenTwice?: GivenTwice | undefined;
}

export interface PetStayRecord {
  bookingId: number;
  petId: number;
  petName: string;
  /**
   * Doses counted (settled: recorded or missed), and of those given; with the dose times (issue 35),
   * given on time, late entries, and high-alert doses given with no witness in time (`noPaperWitness`
   * of those: entered from the paper chart with no witness on the paper).
   */
  doses: {
    due: number;
    given: number;
    /** Doses a kept round of today asks whose window is still open: shown, not counted yet (none: absent). */
    open?: number;
    onTime?: number;
    lateEntries?: number;
    unwitnessed?: number;
    noPaperWitness?: number;
  };
  meals: {
    due: number;
    ateAll: number;
    ateSome: number;
    ateNone: number;
    notOffered: number;
    /** Asked, nothing recorded, its window closed: missed, as its round's line says. */
    missed: number;
  };
  /** Refusals, doses not given and doses missed, oldest first. */
  exceptions: StayException[];
  /** Doses and meals the rounds asked that were not due in the end (the pet went home first). */
  notDue: Array<{ date: string; round: Round; label: string } & Omit<NotDueState, "state">>;
  /**
   * Every item its kept rounds asked (counted, still open, or not due in the end) and every item
   * recorded, round by round (the full record's lines), oldest first.
   */
  items: StayItem[];
  /** Every entry of the pet's stay, superseded ones included, oldest first. */
  entries: Entry[];
  /** False when the record holds nothing its rounds asked of the pet: only entries count. */
  dueKnown: boolean;
  /** The stay's rounds the record kept nothing of (never posted, since it began): nothing asked. */
  unkept?: Array<{ date: string; round: Round }> | undefined;
  /** When the care record began, when that was after the stay's check-in: the paper holds before it. */
  recordBegan?: string | undefined;
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
  /** The stay has ended (checked out before now): no check is still to come. */
  ended?: boolean | undefined;
}

/** A booking's stay record: each pet's, or why it could not be read. */
export interface StayRecordView {
  bookingId: number;
  pets: PetStayRecord[];
  /** The store could not be read: said where the summary would be, never left out. */
  problem: string | undefined;
  /** The kennel API could not be read for the booking's details: the record shown alone (src/answers/stay-booking.ts). */
  apiProblem?: string | undefined;
  /** The stay's as-needed doses (issue 35), every pet's, oldest given first. */
  asNeeded?: PrnDose[] | undefined;
  /** The stay's medicines in custody (issue 49), every pet's, each with its register. */
  medicines?: MedicineCustody[] | undefined;
}

/** A kept version of the pet's plan, as the stay reads them. */
interface StayPlan {
  id: number;
  recordedAt: string;
  plan: Plan;
  changed?: boolean | undefined;
}

export interface StayInput {
  booking: { bookingId: number };
  pet: { petId: number; name: string };
  /**
   * What the stay's kept rounds asked of the pet, each with its state when read, and each current
   * entry of an item none asked (src/domain/obligations.ts owedDoses).
   */
  doses: OwedDose[];
  /** Entries of the booking (other pets' are left out here), superseded ones included. */
  entries: Entry[];
  /** The pet's kept care plan versions for the stay, oldest first (issue 34). */
  plans?: StayPlan[] | undefined;
  /** The stay's rounds the record kept nothing of, when the stay's dates are known. */
  unkept?: Array<{ date: string; round: Round }> | undefined;
  /** When the care record began, when after the stay's check-in (ISO). */
  recordBegan?: string | undefined;
  /** Of the entries, those recorded where their round did not ask them: why, by entry id. */
  notAsked?: ReadonlyMap<number, NotAskedWhy> | undefined;
}

const roundOrder = (r: Round) => ROUNDS.indexOf(r);
const itemOrder = (item: ItemKey) => (item === "meal" ? 9 : Number(item.slice(4)));

/** The plan version in force at an instant: the last kept by then, else the first (none: undefined). */
function planAt<V extends { recordedAt: string }>(versions: readonly V[], at: number): V | undefined {
  let found: V | undefined;
  for (const v of versions) if (Date.parse(v.recordedAt) <= at) found = v;
  return found ?? versions[0];
}

/** The plan as it stood when a dose was given (the version in force then). */
function planThen(plans: readonly StayPlan[], givenAt: string): PlanThen | undefined {
  const v = planAt(plans, Date.parse(givenAt));
  if (!v) return undefined;
  const people = new Set(v.plan.confirmations.map((c) => c.userId)).size;
  const needed = v.plan.items.some((i) => i.highAlert !== undefined) ? 2 : 1;
  const state = v.changed ? "changed_in_source" : planState(v.plan);
  return { version: v.id, state, confirmations: people, needed };
}

/** Is a dose settled (recorded, or missed), so the stay counts it? */
const settled = (s: DoseState) => s.state === "recorded" || s.state === "missed";

/**
 * The stay's items: each dose the rounds asked (settled, not due in the end, or still open: a round
 * of today kept and not over shows what it asks), and each entry of an item none asked.
 */
function stayItems(input: StayInput): StayItem[] {
  const plans = input.plans ?? [];
  const pet = input.doses.filter(
    (d) => d.petId === input.pet.petId && d.bookingId === input.booking.bookingId,
  );
  return pet
    .map((d): StayItem => {
      const e = d.entry;
      const given = e && isMedicationItem(d.due.item) && e.outcome === "given";
      const then = given ? planThen(plans, e.givenAt ?? e.recordedAt) : undefined;
      const why = e && input.notAsked?.get(e.id);
      return {
        date: d.date,
        round: d.round,
        at: d.window.dueAt,
        item: d.due.item,
        label: d.due.label,
        entry: e,
        due: !d.unasked,
        state: d.state,
        window: d.window,
        ...(d.due.highAlert ? { highAlert: true } : {}),
        ...(d.plan !== undefined ? { plan: d.plan } : {}),
        ...(d.due.unconfirmed ? { unconfirmed: true } : {}),
        ...(then ? { planThen: then } : {}),
        ...(why ? { notAsked: why } : {}),
        ...(missedInTwoSlots(d, pet) ? { twoSlots: true as const } : {}),
      };
    })
    .sort(
      (a, b) =>
        codeOrder(a.date, b.date) ||
        roundOrder(a.round) - roundOrder(b.round) ||
        itemOrder(a.item) - itemOrder(b.item),
    );
}

export function petStayRecord(input: StayInput): PetStayRecord {
  const { booking, pet } = input;
  const mine = input.entries
    .filter((e) => e.bookingId === booking.bookingId && e.petId === pet.petId)
    .sort((a, b) => a.id - b.id);
  const items = stayItems(input);
  // Counted once settled: a dose still open is shown, not counted yet; one its round did not ask, never.
  const counted = items.filter((i) => settled(i.state) && !i.notAsked);
  const doses = counted.filter((i) => isMedicationItem(i.item));
  const meals = counted.filter((i) => i.item === "meal");
  const open = items.filter(
    (i) => isMedicationItem(i.item) && !settled(i.state) && i.state.state !== "not_due",
  ).length;
  const mealCount = (o: Outcome) => meals.filter((m) => m.entry?.outcome === o).length;
  const plans = input.plans ?? [];
  return {
    bookingId: booking.bookingId,
    petId: pet.petId,
    petName: pet.name,
    doses: {
      due: doses.length,
      given: doses.filter((d) => d.entry?.outcome === "given").length,
      ...(open ? { open } : {}),
    },
    meals: {
      due: meals.length,
      ateAll: mealCount("ate_all"),
      ateSome: mealCount("ate_some"),
      ateNone: mealCount("ate_none"),
      notOffered: mealCount("not_offered"),
      missed: meals.filter((m) => m.state.state === "missed").length,
    },
    exceptions: exceptionsOf(doses),
    notDue: items.flatMap(({ state: { state, ...why }, ...i }) =>
      state === "not_due" && "why" in why ? [{ date: i.date, round: i.round, label: i.label, ...why }] : [],
    ),
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
    dueKnown: input.doses.some(
      (d) => d.petId === pet.petId && d.bookingId === booking.bookingId && !d.unasked,
    ),
    ...(input.unkept?.length ? { unkept: input.unkept } : {}),
    ...(input.recordBegan ? { recordBegan: input.recordBegan } : {}),
  };
}

/** The pet's doses given twice on a day their plan gives them once, each said beside the dose given (`twice`: the stay's). */
export function withGivenTwice(pet: PetStayRecord, twice: readonly GivenTwice[]): PetStayRecord {
  const mine = twice.filter((g) => g.bookingId === pet.bookingId && g.petId === pet.petId);
  if (mine.length === 0) return pet;
  const of = (i: StayItem) =>
    i.entry?.outcome === "given"
      ? mine.find((g) => g.date === i.date && g.item === i.item && g.given.some((x) => x.round === i.round))
      : undefined;
  return {
    ...pet,
    items: pet.items.map((i) => {
      const g = of(i);
      return g ? { ...i, givenTwice: g } : i;
    }),
  };
}
