/**
 * Recording a pet's round, the write beside the read (src/answers/rounds.ts): what a button or a
 * form may write is decided here, from the sheet as it was posted (src/answers/sheets.ts), never
 * from what Slack sends back. A button and a form are checked alike: the sheet is one Kennel Desk
 * kept, of today or an earlier day (never a later one); the pet is on it; each item written is one
 * the sheet listed for that pet; a correction supersedes an entry of the same pet and item (the
 * store checks that too, and writes all of a request or none of it).
 */
import type { Deps } from "../deps.ts";
import { allDoneOutcomes, type PetRoundStatus, petRoundStatus, printedItems } from "../domain/record.ts";
import { roundWord } from "../domain/rounds.ts";
import type {
  Entry,
  EntryInput,
  ItemKey,
  LogInput,
  NotGivenReason,
  Outcome,
  RecordResult,
} from "../record/types.ts";
import { localDate, zonedInstant } from "../time.ts";
import { timeOf } from "../words/dates.ts";
import { type Giver, givenByBeside, giversOfCorrections, withGiversWritten } from "./given-by.ts";
import { itemsAdded } from "./obligation-added.ts";
import { markedEntries } from "./paper-marks.ts";
import { loadSheet, petOf, type Sheet, type SheetPet } from "./sheets.ts";

/** Who recorded: the Slack user id and the name Slack shows. */
export interface Who {
  userId: string;
  userName: string;
  /** Who gave the doses recorded given, when the form named another person (src/answers/given-by.ts). */
  giver?: Giver | undefined;
}

/** A pet on a kept sheet, as a button or a form names it. */
export interface SheetPetRef {
  sheetId: number;
  bookingId: number;
  petId: number;
}

/**
 * What a tap asks before recording: a tap on an earlier day's sheet (late), or one before the
 * round's time or before the pet has arrived (early: its words, src/words/record.ts earlyWords).
 */
export type Ask = { kind: "late" } | { kind: "early"; words: string } | { kind: "discard"; words: string };

export type Located =
  | { ok: true; sheet: Sheet; pet: SheetPet; day: "today" | "earlier" }
  /** no_store: no record kept; unknown: no such sheet, or the pet is not on it; later: a later day's sheet. */
  | { ok: false; why: "no_store" | "unknown" | "later"; sheet?: Sheet };

/** Which of the sheet's dates a tap is on, by the kennel's clock. */
function dayOf(deps: Pick<Deps, "clock" | "config">, date: string): "today" | "earlier" | "later" {
  const today = localDate(deps.clock.now(), deps.config.timezone);
  return date === today ? "today" : date < today ? "earlier" : "later";
}

/** The sheet and the pet a button or a form names, checked. */
export async function locate(
  deps: Pick<Deps, "record" | "clock" | "config">,
  ref: SheetPetRef,
): Promise<Located> {
  if (!deps.record) return { ok: false, why: "no_store" };
  const sheet = await loadSheet(deps, ref.sheetId);
  const pet = sheet && petOf(sheet, ref.bookingId, ref.petId);
  if (!sheet || !pet || printedItems(pet).length === 0) return { ok: false, why: "unknown" };
  const day = dayOf(deps, sheet.date);
  if (day === "later") return { ok: false, why: "later", sheet };
  return { ok: true, sheet, pet, day };
}

/** A tap more than this before the round's time asks first (the dose window's opening). */
const EARLY_BEFORE_MINUTES = 60;

export type Early =
  | { kind: "round"; round: string; at: string }
  | { kind: "arrives"; pet: string; at: string };

/**
 * Why a tap on today's sheet asks before recording, if it does: the round's time is more than an hour
 * away, or the pet had not arrived when the sheet was made and its arrival time has not come.
 */
export function earlyReason(
  deps: Pick<Deps, "clock" | "config">,
  sheet: Sheet,
  pet: SheetPet,
): Early | undefined {
  const now = deps.clock.now().getTime();
  const tz = deps.config.timezone;
  if (localDate(deps.clock.now(), tz) !== sheet.date) return undefined;
  const roundAt = zonedInstant(sheet.date, deps.config.rounds.times[sheet.round], tz).getTime();
  if (now < roundAt - EARLY_BEFORE_MINUTES * 60_000)
    return {
      kind: "round",
      round: roundWord(sheet.round).toLowerCase(),
      at: timeOf(new Date(roundAt).toISOString(), tz),
    };
  const arrives = pet.arrivesAt ? Date.parse(pet.arrivesAt) : Number.NaN;
  if (now < arrives) return { kind: "arrives", pet: pet.name, at: timeOf(pet.arrivesAt as string, tz) };
  return undefined;
}

/**
 * The pet's entries for its round (each from the paper chart marked so: what a form or a reply says
 * of it names the paper's giver), and its status beside what the sheet listed.
 */
export async function petStatus(
  deps: Pick<Deps, "record">,
  sheet: Sheet,
  pet: SheetPet,
): Promise<{ entries: Entry[]; status: PetRoundStatus }> {
  const key = { date: sheet.date, round: sheet.round, bookingId: pet.bookingId, petId: pet.petId };
  const entries = await markedEntries(deps, key);
  return { entries, status: petRoundStatus(key, pet.due, entries) };
}

/** What to write for one item. */
export interface ItemWrite {
  item: ItemKey;
  outcome: Outcome;
  reason?: string | undefined;
  /** Why a dose was not given (or was refused), from the list (issue 35). */
  reasonCode?: NotGivenReason | undefined;
  /** When it was given, as the person says: asked only once its window has closed (issue 35). */
  givenAt?: string | undefined;
  note?: string | undefined;
  supersedes?: number | undefined;
}

export type WriteResult =
  | RecordResult
  /** Nothing written: everything due was recorded already (these entries say who and when). */
  | { status: "nothing"; existing: Entry[] }
  /** Nothing written: an item the sheet did not list for this pet. */
  | { status: "not_listed"; item: string }
  /** Nothing written: one tap is not offered for this pet (the sheet said so). */
  | { status: "no_one_tap" };

function inputs(
  sheet: Sheet,
  pet: SheetPet,
  writes: ItemWrite[],
  who: Who,
  requestKey: string,
): EntryInput[] {
  const texts = new Map([...pet.due, ...(pet.byDays ?? [])].map((d) => [d.item, d.text]));
  return writes.map((w) => ({
    date: sheet.date,
    round: sheet.round,
    bookingId: pet.bookingId,
    petId: pet.petId,
    petName: pet.name,
    item: w.item,
    itemText: texts.get(w.item) ?? w.item,
    outcome: w.outcome,
    reason: w.reason,
    ...(w.reasonCode ? { reasonCode: w.reasonCode } : {}),
    ...(w.givenAt ? { givenAt: w.givenAt } : {}),
    note: w.note,
    userId: who.userId,
    userName: who.userName,
    requestKey,
    supersedes: w.supersedes,
  }));
}

/**
 * The entries the writes correct that stay "given", read with their givers (their paper's, their
 * form's), when no giver was chosen on the form: each correction carries its entry's giver
 * (src/answers/given-by.ts giversOfCorrections). None read otherwise.
 */
async function corrected(
  deps: Pick<Deps, "record">,
  sheet: Sheet,
  pet: SheetPet,
  writes: readonly ItemWrite[],
  who: Who,
): Promise<Entry[]> {
  if (who.giver || !writes.some((w) => w.supersedes !== undefined && w.outcome === "given")) return [];
  return (await petStatus(deps, sheet, pet)).entries;
}

/**
 * Writes the items, each one the sheet listed for the pet: due, or printed not due by its days' words
 * (`byDays`: recorded if given, never added to the kept round as owed); `beside`: records committed
 * with them (the paper chart's mark, issue 50), only when they are.
 */
export async function recordItems(
  deps: Pick<Deps, "record" | "log" | "config" | "clock">,
  sheet: Sheet,
  pet: SheetPet,
  writes: ItemWrite[],
  who: Who,
  requestKey: string,
  beside: LogInput<"paper">[] = [],
): Promise<WriteResult> {
  const listed = new Set([...pet.due, ...(pet.byDays ?? [])].map((d) => d.item));
  const stray = writes.find((w) => !listed.has(w.item));
  if (stray) return { status: "not_listed", item: String(stray.item) };
  const store = deps.record;
  if (!store) throw new Error("This Kennel Desk keeps no care record.");
  // Items the kept round did not ask (a plan confirmed since): added to it with their entries. Never
  // one printed not due by its days' words: the record never says it was due.
  const written = new Set(writes.map((w) => w.item));
  const added = await itemsAdded(
    deps,
    sheet,
    pet,
    pet.due.filter((d) => written.has(d.item)),
    requestKey,
  );
  // Two kinds beside one write: the store's generic takes their union (each body checked by its kind).
  const entries = inputs(sheet, pet, writes, who, requestKey);
  const given = givenByBeside(
    entries,
    giversOfCorrections(who.giver, await corrected(deps, sheet, pet, writes, who)),
  );
  const more = [...added, ...beside, ...given] as LogInput<"obligation_change" | "paper" | "given_by">[];
  const result = await store.record(entries, more);
  if (result.status === "recorded") withGiversWritten(result.entries, given);
  deps.log.info(
    {
      date: sheet.date,
      round: sheet.round,
      sheet: sheet.id,
      bookingId: pet.bookingId,
      petId: pet.petId,
      items: writes.map((w) => `${w.item}=${w.outcome}`),
      userId: who.userId,
      ...(given.length ? { givenBy: who.giver?.userId } : {}),
      result: result.status,
    },
    "care record tap",
  );
  // The same request delivered twice at once: the one that lost the race finds its twin's
  // entries; they are this request's own, so it is a duplicate, not someone else's record.
  if (result.status === "already" && result.existing.every((e) => e.requestKey === requestKey)) {
    return { status: "duplicate", entries: result.existing };
  }
  return result;
}

/**
 * One tap: every due item not recorded yet, given or eaten in full, when the sheet offers one tap
 * for the pet. `nothing` when all was recorded already. `givenAt`: when each item whose window has
 * closed was given, as the person said (issue 35). `status`: the pet's round as the tap already read
 * it (`petStatus`), so a tap reads the pet's entries once; the store still refuses an item recorded
 * meanwhile by someone else (one current entry per item), and says who.
 */
export async function recordAllDue(
  deps: Pick<Deps, "record" | "log" | "config" | "clock">,
  sheet: Sheet,
  pet: SheetPet,
  who: Who,
  requestKey: string,
  options: {
    oneTap?: boolean;
    givenAt?: Map<ItemKey, string>;
    status?: PetRoundStatus;
    /** Said on each entry given at a time said (a pet still here past its check-out: src/answers/stay-times.ts). */
    note?: string | undefined;
  } = {},
): Promise<WriteResult> {
  if (options.oneTap !== false && !pet.oneTap) return { status: "no_one_tap" };
  const status = options.status ?? (await petStatus(deps, sheet, pet)).status;
  const todo = allDoneOutcomes(status);
  if (todo.length === 0) {
    // The same request again (Slack re-delivering it) finds its own entries: a duplicate, not "already".
    const mine = [...status.current.values()].filter((e) => e.requestKey === requestKey);
    if (mine.length) return { status: "duplicate", entries: mine };
    return { status: "nothing", existing: [...status.current.values()] };
  }
  return recordItems(
    deps,
    sheet,
    pet,
    todo.map((t) => {
      const givenAt = options.givenAt?.get(t.item.item);
      const note = givenAt && options.note;
      return {
        item: t.item.item,
        outcome: t.outcome,
        ...(givenAt ? { givenAt } : {}),
        ...(note ? { note } : {}),
      };
    }),
    who,
    requestKey,
  );
}
