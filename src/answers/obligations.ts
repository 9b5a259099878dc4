/**
 * What each round asked, written once (issue 45; the kinds in src/record/kinds/obligation.ts, the
 * rules in src/domain/obligations.ts). When a round's sheet is first kept (posted, or first asked:
 * the dose times' job asking after the round's time with no post), its obligation is written: each
 * pet and item with its words, the plan's version it came from and its window. When the round is
 * asked again (a second /rounds, the dose times' job), a pet who arrived or went home since is
 * written as a change, nothing else: what was due stays as kept.
 *
 * Every surface reads `owedRounds` (the obligations, their changes, and for a record written before
 * obligations were, the kept sheets read as one) beside the entries: the late and missed replies,
 * Home, the sheet drawn again, the stay's record, `record`, the audit, the exports, the connector.
 */
import type { Deps } from "../deps.ts";
import type { Round } from "../domain/care.ts";
import { type DoseWindow, doseWindow } from "../domain/doses.ts";
import { roundOfSheets } from "../domain/kept-sheets.ts";
import {
  applyChanges,
  type OwedChange,
  type OwedDose,
  type OwedRound,
  owedDoses,
} from "../domain/obligations.ts";
import type { DueItem } from "../domain/record.ts";
import type { Entry, LogEntry } from "../record/types.ts";
import { addDays, localDate } from "../time.ts";
import { codeOrder } from "../words/order.ts";
import { doseSettings } from "./doses.ts";
import { changeKey, changesOf, obligationOf, windowOf } from "./obligation-body.ts";
import { appendObligation, keptObligations } from "./obligation-parts.ts";
import { withinRecord } from "./round-paper.ts";
import { type RoundReport, roundReport } from "./rounds.ts";
import { keptSheets, type Sheet } from "./sheets.ts";

type ReadDeps = Pick<Deps, "record" | "config">;

/** The one key of a round's obligation: the first written stands, whoever asks after. */
const obligationKey = (date: string, round: Round) => `obligation:${date}:${round}`;

/** An obligation as read, with no changes yet. */
function roundOf(e: LogEntry<"obligation">): Omit<OwedRound, "arrivals" | "departures"> {
  return {
    id: e.id,
    date: e.body.date,
    round: e.body.round,
    keptAt: e.recordedAt,
    pets: e.body.pets.map((p) => ({ ...p })),
    bookings: e.body.bookings,
    counts: e.body.counts,
    careMissing: e.body.careMissing ?? [],
    ...(e.body.askedNothing ? { askedNothing: e.body.askedNothing } : {}),
  };
}

const changeOf = (e: LogEntry<"obligation_change">): OwedChange => ({ ...e.body });

/** The obligation of one round and its changes, as written (none: not kept yet). */
async function writtenRound(
  deps: ReadDeps,
  date: string,
  round: Round,
): Promise<{ owed: OwedRound; bookings: Set<number> } | undefined> {
  const store = deps.record;
  if (!store) return undefined;
  const [obligations, changes] = await Promise.all([
    keptObligations(store, { date }),
    store.log({ kind: "obligation_change", date }),
  ]);
  const first = obligations.find((o) => o.body.round === round);
  if (!first) return undefined;
  return {
    owed: applyChanges(roundOf(first), changes.map(changeOf)),
    bookings: new Set(first.body.bookings),
  };
}

/**
 * Keeps what a round asks, from its answer now: the first time, its obligation (a replica or a
 * second /rounds that raced finds the one written first); after that, the pets who arrived or went
 * home since, as changes. Answers the round as the record holds it then. Needs the care record.
 */
export async function keepRound(
  deps: Pick<Deps, "record" | "config" | "clock">,
  report: RoundReport,
): Promise<OwedRound | undefined> {
  const store = deps.record;
  if (!store) return undefined;
  const { date, round } = report;
  let written = await writtenRound(deps, date, round);
  if (!written) {
    const body = obligationOf(deps, report);
    if (body.kennelId !== undefined) await store.bindKennelId(body.kennelId);
    await appendObligation(store, body, obligationKey(date, round));
    written = await writtenRound(deps, date, round);
    if (!written) return undefined;
  }
  const changes = changesOf(deps, written.owed, written.bookings, report);
  if (changes.length === 0) return written.owed;
  for (const c of changes)
    await store.append({
      kind: "obligation_change",
      date,
      bookingId: c.bookingId,
      petId: c.petId,
      requestKey: changeKey(c),
      body: c,
    });
  return (await writtenRound(deps, date, round))?.owed;
}

/** The kept sheets of rounds with no obligation in `range`, each round's read as one (an older record). */
async function roundsOfSheets(
  deps: ReadDeps,
  range: { date?: string; from?: string; to?: string },
  written: ReadonlySet<string>,
): Promise<OwedRound[]> {
  const byRound = new Map<string, Sheet[]>();
  for (const s of await keptSheets(deps, range)) {
    const key = `${s.date}|${s.round}`;
    if (!written.has(key)) byRound.set(key, [...(byRound.get(key) ?? []), s]);
  }
  // A round's items share a few windows (by high-alert and the plan's minutes): each worked out once,
  // not once a pet's item (the zone's arithmetic was a year's export's largest cost on such a record).
  const windows = new Map<string, DoseWindow>();
  const once = (d: DueItem, date: string, round: Round) => {
    const key = JSON.stringify([
      date,
      round,
      d.highAlert === true,
      d.window?.beforeMinutes,
      d.window?.afterMinutes,
    ]);
    const had = windows.get(key);
    if (had) return had;
    const window = windowOf(deps, d, date, round);
    windows.set(key, window);
    return window;
  };
  return [...byRound.values()].map((s) => roundOfSheets(s, once));
}

/**
 * Where an older record's kept sheets may stand for obligations: the days asked, up to the first
 * that has an obligation (from then on every kept sheet wrote one first); none when that is before.
 */
function olderDays(
  days: { date?: string; from?: string; to?: string },
  first: string | undefined,
): { date?: string; from?: string; to?: string } | undefined {
  if (first === undefined) return days;
  if (days.date !== undefined) return days.date <= first ? { date: days.date } : undefined;
  if (days.from !== undefined && days.from > first) return undefined;
  return { ...(days.from ? { from: days.from } : {}), to: days.to && days.to < first ? days.to : first };
}

/**
 * What the rounds of a day or a range of days asked (one round's, when named), as the record holds
 * it, oldest first: each obligation with its changes. The days before the record kept obligations
 * (up to the first that has one) read their kept sheets instead, the windows by the settings now.
 */
export async function owedRounds(
  deps: ReadDeps,
  days: { date?: string; from?: string; to?: string },
  round?: Round,
): Promise<OwedRound[]> {
  const store = deps.record;
  if (!store) return [];
  const [obligations, changes] = await Promise.all([
    keptObligations(store, days),
    store.log({ kind: "obligation_change", ...days }),
  ]);
  const all = changes.map(changeOf);
  const firstOf = new Map<string, LogEntry<"obligation">>();
  for (const o of obligations) {
    const key = `${o.body.date}|${o.body.round}`;
    if (!firstOf.has(key)) firstOf.set(key, o);
  }
  const rounds = [...firstOf.values()].map((o) => applyChanges(roundOf(o), all));
  const older = olderDays(days, rounds.map((r) => r.date).sort()[0]);
  const fromSheets = older ? await roundsOfSheets(deps, older, new Set(firstOf.keys())) : [];
  return [...rounds, ...fromSheets]
    .filter((r) => !round || r.round === round)
    .sort((a, b) => codeOrder(a.date, b.date) || ROUND_ORDER[a.round] - ROUND_ORDER[b.round]);
}

const ROUND_ORDER: Record<Round, number> = { morning: 0, midday: 1, evening: 2 };

/** The window an entry's item gets when no kept round asked it: the settings' window now. */
const entryWindow =
  (deps: Pick<Deps, "config">) =>
  (e: Pick<Entry, "date" | "round">): DoseWindow =>
    doseWindow({}, e.date, e.round, deps.config.rounds.times, deps.config.timezone, doseSettings(deps));

/** Every dose the rounds asked with its state at `now`, and each entry for an item none asked. */
export const dosesOwed = (
  deps: Pick<Deps, "config">,
  rounds: readonly OwedRound[],
  entries: Entry[],
  now: Date,
) => owedDoses(rounds, entries, now.toISOString(), entryWindow(deps));

/** What a round's answer would ask, not written (before the round's time, for the high-alert nudges). */
function draftRound(deps: Pick<Deps, "config" | "clock">, report: RoundReport): OwedRound {
  const body = obligationOf(deps, report);
  return {
    id: undefined,
    date: body.date,
    round: body.round,
    keptAt: deps.clock.now().toISOString(),
    pets: body.pets,
    ...(body.askedNothing ? { askedNothing: body.askedNothing } : {}),
    arrivals: 0,
    departures: 0,
  };
}

/**
 * A round's doses as its sheet would ask them now, not written (still to come, or never posted), at
 * `now`; `day`: its day's kept rounds (`entries`: the day's), for a dose owed once a day (day-dose.ts).
 */
export function draftDoses(
  deps: Pick<Deps, "config" | "clock">,
  report: RoundReport,
  entries: Entry[],
  now: Date,
  day: readonly OwedRound[] = [],
): OwedDose[] {
  const draft = draftRound(deps, report);
  const others = day.filter((r) => r.date === draft.date && r.round !== draft.round);
  return dosesOwed(deps, [...others, draft], entries, now).filter((d) => d.round === draft.round);
}

/**
 * A round as the dose times' job reads it at an instant: kept already, its arrivals and departures
 * since recorded from the kennel API's answer now (the API failing: as kept); not kept and `keep`
 * (the round's time has come with no post: first asked), kept now; otherwise drafted, not written.
 */
async function roundNow(
  deps: Deps,
  round: Round,
  date: string,
  o: { keep: boolean },
): Promise<OwedRound | undefined> {
  const kept = await owedRound(deps, date, round);
  // A round kept before obligations were (its sheets only) stays as its sheets said.
  if (kept?.fromSheets) return kept;
  let report: RoundReport;
  try {
    // A pet whose care is longer than the record keeps is set aside, as the post sets it aside.
    report = withinRecord(await roundReport(deps, round, date), deps.config);
  } catch (error) {
    if (kept) return kept;
    throw error;
  }
  return kept || o.keep ? keepRound(deps, report) : draftRound(deps, report);
}

/**
 * A round's doses with their states at the clock's now, as the dose times' job reads them
 * (`roundNow`: kept, or, with `keep`, kept now; else drafted), its current entries beside them, and
 * its day's other rounds and entries for a dose owed once a day (src/domain/day-dose.ts).
 */
export async function roundDoses(
  deps: Deps,
  round: Round,
  date: string,
  o: { keep: boolean } = { keep: false },
): Promise<OwedDose[]> {
  const owed = await roundNow(deps, round, date, o);
  if (!owed || !deps.record) return [];
  // The day's other rounds and entries: a dose owed once a day is settled, or chased, by its day.
  const [day, entries] = await Promise.all([owedRounds(deps, { date }), deps.record.entries({ date })]);
  const rounds = [...day.filter((r) => r.round !== round), owed];
  return dosesOwed(deps, rounds, entries, deps.clock.now()).filter((d) => d.round === round && !d.unasked);
}

/**
 * The stays (booking ids) the rounds of `from`..`to` asked something of, recorded or not, in the
 * order first asked (one pet's, or one stay's, when named): read a week at a time, ids kept only.
 */
export async function askedStays(
  deps: ReadDeps,
  q: { from: string; to: string; petId?: number | undefined; bookingId?: number | undefined },
): Promise<number[]> {
  const out = new Set<number>();
  for (let a = q.from; a <= q.to; a = addDays(a, 7)) {
    const b = addDays(a, 6);
    for (const r of await owedRounds(deps, { from: a, to: b < q.to ? b : q.to }))
      for (const p of r.pets)
        if (
          (q.petId === undefined || p.petId === q.petId) &&
          (q.bookingId === undefined || p.bookingId === q.bookingId)
        )
          out.add(p.bookingId);
  }
  return [...out];
}

/** One round's obligation (with its changes) as the record holds it; none when not kept. */
export async function owedRound(deps: ReadDeps, date: string, round: Round): Promise<OwedRound | undefined> {
  return (await owedRounds(deps, { date }, round))[0];
}

export type { OwedDose, OwedRound };

/**
 * A booking's id by its reference, from what the record's rounds kept (no kennel API: a copy handed to
 * an inspector): the newest stay of that reference, read a month at a time back to the record's
 * first day. Undefined when no kept round names it.
 */
export async function bookingIdInRecord(
  deps: Pick<Deps, "record" | "clock" | "config">,
  reference: string,
): Promise<number | undefined> {
  const wanted = reference.trim().toLowerCase();
  return keptPet(deps, (p) => p.reference?.trim().toLowerCase() === wanted);
}

/** Whether a kept round of the record names the booking (read as bookingIdInRecord reads them). */
export async function bookingKeptInRecord(
  deps: Pick<Deps, "record" | "clock" | "config">,
  bookingId: number,
): Promise<boolean> {
  return (await keptPet(deps, (p) => p.bookingId === bookingId)) !== undefined;
}

/** The booking of the newest kept round's pet that `matches`, a month at a time back to the record's first day. */
async function keptPet(
  deps: Pick<Deps, "record" | "clock" | "config">,
  matches: (pet: { bookingId: number; reference?: string | undefined }) => boolean,
): Promise<number | undefined> {
  const store = deps.record;
  if (!store) return undefined;
  const began = await store.began();
  const first = began ? localDate(began, deps.config.timezone) : undefined;
  let to = localDate(deps.clock.now(), deps.config.timezone);
  for (let n = 0; n < 240; n++) {
    const from = addDays(to, -30);
    const rounds = await keptObligations(store, { from, to });
    const pet = rounds
      .flatMap((r) => r.body.pets)
      .reverse()
      .find(matches);
    if (pet) return pet.bookingId;
    if (first === undefined || from <= first) return undefined;
    to = addDays(from, -1);
  }
  return undefined;
}
