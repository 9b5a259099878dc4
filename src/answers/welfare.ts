/**
 * The daily welfare check as answers: what a post lists (the pets in house at the welfare round, by
 * area: src/domain/welfare.ts areaOf), the state of a kept list (each pet's check, its meal at the
 * round, its open flags) for drawing it, and the write of one check, checked like a round's tap:
 * the list is one Kennel Desk kept, of today or an earlier day (never a later one), the pet on it; a
 * correction supersedes a check of the same pet and round. The first check of a pet's round is keyed
 * by that round, so two staff at once record once (the second is told who checked it and when).
 */
import type { Deps } from "../deps.ts";
import type { Round } from "../domain/care.ts";
import { currentEntries } from "../domain/record.ts";
import {
  areaOf,
  currentChecks,
  type MealSeen,
  mayOpenFlags,
  type WelfareCheck,
  type WelfareValues,
} from "../domain/welfare.ts";
import { openFlagsByStay, type WelfareFlag } from "../domain/welfare-flag.ts";
import { InvalidEntryError } from "../record/errors.ts";
import type { Entry } from "../record/types.ts";
import { addDays, localDate } from "../time.ts";
import { describeFailure } from "./failure.ts";
import type { Who } from "./record-round.ts";
import { roundReport } from "./rounds.ts";
import { FLAG_DAYS, raiseFlags } from "./welfare-flags.ts";
import { withinRecord } from "./welfare-room.ts";
import { shareOut } from "./welfare-share.ts";
import {
  checkOf,
  KINDS,
  type ListBody,
  type ListPet,
  loadList,
  readChecks,
  readFlags,
  storeOf,
  type WelfareList,
} from "./welfare-store.ts";

/**
 * The lists of a welfare round's posts for a day: one per area (WELFARE_AREAS, in order, then the
 * other rooms when any pet is in one), or one for the house. Each pet in house at the round (the
 * round sheet's rule), by room; a booking whose pets could not be matched is named, never dropped.
 */
export async function welfareLists(
  deps: Deps,
  round: Round,
  date: string,
): Promise<{ lists: ListBody[]; problem: string | undefined }> {
  const report = await roundReport(deps, round, date);
  const areas = deps.config.welfare.areas;
  const byArea = new Map<string | null, { pets: Omit<ListPet, "message">[]; unlisted: string[] }>();
  const keys: Array<string | null> = areas.length ? [...areas, ""] : [null];
  for (const k of keys) byArea.set(k, { pets: [], unlisted: [] });
  const seen = new Set<string>();
  for (const p of report.pets) {
    const room = p.booking.roomName;
    const area = areas.length ? (areaOf(room, areas) ?? "") : null;
    const into = byArea.get(area) as { pets: Omit<ListPet, "message">[]; unlisted: string[] };
    const bookingId = p.booking.bookingId;
    const petId = p.pet?.pet.petId;
    if (bookingId === undefined || petId === undefined) {
      const names = p.unmatched.join(", ") || p.booking.petNames || "pets";
      into.unlisted.push(`${room ? `${room} ` : ""}${names}: care details not matched, check by hand`);
      continue;
    }
    if (seen.has(`${bookingId}|${petId}`)) continue;
    seen.add(`${bookingId}|${petId}`);
    into.pets.push({
      bookingId,
      petId,
      name: p.pet?.flags.name || p.pet?.pet.name || `pet ${petId}`,
      ...(room ? { room } : {}),
    });
  }
  const kennelId = report.pets
    .map((p) => p.pet?.pet.kennelId)
    .find((k): k is number => typeof k === "number" && k > 0);
  const lists: ListBody[] = [];
  for (const [area, listed] of byArea) {
    // The other rooms' post is made only when a pet is in one of them.
    if (area === "" && listed.pets.length === 0 && listed.unlisted.length === 0) continue;
    const { pets, unlisted } = withinRecord(listed.pets, listed.unlisted);
    const shared = shareOut(pets);
    lists.push({
      v: 1,
      date,
      round,
      area,
      pets: shared.pets,
      messages: shared.messages,
      unlisted,
      ...(kennelId ? { kennelId } : {}),
    });
  }
  return { lists, problem: report.careProblem };
}

/** A pet of a kept list, with what the record holds for it now. */
export interface BoardPet extends ListPet {
  /** Its current check of the list's round, when checked. */
  check: WelfareCheck | undefined;
  /** Checks corrected since, oldest first. */
  superseded: WelfareCheck[];
  /** Its meal of the list's round, as recorded (or not). */
  meal: MealSeen | undefined;
  /** Its stay's open welfare flags. */
  flags: WelfareFlag[];
}

export interface WelfareBoard {
  list: ListBody & { id?: number };
  pets: BoardPet[];
  /** The record could not be read: said on the post, never "not checked". */
  problem: string | undefined;
}

/** The day's meals of a pet up to a round, as the round record holds them now. */
function mealsOf(entries: Entry[], bookingId: number, petId: number, upTo: Round): MealSeen[] {
  const order = ["morning", "midday", "evening"] as const;
  const meals = [...currentEntries(entries.filter((e) => e.item === "meal")).values()].filter(
    (e) => e.bookingId === bookingId && e.petId === petId,
  );
  return order.slice(0, order.indexOf(upTo) + 1).flatMap((r): MealSeen[] => {
    const e = meals.find((m) => m.round === r);
    return e ? [{ round: r, outcome: e.outcome as MealSeen["outcome"], entryId: e.id }] : [];
  });
}

/** A list (kept, or a draft that could not be kept) with each pet's check, meal and flags. */
export async function welfareBoard(
  deps: Pick<Deps, "record" | "log">,
  list: ListBody & { id?: number },
): Promise<WelfareBoard> {
  const empty = (problem?: string): WelfareBoard => ({
    list,
    pets: list.pets.map((p) => ({ ...p, check: undefined, superseded: [], meal: undefined, flags: [] })),
    problem,
  });
  const store = deps.record;
  if (!store) return empty();
  try {
    const [checks, entries, flags] = await Promise.all([
      readChecks(store, { date: list.date }),
      store.entries({ date: list.date, round: list.round }),
      readFlags(store, { from: addDays(list.date, -FLAG_DAYS) }),
    ]);
    const open = openFlagsByStay(flags);
    const mine = checks.filter((c) => c.round === list.round);
    const current = new Map(currentChecks(mine).map((c) => [`${c.bookingId}|${c.petId}`, c]));
    return {
      list,
      pets: list.pets.map((p) => {
        const key = `${p.bookingId}|${p.petId}`;
        return {
          ...p,
          check: current.get(key),
          superseded: mine.filter(
            (c) => c.bookingId === p.bookingId && c.petId === p.petId && current.get(key)?.id !== c.id,
          ),
          meal: mealsOf(entries, p.bookingId, p.petId, list.round).find((m) => m.round === list.round),
          flags: open.get(key) ?? [],
        };
      }),
      problem: undefined,
    };
  } catch (error) {
    const f = describeFailure(error);
    deps.log.warn({ failure: f, list: list.id }, "the care record could not be read for a welfare post");
    return empty(f.what);
  }
}

export type CheckWrite =
  | { status: "recorded"; check: WelfareCheck }
  /** The same request again (Slack re-delivering it): nothing more written. */
  | { status: "duplicate"; check: WelfareCheck }
  /** Someone else checked the pet (or corrected the check) first: nothing written. */
  | { status: "already"; existing: WelfareCheck };

/**
 * A check written (`recordCheck`), then the flags it opens, for one pet (src/domain/welfare.ts
 * `mayOpenFlags`). The check is committed first: when its flags cannot be raised now, that is
 * logged and they open at the next check or post, never lost.
 */
export async function checkPet(
  deps: Pick<Deps, "record" | "log" | "config">,
  list: WelfareList,
  pet: ListPet,
  seen: Parameters<typeof recordCheck>[3],
  who: Who,
  request: string,
): Promise<{ write: CheckWrite; opened: WelfareFlag[] }> {
  const write = await recordCheck(deps, list, pet, seen, who, request);
  if (write.status !== "recorded" || !mayOpenFlags(write.check)) return { write, opened: [] };
  try {
    const rooms = new Map([[`${pet.bookingId}|${pet.petId}`, pet.room]]);
    return { write, opened: await raiseFlags(deps, list.date, { petId: pet.petId, rooms }) };
  } catch (error) {
    deps.log.warn(
      { err: String((error as Error)?.message ?? error), petId: pet.petId },
      "welfare flags not raised",
    );
    return { write, opened: [] };
  }
}

export type Located =
  | { ok: true; list: WelfareList; pet: ListPet; day: "today" | "earlier" }
  | { ok: false; why: "no_store" | "unknown" | "later"; list?: WelfareList };

/** The list and the pet a button or a form names, checked. */
export async function locateOnList(
  deps: Pick<Deps, "record" | "clock" | "config">,
  ref: { listId: number; bookingId: number; petId: number },
): Promise<Located> {
  if (!deps.record) return { ok: false, why: "no_store" };
  const list = await loadList(deps, ref.listId);
  const pet = list?.pets.find((p) => p.bookingId === ref.bookingId && p.petId === ref.petId);
  if (!list || !pet) return { ok: false, why: "unknown" };
  const today = localDate(deps.clock.now(), deps.config.timezone);
  if (list.date > today) return { ok: false, why: "later", list };
  return { ok: true, list, pet, day: list.date === today ? "today" : "earlier" };
}

/** The pet's current check of the list's round, and the day's meals so far (a form shows both). */
export async function petCheck(
  deps: Pick<Deps, "record">,
  list: ListBody,
  pet: ListPet,
): Promise<{ check: WelfareCheck | undefined; meals: MealSeen[] }> {
  const store = storeOf(deps);
  const [checks, entries] = await Promise.all([
    readChecks(store, { date: list.date, petId: pet.petId }),
    store.entries({ date: list.date, petId: pet.petId }),
  ]);
  const check = currentChecks(
    checks.filter((c) => c.round === list.round && c.bookingId === pet.bookingId),
  ).at(-1);
  return { check, meals: mealsOf(entries, pet.bookingId, pet.petId, list.round) };
}

/** The check a correction supersedes is this pet's, on this list's day and round; else nothing is written. */
async function checkIsThisPets(
  store: ReturnType<typeof storeOf>,
  supersedes: number,
  list: WelfareList,
  pet: ListPet,
): Promise<void> {
  const [old] = await store.log({ kind: KINDS.check, id: supersedes });
  const was = old && checkOf(old);
  if (
    !was ||
    was.date !== list.date ||
    was.round !== list.round ||
    was.bookingId !== pet.bookingId ||
    was.petId !== pet.petId
  )
    throw new InvalidEntryError(`Check ${supersedes} is not this pet's, so it cannot be corrected here.`);
}

/**
 * Writes one check of a pet on a kept list: all normal (one tap) or what was seen, with a note; a
 * correction supersedes the check the form showed (`supersedes`).
 */
export async function recordCheck(
  deps: Pick<Deps, "record" | "log">,
  list: WelfareList,
  pet: ListPet,
  seen: { values: WelfareValues; note?: string | undefined; supersedes?: number | undefined },
  who: Who,
  request: string,
): Promise<CheckWrite> {
  const store = storeOf(deps);
  const stay = `${list.date}:${list.round}:${pet.bookingId}:${pet.petId}`;
  if (seen.supersedes !== undefined) await checkIsThisPets(store, seen.supersedes, list, pet);
  // The day's meals as the round record holds them now (eating is read, never asked).
  const entries = await store.entries({ date: list.date, petId: pet.petId });
  const meals = mealsOf(entries, pet.bookingId, pet.petId, list.round);
  const body = {
    v: 1 as const,
    round: list.round,
    bookingId: pet.bookingId,
    petId: pet.petId,
    petName: pet.name,
    ...(pet.room ? { room: pet.room } : {}),
    values: seen.values,
    ...(seen.note?.trim() ? { note: seen.note.trim() } : {}),
    eating: meals,
    userName: who.userName.slice(0, 200),
    request,
  };
  const { status, entry } = await store.append({
    kind: KINDS.check,
    date: list.date,
    bookingId: pet.bookingId,
    petId: pet.petId,
    userId: who.userId,
    // The pet's round checks once; a check is corrected once.
    requestKey:
      seen.supersedes === undefined ? `welfare:${stay}` : `welfare:${stay}:after:${seen.supersedes}`,
    body,
    ...(seen.supersedes !== undefined ? { supersedes: seen.supersedes } : {}),
  });
  const check = checkOf(entry);
  deps.log.info(
    {
      date: list.date,
      round: list.round,
      list: list.id,
      petId: pet.petId,
      userId: who.userId,
      result: status,
    },
    "welfare check",
  );
  if (status === "recorded") return { status, check };
  return entry.body.request === request
    ? { status: "duplicate", check }
    : { status: "already", existing: check };
}
