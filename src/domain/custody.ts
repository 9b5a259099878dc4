/**
 * Medicine custody (issue 49): a boarder's medicines held in trust, from counted in at arrival to
 * handed back at departure. Each medicine's register is its movements in order: counted in, each dose
 * taken from the pack (given; refused and vomited too, by the kennel's rule: a dose taken from the
 * pack is gone), each count, handed back; with the balance after each. The balance is arithmetic on
 * what the record holds: a dose whose amount cannot be matched to the counted unit leaves the balance
 * unknown ("count by hand") until the next count, never a guess. Pure: the records are passed in.
 */
import type { ItemKey } from "../record/items.ts";
import type { NotGivenReason, Outcome } from "../record/types.ts";
import { codeOrder } from "../words/order.ts";
import { beforeIn } from "./custody-before.ts";
import type { DiscrepancyReason } from "./custody-reasons.ts";
import { type CountUnit, inBalanceUnit, type PackContent } from "./custody-units.ts";
import type { PlanItem } from "./plan/types.ts";

type Storage = "fridge" | "room";

/** Who did something (a Slack user, by name), and a second person where two are needed. */
export interface Counter {
  userId?: string | undefined;
  userName: string;
}

/** A plan's medicine, by its slot (every item but the meal). */
export type MedicineItem = Exclude<ItemKey, "meal">;

/** A medicine counted in (care_log kind `medicine_in`): what was handed over, as on its label. */
export interface MedicineIn {
  id: number;
  seq: number;
  date: string;
  bookingId: number;
  petId: number;
  /** The plan's item it is the supply of (`med:1` … `med:5`). */
  item: MedicineItem;
  /** The name as on the label ("Caninsulin 40 iu/ml"). */
  label: string;
  strength?: string | undefined;
  /** How it is counted: each tablet, ml, unit…; a pen or vial with what each holds. */
  unit: CountUnit;
  per?: PackContent | undefined;
  /** The quantity counted, in `unit`. */
  quantity: number;
  /** The owner's name on the label was checked. */
  ownerNameChecked: boolean;
  expiry?: string | undefined;
  openedOn?: string | undefined;
  /** Days it lasts once opened (insulin 28…), when it has such a life. */
  discardDays?: number | undefined;
  storage: Storage;
  /** A controlled drug (a count every MEDICINE_COUNT_EVERY days by two people). */
  controlled: boolean;
  /** A high-alert drug (insulin, an anticonvulsant, a controlled drug): two people count it in. */
  highAlert: boolean;
  by: Counter;
  witness?: Counter | undefined;
  note?: string | undefined;
  recordedAt: string;
}

/** What is written when a medicine is counted in, as its label and the person say it (its form's fields). */
export type MedicineLabel = Pick<
  MedicineIn,
  | "label"
  | "strength"
  | "unit"
  | "per"
  | "quantity"
  | "ownerNameChecked"
  | "expiry"
  | "openedOn"
  | "discardDays"
  | "storage"
  | "controlled"
  | "note"
>;

/** A count (care_log kind `medicine_count`): the quantity counted against the balance then. */
export interface MedicineCount {
  id: number;
  seq: number;
  date: string;
  /** The medicine counted in (its `medicine_in` id). */
  custodyId: number;
  /** Counted, in the balance's unit. */
  counted: number;
  /** The balance the record said then; undefined when it was to count by hand. */
  expected?: number | undefined;
  by: Counter;
  witness?: Counter | undefined;
  /** When the count differs from the balance: why, and the person's words. */
  reason?: DiscrepancyReason | undefined;
  note?: string | undefined;
  /** A manager's closing of the discrepancy (care_log kind `medicine_closed`). */
  closed?: { id: number; seq: number; by: Counter; at: string; note: string } | undefined;
  at: string;
}

/** Handed back (care_log kind `medicine_out`): how much, to whom (a name typed), who handed it. */
export interface MedicineOut {
  id: number;
  seq: number;
  date: string;
  custodyId: number;
  /** In the balance's unit. */
  quantity: number;
  to: string;
  by: Counter;
  witness?: Counter | undefined;
  note?: string | undefined;
  at: string;
}

/** A dose from the medicine: a round's current entry or a dose given if needed, with the plan's amount. */
export interface DoseTaken {
  /** The record's entry id (a round's) or log id (as needed). */
  id: number;
  seq: number;
  kind: "round" | "as_needed";
  date: string;
  round?: string | undefined;
  outcome: Outcome;
  reasonCode?: NotGivenReason | undefined;
  /** The amount in the balance's unit; undefined when it cannot be matched (count by hand). */
  amount: number | undefined;
  /** The plan's amount as written ("½ tab"), for the register. */
  amountText?: string | undefined;
  by: string;
  witness?: string | undefined;
  /** When given (or recorded). */
  at: string;
  /** Entered from the paper chart: when the paper says it was given, when and by whom it was entered. */
  paper?: { givenAt?: string | undefined; recordedAt: string; enteredBy: string } | undefined;
  /** Corrected since: the entry that superseded it, when and by whom (its line stays, struck through). */
  superseded?: Correction | undefined;
}

/** A dose's correction: the entry that superseded it, what it says, when and by whom it was recorded. */
export interface Correction {
  id: number;
  at: string;
  by: string;
  outcome: Outcome;
  reasonCode?: NotGivenReason | undefined;
}

/** Is a dose taken from the pack: given; refused or vomited too (the kennel's rule: what left the pack is gone). */
export function takenFromPack(d: Pick<DoseTaken, "outcome" | "reasonCode">): boolean {
  if (d.outcome === "given" || d.outcome === "refused") return true;
  return d.outcome === "not_given" && d.reasonCode === "vomited";
}

/** One line of a medicine's register. */
export type RegisterLine =
  | {
      kind: "in";
      at: string;
      id: number;
      seq: number;
      quantity: number;
      by: Counter;
      witness?: Counter | undefined;
      balance: number | undefined;
    }
  | {
      kind: "dose";
      at: string;
      id: number;
      seq: number;
      dose: DoseTaken;
      out: number | undefined;
      /** A superseded dose (struck through): the balance it left as written; it moves the balance no more. */
      balance: number | undefined;
      /** Taken after the medicine was handed back: the kennel held none (flagged until corrected). */
      noneHeld?: true | undefined;
      /** Given before its counting in (in its minute, or earlier): not from this stock, moving nothing. */
      before?: "earlier" | "same_minute" | undefined;
    }
  | {
      kind: "count";
      at: string;
      id: number;
      seq: number;
      count: MedicineCount;
      /** As recorded then: the count against the balance it was counted against (`expected`). */
      difference: number | undefined;
      balance: number;
      /** The record since says the balance then was other than the count was counted against. */
      since?: CountSince | undefined;
    }
  | {
      kind: "out";
      at: string;
      id: number;
      seq: number;
      handed: MedicineOut;
      difference: number | undefined;
      balance: number | undefined;
    };

/**
 * What the record says since a count of the balance it was counted against: a dose before it
 * corrected after it (or entered after it) makes the balance then `balance`, and the count
 * `difference` against it; `corrections`: the doses corrected after the count.
 */
interface CountSince {
  balance: number | undefined;
  difference: number | undefined;
  corrections: DoseTaken[];
}

/** The register's order: by when it happened, then by the chain's order. */
const inOrder = (a: { at: string; seq: number }, b: { at: string; seq: number }) =>
  codeOrder(a.at, b.at) || a.seq - b.seq;

/** A difference of less than this is none (sums of halves and decimals). */
const EPSILON = 1e-9;
const differs = (a: number, b: number) => Math.abs(a - b) > EPSILON;
const tidy = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * A medicine's register: counted in (each supply of the item, in order), each dose taken from the
 * pack, each count and the hand-back, with the balance after each line (undefined: count by hand).
 * Doses not taken from the pack (not given, but vomited) are not lines: nothing moved. A dose given
 * before the first counting in is a line that moves nothing (`before`: not from this stock). A dose
 * corrected since stays a line (superseded: struck through) that moves the balance no more; a count
 * keeps the difference it was recorded with, against the balance then (`expected`), and says beside
 * it when the record since makes that balance another (`since`).
 */
export function register(
  ins: MedicineIn[],
  doses: DoseTaken[],
  counts: MedicineCount[],
  outs: MedicineOut[],
): RegisterLine[] {
  type Event =
    | { kind: "in"; at: string; seq: number; x: MedicineIn }
    | { kind: "dose"; at: string; seq: number; x: DoseTaken }
    | { kind: "count"; at: string; seq: number; x: MedicineCount }
    | { kind: "out"; at: string; seq: number; x: MedicineOut };
  const events: Event[] = [
    ...ins.map((x) => ({ kind: "in" as const, at: x.recordedAt, seq: x.seq, x })),
    ...doses.filter(takenFromPack).map((x) => ({ kind: "dose" as const, at: x.at, seq: x.seq, x })),
    ...counts.map((x) => ({ kind: "count" as const, at: x.at, seq: x.seq, x })),
    ...outs.map((x) => ({ kind: "out" as const, at: x.at, seq: x.seq, x })),
  ].sort(inOrder);
  let balance: number | undefined = 0;
  let closed = false;
  const lines: RegisterLine[] = [];
  const countedIn = events.find((e) => e.kind === "in")?.at;
  for (const e of events) {
    if (e.kind === "in") {
      closed = false;
      const quantity = inBalanceUnit(e.x.quantity, e.x.unit, e.x.per);
      balance = balance === undefined ? undefined : tidy(balance + quantity);
      const { id, by, witness } = e.x;
      lines.push({ kind: "in", at: e.at, id, seq: e.seq, quantity, by, witness, balance });
    } else if (e.kind === "dose") {
      const { amount: out, id } = e.x;
      const before = beforeIn(e.at, countedIn);
      const after = before || balance === undefined || out === undefined ? undefined : tidy(balance - out);
      if (!e.x.superseded && !before) balance = after;
      const none = closed && !e.x.superseded ? { noneHeld: true as const } : {};
      const line = { kind: "dose" as const, at: e.at, id, seq: e.seq, dose: e.x, out };
      lines.push(before ? { ...line, balance, before } : { ...line, balance: after, ...none });
    } else if (e.kind === "count") {
      lines.push(countLine(e.x, balance, lines));
      balance = e.x.counted;
    } else {
      const difference = balance === undefined ? undefined : tidy(e.x.quantity - balance);
      balance = balance === undefined ? undefined : tidy(balance - e.x.quantity);
      closed = true;
      lines.push({ kind: "out", at: e.at, id: e.x.id, seq: e.seq, handed: e.x, difference, balance });
    }
  }
  return lines;
}

/** A count's line: its difference as recorded then, and what the record since says of the balance then. */
function countLine(c: MedicineCount, balance: number | undefined, before: RegisterLine[]): RegisterLine {
  const then = c.expected;
  const difference = countDifference(c.counted, then);
  const line = { kind: "count" as const, at: c.at, id: c.id, seq: c.seq, count: c, difference };
  const same = then === undefined ? balance === undefined : balance !== undefined && !differs(then, balance);
  if (same) return { ...line, balance: c.counted };
  const corrections = before.flatMap((l) =>
    l.kind === "dose" && l.dose.superseded && codeOrder(l.dose.superseded.at, c.at) > 0 ? [l.dose] : [],
  );
  const since = { balance, difference: countDifference(c.counted, balance), corrections };
  return { ...line, balance: c.counted, since };
}

/** The balance now: the last line's that moved it (0 before anything; undefined: count by hand). */
export const balanceOf = (lines: RegisterLine[]): number | undefined => {
  const moved = lines.filter((l) => l.kind !== "dose" || (!l.dose.superseded && !l.before));
  return moved.length === 0 ? 0 : (moved[moved.length - 1] as RegisterLine).balance;
};

/** Is the difference of a count or a hand-back one to explain. */
export const isDiscrepancy = (difference: number | undefined): difference is number =>
  difference !== undefined && differs(difference, 0);

/** A count's difference against a balance (undefined when the balance was to count by hand). */
export const countDifference = (counted: number, balance: number | undefined): number | undefined =>
  balance === undefined ? undefined : tidy(counted - balance);

/** Is a second, different person needed: a high-alert or controlled medicine. */
export const needsSecondPerson = (m: Pick<MedicineIn, "controlled" | "highAlert">): boolean =>
  m.controlled || m.highAlert;

/** Why a second person cannot stand: none named, or the same person. */
export function secondPersonProblem(
  m: Pick<MedicineIn, "controlled" | "highAlert">,
  by: Counter,
  witness: Counter | undefined,
): "missing" | "same" | undefined {
  if (!needsSecondPerson(m)) return undefined;
  if (!witness) return "missing";
  if ((witness.userId && witness.userId === by.userId) || witness.userName === by.userName) return "same";
  return undefined;
}

/** One medicine in custody: its supplies counted in, its register and what follows from it. */
export interface MedicineCustody {
  /** Its first counting in: the medicine's id (a count or a hand-back names it). */
  first: MedicineIn;
  supplies: MedicineIn[];
  /** The plan's item it supplies, when the pet's plan is kept. */
  planItem?: PlanItem | undefined;
  petName: string;
  room?: string | undefined;
  /** The unit its balance is kept in (a pen's iu, else the counted unit). */
  unit: CountUnit;
  lines: RegisterLine[];
  /** The balance now; undefined: count by hand. */
  balance: number | undefined;
  discardBy?: string | undefined;
  counts: MedicineCount[];
  /** Counts whose difference is not closed by a manager yet. */
  open: MedicineCount[];
  handedBack?: MedicineOut | undefined;
  /** Doses recorded taken after it was handed back (the kennel held none): flagged until corrected. */
  givenNoneHeld?: DoseTaken[] | undefined;
  /** The last count (or its counting in), the day; when a controlled medicine is next counted. */
  lastCounted: string;
  /** The same, the instant it was kept (a handover's count is due after it: MEDICINE_COUNT_AT). */
  lastCountedAt: string;
}
