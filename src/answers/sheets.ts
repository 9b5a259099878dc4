/**
 * A round's sheet as it was posted, kept in the care record (a record of kind `sheet`, in the chain):
 * the day, the round, each pet with something to record (its booking and pet ids, its name, what was
 * due, in order, whether one tap may sign it off, and which message of the post holds it), and each
 * message's document parts (drawn again from here after every tap). A button carries only the
 * sheet's id and the pet's ids; what may be written is read from here, never from the message or
 * the button, and a redraw parses nothing Slack sends back.
 */
import type { Deps } from "../deps.ts";
import type { BodyIn, BodyOf } from "../record/kinds/index.ts";
import { SHEET_PART_CHARS, type SheetPet } from "../record/kinds/sheet.ts";
import type { CareRecordStore, LogEntry } from "../record/types.ts";
import { localDate } from "../time.ts";
import { keptPosts } from "./kept-posts.ts";
import { keptObligations } from "./obligation-parts.ts";
import { packed, partsNamed } from "./record-parts.ts";

export type { SheetPet };
/** A sheet as it is kept (src/record/kinds/sheet.ts). */
export type SheetBody = BodyIn<"sheet">;
export interface Sheet extends BodyOf<"sheet"> {
  /** Its id in the record (the buttons' `s`). */
  id: number;
}

/**
 * A sheet as read with its day's (`keptSheets`): with its place in the record's chain, which says
 * which entries were recorded after it was kept. Not on every `Sheet`: one kept or read back by its
 * id (`saveSheet`, `loadSheet`) is remembered by its id alone (src/answers/kept-posts.ts).
 */
export interface KeptSheet extends Sheet {
  seq: number;
}

type PartBody = BodyIn<"sheet_part">;
type Whole = BodyOf<"sheet">;

/**
 * A sheet shared out over records when it is longer than one holds (the biggest day's rounds: 300
 * pets with every care field filled come to 1.5–1.8 million characters): the sheet itself keeps its
 * first message and as many of its pets as fit, each part the next pets and messages, in order, so
 * the sheet joined again is the sheet as drafted. A sheet that fits is itself, with no parts. A
 * single pet or message past `most` is given a record of its own (the store refuses one past its body).
 */
export function sheetPieces(
  body: SheetBody,
  most = SHEET_PART_CHARS,
): { head: SheetBody; parts: PartBody[] } {
  if (JSON.stringify(body).length <= most) return { head: body, parts: [] };
  const [first, ...later] = body.messages;
  const { pets, messages: _, ...own } = body;
  // Its pets, then its messages after the first (which the sheet keeps itself), in order.
  type Unit = { pet: SheetBody["pets"][number] } | { message: SheetBody["messages"][number] };
  const units: Unit[] = [...pets.map((pet) => ({ pet })), ...later.map((message) => ({ message }))];
  const ownChars = JSON.stringify({ ...own, messages: [first], continued: [] }).length + 1000 * 12;
  const [head = [], ...rest] = packed(units, ownChars, most);
  const petsOf = (g: Unit[]) => g.flatMap((u) => ("pet" in u ? [u.pet] : []));
  const messagesOf = (g: Unit[]) => g.flatMap((u) => ("message" in u ? [u.message] : []));
  return {
    head: { ...body, pets: petsOf(head), messages: [...(first ? [first] : []), ...messagesOf(head)] },
    parts: rest.map((g) => ({
      v: 1,
      date: body.date,
      round: body.round,
      pets: petsOf(g),
      messages: messagesOf(g),
    })),
  };
}

/** A sheet joined again from its parts (read by their ids, or from those given); undefined when one is missing. */
async function joined(
  store: CareRecordStore,
  e: LogEntry<"sheet">,
  known?: ReadonlyMap<number, LogEntry<"sheet_part">>,
): Promise<Whole | undefined> {
  const { continued, ...sheet } = e.body;
  if (!continued) return e.body;
  const read = await Promise.all(
    continued.map(async (id) => known?.get(id) ?? (await store.log({ kind: "sheet_part", id }))[0]),
  );
  const byId = new Map(continued.map((id, i) => [id, read[i]]));
  const parts = partsNamed(e, continued, (id) => byId.get(id));
  if (!parts) return undefined;
  const bodies = parts.map((p) => p.body);
  return {
    ...sheet,
    pets: [...sheet.pets, ...bodies.flatMap((b) => b.pets)],
    messages: [...sheet.messages, ...bodies.flatMap((b) => b.messages)] as Whole["messages"],
  };
}

/** The sheets kept (the last 20 read remembered), each read whole. */
const sheets = keptPosts("sheet", 20, (store, e) => joined(store, e));

/**
 * Keeps a sheet about to be posted (the same sheet posted again, by a replica or a second /rounds,
 * is the one kept before) and learns the business it is for: a record made for another business
 * refuses (StoreError `other_kennel`). A sheet longer than one record holds is kept in parts
 * (`sheetPieces`), each written before the sheet that names them, so a sheet is never kept without
 * its parts; a part written by a post stopped before its sheet is named by no sheet, and the same
 * post again finds it (the same body) and uses it.
 */
export async function saveSheet(deps: Pick<Deps, "record">, body: SheetBody): Promise<Sheet> {
  const store = deps.record;
  if (!store) throw new Error("This Kennel Desk keeps no care record.");
  const { head, parts } = sheetPieces(body);
  if (parts.length === 0) return sheets.save(deps, body);
  // Its business first: a record made for another refuses before any part is written.
  if (body.kennelId !== undefined) await store.bindKennelId(body.kennelId);
  const continued: number[] = [];
  for (const part of parts) {
    const { entry } = await store.append(
      { kind: "sheet_part", date: body.date, body: part },
      { reuse: true },
    );
    continued.push(entry.id);
  }
  return sheets.save(deps, { ...head, continued });
}

/** A kept sheet by its id; undefined when there is none (a made-up id) or it is not a sheet. */
export function loadSheet(deps: Pick<Deps, "record">, sheetId: number): Promise<Sheet | undefined> {
  return sheets.load(deps, sheetId);
}

/** The sheet last kept for a round (the one posted last), or undefined when none was kept. */
export async function latestSheet(
  deps: Pick<Deps, "record">,
  date: string,
  round: SheetBody["round"],
): Promise<Sheet | undefined> {
  return (await keptSheets(deps, { date })).filter((s) => s.round === round).at(-1);
}

/** The pet on a sheet, by its ids. */
export function petOf(sheet: Sheet, bookingId: number, petId: number): SheetPet | undefined {
  return sheet.pets.find((p) => p.bookingId === bookingId && p.petId === petId);
}

/**
 * The sheets kept for a day, a range of days, or every day when none is given (what each round's
 * sheet asked, as posted), oldest first, each with its place in the chain; a record of kind `sheet` that does not read as one is left out (and logged by the caller's
 * figures as not counted: it cannot say what was due).
 */
export async function keptSheets(
  deps: Pick<Deps, "record">,
  days: { date?: string; from?: string; to?: string },
): Promise<KeptSheet[]> {
  const store = deps.record;
  if (!store) return [];
  const kept = await store.log({ kind: "sheet", ...days });
  // The parts of the sheets kept in parts, read at once.
  const parts = kept.some((e) => e.body.continued)
    ? new Map((await store.log({ kind: "sheet_part", ...days })).map((p) => [p.id, p]))
    : undefined;
  const read = await Promise.all(
    kept.map(async (e) => {
      const body = await joined(store, e, parts);
      return body && { ...body, id: e.id, seq: e.seq };
    }),
  );
  return read.filter((s): s is KeptSheet => s !== undefined);
}

/**
 * Today's round sheets, what they asked (src/answers/obligations.ts) and their pets' care plans read once,
 * before the bot listens: the store keeps what it read (src/record/log-cache.ts), so the first taps
 * after a restart find today's sheets read and checked instead of each reading them cold (issue 48).
 * Waits `withinMs` at most (the reads go on after); never throws: a read that fails is the taps' to
 * meet and say.
 */
export async function warmTodaysRecord(
  deps: Pick<Deps, "record" | "clock" | "config">,
  withinMs = 2_000,
): Promise<void> {
  const store = deps.record;
  if (!store) return;
  const date = localDate(deps.clock.now(), deps.config.timezone);
  const reads = Promise.all([keptSheets(deps, { date }), keptObligations(store, { date })])
    // The care plans of the pets on them, which each tap reads for its pet.
    .then(([sheets]) => {
      const bookingIds = [...new Set(sheets.flatMap((s) => s.pets.map((p) => p.bookingId)))];
      return bookingIds.length ? store.log({ kind: "plan", bookingIds }) : [];
    })
    .then(
      () => undefined,
      () => undefined,
    );
  let timer: NodeJS.Timeout | undefined;
  const enough = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, withinMs);
    timer.unref();
  });
  await Promise.race([reads, enough]);
  clearTimeout(timer);
}
