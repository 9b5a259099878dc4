/**
 * Medicine custody read from the care record (issue 49): each stay's medicines counted in, with their
 * register (counted in → each dose taken from the pack → each count → handed back, the balance after
 * each), the balance now, how long it lasts by the confirmed plan (its runway), its discard-by, when
 * its next count is due, and its discrepancies not closed. The doses are the record's: each round's
 * entry of the item (a correction counts as corrected; the entry it corrects stays, struck through)
 * and the doses given if needed, each in the counted unit by the plan's amount for its round
 * (src/domain/custody-units.ts).
 */

import type { Deps } from "../deps.ts";
import {
  balanceOf,
  type DoseTaken,
  isDiscrepancy,
  type MedicineCount,
  type MedicineCustody,
  type MedicineIn,
  type MedicineOut,
  type RegisterLine,
  register,
  takenFromPack,
} from "../domain/custody.ts";
import { countDue, discardBy, type HandoverCount, handoverCountDue } from "../domain/custody-rules.ts";
import { amountIn, balanceUnit, type CountUnit, type DoseReading } from "../domain/custody-units.ts";
import { giverOf } from "../domain/giver.ts";
import { itemOnRound } from "../domain/plan/schedule.ts";
import type { PlanItem } from "../domain/plan/types.ts";
import type { PrnDose } from "../domain/prn.ts";
import { currentEntries } from "../domain/record.ts";
import type { Entry } from "../record/types.ts";
import { addDays, localDate } from "../time.ts";
import { closedOf, countOf, medicineInOf, outOf } from "./custody-kinds.ts";
import { markedEntries } from "./paper-marks.ts";
import { currentPlan, type PlanVersion } from "./plans.ts";
import { prnDoses } from "./prn.ts";
import { witnessesOf } from "./witness.ts";

export type { MedicineCustody } from "../domain/custody.ts";

/** The stay's times for a runway (the booking's check-in and check-out), when known. */
export interface StayDates {
  arrival: string;
  departure: string | undefined;
}

/** A stay's pet: its medicines, and the items of its plan given (or due) with none counted in. */
export interface StayCustody {
  bookingId: number;
  petId: number;
  medicines: MedicineCustody[];
  plan?: PlanVersion | undefined;
}

/** A dose's plan amount: the item's for that round and day by the plan, or the as-needed item's. */
function planAmount(
  item: PlanItem | undefined,
  date: string,
  round: string | undefined,
  tz: string,
): string | undefined {
  if (!item) return undefined;
  if (item.kind.kind === "as_needed") return item.what.amount;
  if (round !== "morning" && round !== "midday" && round !== "evening") return undefined;
  const asks = itemOnRound(item, date, round, {
    arrival: "1970-01-01T00:00:00Z",
    departure: undefined,
    timeZone: tz,
    roundTimes: { morning: "00:00", midday: "00:00", evening: "00:00" },
  });
  return asks.status === "due" || asks.status === "conditional" ? asks.amount : undefined;
}

interface DoseSources {
  entries: Entry[];
  prn: PrnDose[];
  witnesses: Map<number, { userName: string }>;
  timezone: string;
}

/** The balance's unit, and what a dose in mg is read against (the strength counted in, the plan's words). */
type Measure = { unit: CountUnit; reading: DoseReading };

/** What a medicine's doses in mg are read against: its strength as written (else its label's), the plan's words. */
export const readingOf = (
  m: Pick<MedicineIn, "strength" | "label">,
  item: PlanItem | undefined,
): DoseReading => ({
  strength: m.strength ?? m.label,
  words: item?.what.text,
});

/** The doses of one item from the record, in the balance's unit by the plan's amount. */
function dosesOf(item: string, planItem: PlanItem | undefined, unit: Measure, s: DoseSources): DoseTaken[] {
  const mine = s.entries.filter((e) => e.item === item);
  const current = new Set([...currentEntries(mine).values()].map((e) => e.id));
  const original = new Map(s.entries.map((e) => [e.id, e]));
  const by = new Map(mine.flatMap((e) => (e.supersedes !== undefined ? [[e.supersedes, e] as const] : [])));
  const correction = (e: Entry) => {
    const c = current.has(e.id) ? undefined : (by.get(e.id) ?? original.get(e.supersededBy ?? -1));
    return c
      ? { id: c.id, at: c.recordedAt, by: c.userName, outcome: c.outcome, reasonCode: c.reasonCode }
      : undefined;
  };
  // When the dose left the pack: its own given time, else the entry it corrects' when that one had
  // taken it from the pack too (the same dose, its outcome corrected), else when it was recorded. A
  // dose given again after one not taken (asleep) is a new dose at its own time: never before a count
  // or a hand-back recorded between them.
  const takenAt = (e: Entry): string => {
    if (e.givenAt) return e.givenAt;
    const before = e.supersedes !== undefined ? original.get(e.supersedes) : undefined;
    return before && takenFromPack(before) ? takenAt(before) : e.recordedAt;
  };
  // Every version of the round's entry: one corrected since stays in the register, struck through.
  const rounds = mine.map((e): DoseTaken => {
    const text = planAmount(planItem, e.date, e.round, s.timezone);
    return {
      id: e.id,
      seq: e.seq,
      kind: "round",
      date: e.date,
      round: e.round,
      outcome: e.outcome,
      reasonCode: e.reasonCode,
      amount: amountIn(text, unit.unit, unit.reading),
      amountText: text,
      by: giverOf(e),
      witness: e.paper ? e.paper.witness : s.witnesses.get(e.id)?.userName,
      at: takenAt(e),
      paper: e.paper ? { givenAt: e.givenAt, recordedAt: e.recordedAt, enteredBy: e.userName } : undefined,
      superseded: correction(e),
    };
  });
  const prn = s.prn
    .filter((d) => d.item === item)
    .map(
      (d): DoseTaken => ({
        id: d.id,
        seq: d.seq ?? 0,
        kind: "as_needed",
        date: d.date,
        outcome: "given",
        amount: amountIn(planItem?.what.amount, unit.unit, unit.reading),
        amountText: planItem?.what.amount,
        by: giverOf(d),
        at: d.givenAt,
      }),
    );
  return [...rounds, ...prn];
}

/** One medicine's custody from its records. */
function medicineOf(
  supplies: MedicineIn[],
  rows: { counts: MedicineCount[]; outs: MedicineOut[]; until?: string | undefined },
  plan: PlanVersion | undefined,
  s: DoseSources,
  earlier = false,
): MedicineCustody {
  const first = supplies[0] as MedicineIn;
  const planItem = plan?.plan.items.find((i) => i.key === first.item);
  const unit = balanceUnit(first.unit, first.per);
  const counts = rows.counts.filter((c) => c.custodyId === first.id);
  const handedBack = rows.outs.find((o) => o.custodyId === first.id);
  // A dose given before the medicine was counted in left the pack before the count: its register lists
  // it, not against the balance (a supply counted in again after a hand-back: its own doses only).
  const measure = { unit, reading: readingOf(first, planItem) };
  // Nor one after its next supply was counted in (that supply's register has it).
  const doses = dosesOf(first.item, planItem, measure, s).filter(
    (d) => (!earlier || d.at >= first.recordedAt) && (!rows.until || d.at < rows.until),
  );
  const lines = register(supplies, doses, counts, handedBack ? [handedBack] : []);
  const opened = [...supplies].reverse().find((m) => m.openedOn);
  const last = [first.date, ...counts.map((c) => c.date)].sort().at(-1) as string;
  return {
    first,
    supplies,
    planItem,
    petName: plan?.petName ?? `pet ${first.petId}`,
    room: plan?.room,
    unit,
    lines,
    balance: balanceOf(lines),
    discardBy: discardBy({ ...(opened ?? first), expiry: first.expiry }),
    counts,
    open: counts.filter((c) => discrepant(lines, c.id) && !c.closed),
    handedBack,
    givenNoneHeld: lines.flatMap((l) => (l.kind === "dose" && l.noneHeld ? [l.dose] : [])),
    lastCounted: last,
    lastCountedAt: [first.recordedAt, ...counts.map((c) => c.at)].sort().at(-1) as string,
  };
}

/** Does a count differ: from the balance it was counted against, or from the one the record since says. */
const discrepant = (lines: RegisterLine[], countId: number): boolean => {
  const l = lines.find((x) => x.kind === "count" && x.id === countId);
  return l?.kind === "count" && (isDiscrepancy(l.difference) || isDiscrepancy(l.since?.difference));
};

/**
 * Groups a stay's supplies by medicine: the supplies of one item counted in while its custody is
 * open are one medicine; one counted in after its hand-back starts another.
 */
function groupSupplies(ins: MedicineIn[], outs: MedicineOut[]): MedicineIn[][] {
  const groups: MedicineIn[][] = [];
  for (const m of [...ins].sort((a, b) => a.seq - b.seq)) {
    const open = groups.find(
      (g) => g[0]?.item === m.item && g[0]?.petId === m.petId && !outs.some((o) => o.custodyId === g[0]?.id),
    );
    if (open) open.push(m);
    else groups.push([m]);
  }
  return groups;
}

/** A stay's pet's custody: its records of each custody kind, its current plan and its doses. */
export async function stayCustodyOf(
  deps: Pick<Deps, "record" | "config">,
  bookingId: number,
  petId: number,
): Promise<StayCustody> {
  const store = deps.record;
  if (!store) return { bookingId, petId, medicines: [] };
  const q = { bookingId, petId };
  const [inRows, plan] = await Promise.all([
    store.log({ kind: "medicine_in", ...q }),
    currentPlan(deps, bookingId, petId),
  ]);
  const ins = inRows.map(medicineInOf).filter((m): m is MedicineIn => m !== undefined);
  if (ins.length === 0) return { bookingId, petId, medicines: [], plan };
  const [countRows, closeRows, outRows, entries, prn, witnesses] = await Promise.all([
    store.log({ kind: "medicine_count", ...q }),
    store.log({ kind: "medicine_closed", ...q }),
    store.log({ kind: "medicine_out", ...q }),
    // A dose entered from the paper chart: given by the one the paper names, not who entered it.
    markedEntries(deps, q),
    prnDoses(deps, q),
    witnessesOf(store, q),
  ]);
  const closes = new Map(closeRows.map(closedOf).map((c) => [c.countId, c] as const));
  const counts = countRows.map(countOf).map((c): MedicineCount => {
    const closed = closes.get(c.id);
    if (!closed) return c;
    const { countId: _, ...closing } = closed;
    return { ...c, closed: closing };
  });
  const outs = outRows.map(outOf);
  const sources = { entries, prn, witnesses, timezone: deps.config.timezone };
  const groups = groupSupplies(ins, outs);
  // Each medicine's doses until the next supply of its item was counted in (after its hand-back).
  const until = (g: MedicineIn[]) =>
    groups.find((x) => x[0]?.item === g[0]?.item && (x[0]?.seq ?? 0) > (g[0]?.seq ?? 0))?.[0]?.recordedAt;
  const again = (g: MedicineIn[], i: number) => groups.slice(0, i).some((x) => x[0]?.item === g[0]?.item);
  const medicines = groups.map((g, i) =>
    medicineOf(g, { counts, outs, until: until(g) }, plan, sources, again(g, i)),
  );
  return { bookingId, petId, medicines, plan };
}

/**
 * A controlled medicine's next count: due when, and whether overdue today: a handover's count
 * missed (MEDICINE_COUNT_AT) first, else MEDICINE_COUNT_EVERY days after the last.
 */
export function countDueOf(
  deps: Pick<Deps, "config" | "clock">,
  m: MedicineCustody,
): { due: string; overdue: boolean; days: number } | HandoverCount | undefined {
  if (!m.first.controlled || m.handedBack) return undefined;
  const now = deps.clock.now();
  const { timezone } = deps.config;
  const handover = handoverCountDue(m.lastCountedAt, deps.config.medicines.countAt, now, timezone);
  return handover ?? countDue(m.lastCounted, deps.config.medicines.countEveryDays, localDate(now, timezone));
}

/**
 * The stays with a medicine counted in over the last `days` (default a year): their booking and pet.
 * `open`: only those still holding one (a medicine not handed back) or with a count's discrepancy
 * not closed, worked out from the custody records alone (what is held now reads no closed stay's
 * whole register).
 */
export async function staysWithMedicines(
  deps: Pick<Deps, "record" | "config" | "clock">,
  o: { days?: number; open?: boolean } = {},
): Promise<Array<{ bookingId: number; petId: number }>> {
  const store = deps.record;
  if (!store) return [];
  const today = localDate(deps.clock.now(), deps.config.timezone);
  const range = { from: addDays(today, -(o.days ?? 366)), to: addDays(today, 1) };
  const stays = new Map<string, { bookingId: number; petId: number; ins: MedicineIn[] }>();
  for (const row of await store.log({ kind: "medicine_in", ...range })) {
    const m = medicineInOf(row);
    if (!m) continue;
    const { bookingId, petId } = m;
    const stay = stays.get(stayKey(m)) ?? { bookingId, petId, ins: [] };
    stays.set(stayKey(m), stay);
    stay.ins.push(m);
  }
  const all = [...stays.values()];
  if (!o.open) return all.map(({ bookingId, petId }) => ({ bookingId, petId }));
  const [outRows, countRows, closeRows] = await Promise.all([
    store.log({ kind: "medicine_out", ...range }),
    store.log({ kind: "medicine_count", ...range }),
    store.log({ kind: "medicine_closed", ...range }),
  ]);
  const outs = outRows.map(outOf);
  const closed = new Set(closeRows.map((c) => c.body.countId));
  const unexplained = new Set(countRows.filter((c) => c.body.reason && !closed.has(c.id)).map(stayKey));
  const holds = (s: { ins: MedicineIn[] }) =>
    groupSupplies(s.ins, outs).some((g) => !outs.some((out) => out.custodyId === g[0]?.id));
  // Handed back lately: a dose recorded since is flagged (the kennel held none), so its stay is read.
  const lately = new Set(outRows.filter((r) => r.date >= addDays(today, -14)).map(stayKey));
  return all
    .filter((s) => unexplained.has(stayKey(s)) || holds(s) || lately.has(stayKey(s)))
    .map(({ bookingId, petId }) => ({ bookingId, petId }));
}

const stayKey = (r: { bookingId?: number | undefined; petId?: number | undefined }) =>
  `${r.bookingId}-${r.petId}`;
