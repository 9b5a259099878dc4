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
import { z } from "zod";
import type { Deps } from "../deps.ts";
import type { Round } from "../domain/care.ts";
import { type Sign, WELFARE_SIGNS, type WelfareCheck } from "../domain/welfare.ts";
import type { FlagResolution, VetAdvice, WelfareFlag } from "../domain/welfare-flag.ts";
import type { CareRecordStore, LogEntry, LogQuery } from "../record/types.ts";

export const KINDS = {
  list: "welfare_list",
  check: "welfare",
  flag: "welfare_flag",
  advice: "welfare_advice",
  resolved: "welfare_resolved",
} as const;

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const round = z.enum(["morning", "midday", "evening"]);
const text = (max: number) => z.string().max(max);

const listPet = z.object({
  bookingId: id,
  petId: id,
  name: text(200),
  room: text(200).optional(),
  /** The message of the post that holds the pet (0: the parent). */
  message: z.number().int().nonnegative(),
});

const listBody = z.object({
  v: z.literal(1),
  date,
  round,
  /** The area (a room name's beginning), null for the whole house, "" for the other rooms. */
  area: text(60).nullable(),
  pets: z.array(listPet).max(2000),
  messages: z.number().int().positive().max(100),
  /** Bookings whose pets could not be listed (care not matched): named, never left out. */
  unlisted: z.array(text(400)).max(500),
  /** The business the pets' records came from (the API's kennelId), when they said. */
  kennelId: id.optional(),
});

export type ListPet = z.infer<typeof listPet>;
export type ListBody = z.infer<typeof listBody>;
export interface WelfareList extends ListBody {
  id: number;
}

const values = z.object({
  drinking: z.enum(WELFARE_SIGNS.drinking),
  stool: z.enum(WELFARE_SIGNS.stool),
  urine: z.enum(WELFARE_SIGNS.urine),
  demeanour: z.enum(WELFARE_SIGNS.demeanour),
});

const mealSeen = z.object({
  round,
  outcome: z.enum(["ate_all", "ate_some", "ate_none", "not_offered", "not_recorded"]),
  entryId: id.optional(),
});

export const checkBody = z.object({
  v: z.literal(1),
  round,
  bookingId: id,
  petId: id,
  petName: text(200),
  room: text(200).optional(),
  values,
  note: z.string().min(1).max(500).optional(),
  eating: z.array(mealSeen).max(3),
  userName: text(200),
  /** The Slack request that made it (a re-delivered tap finds it). */
  request: text(200),
});
type CheckBody = z.infer<typeof checkBody>;

const episodeEntry = z.object({
  kind: z.enum(["check", "meal"]),
  id,
  date,
  round,
  at: text(40),
});

const flagBody = z.object({
  v: z.literal(1),
  bookingId: id,
  petId: id,
  petName: text(200),
  room: text(200).optional(),
  sign: z.string().regex(/^(drinking|stool|urine|demeanour|eating):[a-z_]+$/),
  entries: z.array(episodeEntry).min(2).max(50),
});
export type FlagBody = z.infer<typeof flagBody>;

export const adviceBody = z.object({
  v: z.literal(1),
  flag: id,
  vet: z.string().min(1).max(200),
  sought: text(40),
  advice: z.string().min(1).max(1000),
  userName: text(200),
  request: text(200),
});

export const resolvedBody = z.object({
  v: z.literal(1),
  flag: id,
  why: z.string().min(1).max(500),
  userName: text(200),
  request: text(200),
});

/** The store, or the error every write path gives without one. */
export function storeOf(deps: Pick<Deps, "record">): CareRecordStore {
  if (!deps.record) throw new Error("This Kennel Desk keeps no care record.");
  return deps.record;
}

// --- the lists --------------------------------------------------------------------------------

/** Lists never change once kept: the last few read are remembered (a redraw after each tap). */
const remembered = new WeakMap<CareRecordStore, Map<number, WelfareList>>();

function remember(store: CareRecordStore, list: WelfareList): WelfareList {
  let m = remembered.get(store);
  if (!m) {
    m = new Map();
    remembered.set(store, m);
  }
  m.delete(list.id);
  m.set(list.id, list);
  if (m.size > 30) m.delete(m.keys().next().value as number);
  return list;
}

/** Keeps a list about to be posted (the same list posted again, by a replica, is the one kept before). */
export async function saveList(deps: Pick<Deps, "record">, body: ListBody): Promise<WelfareList> {
  const store = storeOf(deps);
  const checked = listBody.parse(body);
  if (checked.kennelId !== undefined) await store.bindKennelId(checked.kennelId);
  const { entry } = await store.append(
    { kind: KINDS.list, date: checked.date, body: checked },
    { reuse: true },
  );
  return remember(store, { ...checked, id: entry.id });
}

/** A kept list by its id; undefined when there is none (a made-up id) or it is not a list. */
export async function loadList(deps: Pick<Deps, "record">, listId: number): Promise<WelfareList | undefined> {
  const store = deps.record;
  if (!store) return undefined;
  const known = remembered.get(store)?.get(listId);
  if (known) return known;
  const [entry] = await store.log({ kind: KINDS.list, id: listId });
  const parsed = entry ? listBody.safeParse(entry.body) : undefined;
  return parsed?.success && entry ? remember(store, { ...parsed.data, id: entry.id }) : undefined;
}

/** The lists kept for a day's round, oldest first. */
export async function readLists(store: CareRecordStore, date: string, round: Round): Promise<WelfareList[]> {
  return (await store.log({ kind: KINDS.list, date })).flatMap((e) => {
    const parsed = listBody.safeParse(e.body);
    return parsed.success && parsed.data.round === round
      ? [remember(store, { ...parsed.data, id: e.id })]
      : [];
  });
}

// --- reading the records -------------------------------------------------------------------------

/** A check from its record; undefined for a body that does not read (never written by this code). */
export function checkOf(e: LogEntry): WelfareCheck | undefined {
  const parsed = checkBody.safeParse(e.body);
  if (!parsed.success) return undefined;
  const b: CheckBody = parsed.data;
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
  return (await store.log({ ...q, kind: KINDS.check })).flatMap((e) => checkOf(e) ?? []);
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
  for (const e of advice) {
    const b = adviceBody.safeParse(e.body);
    if (!b.success) continue;
    const a: VetAdvice = {
      id: e.id,
      vet: b.data.vet,
      sought: b.data.sought,
      advice: b.data.advice,
      userId: e.userId ?? "",
      userName: b.data.userName,
      recordedAt: e.recordedAt,
    };
    adviceOf.set(b.data.flag, [...(adviceOf.get(b.data.flag) ?? []), a]);
  }
  const resolvedOf = new Map<number, FlagResolution>();
  for (const e of resolved) {
    const b = resolvedBody.safeParse(e.body);
    if (b.success && !resolvedOf.has(b.data.flag))
      resolvedOf.set(b.data.flag, {
        id: e.id,
        userId: e.userId ?? "",
        userName: b.data.userName,
        recordedAt: e.recordedAt,
        why: b.data.why,
      });
  }
  return opened.flatMap((e): WelfareFlag[] => {
    const b = flagBody.safeParse(e.body);
    if (!b.success) return [];
    return [
      {
        id: e.id,
        bookingId: b.data.bookingId,
        petId: b.data.petId,
        petName: b.data.petName,
        ...(b.data.room !== undefined ? { room: b.data.room } : {}),
        sign: b.data.sign as Sign,
        date: e.date,
        openedAt: e.recordedAt,
        entries: b.data.entries,
        advice: adviceOf.get(e.id) ?? [],
        ...(resolvedOf.has(e.id) ? { resolved: resolvedOf.get(e.id) } : {}),
      },
    ];
  });
}

/** A flag's body, checked, to append (src/answers/welfare-flags.ts). */
export const checkedFlagBody = (b: FlagBody): FlagBody => flagBody.parse(b);
