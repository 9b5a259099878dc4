/**
 * A round's sheet as it was posted, kept in the care record (a record of kind `sheet`, in the chain):
 * the day, the round, each pet with something to record (its booking and pet ids, its name, what was
 * due, in order, whether one tap may sign it off, and which message of the post holds it), and each
 * message's document parts (drawn again from here after every tap). A button carries only the
 * sheet's id and the pet's ids; what may be written is read from here, never from the message or
 * the button, and a redraw parses nothing Slack sends back.
 */
import { z } from "zod";
import type { Deps } from "../deps.ts";
import type { CareRecordStore } from "../record/types.ts";

const SHEET_KIND = "sheet";

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const dueItem = z.object({
  item: z.enum(["med:1", "med:2", "med:3", "med:4", "med:5", "meal"]),
  label: z.string().max(2000),
  /** The item whole: a drug with its strength and amount, the meal's diet (never shortened). */
  text: z.string().max(20_000),
  /** A high-alert drug (issue 35): a shorter window, a nudge before it, a witness. */
  highAlert: z.boolean().optional(),
  /** The dose window's own minutes, when the care plan sets them. */
  window: z
    .object({
      beforeMinutes: z.number().int().min(0).max(720).optional(),
      afterMinutes: z.number().int().min(1).max(720).optional(),
    })
    .optional(),
});

const sheetPet = z.object({
  bookingId: id,
  petId: id,
  name: z.string().max(2000),
  /** What the sheet listed as due for the pet, in its order. */
  due: z.array(dueItem).max(6),
  /** May "All given & eaten" sign it off in one tap (src/domain/record.ts oneTapAllowed)? */
  oneTap: z.boolean(),
  /** The message of the post that holds the pet (0: the parent). */
  message: z.number().int().nonnegative(),
  /**
   * The pet was not checked in when the sheet was made and arrives later that day (its booking's
   * check-in, ISO 8601): a tap before then asks first.
   */
  arrivesAt: z.string().max(40).optional(),
  /** The pet's care plan when the sheet was made: its kept version, unless confirmed ("📋 Plan…" opens it). */
  planToConfirm: id.optional(),
  /** Its confirmed plan has a dose to give if needed (issue 35): "💊 Give if needed…" beside the pet. */
  asNeeded: z.boolean().optional(),
});

const sheetBody = z.object({
  v: z.literal(1),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  round: z.enum(["morning", "midday", "evening"]),
  /** The business the pets' records came from (the API's kennelId), when they said. */
  kennelId: id.optional(),
  fallback: z.string(),
  pets: z.array(sheetPet),
  /** Each message's document parts (src/present/doc.ts Part[], drawn by src/blocks/round-sheet.ts). */
  messages: z.array(z.object({ parts: z.array(z.unknown()) })).min(1),
});

export type SheetPet = z.infer<typeof sheetPet>;
export type SheetBody = z.infer<typeof sheetBody>;
export interface Sheet extends SheetBody {
  /** Its id in the record (the buttons' `s`). */
  id: number;
}

/** Sheets never change once kept: the last few read are remembered (a redraw after each tap). */
const remembered = new WeakMap<CareRecordStore, Map<number, Sheet>>();

function remember(store: CareRecordStore, sheet: Sheet): Sheet {
  let m = remembered.get(store);
  if (!m) {
    m = new Map();
    remembered.set(store, m);
  }
  m.delete(sheet.id);
  m.set(sheet.id, sheet);
  if (m.size > 20) m.delete(m.keys().next().value as number);
  return sheet;
}

/**
 * Keeps a sheet about to be posted (the same sheet posted again, by a replica or a second /rounds,
 * is the one kept before) and learns the business it is for: a record made for another business
 * refuses (StoreError `other_kennel`).
 */
export async function saveSheet(deps: Pick<Deps, "record">, body: SheetBody): Promise<Sheet> {
  const store = deps.record;
  if (!store) throw new Error("This Kennel Desk keeps no care record.");
  const checked = sheetBody.parse(body);
  if (checked.kennelId !== undefined) await store.bindKennelId(checked.kennelId);
  const { entry } = await store.append(
    { kind: SHEET_KIND, date: checked.date, body: checked },
    { reuse: true },
  );
  return remember(store, { ...checked, id: entry.id });
}

/** A kept sheet by its id; undefined when there is none (a made-up id) or it is not a sheet. */
export async function loadSheet(deps: Pick<Deps, "record">, sheetId: number): Promise<Sheet | undefined> {
  const store = deps.record;
  if (!store) return undefined;
  const known = remembered.get(store)?.get(sheetId);
  if (known) return known;
  const [entry] = await store.log({ kind: SHEET_KIND, id: sheetId });
  if (!entry) return undefined;
  const parsed = sheetBody.safeParse(entry.body);
  return parsed.success ? remember(store, { ...parsed.data, id: entry.id }) : undefined;
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
  const out: Sheet[] = [];
  for (const entry of await store.log({ kind: SHEET_KIND, ...days })) {
    const parsed = sheetBody.safeParse(entry.body);
    if (parsed.success) out.push({ ...parsed.data, id: entry.id });
  }
  return out;
}
