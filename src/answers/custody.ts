/**
 * Medicine custody read from the care record (issue 49): each stay's medicines counted in, with their
 * register (counted in → each dose taken from the pack → each count → handed back, the balance after
 * each), the balance now, how long it lasts by the confirmed plan (its runway), its discard-by, when
 * its next count is due, and its discrepancies not closed. The doses are the record's: each round's
 * current entry of the item (a correction counts as corrected) and the doses given if needed, each
 * in the counted unit by the plan's amount for its round (src/domain/custody-units.ts).
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
} from "../domain/custody.ts";
import { countDue, discardBy, type Runway, runway } from "../domain/custody-rules.ts";
import { amountIn, balanceUnit, type CountUnit } from "../domain/custody-units.ts";
import { itemOnRound } from "../domain/plan/schedule.ts";
import type { PlanItem } from "../domain/plan/types.ts";
import type { PrnDose } from "../domain/prn.ts";
import { currentEntries } from "../domain/record.ts";
import type { Entry, LogEntry } from "../record/types.ts";
import { addDays, localDate } from "../time.ts";
import {
  closedOf,
  countOf,
  MEDICINE_CLOSED,
  MEDICINE_COUNT,
  MEDICINE_IN,
  MEDICINE_OUT,
  medicineInOf,
  outOf,
} from "./custody-kinds.ts";
import { type PlanVersion, planVersionsOf } from "./plans.ts";
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

/** The doses of one item from the record, in the balance's unit by the plan's amount. */
function dosesOf(item: string, planItem: PlanItem | undefined, unit: CountUnit, s: DoseSources): DoseTaken[] {
  const current = [...currentEntries(s.entries.filter((e) => e.item === item)).values()];
  const original = new Map(s.entries.map((e) => [e.id, e]));
  const firstAt = (e: Entry): string => {
    let x = e;
    while (x.supersedes !== undefined && original.get(x.supersedes)) x = original.get(x.supersedes) as Entry;
    return e.givenAt ?? x.givenAt ?? x.recordedAt;
  };
  const rounds = current.map((e): DoseTaken => {
    const text = planAmount(planItem, e.date, e.round, s.timezone);
    return {
      id: e.id,
      seq: e.seq,
      kind: "round",
      date: e.date,
      round: e.round,
      outcome: e.outcome,
      reasonCode: e.reasonCode,
      amount: amountIn(text, unit),
      amountText: text,
      by: e.userName,
      witness: s.witnesses.get(e.id)?.userName,
      at: firstAt(e),
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
        amount: amountIn(planItem?.what.amount, unit),
        amountText: planItem?.what.amount,
        by: d.userName,
        at: d.givenAt,
      }),
    );
  return [...rounds, ...prn];
}

/** One medicine's custody from its records. */
function medicineOf(
  supplies: MedicineIn[],
  rows: { counts: MedicineCount[]; outs: MedicineOut[] },
  plan: PlanVersion | undefined,
  s: DoseSources,
): MedicineCustody {
  const first = supplies[0] as MedicineIn;
  const planItem = plan?.plan.items.find((i) => i.key === first.item);
  const unit = balanceUnit(first.unit, first.per);
  const counts = rows.counts.filter((c) => c.custodyId === first.id);
  const handedBack = rows.outs.find((o) => o.custodyId === first.id);
  // A dose given before the medicine was counted in left the pack before the count.
  const doses = dosesOf(first.item, planItem, unit, s).filter((d) => d.at >= first.recordedAt);
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
    open: counts.filter((c) => isDiscrepancy(lineDifference(lines, c.id)) && !c.closed),
    handedBack,
    lastCounted: last,
  };
}

/** The difference a count made in the register. */
const lineDifference = (lines: RegisterLine[], countId: number): number | undefined => {
  const l = lines.find((x) => x.kind === "count" && x.id === countId);
  return l?.kind === "count" ? l.difference : undefined;
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

/** A stay's custody from its rows of the log and its round entries. */
export async function stayCustodyOf(
  deps: Pick<Deps, "record" | "config">,
  bookingId: number,
  petId: number,
  rows?: LogEntry[],
): Promise<StayCustody> {
  const store = deps.record;
  if (!store) return { bookingId, petId, medicines: [] };
  const log = rows ?? (await store.log({ bookingId, petId }));
  const ins = log.map(medicineInOf).filter((m): m is MedicineIn => m !== undefined);
  const plan = planVersionsOf(log)
    .filter((v) => v.supersededBy === undefined)
    .at(-1);
  if (ins.length === 0) return { bookingId, petId, medicines: [], plan };
  const closes = new Map(log.map(closedOf).flatMap((c) => (c ? [[c.countId, c] as const] : [])));
  const counts = log
    .map(countOf)
    .filter((c): c is MedicineCount => c !== undefined)
    .map((c) => {
      const closed = closes.get(c.id);
      return closed
        ? {
            ...c,
            closed: { id: closed.id, seq: closed.seq, by: closed.by, at: closed.at, note: closed.note },
          }
        : c;
    });
  const outs = log.map(outOf).filter((o): o is MedicineOut => o !== undefined);
  const [entries, prn, witnesses] = await Promise.all([
    store.entries({ bookingId, petId }),
    prnDoses(deps, { bookingId, petId }),
    witnessesOf(store, { bookingId, petId }),
  ]);
  const sources = { entries, prn, witnesses, timezone: deps.config.timezone };
  const medicines = groupSupplies(ins, outs).map((g) => medicineOf(g, { counts, outs }, plan, sources));
  return { bookingId, petId, medicines, plan };
}

/** How long a medicine lasts by its plan, from now to the stay's departure. */
export function runwayOf(
  deps: Pick<Deps, "config" | "clock">,
  m: MedicineCustody,
  stay: StayDates | undefined,
): Runway | undefined {
  if (!m.planItem || !stay || m.handedBack) return undefined;
  const now = deps.clock.now();
  const today = localDate(now, deps.config.timezone);
  return runway(
    m.planItem,
    m.balance,
    m.unit,
    {
      arrival: stay.arrival,
      departure: stay.departure,
      timeZone: deps.config.timezone,
      roundTimes: deps.config.rounds.times,
    },
    now,
    today,
  );
}

/** A controlled medicine's next count: due when, and whether overdue today. */
export function countDueOf(
  deps: Pick<Deps, "config" | "clock">,
  m: MedicineCustody,
): { due: string; overdue: boolean; days: number } | undefined {
  if (!m.first.controlled || m.handedBack) return undefined;
  const today = localDate(deps.clock.now(), deps.config.timezone);
  return countDue(m.lastCounted, deps.config.medicines.countEveryDays, today);
}

/**
 * The stays with a medicine counted in over the last `days` (default a year): their booking and pet.
 * `open`: only those still holding one (fewer hand-backs than medicines) or with a count's
 * discrepancy not closed, worked out from the records' bodies alone (what is held now reads no
 * closed stay's whole register).
 */
export async function staysWithMedicines(
  deps: Pick<Deps, "record" | "config" | "clock">,
  o: { days?: number; open?: boolean } = {},
): Promise<Array<{ bookingId: number; petId: number }>> {
  const store = deps.record;
  if (!store) return [];
  const today = localDate(deps.clock.now(), deps.config.timezone);
  const range = { from: addDays(today, -(o.days ?? 366)), to: addDays(today, 1) };
  const read = (kind: string) => store.log({ kind, ...range });
  const [ins, outs, counts, closes] = await Promise.all(
    o.open
      ? [MEDICINE_IN, MEDICINE_OUT, MEDICINE_COUNT, MEDICINE_CLOSED].map(read)
      : [read(MEDICINE_IN), [], [], []],
  );
  const key = (r: { bookingId?: number | undefined; petId?: number | undefined }) =>
    `${r.bookingId}-${r.petId}`;
  const closed = new Set(closes.map((c) => closedOf(c)?.countId));
  const unexplained = new Set(counts.filter((c) => countOf(c)?.reason && !closed.has(c.id)).map(key));
  // Per stay: its medicines (items), its hand-backs, and the last of each in the chain.
  const stays = new Map<string, { items: Set<string>; handed: number; lastIn: number; lastOut: number }>();
  const stay = (k: string) => {
    const had = stays.get(k) ?? { items: new Set<string>(), handed: 0, lastIn: 0, lastOut: 0 };
    stays.set(k, had);
    return had;
  };
  for (const m of ins.map(medicineInOf).filter((x) => x !== undefined)) {
    const s = stay(key(m));
    s.items.add(m.item);
    s.lastIn = Math.max(s.lastIn, m.seq);
  }
  for (const r of outs) {
    const s = stay(key(r));
    s.handed++;
    s.lastOut = Math.max(s.lastOut, r.seq);
  }
  const isOpen = (k: string) => {
    const s = stay(k);
    return s.items.size > s.handed || s.lastIn > s.lastOut || unexplained.has(k);
  };
  const seen = new Map<string, { bookingId: number; petId: number }>();
  for (const r of ins) {
    if (r.bookingId === undefined || r.petId === undefined) continue;
    const k = key(r);
    if (!o.open || isOpen(k)) seen.set(k, { bookingId: r.bookingId, petId: r.petId });
  }
  return [...seen.values()];
}
