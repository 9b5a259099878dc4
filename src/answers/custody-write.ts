/**
 * Medicine custody's writes (issue 49): counting a medicine in, counting it against its balance (a
 * difference is a discrepancy, explained with a reason and words), a manager closing a discrepancy,
 * and handing it back (closing its custody). Each is one record of the care record's chain
 * (src/answers/custody-kinds.ts), checked here against the record as it is now: the plan's item, a
 * second, different person for a high-alert or controlled medicine, a refill in its medicine's unit,
 * the balance at the moment of the count. The forms check their fields; this checks what it writes.
 */
import type { Deps } from "../deps.ts";
import {
  type Counter,
  countDifference,
  isDiscrepancy,
  type MedicineCount,
  type MedicineIn,
  type MedicineLabel,
  type MedicineOut,
  needsSecondPerson,
  secondPersonProblem,
} from "../domain/custody.ts";
import type { DiscrepancyReason } from "../domain/custody-reasons.ts";
import { closeProblem, isControlled } from "../domain/custody-rules.ts";
import { balanceUnit, type CountUnit } from "../domain/custody-units.ts";
import type { BodyIn } from "../record/kinds/index.ts";
import type { LogInput } from "../record/types.ts";
import { localDate } from "../time.ts";
import { type MedicineCustody, stayCustodyOf } from "./custody.ts";
import { closedOf, countOf, medicineInOf, outOf } from "./custody-kinds.ts";
import { currentPlan } from "./plans.ts";

type WriteDeps = Pick<Deps, "record" | "config" | "clock">;

/** Why a write was refused, for the form's words. */
export type CustodyRefusal =
  | "no_store"
  | "no_plan_item"
  | "second_person_missing"
  | "second_person_same"
  | "unknown_medicine"
  | "handed_back"
  | "explain"
  | "not_a_discrepancy"
  | "closed_already"
  | "not_a_manager"
  | "own_count"
  | "other_unit";

/** A refill refused for its unit: the medicine it adds to, counted in `unit` (`pack`: as pens or vials of it). */
export interface HeldUnit {
  label: string;
  unit: CountUnit;
  pack?: CountUnit | undefined;
}

export type Written<T> =
  | { status: "recorded" | "duplicate"; value: T }
  | { status: "refused"; why: CustodyRefusal; held?: HeldUnit };

/**
 * A medicine counted in for a plan's item: what its label says and the person counted (`controlled`
 * ticked by the person: a drug the plan knows as controlled is, ticked or not), who, the second person.
 */
export interface CountInInput extends MedicineLabel {
  bookingId: number;
  petId: number;
  item: MedicineIn["item"];
  by: Counter;
  witness?: Counter | undefined;
  requestKey: string;
}

/** A body without its absent fields (an absent value is an absent key). */
const strip = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

const today = (deps: WriteDeps) => localDate(deps.clock.now(), deps.config.timezone);

type CustodyKind = "medicine_in" | "medicine_count" | "medicine_closed" | "medicine_out";

/** One custody record, dated today in the kennel's zone (its body checked by its kind in the store). */
async function append<K extends CustodyKind>(
  deps: WriteDeps,
  kind: K,
  at: { bookingId: number; petId: number; userId?: string | undefined },
  body: BodyIn<K>,
  requestKey: string,
) {
  const store = deps.record;
  if (!store) throw new Error("This Kennel Desk keeps no care record.");
  return store.append({ kind, date: today(deps), ...at, requestKey, body } as LogInput<K>);
}

/**
 * A refill of a medicine held (its custody open) counted in another unit than its balance's: the
 * medicine it would add to, else nothing (a first counting in, or the same unit).
 */
async function otherUnit(deps: WriteDeps, input: CountInInput): Promise<HeldUnit | undefined> {
  const stay = await stayCustodyOf(deps, input.bookingId, input.petId);
  const m = stay.medicines.find((x) => x.first.item === input.item && !x.handedBack);
  if (!m || balanceUnit(input.unit, input.per) === m.unit) return undefined;
  return { label: m.first.label, unit: m.unit, ...(m.first.unit !== m.unit ? { pack: m.first.unit } : {}) };
}

/**
 * Counts a medicine in for a plan's item: high-alert or controlled (by the plan's reading, or ticked)
 * needs a second, different person.
 */
export async function countIn(deps: WriteDeps, input: CountInInput): Promise<Written<MedicineIn>> {
  if (!deps.record) return { status: "refused", why: "no_store" };
  const plan = await currentPlan(deps, input.bookingId, input.petId);
  const item = plan?.plan.items.find((i) => i.key === input.item);
  if (!item) return { status: "refused", why: "no_plan_item" };
  const kinds = {
    controlled: input.controlled || isControlled(item),
    highAlert: item.highAlert !== undefined,
  };
  const problem = secondPersonProblem(kinds, input.by, input.witness);
  if (problem)
    return { status: "refused", why: problem === "missing" ? "second_person_missing" : "second_person_same" };
  const held = await otherUnit(deps, input);
  if (held) return { status: "refused", why: "other_unit", held };
  const { requestKey, bookingId, petId, ...rest } = input;
  const body = strip({
    ...rest,
    ...kinds,
    ...(needsSecondPerson(kinds) ? {} : { witness: undefined }),
  });
  const { status, entry } = await append(
    deps,
    "medicine_in",
    { bookingId, petId, userId: input.by.userId },
    body,
    requestKey,
  );
  const value = medicineInOf(entry);
  if (!value) throw new Error("the record kept a medicine counted in that it cannot read back");
  return { status, value };
}

/** A medicine in custody by its id (its first counting in), with the stay's custody read now. */
export async function medicineById(
  deps: Pick<Deps, "record" | "config">,
  custodyId: number,
): Promise<MedicineCustody | undefined> {
  const [row] = (await deps.record?.log({ kind: "medicine_in", id: custodyId })) ?? [];
  const m = row ? medicineInOf(row) : undefined;
  if (!m) return undefined;
  const stay = await stayCustodyOf(deps, m.bookingId, m.petId);
  return stay.medicines.find((x) => x.first.id === custodyId || x.supplies.some((s) => s.id === custodyId));
}

export interface CountInput {
  custodyId: number;
  counted: number;
  by: Counter;
  witness?: Counter | undefined;
  reason?: DiscrepancyReason | undefined;
  note?: string | undefined;
  requestKey: string;
}

/**
 * Counts a medicine against its balance now: a difference must be explained (a reason and words:
 * `explain`, with the balance, so the form can say it); a controlled or high-alert one by two people.
 */
export async function countMedicine(
  deps: WriteDeps,
  input: CountInput,
): Promise<
  | Written<{ count: MedicineCount; medicine: MedicineCustody }>
  | { status: "explain"; expected: number; difference: number; medicine: MedicineCustody }
> {
  const m = await medicineById(deps, input.custodyId);
  if (!m) return { status: "refused", why: "unknown_medicine" };
  if (m.handedBack) return { status: "refused", why: "handed_back" };
  const problem = secondPersonProblem(m.first, input.by, input.witness);
  if (problem)
    return { status: "refused", why: problem === "missing" ? "second_person_missing" : "second_person_same" };
  const difference = countDifference(input.counted, m.balance);
  if (isDiscrepancy(difference) && (!input.reason || !input.note))
    return { status: "explain", expected: m.balance as number, difference, medicine: m };
  const body = strip({
    custodyId: m.first.id,
    counted: input.counted,
    ...(m.balance !== undefined ? { expected: m.balance } : {}),
    by: input.by,
    ...(needsSecondPerson(m.first) ? { witness: input.witness } : {}),
    ...(isDiscrepancy(difference)
      ? { reason: input.reason, note: input.note }
      : input.note
        ? { note: input.note }
        : {}),
  });
  const ids = { bookingId: m.first.bookingId, petId: m.first.petId, userId: input.by.userId };
  const { status, entry } = await append(deps, "medicine_count", ids, body, input.requestKey);
  return { status, value: { count: countOf(entry), medicine: m } };
}

/**
 * Closes a count's discrepancy: by one of MEDICINE_MANAGERS (unset: anyone but who counted), once
 * (`medicine_closed:<countId>`: a second closing gets the first's).
 */
export async function closeDiscrepancy(
  deps: WriteDeps,
  input: { countId: number; note: string; by: Counter },
): Promise<Written<{ by: Counter; at: string; note: string; medicine: MedicineCustody }>> {
  if (!deps.record) return { status: "refused", why: "no_store" };
  const found = await countById(deps, input.countId);
  // A count that matched then, when a correction since makes it differ, is closed the same way.
  const open = found?.count.reason !== undefined || found?.medicine.open.some((c) => c.id === input.countId);
  if (!found || !open) return { status: "refused", why: "not_a_discrepancy" };
  const problem = closeProblem(deps.config.medicines.managers, found.count, input.by);
  if (problem) return { status: "refused", why: problem };
  const { count, medicine } = found;
  const body = { countId: count.id, note: input.note, by: input.by };
  const ids = { bookingId: medicine.first.bookingId, petId: medicine.first.petId, userId: input.by.userId };
  const { status, entry } = await append(deps, "medicine_closed", ids, body, `medicine_closed:${count.id}`);
  return { status, value: { ...closedOf(entry), medicine } };
}

/**
 * A hand-back as the form gives it: the medicine out, before the record numbers and dates it; when it
 * differs from the balance, why (`reason`, and the words: `note`), as a count's difference is explained.
 */
export type HandBackInput = Pick<MedicineOut, "custodyId" | "quantity" | "to" | "by" | "witness" | "note"> & {
  reason?: DiscrepancyReason | undefined;
};

/**
 * Hands a medicine back, closing its custody: once per medicine (`medicine_out:<custodyId>`). What is
 * handed back is counted: a quantity other than the balance is a discrepancy, explained (`explain`
 * until a reason and words are given) and kept as a count by the same two people before the
 * hand-back, open until a manager closes it, as any count's; never a silent loss.
 */
export async function handBack(
  deps: WriteDeps,
  input: HandBackInput,
): Promise<
  | Written<{ out: MedicineOut; medicine: MedicineCustody }>
  | { status: "explain"; expected: number; difference: number; medicine: MedicineCustody }
> {
  const m = await medicineById(deps, input.custodyId);
  if (!m) return { status: "refused", why: "unknown_medicine" };
  const problem = secondPersonProblem(m.first, input.by, input.witness);
  if (!m.handedBack && problem)
    return { status: "refused", why: problem === "missing" ? "second_person_missing" : "second_person_same" };
  const difference = m.handedBack ? undefined : countDifference(input.quantity, m.balance);
  const differs = isDiscrepancy(difference);
  if (differs && (!input.reason || !input.note))
    return { status: "explain", expected: m.balance as number, difference, medicine: m };
  const ids = { bookingId: m.first.bookingId, petId: m.first.petId, userId: input.by.userId };
  const witness = needsSecondPerson(m.first) ? { witness: input.witness } : {};
  if (differs) {
    const counted = strip({
      custodyId: m.first.id,
      counted: input.quantity,
      expected: m.balance,
      by: input.by,
      ...witness,
      reason: input.reason,
      note: input.note,
    });
    await append(deps, "medicine_count", ids, counted, `medicine_out_count:${m.first.id}`);
  }
  const body = strip({
    custodyId: m.first.id,
    quantity: input.quantity,
    to: input.to,
    by: input.by,
    ...witness,
    ...(input.note && !differs ? { note: input.note } : {}),
  });
  const { status, entry } = await append(deps, "medicine_out", ids, body, `medicine_out:${m.first.id}`);
  return { status, value: { out: outOf(entry), medicine: m } };
}

/** A count by its id, with its medicine as the record has it now (closing its discrepancy). */
export async function countById(
  deps: Pick<Deps, "record" | "config">,
  countId: number,
): Promise<{ count: MedicineCount; medicine: MedicineCustody } | undefined> {
  const [row] = (await deps.record?.log({ kind: "medicine_count", id: countId })) ?? [];
  const medicine = row ? await medicineById(deps, row.body.custodyId) : undefined;
  const kept = medicine?.counts.find((c) => c.id === countId);
  return kept && medicine ? { count: kept, medicine } : undefined;
}
