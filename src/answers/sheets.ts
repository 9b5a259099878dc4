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
import type { SheetPet } from "../record/kinds/sheet.ts";
import { localDate } from "../time.ts";
import { keptPosts } from "./kept-posts.ts";

export type { SheetPet };
/** A sheet as it is kept (src/record/kinds/sheet.ts). */
export type SheetBody = BodyIn<"sheet">;
export interface Sheet extends BodyOf<"sheet"> {
  /** Its id in the record (the buttons' `s`). */
  id: number;
}

/** The sheets kept (the last 20 read remembered). */
const sheets = keptPosts("sheet", 20);

/**
 * Keeps a sheet about to be posted (the same sheet posted again, by a replica or a second /rounds,
 * is the one kept before) and learns the business it is for: a record made for another business
 * refuses (StoreError `other_kennel`).
 */
export function saveSheet(deps: Pick<Deps, "record">, body: SheetBody): Promise<Sheet> {
  return sheets.save(deps, body);
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
 * sheet asked, as posted), oldest first; a record of kind `sheet` that does not read as one is left out (and logged by the caller's
 * figures as not counted: it cannot say what was due).
 */
export async function keptSheets(
  deps: Pick<Deps, "record">,
  days: { date?: string; from?: string; to?: string },
): Promise<Sheet[]> {
  const store = deps.record;
  if (!store) return [];
  return (await store.log({ kind: "sheet", ...days })).map((entry) => ({ ...entry.body, id: entry.id }));
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
  const reads = Promise.all([store.log({ kind: "sheet", date }), store.log({ kind: "obligation", date })])
    // The care plans of the pets on them, which each tap reads for its pet.
    .then(([sheets]) => {
      const bookingIds = [...new Set(sheets.flatMap((s) => s.body.pets.map((p) => p.bookingId)))];
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
