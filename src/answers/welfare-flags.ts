/**
 * Welfare flags, opened and answered: after each committed check (and each committed meal entry, the
 * off-food rule), the stays' episodes standing now (src/domain/welfare.ts) each open one flag, keyed
 * by the episode, so two replicas, a re-delivered tap or a third abnormal entry of the same run add
 * none; a stay with a flag of the same sign still open gets no second one. Vet advice is an entry of
 * its own (as often as it is sought); a flag is resolved once (keyed by the flag), with who and why.
 * Both are dated the kennel's day they were recorded (an export by range of that day holds them);
 * a flag's advice and resolution are read by the flag's id from the flag's day on, so those recorded
 * before this rule, dated the flag's day, read as they always did.
 */
import type { Deps } from "../deps.ts";
import { type Episode, episodeKey, welfareEpisodes } from "../domain/welfare.ts";
import { isOpenFlag, type WelfareFlag } from "../domain/welfare-flag.ts";
import { addDays, localDate } from "../time.ts";
import type { Who } from "./record-round.ts";
import { type FlagBody, flagOf, KINDS, readChecks, readFlags, storeOf } from "./welfare-store.ts";

/** How far back a run is read: a month of checks, a week of meals. */
const CHECK_DAYS = 30;
const MEAL_DAYS = 7;
/** How far back an open flag is looked for (on every surface). */
export const FLAG_DAYS = 120;

/**
 * Opens the flags of the episodes standing now: for one pet (after its check), or every pet with
 * meals in the days read (after a meal entry). Returns the flags this call opened (none when
 * another replica, or an earlier call, opened them).
 */
export async function raiseFlags(
  deps: Pick<Deps, "record" | "log" | "config">,
  date: string,
  o: { petId?: number; rooms?: Map<string, string | undefined>; mealsOnly?: boolean } = {},
): Promise<WelfareFlag[]> {
  if (deps.config.welfare.rounds.length === 0) return [];
  const store = storeOf(deps);
  const pet = o.petId !== undefined ? { petId: o.petId } : {};
  const [checks, entries, flags] = await Promise.all([
    o.mealsOnly ? [] : readChecks(store, { ...pet, from: addDays(date, -CHECK_DAYS), to: date }),
    store.entries({ ...pet, from: addDays(date, -MEAL_DAYS), to: date }),
    readFlags(store, { ...pet, from: addDays(date, -FLAG_DAYS) }),
  ]);
  const open = new Set(flags.filter(isOpenFlag).map((f) => `${f.bookingId}|${f.petId}|${f.sign}`));
  const opened: WelfareFlag[] = [];
  for (const e of welfareEpisodes(checks, entries)) {
    if (open.has(`${e.bookingId}|${e.petId}|${e.sign}`)) continue;
    const flag = await openFlag(deps, e, o.rooms?.get(`${e.bookingId}|${e.petId}`));
    if (flag) opened.push(flag);
  }
  return opened;
}

async function openFlag(
  deps: Pick<Deps, "record" | "log">,
  e: Episode,
  room: string | undefined,
): Promise<WelfareFlag | undefined> {
  const last = e.entries.at(-1) as Episode["entries"][number];
  const body: FlagBody = {
    v: 1,
    bookingId: e.bookingId,
    petId: e.petId,
    petName: e.petName,
    ...(room ? { room } : {}),
    sign: e.sign,
    entries: e.entries.slice(-50),
  };
  const { status, entry } = await storeOf(deps).append({
    kind: KINDS.flag,
    date: last.date,
    bookingId: e.bookingId,
    petId: e.petId,
    requestKey: episodeKey(e),
    body,
  });
  deps.log.info(
    { petId: e.petId, bookingId: e.bookingId, sign: e.sign, flag: entry.id, result: status },
    "welfare flag",
  );
  return status === "recorded" ? flagOf(entry) : undefined;
}

/** The open flags as of a day, oldest first; undefined when the record cannot be read (logged). */
export async function openWelfareFlags(
  deps: Pick<Deps, "record" | "log">,
  date: string,
): Promise<WelfareFlag[] | undefined> {
  if (!deps.record) return undefined;
  try {
    return (await readFlags(deps.record, { from: addDays(date, -FLAG_DAYS) })).filter(isOpenFlag);
  } catch (error) {
    deps.log.warn(
      { err: String((error as Error)?.message ?? error) },
      "the care record could not be read for the welfare flags",
    );
    return undefined;
  }
}

/** A flag by its id, with its advice and its resolution; undefined when there is none. */
export async function loadFlag(deps: Pick<Deps, "record">, flagId: number): Promise<WelfareFlag | undefined> {
  const store = deps.record;
  if (!store) return undefined;
  const [entry] = await store.log({ kind: KINDS.flag, id: flagId });
  if (!entry) return undefined;
  return (await readFlags(store, { petId: entry.petId ?? 0, from: entry.date })).find((f) => f.id === flagId);
}

export type FlagWrite =
  | { status: "recorded"; flag: WelfareFlag }
  /** The same request again (Slack re-delivering it): nothing more written. */
  | { status: "duplicate"; flag: WelfareFlag }
  /** Resolved already, by someone else: nothing written. */
  | { status: "already"; flag: WelfareFlag };

/** The kennel's day now: the date of an advice or a resolution (recorded on it). */
const recordedDay = (deps: Pick<Deps, "clock" | "config">): string =>
  localDate(deps.clock.now(), deps.config.timezone);

type FlagDeps = Pick<Deps, "record" | "log" | "clock" | "config">;

/** Vet advice on a flag: who was asked, when, what was advised. */
export async function recordAdvice(
  deps: FlagDeps,
  flag: WelfareFlag,
  advice: { vet: string; sought: string; advice: string },
  who: Who,
  request: string,
): Promise<FlagWrite> {
  const body = { v: 1 as const, flag: flag.id, ...advice, userName: who.userName, request };
  const { status } = await storeOf(deps).append({
    kind: KINDS.advice,
    date: recordedDay(deps),
    bookingId: flag.bookingId,
    petId: flag.petId,
    userId: who.userId,
    requestKey: `welfare-advice:${request}`,
    body,
  });
  deps.log.info({ flag: flag.id, userId: who.userId, result: status }, "welfare flag: vet advice");
  return { status, flag: (await loadFlag(deps, flag.id)) ?? flag };
}

/** Marks a flag resolved, once: the second to try is told who resolved it and when. */
export async function resolveFlag(
  deps: FlagDeps,
  flag: WelfareFlag,
  why: string,
  who: Who,
  request: string,
): Promise<FlagWrite> {
  const body = { v: 1 as const, flag: flag.id, why, userName: who.userName, request };
  const { status, entry } = await storeOf(deps).append({
    kind: KINDS.resolved,
    date: recordedDay(deps),
    bookingId: flag.bookingId,
    petId: flag.petId,
    userId: who.userId,
    requestKey: `welfare-resolved:${flag.id}`,
    body,
  });
  deps.log.info({ flag: flag.id, userId: who.userId, result: status }, "welfare flag: resolved");
  const now = (await loadFlag(deps, flag.id)) ?? flag;
  if (status === "recorded") return { status, flag: now };
  const mine = entry.body.request === request;
  return { status: mine ? "duplicate" : "already", flag: now };
}
