/**
 * The welfare check's records in the care record (`care_log`, in the chain, each with its kennel),
 * every body zod-checked on the way in and on the way out:
 * - `welfare_list`: what a welfare post listed when it was posted (the day, the round, the area,
 *   each pet and the message holding it): a button carries only the list's id and the pet's ids;
 * - `welfare`: one check of a pet (its four signs, a note, the day's meals as recorded); the first
 *   of a pet's round is keyed by the pet's round (two staff at once record once), a correction by
 *   what it supersedes (corrected once);
 * - `welfare_flag`: a flag, keyed by its episode (src/domain/welfare.ts episodeKey: one per episode);
 * - `welfare_advice`: the vet's advice on a flag; `welfare_resolved`: its closing, once.
 */
import type { Deps } from "../deps.ts";
import type { Round } from "../domain/care.ts";
import type { Sign, WelfareCheck } from "../domain/welfare.ts";
import type { FlagResolution, VetAdvice, WelfareFlag } from "../domain/welfare-flag.ts";
import type { BodyIn, BodyOf } from "../record/kinds/index.ts";
import {
  type ListPet,
  welfareAdvice,
  welfareCheck,
  welfareFlag,
  welfareList,
  welfareResolved,
} from "../record/kinds/welfare.ts";
import type { CareRecordStore, LogEntry, LogQuery } from "../record/types.ts";
import { keptPosts } from "./kept-posts.ts";

/** The welfare check's kinds of record (src/record/kinds/welfare.ts). */
export const KINDS = {
  list: welfareList.name,
  check: welfareCheck.name,
  flag: welfareFlag.name,
  advice: welfareAdvice.name,
  resolved: welfareResolved.name,
} as const;

export type { ListPet };
export type ListBody = BodyIn<"welfare_list">;
export interface WelfareList extends BodyOf<"welfare_list"> {
  id: number;
}
export type FlagBody = BodyIn<"welfare_flag">;

/** The store, or the error every write path gives without one. */
export function storeOf(deps: Pick<Deps, "record">): CareRecordStore {
  if (!deps.record) throw new Error("This Kennel Desk keeps no care record.");
  return deps.record;
}

// --- the lists --------------------------------------------------------------------------------

/** The lists kept (the last 30 read remembered). */
const lists = keptPosts(KINDS.list, 30);

/** Keeps a list about to be posted (the same list posted again, by a replica, is the one kept before). */
export function saveList(deps: Pick<Deps, "record">, body: ListBody): Promise<WelfareList> {
  return lists.save(deps, body);
}

/** A kept list by its id; undefined when there is none (a made-up id) or it is not a list. */
export function loadList(deps: Pick<Deps, "record">, listId: number): Promise<WelfareList | undefined> {
  return lists.load(deps, listId);
}

/** The lists kept for a day's round, oldest first. */
export async function readLists(store: CareRecordStore, date: string, round: Round): Promise<WelfareList[]> {
  return (await store.log({ kind: KINDS.list, date }))
    .filter((e) => e.body.round === round)
    .map((e) => lists.remember(store, e));
}

/** The lists kept for every round of the days `from` to `to` (both included), in one read, oldest first. */
export async function readListsBetween(
  store: CareRecordStore,
  days: { from: string; to: string },
): Promise<WelfareList[]> {
  return (await store.log({ kind: KINDS.list, ...days })).map((e) => lists.remember(store, e));
}

// --- reading the records -------------------------------------------------------------------------

/** A check from its record. */
export function checkOf(e: LogEntry<"welfare">): WelfareCheck {
  const b = e.body;
  return {
    id: e.id,
    date: e.date,
    round: b.round as Round,
    bookingId: b.bookingId,
    petId: b.petId,
    petName: b.petName,
    ...(b.room !== undefined ? { room: b.room } : {}),
    values: b.values,
    ...(b.note !== undefined ? { note: b.note } : {}),
    eating: b.eating,
    userId: e.userId ?? "",
    userName: b.userName,
    recordedAt: e.recordedAt,
    ...(e.supersedes !== undefined ? { supersedes: e.supersedes } : {}),
    ...(e.supersededBy !== undefined ? { supersededBy: e.supersededBy } : {}),
  };
}

type Range = Omit<LogQuery, "kind" | "id">;

/** The checks matching the query (superseded ones too), oldest first. */
export async function readChecks(store: CareRecordStore, q: Range): Promise<WelfareCheck[]> {
  return (await store.log({ ...q, kind: KINDS.check })).map(checkOf);
}

/** The flags opened in the range, each with its advice and its resolution (whenever recorded). */
export async function readFlags(store: CareRecordStore, q: Range): Promise<WelfareFlag[]> {
  const opened = await store.log({ ...q, kind: KINDS.flag });
  if (opened.length === 0) return [];
  const since = opened.reduce((d, e) => (e.date < d ? e.date : d), opened[0]?.date as string);
  const narrow = { ...(q.petId !== undefined ? { petId: q.petId } : {}), from: since };
  const [advice, resolved] = await Promise.all([
    store.log({ ...narrow, kind: KINDS.advice }),
    store.log({ ...narrow, kind: KINDS.resolved }),
  ]);
  const adviceOf = new Map<number, VetAdvice[]>();
  for (const { id, body: b, userId, recordedAt } of advice) {
    const a: VetAdvice = {
      id,
      vet: b.vet,
      sought: b.sought,
      advice: b.advice,
      userId: userId ?? "",
      userName: b.userName,
      recordedAt,
    };
    adviceOf.set(b.flag, [...(adviceOf.get(b.flag) ?? []), a]);
  }
  const resolvedOf = new Map<number, FlagResolution>();
  for (const { id, body: b, userId, recordedAt } of resolved) {
    if (!resolvedOf.has(b.flag))
      resolvedOf.set(b.flag, { id, userId: userId ?? "", userName: b.userName, recordedAt, why: b.why });
  }
  return opened.map((e) => ({
    ...flagOf(e),
    advice: adviceOf.get(e.id) ?? [],
    ...(resolvedOf.has(e.id) ? { resolved: resolvedOf.get(e.id) } : {}),
  }));
}

/** A flag as opened (no advice, not resolved), from its record. */
export function flagOf(e: LogEntry<"welfare_flag">): WelfareFlag {
  const b = e.body;
  return {
    id: e.id,
    bookingId: b.bookingId,
    petId: b.petId,
    petName: b.petName,
    ...(b.room !== undefined ? { room: b.room } : {}),
    sign: b.sign as Sign,
    date: e.date,
    openedAt: e.recordedAt,
    entries: b.entries,
    advice: [],
  };
}
