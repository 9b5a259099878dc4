/**
 * As-needed doses in the care record (issue 35): each dose given "if needed" is a record of kind
 * `prn` in the record's chain (care_log), its effect an hour later a record of kind `prn_effect`
 * (one per dose: the request key `prn_effect:<prnId>` makes a second answer get the first's), and
 * the follow-up's claim a record of kind `prn_follow_up` (request key `prn_follow_up:<prnId>`: two
 * replicas sharing one record ask once). The items offered are read from the pet's current care
 * plan version, confirmed by a person; never from a message or a button.
 *
 * Bodies (zod-checked, the contract the audit reads):
 * - prn: {item, label, itemText, reason, givenAt, userName, ack?: {rule, words}, note?, highAlert?,
 *   petName?, unconfirmed?, checked?: {discardBy?, handedBack?: {to, date}}, givenBy?: {userId, name?}}:
 *   `givenBy`, who gave it when ✏️ Record each… named another than who recorded it; `checked`, its medicine
 *   past its discard-by or handed back, asked first and ticked (older doses have none); the date is
 *   the kennel's local date given. A dose is checked against the plan's limits and written in one
 *   transaction (the record's chain lock: PostgreSQL's advisory lock, SQLite's one writer), so
 *   staff giving at once on two replicas are counted against each other.
 * - prn_effect: {prnId, effect: helped | no_change | worse, note?, userName}; dated as its dose.
 */
import type { Deps } from "../deps.ts";
import { planState } from "../domain/plan/state.ts";
import {
  type AsNeededItem,
  asNeededItems,
  followUpAt,
  type PrnDose,
  type PrnEffectEntry,
} from "../domain/prn.ts";
import type { PrnEffect } from "../domain/prn-effects.ts";
import { type Witness, witnessState } from "../domain/witness.ts";
import type { LogEntry, LogQuery } from "../record/types.ts";
import { addDays, localDate } from "../time.ts";
import { codeOrder } from "../words/order.ts";
import { prnGiverOf, withPrnGivers } from "./given-by.ts";
import { currentPlan, type PlanVersion } from "./plans.ts";
import type { Who } from "./record-round.ts";
import { allWitnessesOf } from "./witness.ts";

export function doseOf(e: LogEntry<"prn">): PrnDose | undefined {
  if (e.bookingId === undefined || e.petId === undefined) return undefined;
  const b = e.body;
  return {
    id: e.id,
    seq: e.seq,
    ...(e.requestKey ? { requestKey: e.requestKey } : {}),
    date: e.date,
    bookingId: e.bookingId,
    petId: e.petId,
    userId: e.userId,
    userName: b.userName,
    item: b.item,
    label: b.label,
    itemText: b.itemText,
    reason: b.reason,
    givenAt: b.givenAt,
    recordedAt: e.recordedAt,
    ...(b.ack ? { ack: b.ack } : {}),
    ...(b.checked ? { checked: b.checked } : {}),
    ...(b.note ? { note: b.note } : {}),
    ...(b.highAlert ? { highAlert: true } : {}),
    kennel: e.kennel,
    ...(b.petName ? { petName: b.petName } : {}),
    ...(b.unconfirmed ? { unconfirmed: true } : {}),
    // Given by the one ✏️ Record each… named, not who recorded it (src/answers/given-by.ts).
    ...(b.givenBy ? { givenBy: prnGiverOf(b.givenBy) } : {}),
  };
}

function effectOf(e: LogEntry<"prn_effect">): PrnEffectEntry & { prnId: number } {
  const b = e.body;
  return {
    id: e.id,
    prnId: b.prnId,
    effect: b.effect,
    userName: b.userName,
    recordedAt: e.recordedAt,
    ...(b.note ? { note: b.note } : {}),
  };
}

/** Where to read: a stay's pet, a day, a range (the kennel's local dates given). */
export type PrnQuery = Pick<LogQuery, "bookingId" | "petId" | "date" | "from" | "to">;

/**
 * The as-needed doses matching the query, oldest given first, each with its effect when answered
 * (an effect is dated as its dose) and, given a clock, a high-alert one's witness as it stands now
 * (a reader that only counts doses, as custody's balance, needs none). None without a record.
 */
export async function prnDoses(
  deps: Pick<Deps, "record"> & Partial<Pick<Deps, "clock">>,
  query: PrnQuery,
): Promise<PrnDose[]> {
  const store = deps.record;
  if (!store) return [];
  const [doses, effects, witnesses] = await Promise.all([
    store.log({ kind: "prn", ...query }),
    store.log({ kind: "prn_effect", ...query }),
    allWitnessesOf(store, query),
  ]);
  const now = deps.clock?.now().toISOString();
  const out = withEffects(doses, effects, witnesses.prn, now);
  await withPrnGivers(store, out);
  return out.sort((a, b) => codeOrder(a.givenAt, b.givenAt) || a.id - b.id);
}

/**
 * The doses among log rows, each with its effect (the first answered) among `effects` and, given
 * `now`, a high-alert one's witness among `witnesses` as it stands then.
 */
function withEffects(
  rows: LogEntry<"prn">[],
  effects: LogEntry<"prn_effect">[],
  witnesses: Map<number, Witness>,
  now: string | undefined,
): PrnDose[] {
  const byDose = new Map<number, PrnEffectEntry>();
  for (const e of effects.map(effectOf)) if (!byDose.has(e.prnId)) byDose.set(e.prnId, strip(e));
  return rows
    .map(doseOf)
    .filter((d): d is PrnDose => d !== undefined)
    .map((d) => ({
      ...d,
      ...(byDose.has(d.id) ? { effect: byDose.get(d.id) } : {}),
      ...(d.highAlert && now ? { witness: witnessState(d, witnesses.get(d.id), now) } : {}),
    }));
}

/** Stays a page's effects and witnesses are read by (an IN list), beyond which its days alone bound the read. */
const PAGE_STAYS = 50;

/**
 * The same doses a page at a time in the chain's order, up to `throughSeq` (an export of any size,
 * src/answers/record-export.ts): each page's effects and witnesses read over its own doses' days
 * and stays (both are dated as their dose and name its stay), so what a page reads does not grow
 * with the range: read to the range's end, a year's export read a year of witnesses at its first
 * page (docs/benchmarks.md, issue 48).
 */
export async function* prnDosePages(
  deps: Pick<Deps, "record"> & Partial<Pick<Deps, "clock">>,
  query: PrnQuery,
  throughSeq: number,
): AsyncGenerator<PrnDose[]> {
  const store = deps.record;
  if (!store) return;
  const now = deps.clock?.now().toISOString();
  for await (const page of store.logPages({ kind: "prn", ...query }, { throughSeq })) {
    const days = page.map((e) => e.date).sort();
    const stays = [...new Set(page.flatMap((e) => (e.bookingId === undefined ? [] : [e.bookingId])))];
    const own = {
      ...query,
      ...(query.date === undefined ? { from: days[0] as string, to: days.at(-1) as string } : {}),
      ...(stays.length <= PAGE_STAYS ? { bookingIds: stays } : {}),
    };
    const [effects, witnesses] = await Promise.all([
      store.log({ kind: "prn_effect", ...own }),
      now ? allWitnessesOf(store, own) : undefined,
    ]);
    const doses = withEffects(page, effects, witnesses?.prn ?? new Map(), now);
    await withPrnGivers(store, doses);
    yield doses;
  }
}

/**
 * The doses with their pets' names: the name kept with the dose, else `named` (a surface's own,
 * by "bookingId|petId"), else the stay's care plan's (one read per stay).
 */
export async function withPetNames<D extends PrnDose>(
  deps: Pick<Deps, "record">,
  doses: D[],
  named: Map<string, string> = new Map(),
): Promise<Array<D & { petName: string }>> {
  const plans = new Map<string, Promise<string>>();
  const planName = (d: PrnDose) => {
    const key = `${d.bookingId}|${d.petId}`;
    if (!plans.has(key)) plans.set(key, petNameOf(deps, d.bookingId, d.petId));
    return plans.get(key) as Promise<string>;
  };
  return Promise.all(
    doses.map(async (d) => ({
      ...d,
      petName: named.get(`${d.bookingId}|${d.petId}`) ?? d.petName ?? (await planName(d)),
    })),
  );
}

const strip = ({ prnId: _, ...e }: PrnEffectEntry & { prnId: number }): PrnEffectEntry => e;

/** One dose by its id, with its effect and witness; undefined when there is none (or it is not a dose). */
export async function prnDose(
  deps: Pick<Deps, "record" | "clock">,
  id: number,
): Promise<PrnDose | undefined> {
  const [row] = (await deps.record?.log({ kind: "prn", id })) ?? [];
  const dose = row ? doseOf(row) : undefined;
  if (!dose) return undefined;
  const effects = await prnDoses(deps, { bookingId: dose.bookingId, petId: dose.petId, date: dose.date });
  return effects.find((d) => d.id === id) ?? dose;
}

/** A pet's as-needed items now, from its current plan version, and the stay's doses so far. */
export interface PrnNow {
  version: PlanVersion | undefined;
  /** Offered only when the plan is confirmed (empty otherwise). */
  items: AsNeededItem[];
  confirmed: boolean;
  doses: PrnDose[];
}

export async function prnNow(
  deps: Pick<Deps, "record" | "config" | "clock">,
  bookingId: number,
  petId: number,
  date = localDate(deps.clock.now(), deps.config.timezone),
): Promise<PrnNow> {
  const [version, doses] = await Promise.all([
    currentPlan(deps, bookingId, petId),
    prnDoses(deps, { bookingId, petId }),
  ]);
  const state = version ? planState(version.plan) : undefined;
  const items = version
    ? asNeededItems(version.plan, state ?? "draft", date, {
        timeZone: deps.config.timezone,
        roundTimes: deps.config.rounds.times,
      })
    : [];
  return { version, items, confirmed: state === "confirmed", doses };
}

export type EffectResult =
  | { status: "recorded"; dose: PrnDose; effect: PrnEffectEntry }
  /** Answered before (by this request or another): the first answer. */
  | { status: "already"; dose: PrnDose; effect: PrnEffectEntry }
  | { status: "unknown" };

/** Keeps the effect of a dose: once per dose (`prn_effect:<prnId>`); a second answer gets the first's. */
export async function recordEffect(
  deps: Pick<Deps, "record" | "clock">,
  input: { prnId: number; effect: PrnEffect; note?: string | undefined; who: Who },
): Promise<EffectResult> {
  const store = deps.record;
  const dose = store ? await prnDose(deps, input.prnId) : undefined;
  if (!store || !dose) return { status: "unknown" };
  const body = {
    prnId: dose.id,
    effect: input.effect,
    userName: input.who.userName,
    ...(input.note ? { note: input.note } : {}),
  };
  const { status, entry } = await store.append({
    kind: "prn_effect",
    date: dose.date,
    bookingId: dose.bookingId,
    petId: dose.petId,
    userId: input.who.userId,
    requestKey: `prn_effect:${dose.id}`,
    body,
  });
  const effect = effectOf(entry);
  return { status: status === "duplicate" ? "already" : "recorded", dose, effect: strip(effect) };
}

/** A follow-up to send: the dose, and the pet's name as its plan has it. */
export interface FollowUp {
  dose: PrnDose;
  petName: string;
}

/** Doses older than this are not followed up any more (a bot down for a day asks nothing stale). */
const STALE_MS = 24 * 3_600_000;

/**
 * The follow-ups due at `now` (the doses of the last two days with no effect and no follow-up
 * claimed, `minutes` after they were given, given in the last 24 hours), and when the next one is.
 */
export async function followUpsDue(
  deps: Pick<Deps, "record" | "config" | "clock">,
  now: Date,
  minutes: number,
): Promise<{ due: FollowUp[]; next: string | undefined }> {
  const store = deps.record;
  if (!store) return { due: [], next: undefined };
  const today = localDate(now, deps.config.timezone);
  const range = { from: addDays(today, -2), to: addDays(today, 1) };
  const [doses, claims] = await Promise.all([
    prnDoses(deps, range),
    store.log({ kind: "prn_follow_up", ...range }),
  ]);
  const claimed = new Set(claims.map((c) => c.body.prnId));
  const t = now.getTime();
  const open = doses.filter(
    (d) => !d.effect && !claimed.has(d.id) && d.userId && Date.parse(d.givenAt) > t - STALE_MS,
  );
  const due = open.filter((d) => Date.parse(followUpAt(d.givenAt, minutes)) <= t);
  const next = open
    .map((d) => followUpAt(d.givenAt, minutes))
    .filter((at) => Date.parse(at) > t)
    .sort()[0];
  const names = await Promise.all(
    due.map(async (d) => (await currentPlan(deps, d.bookingId, d.petId))?.petName ?? `pet ${d.petId}`),
  );
  return { due: due.map((dose, i) => ({ dose, petName: names[i] as string })), next };
}

/**
 * Claims a dose's follow-up in the record: true for the one caller (of every replica sharing the
 * record) that is to send it; false when it was claimed already.
 */
export async function claimFollowUp(deps: Pick<Deps, "record" | "clock">, dose: PrnDose): Promise<boolean> {
  const store = deps.record;
  if (!store) return false;
  const { status } = await store.append({
    kind: "prn_follow_up",
    date: dose.date,
    bookingId: dose.bookingId,
    petId: dose.petId,
    userId: dose.userId,
    requestKey: `prn_follow_up:${dose.id}`,
    body: { prnId: dose.id, ...(dose.userId ? { to: dose.userId } : {}), at: deps.clock.now().toISOString() },
  });
  return status === "recorded";
}

/** The pet's name as its care plan has it (the sheet's when the plan was drafted). */
export async function petNameOf(
  deps: Pick<Deps, "record">,
  bookingId: number,
  petId: number,
): Promise<string> {
  return (await currentPlan(deps, bookingId, petId))?.petName ?? `pet ${petId}`;
}
