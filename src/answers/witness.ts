/**
 * The witness of a high-alert dose, in the care record (issue 35): kept as a record of kind
 * `witness` in the chain (body `{entryId, userName}`, request key `witness:<entryId>`, so one dose
 * has one witness however many tap at once: the first stands, the others are told who it was). A
 * high-alert dose given if needed is witnessed the same way (body `{prnId, userName}`, request key
 * `witness:prn:<prnId>`; issue 46). What may be witnessed is read from the kept sheet, the entry
 * or the dose itself, never from the button.
 */
import type { Deps } from "../deps.ts";
import { type Witness, type WitnessView, witnessProblem } from "../domain/witness.ts";
import type { CareRecordStore, LogEntry, LogQuery } from "../record/types.ts";
import { markedEntries } from "./paper-marks.ts";
import type { Who } from "./record-round.ts";
import type { Sheet, SheetPet } from "./sheets.ts";

/** The request key of a dose's witness: one per dose (a round's entry, or a dose given if needed). */
export const witnessKey = (entryId: number) => `witness:${entryId}`;
const prnWitnessKey = (prnId: number) => `witness:prn:${prnId}`;

function witnessOf(l: LogEntry<"witness">): Witness {
  return {
    id: l.id,
    ...("entryId" in l.body ? { entryId: l.body.entryId } : { prnId: l.body.prnId }),
    userId: l.userId ?? "",
    userName: l.body.userName,
    at: l.recordedAt,
  };
}

/** The witnesses kept matching the query: of round entries, and of doses given if needed (the first of each). */
export async function allWitnessesOf(
  store: Pick<CareRecordStore, "log">,
  query: Omit<LogQuery, "kind">,
): Promise<{ entries: Map<number, Witness>; prn: Map<number, Witness> }> {
  const out = { entries: new Map<number, Witness>(), prn: new Map<number, Witness>() };
  for (const l of await store.log({ ...query, kind: "witness" })) {
    const w = witnessOf(l);
    const [map, id] = w.prnId !== undefined ? [out.prn, w.prnId] : [out.entries, w.entryId];
    if (id !== undefined && !map.has(id)) map.set(id, w);
  }
  return out;
}

/** The witnesses kept matching the query, by the entry each witnessed (the first, when two were). */
export async function witnessesOf(
  store: Pick<CareRecordStore, "log">,
  query: Omit<LogQuery, "kind">,
): Promise<Map<number, Witness>> {
  return (await allWitnessesOf(store, query)).entries;
}

export type WitnessResult =
  /** `recordedAt`: when the dose witnessed was recorded. */
  | { status: "witnessed"; witness: Witness; recordedAt: string }
  /** Someone witnessed it first (or this same person, a moment ago): that witness stands. */
  | { status: "already"; witness: Witness; recordedAt: string }
  /** The giver's own tap: a second, different person witnesses it. */
  | { status: "self"; recordedAt: string }
  /** The minutes allowed have passed: it stays unwitnessed. */
  | { status: "too_late"; recordedAt: string }
  /** Not a dose that needs one (not high-alert, not given, corrected since), or not this pet's. */
  | { status: "not_needed" };

/**
 * Writes the witness of a dose once its checks are passed (`problem`: the domain's rule, given the
 * first witness kept): the first witness stands, however many tap at once.
 */
export async function keepWitness(
  deps: Pick<Deps, "record" | "clock" | "log">,
  dose: { recordedAt: string; date: string; bookingId: number; petId: number },
  pointer: { entryId: number } | { prnId: number },
  problem: ReturnType<typeof witnessProblem>,
  existing: Witness | undefined,
  who: Who,
): Promise<WitnessResult> {
  const store = deps.record as CareRecordStore;
  const recordedAt = dose.recordedAt;
  if (problem === "already" && existing) return { status: "already", witness: existing, recordedAt };
  if (problem === "self" || problem === "too_late") return { status: problem, recordedAt };
  if (problem) return { status: "not_needed" };
  const key = "prnId" in pointer ? prnWitnessKey(pointer.prnId) : witnessKey(pointer.entryId);
  const { status, entry: kept } = await store.append({
    kind: "witness",
    date: dose.date,
    bookingId: dose.bookingId,
    petId: dose.petId,
    userId: who.userId,
    requestKey: key,
    body: { ...pointer, userName: who.userName },
  });
  const witness = witnessOf(kept);
  deps.log.info({ date: dose.date, ...pointer, userId: who.userId, result: status }, "care record witness");
  return status === "recorded"
    ? { status: "witnessed", witness, recordedAt }
    : { status: "already", witness, recordedAt };
}

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
  // Entered from the paper chart: its witness is the paper's (src/domain/witness.ts).
  const entry = (await markedEntries(deps, key)).find((e) => e.id === entryId);
  if (!entry) return { status: "not_needed" };
  // A line recorded if given (not due by its days' words) is witnessed as a due dose of it is.
  const highAlert = [...pet.due, ...(pet.byDays ?? [])].find((d) => d.item === entry.item)?.highAlert;
  const existing = (await witnessesOf(store, { date: entry.date, bookingId: pet.bookingId })).get(entryId);
  const now = deps.clock.now().toISOString();
  const problem = witnessProblem(entry, highAlert, { userId: who.userId, now, existing });
  return keepWitness(deps, entry, { entryId }, problem, existing, who);
}

/** A day's witnesses, read now: what a round's sheet draws beside its high-alert doses. */
export async function dayWitnesses(
  deps: Pick<Deps, "record" | "clock">,
  date: string,
): Promise<WitnessView | undefined> {
  if (!deps.record) return undefined;
  return { witnesses: await witnessesOf(deps.record, { date }), now: deps.clock.now().toISOString() };
}
