/**
 * The witness of a high-alert dose, in the care record (issue 35): kept as a record of kind
 * `witness` in the chain (body `{entryId, userName}`, request key `witness:<entryId>`, so one dose
 * has one witness however many tap at once: the first stands, the others are told who it was). What
 * may be witnessed is read from the kept sheet and the entry itself, never from the button.
 */
import type { Deps } from "../deps.ts";
import { type Witness, type WitnessView, witnessProblem } from "../domain/witness.ts";
import type { CareRecordStore, Entry, LogEntry, LogQuery } from "../record/types.ts";
import type { Who } from "./record-round.ts";
import type { Sheet, SheetPet } from "./sheets.ts";

/** The request key of a dose's witness: one per dose. */
export const witnessKey = (entryId: number) => `witness:${entryId}`;

function witnessOf(l: LogEntry<"witness">): Witness {
  return {
    id: l.id,
    entryId: l.body.entryId,
    userId: l.userId ?? "",
    userName: l.body.userName,
    at: l.recordedAt,
  };
}

/** The witnesses kept matching the query, by the entry each witnessed (the first, when two were). */
export async function witnessesOf(
  store: Pick<CareRecordStore, "log">,
  query: Omit<LogQuery, "kind">,
): Promise<Map<number, Witness>> {
  const out = new Map<number, Witness>();
  for (const l of await store.log({ ...query, kind: "witness" })) {
    const w = witnessOf(l);
    if (!out.has(w.entryId)) out.set(w.entryId, w);
  }
  return out;
}

export type WitnessResult =
  | { status: "witnessed"; witness: Witness; entry: Entry }
  /** Someone witnessed it first (or this same person, a moment ago): that witness stands. */
  | { status: "already"; witness: Witness; entry: Entry }
  /** The giver's own tap: a second, different person witnesses it. */
  | { status: "self"; entry: Entry }
  /** The minutes allowed have passed: it stays unwitnessed. */
  | { status: "too_late"; entry: Entry }
  /** Not a dose that needs one (not high-alert, not given, corrected since), or not this pet's. */
  | { status: "not_needed" };

/** `who` witnesses the entry `entryId` of a pet on a kept sheet, now (committed before it answers). */
export async function witnessDose(
  deps: Pick<Deps, "record" | "clock" | "log">,
  sheet: Sheet,
  pet: SheetPet,
  entryId: number,
  who: Who,
): Promise<WitnessResult> {
  const store = deps.record;
  if (!store) throw new Error("This Kennel Desk keeps no care record.");
  const key = { date: sheet.date, round: sheet.round, bookingId: pet.bookingId, petId: pet.petId };
  const entry = (await store.entries(key)).find((e) => e.id === entryId);
  if (!entry) return { status: "not_needed" };
  const highAlert = pet.due.find((d) => d.item === entry.item)?.highAlert;
  const existing = (await witnessesOf(store, { date: entry.date, bookingId: pet.bookingId })).get(entryId);
  const now = deps.clock.now().toISOString();
  const problem = witnessProblem(entry, highAlert, { userId: who.userId, now, existing });
  if (problem === "already" && existing) return { status: "already", witness: existing, entry };
  if (problem === "self" || problem === "too_late") return { status: problem, entry };
  if (problem) return { status: "not_needed" };
  const { status, entry: kept } = await store.append({
    kind: "witness",
    date: entry.date,
    bookingId: pet.bookingId,
    petId: pet.petId,
    userId: who.userId,
    requestKey: witnessKey(entryId),
    body: { entryId, userName: who.userName },
  });
  const witness = witnessOf(kept);
  deps.log.info(
    { date: entry.date, round: entry.round, entryId, userId: who.userId, result: status },
    "care record witness",
  );
  return status === "recorded"
    ? { status: "witnessed", witness, entry }
    : { status: "already", witness, entry };
}

/** A day's witnesses, read now: what a round's sheet draws beside its high-alert doses. */
export async function dayWitnesses(
  deps: Pick<Deps, "record" | "clock">,
  date: string,
): Promise<WitnessView | undefined> {
  if (!deps.record) return undefined;
  return { witnesses: await witnessesOf(deps.record, { date }), now: deps.clock.now().toISOString() };
}
