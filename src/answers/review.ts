/**
 * The manager's daily review (issue 50): after the day's last round, the day's medication figures
 * from what its rounds asked when kept and its entries (src/answers/obligations.ts, as Home, the
 * replies and the audit read them: "412 of 420 doses given on time · 3 late · 2 missed (named) · 1 refused"), the welfare
 * flags still open, and who has reviewed it ("✅ Reviewed…": a record of kind `review`, in the chain).
 * Two slots of one drug both missed, "one dose or two?" not answered, are one exception naming both
 * (they may be one dose); a drug its confirmed plan gives once a day given at two rounds is said apart,
 * to look at (src/domain/given-twice.ts). The figures stay as the rounds asked them.
 */
import type { Deps } from "../deps.ts";
import { isMedicationItem } from "../domain/record.ts";
import { missedInTwoSlots } from "../domain/stay-exceptions.ts";
import { cleanText } from "../domain/text.ts";
import { needsWitness, witnessState } from "../domain/witness.ts";
import type { CareRecordStore, ItemKey, LogEntry } from "../record/types.ts";
import { stockNow } from "./custody-stock.ts";
import { type DoseFigures, doseFigures, notAsked, type RoundDose, type WitnessesRead } from "./doses.ts";
import { type GivenTwice, givenTwiceOf } from "./given-twice.ts";
import { orLogged } from "./logged.ts";
import { dosesOwed, owedRounds } from "./obligations.ts";
import { markedEntries } from "./paper-marks.ts";
import type { Who } from "./record-round.ts";
import { openWelfareFlags } from "./welfare-flags.ts";
import { witnessesOf } from "./witness.ts";

export interface DayReview {
  date: string;
  /** Rounds with a kept sheet that day. */
  rounds: number;
  doses: DoseFigures;
  /**
   * The doses missed, refused or not given, and the high-alert doses given early (before their
   * window opened) or late (after it turned late), named (pet, drug, round).
   */
  exceptions: Array<
    Pick<RoundDose, "bookingId" | "petId" | "petName" | "room" | "round" | "due"> & {
      kind: "missed" | "refused" | "not_given" | "early" | "late" | "unwitnessed";
      /**
       * Missed, one drug in two slots its round asked and missed both of, the plan's "one dose or two?"
       * not answered (src/domain/stay-exceptions.ts missedInTwoSlots): one exception for them all, at
       * the first slot's place, naming each slot (`due` is the first's). They may be one dose.
       */
      twoSlots?: { items: ItemKey[]; labels: string[] } | undefined;
    }
  >;
  /**
   * Each drug its confirmed plan gives at one round a day given at two rounds that day
   * (src/domain/given-twice.ts): to look at, not an error in the record (none: none, or not read).
   */
  givenTwice?: GivenTwice[] | undefined;
  /** Welfare flags open at the day's end (undefined: not read). */
  welfareOpen: number | undefined;
  /** Medicines held whose count is overdue now (issue 49; undefined: not read). */
  countsOverdue: number | undefined;
  /** Each review of the day, oldest first. */
  reviews: Array<{ userName: string; at: string; note: string }>;
}

/**
 * The order a manager reads them in: every high-alert dose first (missed, given with no witness,
 * given early or late, refused or not given), then the others (missed, then refused or not given).
 */
const KIND_ORDER = { missed: 0, unwitnessed: 1, early: 2, late: 2, refused: 3, not_given: 3 } as const;
const weight = (e: DayReview["exceptions"][number]) => (e.due.highAlert ? 0 : 10) + KIND_ORDER[e.kind];

/** A high-alert dose given at the wrong time: early (before its window) or late (after it turned late). */
function mistimed(d: RoundDose): "early" | "late" | undefined {
  const s = d.state;
  if (!d.due.highAlert || s.state !== "recorded" || s.outcome !== "given") return undefined;
  if (s.timeliness === "early") return "early";
  return s.timeliness === "late" || s.timeliness === "after_window" ? "late" : undefined;
}

/**
 * A missed dose of one drug in two slots, both missed: added to its twin's exception when one is
 * named already, else named with its slot, so the review says one drug in two slots, not two misses.
 */
function joinTwoSlots(out: DayReview["exceptions"], d: RoundDose): void {
  const twin = out.find(
    (e) =>
      e.twoSlots &&
      e.bookingId === d.bookingId &&
      e.petId === d.petId &&
      e.round === d.round &&
      d.sameDrugAs?.some((i) => e.twoSlots?.items.includes(i)),
  );
  if (twin?.twoSlots) {
    twin.twoSlots.items.push(d.due.item);
    twin.twoSlots.labels.push(d.due.label);
    return;
  }
  const { bookingId, petId, petName, room, round, due } = d;
  const twoSlots = { items: [due.item], labels: [due.label] };
  out.push({ bookingId, petId, petName, room, round, due, kind: "missed", twoSlots });
}

/**
 * A doses' exceptions: missed, refused, not given; a high-alert dose missed first, then the other
 * missed, then the high-alert refused or not given, then the rest, each in the day's order (a post
 * that names only the first few never leaves a missed insulin among "and N more").
 */
function exceptionsOf(doses: RoundDose[], witnesses: WitnessesRead): DayReview["exceptions"] {
  const out: DayReview["exceptions"] = [];
  for (const d of doses) {
    const { bookingId, petId, petName, room, round, due } = d;
    // A high-alert dose given with no witness in time (or none on the paper): named, as the audit counts it.
    const e = d.entry;
    if (e && d.state.state === "recorded" && needsWitness(e, d.due.highAlert))
      if (witnessState(e, witnesses.of.get(e.id), witnesses.now).state === "unwitnessed")
        out.push({ bookingId, petId, petName, room, round, due, kind: "unwitnessed" });
    // No round asked it (recorded only if given): never due, so never late, early, refused nor not
    // given by a window it never had; the figures say it apart ("1 more recorded, not asked by the round").
    if (notAsked(d)) continue;
    const s = d.state;
    const kind =
      s.state === "missed"
        ? "missed"
        : s.state === "recorded" && s.outcome !== "given"
          ? s.outcome
          : undefined;
    const named = kind === "missed" || kind === "refused" || kind === "not_given" ? kind : mistimed(d);
    if (named === "missed" && missedInTwoSlots(d, doses)) joinTwoSlots(out, d);
    else if (named) out.push({ bookingId, petId, petName, room, round, due, kind: named });
  }
  return out
    .map((e, i) => ({ e, i }))
    .sort((a, b) => weight(a.e) - weight(b.e) || a.i - b.i)
    .map(({ e }) => e);
}

const reviewOf = (e: LogEntry<"review">) => ({
  userName: e.body.userName,
  at: e.recordedAt,
  note: e.body.note,
});

/** The day's review: its figures now, and who reviewed it. */
export async function dayReview(
  deps: Pick<Deps, "record" | "config" | "clock" | "log">,
  date: string,
): Promise<DayReview> {
  const store = deps.record;
  if (!store) throw new Error("This Kennel Desk keeps no care record: there is no day to review.");
  const [{ owed, doses, witnesses, givenTwice }, flags, reviews, overdue] = await Promise.all([
    dayDoses(deps, date),
    openWelfareFlags(deps, date),
    store.log({ kind: "review", date }),
    countsOverdue(deps),
  ]);
  return {
    date,
    rounds: new Set(owed.map((r) => r.round)).size,
    doses: doseFigures(doses, witnesses),
    exceptions: exceptionsOf(doses, witnesses),
    givenTwice,
    welfareOpen: flags?.length,
    countsOverdue: overdue,
    reviews: reviews.map(reviewOf),
  };
}

/** The day's medication doses as its kept rounds asked them, beside its entries and their witnesses. */
async function dayDoses(deps: Pick<Deps, "record" | "config" | "clock">, date: string) {
  const [owed, entries, witnessed] = await Promise.all([
    owedRounds(deps, { date }),
    // Entered from the paper chart: witnessed (or not) on the paper, never awaiting one.
    markedEntries(deps, { date }),
    witnessesOf(deps.record as CareRecordStore, { date }),
  ]);
  const doses = dosesOwed(deps, owed, entries, deps.clock.now()).filter((d) => isMedicationItem(d.due.item));
  const givenTwice = await givenTwiceOf(deps, owed, entries);
  return { owed, doses, givenTwice, witnesses: { of: witnessed, now: deps.clock.now().toISOString() } };
}

/**
 * The day's exceptions alone (what "✅ Reviewed…" asks about as its form opens: a drug given twice
 * too): the doses' reads,
 * not the flags', the reviews' nor the medicines' counts a tap's form need not wait on.
 */
export async function dayExceptions(
  deps: Pick<Deps, "record" | "config" | "clock">,
  date: string,
): Promise<Pick<DayReview, "exceptions" | "givenTwice">> {
  const { doses, witnesses, givenTwice } = await dayDoses(deps, date);
  return { exceptions: exceptionsOf(doses, witnesses), givenTwice };
}

/** The medicines whose count is overdue now, from the record alone (no runway: no kennel API call). */
async function countsOverdue(
  deps: Pick<Deps, "record" | "config" | "clock" | "log">,
): Promise<number | undefined> {
  return orLogged(deps.log, "the counts overdue could not be read for the day's review", async () => {
    const { record, config, clock, log } = deps;
    const stock = await stockNow({ record, config, clock, log });
    return stock.held.filter((h) => h.countDue?.overdue).length;
  });
}

/** Keeps a review of the day, its note cleaned as every input is (at most 1000 characters): committed before Slack hears back. */
export async function recordReview(
  deps: Pick<Deps, "record">,
  date: string,
  note: string,
  who: Who,
  requestKey: string,
): Promise<void> {
  const store = deps.record;
  if (!store) throw new Error("This Kennel Desk keeps no care record.");
  await store.append({
    kind: "review",
    date,
    userId: who.userId,
    requestKey,
    body: { v: 1, userName: who.userName, note: cleanText(note).trim().slice(0, 1000) },
  });
}

/** The days of a range with a review kept, for `record audit`. */
export async function reviewedDays(
  deps: Pick<Deps, "record">,
  from: string,
  to: string,
): Promise<Set<string>> {
  const rows = (await deps.record?.log({ kind: "review", from, to })) ?? [];
  return new Set(rows.map((r) => r.date));
}
