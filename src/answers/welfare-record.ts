/**
 * The welfare check as the care record holds it, for `kennel-desk record`, the exports and the
 * connector: a day's checks by round and pet (each pet the day's posts listed, checked or not; a
 * check corrected since kept), the flags of that day (opened, advised on or resolved), and every
 * welfare record of a range, one row each (src/text/welfare-record.ts).
 */
import type { Round } from "../domain/care.ts";
import type { WelfareCheck } from "../domain/welfare.ts";
import type { WelfareFlag } from "../domain/welfare-flag.ts";
import type { CareRecordStore, LogEntry, LogQuery } from "../record/types.ts";
import { localDate } from "../time.ts";
import {
  adviceBody,
  checkOf,
  KINDS,
  readChecks,
  readFlags,
  readLists,
  resolvedBody,
} from "./welfare-store.ts";

interface WelfareDayPet {
  bookingId: number;
  petId: number;
  name: string;
  room?: string | undefined;
  /** Its checks of the round, superseded ones included, oldest first. */
  checks: WelfareCheck[];
}

export interface WelfareDayRecord {
  date: string;
  rounds: Array<{ round: Round; pets: WelfareDayPet[] }>;
  /** Flags opened that day, or advised on or resolved that day. */
  flags: WelfareFlag[];
}

const ORDER: readonly Round[] = ["morning", "midday", "evening"];

/** A day's welfare checks: every pet a post listed (checked or not) and every pet checked. */
export async function welfareDay(
  store: CareRecordStore,
  date: string,
  timezone: string,
  petId?: number,
): Promise<WelfareDayRecord> {
  const pet = petId !== undefined ? { petId } : {};
  const [checks, flags] = await Promise.all([
    readChecks(store, { ...pet, date }),
    readFlags(store, { ...pet, to: date }),
  ]);
  const lists = (await Promise.all(ORDER.map((r) => readLists(store, date, r)))).flat();
  const rounds: WelfareDayRecord["rounds"] = [];
  for (const round of ORDER) {
    const pets = new Map<string, WelfareDayPet>();
    for (const l of lists.filter((x) => x.round === round))
      for (const p of l.pets)
        if (petId === undefined || p.petId === petId)
          pets.set(`${p.bookingId}|${p.petId}`, { ...p, checks: [] });
    for (const c of checks.filter((x) => x.round === round)) {
      const key = `${c.bookingId}|${c.petId}`;
      const had = pets.get(key) ?? {
        bookingId: c.bookingId,
        petId: c.petId,
        name: c.petName,
        room: c.room,
        checks: [],
      };
      had.checks.push(c);
      pets.set(key, had);
    }
    if (pets.size) rounds.push({ round, pets: [...pets.values()] });
  }
  const onDay = (iso: string | undefined) => iso !== undefined && localDate(iso, timezone) === date;
  return {
    date,
    rounds,
    flags: flags.filter(
      (f) => f.date === date || f.advice.some((a) => onDay(a.recordedAt)) || onDay(f.resolved?.recordedAt),
    ),
  };
}

export const WELFARE_KINDS = [KINDS.check, KINDS.flag, KINDS.advice, KINDS.resolved] as const;

/** One welfare record of the chain, read: a check, a flag opened, vet advice, a flag resolved. */
export interface WelfareRecordRow {
  id: number;
  seq: number;
  kennel: string;
  date: string;
  kind: (typeof WELFARE_KINDS)[number];
  bookingId: number | undefined;
  petId: number | undefined;
  petName: string;
  userId: string | undefined;
  userName: string | undefined;
  recordedAt: string;
  supersedes: number | undefined;
  supersededBy: number | undefined;
  requestKey: string | undefined;
  check?: WelfareCheck;
  flag?: Pick<WelfareFlag, "sign" | "entries">;
  advice?: { flag: number; vet: string; sought: string; advice: string };
  resolved?: { flag: number; why: string };
}

/** Every welfare record of a range (or of a pet, or a stay), oldest first: the exports' rows. */
export async function welfareRecords(
  store: CareRecordStore,
  q: Omit<LogQuery, "kind" | "id">,
): Promise<WelfareRecordRow[]> {
  const out: WelfareRecordRow[] = [];
  for await (const page of welfareRecordPages(store, q)) out.push(...page);
  return out;
}

/**
 * The same a page at a time in the chain's order, up to `throughSeq` (an export of any size): a
 * flag's name for its advice and resolution rows from the flags read so far, a flag older than the
 * range read by its id, once.
 */
export async function* welfareRecordPages(
  store: CareRecordStore,
  q: Omit<LogQuery, "kind" | "id">,
  throughSeq?: number,
): AsyncGenerator<WelfareRecordRow[]> {
  const flags = new Map<number, LogEntry | undefined>();
  const pages = store.logPages(
    { ...q, kinds: WELFARE_KINDS },
    throughSeq === undefined ? {} : { throughSeq },
  );
  for await (const page of pages) {
    for (const e of page) if (e.kind === KINDS.flag) flags.set(e.id, e);
    for (const e of page) {
      const id = (e.body as { flag?: unknown }).flag;
      if (typeof id !== "number" || flags.has(id)) continue;
      flags.set(id, (await store.log({ kind: KINDS.flag, id }))[0]);
    }
    yield page.map((e) => rowOf(e, flags));
  }
}

function rowOf(e: LogEntry, flags: Map<number, LogEntry | undefined>): WelfareRecordRow {
  const body = e.body as Record<string, unknown>;
  const flagOf = flags.get(typeof body.flag === "number" ? body.flag : -1)?.body as
    | Record<string, unknown>
    | undefined;
  const row: WelfareRecordRow = {
    id: e.id,
    seq: e.seq,
    kennel: e.kennel,
    date: e.date,
    kind: e.kind as WelfareRecordRow["kind"],
    bookingId: e.bookingId,
    petId: e.petId,
    petName: String(body.petName ?? flagOf?.petName ?? ""),
    userId: e.userId,
    userName: typeof body.userName === "string" ? body.userName : undefined,
    recordedAt: e.recordedAt,
    supersedes: e.supersedes,
    supersededBy: e.supersededBy,
    requestKey: e.requestKey,
  };
  if (e.kind === KINDS.check) {
    const check = checkOf(e);
    if (check) row.check = check;
  } else if (e.kind === KINDS.flag) {
    const b = flagOf ?? body;
    row.flag = {
      sign: String(body.sign) as WelfareFlag["sign"],
      entries: (body.entries ?? b.entries ?? []) as WelfareFlag["entries"],
    };
  } else if (e.kind === KINDS.advice) {
    const b = adviceBody.safeParse(body);
    if (b.success)
      row.advice = { flag: b.data.flag, vet: b.data.vet, sought: b.data.sought, advice: b.data.advice };
  } else {
    const b = resolvedBody.safeParse(body);
    if (b.success) row.resolved = { flag: b.data.flag, why: b.data.why };
  }
  return row;
}
