/**
 * As-needed doses in the care record (issue 35): each dose given "if needed" is a record of kind
 * `prn` in the record's chain (care_log), its effect an hour later a record of kind `prn_effect`
 * (one per dose: the request key `prn_effect:<prnId>` makes a second answer get the first's), and
 * the follow-up's claim a record of kind `prn_follow_up` (request key `prn_follow_up:<prnId>`: two
 * replicas sharing one record ask once). The items offered are read from the pet's current care
 * plan version, confirmed by a person; never from a message or a button.
 *
 * Bodies (zod-checked, the contract the audit reads):
 * - prn: {item, label, itemText, reason, givenAt, userName, ack?: {rule, words}, note?}; the date is
 *   the kennel's local date given.
 * - prn_effect: {prnId, effect: helped | no_change | worse, note?, userName}; dated as its dose.
 */
import type { Deps } from "../deps.ts";
import { planState } from "../domain/plan/state.ts";
import {
  type AsNeededItem,
  asNeededItems,
  followUpAt,
  type PrnDose,
  type PrnEffect,
  type PrnEffectEntry,
  type PrnRule,
} from "../domain/prn.ts";
import type { ItemKey, LogEntry, LogQuery } from "../record/types.ts";
import { addDays, localDate } from "../time.ts";
import { currentPlan, type PlanVersion } from "./plans.ts";
import type { Who } from "./record-round.ts";

function doseOf(e: LogEntry<"prn">): PrnDose | undefined {
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
    ...(b.note ? { note: b.note } : {}),
    ...(b.unconfirmed ? { unconfirmed: true } : {}),
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
 * (an effect is dated as its dose). None without a record.
 */
export async function prnDoses(deps: Pick<Deps, "record">, query: PrnQuery): Promise<PrnDose[]> {
  const store = deps.record;
  if (!store) return [];
  const [doses, effects] = await Promise.all([
    store.log({ kind: "prn", ...query }),
    store.log({ kind: "prn_effect", ...query }),
  ]);
  return withEffects(doses, effects).sort((a, b) => a.givenAt.localeCompare(b.givenAt) || a.id - b.id);
}

/** The doses among log rows, each with its effect (the first answered) among `effects`. */
function withEffects(rows: LogEntry<"prn">[], effects: LogEntry<"prn_effect">[]): PrnDose[] {
  const byDose = new Map<number, PrnEffectEntry>();
  for (const e of effects.map(effectOf)) if (!byDose.has(e.prnId)) byDose.set(e.prnId, strip(e));
  return rows
    .map(doseOf)
    .filter((d): d is PrnDose => d !== undefined)
    .map((d) => (byDose.has(d.id) ? { ...d, effect: byDose.get(d.id) } : d));
}

/**
 * The same doses a page at a time in the chain's order, up to `throughSeq` (an export of any size,
 * src/answers/record-export.ts): each page's effects read from its first dose's day on.
 */
export async function* prnDosePages(
  deps: Pick<Deps, "record">,
  query: PrnQuery,
  throughSeq: number,
): AsyncGenerator<PrnDose[]> {
  const store = deps.record;
  if (!store) return;
  for await (const page of store.logPages({ kind: "prn", ...query }, { throughSeq })) {
    const first = page.map((e) => e.date).sort()[0] as string;
    const from =
      query.date === undefined && (query.from === undefined || query.from < first) ? first : query.from;
    const effects = await store.log({ kind: "prn_effect", ...query, ...(from ? { from } : {}) });
    yield withEffects(page, effects);
  }
}

const strip = ({ prnId: _, ...e }: PrnEffectEntry & { prnId: number }): PrnEffectEntry => e;

/** One dose by its id, with its effect; undefined when there is none (or it is not a dose). */
export async function prnDose(deps: Pick<Deps, "record">, id: number): Promise<PrnDose | undefined> {
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

export interface PrnGiveInput {
  bookingId: number;
  petId: number;
  item: ItemKey;
  reason: string;
  givenAt: string;
  note?: string | undefined;
  ack?: { rule: PrnRule; words: string } | undefined;
  who: Who;
  /** The form's submission: the same one delivered again records once. */
  requestKey: string;
}

export type PrnGiveResult =
  | { status: "recorded" | "duplicate"; dose: PrnDose }
  | { status: "refused"; why: "no_store" | "not_offered" };

/**
 * Keeps one as-needed dose: the item read from the pet's current confirmed plan (refused when the
 * plan is not confirmed now, or no longer offers it), dated the kennel's local day it was given.
 * The form checks the limits and the time given; this checks what it writes.
 */
export async function givePrn(
  deps: Pick<Deps, "record" | "config" | "clock">,
  input: PrnGiveInput,
): Promise<PrnGiveResult> {
  const store = deps.record;
  if (!store) return { status: "refused", why: "no_store" };
  const date = localDate(input.givenAt, deps.config.timezone);
  const now = await prnNow(deps, input.bookingId, input.petId, date);
  const item = now.items.find((i) => i.key === input.item);
  if (!item) return { status: "refused", why: "not_offered" };
  return keepPrn(deps, { ...input, item, date });
}

/**
 * Writes one as-needed dose of `item` (the contract's body), dated `date` (the kennel's local day
 * given): what `givePrn` writes once it has checked the plan, and what the preview seeds.
 */
export async function keepPrn(
  deps: Pick<Deps, "record">,
  input: Omit<PrnGiveInput, "item"> & { item: AsNeededItem; date: string },
): Promise<{ status: "recorded" | "duplicate"; dose: PrnDose }> {
  const store = deps.record;
  if (!store) throw new Error("This Kennel Desk keeps no care record.");
  const body = {
    item: input.item.key,
    label: input.item.label,
    itemText: input.item.text,
    reason: input.reason,
    givenAt: new Date(input.givenAt).toISOString(),
    userName: input.who.userName,
    ...(input.ack ? { ack: input.ack } : {}),
    ...(input.note ? { note: input.note } : {}),
    ...(input.item.unconfirmed ? { unconfirmed: true as const } : {}),
  };
  const { status, entry } = await store.append({
    kind: "prn",
    date: input.date,
    bookingId: input.bookingId,
    petId: input.petId,
    userId: input.who.userId,
    requestKey: input.requestKey,
    body,
  });
  const dose = doseOf(entry);
  if (!dose) throw new Error("the record kept an as-needed dose it cannot read back");
  return { status, dose };
}

export type EffectResult =
  | { status: "recorded"; dose: PrnDose; effect: PrnEffectEntry }
  /** Answered before (by this request or another): the first answer. */
  | { status: "already"; dose: PrnDose; effect: PrnEffectEntry }
  | { status: "unknown" };

/** Keeps the effect of a dose: once per dose (`prn_effect:<prnId>`); a second answer gets the first's. */
export async function recordEffect(
  deps: Pick<Deps, "record">,
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
  deps: Pick<Deps, "record" | "config">,
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

/** When the stay's pet arrived (its booking's check-in, ISO 8601), when the kennel API says. */
export async function stayArrival(
  deps: Pick<Deps, "kennel">,
  bookingId: number,
): Promise<string | undefined> {
  return (await deps.kennel.getBooking(bookingId)).data.checkInDate;
}
