/**
 * The medication chart on paper (issue 50, `kennel-desk chart`): for each pet in house over some
 * days, each medication of its plan down the side and each day's rounds across, every cell from the
 * care record. A round kept (its sheet posted, or first asked) is read from the record alone, as
 * every other surface reads it (src/answers/obligations.ts): its pets as it kept them (name, room,
 * booking, stay), the pets who arrived or went home since, what it asked of each and the care plan's
 * version it worked from; never the kennel API's answer of a later moment, so the chart of kept rounds
 * is printed with the kennel API down. The kennel API is asked of a kept round only for its pets' care
 * (allergies, danger notes: the record keeps none), and of a round not kept yet (still to come, or
 * never posted) for everything, as its sheet would be posted now (src/answers/rounds.ts roundReport:
 * the pet's plan, else the sheet's own rule); one that cannot be read is said, never struck as nothing
 * due. Each due dose's state is the record's (src/domain/obligations.ts, src/domain/doses.ts doseState).
 */
import type { Deps } from "../deps.ts";
import { ROUNDS, type Round } from "../domain/care.ts";
import { cellKey, inHouseAtRound, initialsOf } from "../domain/chart.ts";
import { giverNameOf } from "../domain/giver.ts";
import type { PrnDose } from "../domain/prn.ts";
import type { Witness } from "../domain/witness.ts";
import { addDays, localDate } from "../time.ts";
import { arrivalsUnreadWords, chartCareUnreadWords, chartUnreadWords } from "../words/chart.ts";
import { nameOrder, naturalOrder } from "../words/order.ts";
import type { Surface } from "../words/surface.ts";
import { addArrivedAfter, markArrivesAfter } from "./chart-arrived.ts";
import { keptColumn, plansOf } from "./chart-kept.ts";
import {
  addDoses,
  addPet,
  type Chart,
  type ChartColumn,
  type ChartPet,
  type ChartQuery,
  chartedPets,
  type Making,
  markNotAsked,
  roundInstant,
  rowOf,
} from "./chart-parts.ts";
import { handedBackItems } from "./custody-sheet.ts";
import { describeFailure } from "./failure.ts";
import { draftDoses, type OwedRound, owedRounds } from "./obligations.ts";
import { withPaperMarks } from "./paper-marks.ts";
import { prnDoses } from "./prn.ts";
import { type RoundReport, roundReport } from "./rounds.ts";
import { witnessesOf } from "./witness.ts";

export type { Chart, ChartColumn, ChartPet, ChartQuery, ChartRow } from "./chart-parts.ts";
export { chartedPets } from "./chart-parts.ts";

/** The longest chart: a fortnight (a page's width holds no more rounds). */
export const CHART_DAYS_MAX = 14;

/** The kennel API failing for a round not kept: the error, and the rounds it leaves unread. */
interface Unread {
  error: unknown;
  rounds: ChartColumn[];
}

/**
 * The chart of these days: one read of the record; each kept round from it alone (its pets' care,
 * which the record keeps none of, from the kennel API's answer now, for their pages only), each round
 * not kept from the kennel API. When the API fails, it is not asked again (each round would wait on
 * it again): the rounds not kept after it are said, by day, with the failure and its request id, and
 * the kept rounds are charted all the same; only a chart with no page at all fails, with its failure.
 */
export async function chartOf(
  deps: Deps,
  q: ChartQuery,
  o: { surface?: Surface | undefined } = {},
): Promise<Chart> {
  const dates = Array.from({ length: q.days }, (_, i) => addDays(q.from, i));
  const to = dates.at(-1) ?? q.from;
  const store = deps.record;
  const [owed, entries, witnesses] = store
    ? await Promise.all([
        owedRounds(deps, { from: q.from, to }),
        store.entries({ from: q.from, to }).then((e) => withPaperMarks(deps, e)),
        witnessesOf(store, { from: q.from, to }),
      ])
    : [[], [], new Map<number, Witness>()];
  const chart: Chart = {
    dates,
    columns: [],
    pets: [],
    problems: [],
    record: store !== undefined,
    requestId: undefined,
  };
  const plans = await plansOf(deps, owed);
  const pets = new Map<string, ChartPet>();
  const m: Making = { deps, q, chart, pets, entries, witnesses, plans, unmatched: new Set(), notAsked: [] };
  const { unread, down } = await columnsOf(m, owed);
  // A pet that came after a day's last kept round: its page, from the record or the kennel API.
  const arrivals = store ? await addArrivedAfter(m, down) : undefined;
  // A dose no round asked: why, as its round's sheet was kept (never a late entry).
  if (m.notAsked.length) await markNotAsked(m);
  // A round of a pet's arrival day whose dose's window closed before it came: the owner is asked.
  markArrivesAfter(m);
  if (store) addIfNeeded(m.pets, chart.columns, await prnDoses(deps, { from: q.from, to }), deps.config);
  chart.pets = [...m.pets.values()].sort(
    (a, b) => naturalOrder(a.room ?? "", b.room ?? "") || nameOrder(a.name, b.name),
  );
  if (store) await addHandedBack(deps, chart.pets);
  if (arrivals)
    chart.problems.push(arrivalsUnreadWords(arrivals.dates, describeFailure(arrivals.error, o.surface)));
  if (unread) {
    // Nothing at all to show: the command fails as it did, with the kennel API's own words.
    if (chartedPets(chart) === 0) throw unread.error;
    chart.problems.push(unreadWords(deps, unread, o.surface));
  } else if (down) {
    // Every round kept, but the pets' care (allergies, danger notes) not read: their pages say where to look.
    chart.problems.push(chartCareUnreadWords(describeFailure(down.error, o.surface)));
  }
  return chart;
}

/**
 * Each row whose medicine was handed back, none held since: the row stays (the plan still asks the
 * dose) and says so, to whom and when (the kennel holds none: ask the vet or the owner).
 */
async function addHandedBack(deps: Deps, pets: ChartPet[]): Promise<void> {
  for (const pet of pets) {
    if (pet.rows.length === 0) continue;
    const back = await handedBackItems(
      deps,
      pet.bookingId,
      pet.petId,
      pet.rows.map((r) => r.item),
    );
    for (const b of back) {
      const row = pet.rows.find((r) => r.item === b.item);
      if (row) row.handedBack = { to: b.to, date: b.date };
    }
  }
}

/**
 * Each round of each day a column: a kept round from the record, one not kept from the kennel API,
 * until it fails (`down`): the rounds not kept after it not asked, said with it (`unread`).
 */
async function columnsOf(
  m: Making,
  owed: OwedRound[],
): Promise<{ unread: Unread | undefined; down: { error: unknown } | undefined }> {
  const { chart } = m;
  let unread: Unread | undefined;
  // The kennel API's failure, once: neither a round nor a kept round's care is asked of it after.
  let down: { error: unknown } | undefined;
  for (const date of chart.dates) {
    for (const round of ROUNDS) {
      const mine = owed.find((r) => r.date === date && r.round === round);
      if (mine) {
        keptColumn(m, mine, owed);
        if (!down && careToRead(m, mine)) down = await keptCare(m, round, date);
      } else if (!down) {
        unread = await draftColumn(m, round, date, owed);
        down = unread;
      } else {
        unread ??= { error: down.error, rounds: [] };
        // The kennel API failed for an earlier round: this one is not asked, and said with it.
        const column = { date, round, kept: false, unread: true as const };
        chart.columns.push(column);
        unread.rounds.push(column);
      }
    }
  }
  return { unread, down };
}

/** The round as the kennel API answers it now, or its failure. */
async function readRound(m: Making, round: Round, date: string): Promise<RoundReport | { error: unknown }> {
  try {
    const report = await roundReport(m.deps, round, date, { keepPlans: false });
    m.chart.requestId ??= report.requestId;
    return report;
  } catch (error) {
    return { error };
  }
}

/** Whether a page of the kept round's pets has no care yet (an earlier round's answer gave the others theirs). */
const careToRead = (m: Making, owed: OwedRound): boolean =>
  owed.pets.some((p) => {
    const page = m.pets.get(`${p.bookingId}|${p.petId}`);
    return page !== undefined && page.care === undefined;
  });

/**
 * A kept round's pets' care (allergies, danger notes: the record keeps none) from the kennel API's
 * answer now, for their pages alone: never their names, rooms or what the round asked, which are as
 * kept. The API's failure returned (the round is charted all the same; its pages say where to look).
 */
async function keptCare(m: Making, round: Round, date: string): Promise<{ error: unknown } | undefined> {
  const report = await readRound(m, round, date);
  if ("error" in report) return report;
  for (const p of report.pets) {
    const pet = m.pets.get(`${p.booking.bookingId}|${p.pet?.pet.petId}`);
    if (pet && p.pet && pet.care === undefined) pet.care = p.pet.care;
  }
  return undefined;
}

/** The rounds the kennel API could not be read for, by day, with what happened, its request id and what to do. */
function unreadWords(deps: Deps, unread: Unread, surface: Surface | undefined): string {
  const f = describeFailure(unread.error, surface);
  const names = deps.config.rounds.names;
  const days = [...new Set(unread.rounds.map((c) => c.date))].map((date) => ({
    date,
    rounds: unread.rounds.filter((c) => c.date === date).map((c) => names?.[c.round] ?? c.round),
  }));
  return chartUnreadWords(days, f);
}
/**
 * A round not kept: its sheet as the kennel API answers now, and its doses as that sheet would ask
 * them; when the API fails, the column unread and the failure (undefined when read).
 */
async function draftColumn(
  m: Making,
  round: Round,
  date: string,
  kept: readonly OwedRound[],
): Promise<Unread | undefined> {
  const { deps, q, chart, pets } = m;
  const report = await readRound(m, round, date);
  if ("error" in report) {
    const column = { date, round, kept: false, unread: true as const };
    chart.columns.push(column);
    return { error: report.error, rounds: [column] };
  }
  const today = localDate(deps.clock.now(), deps.config.timezone);
  chart.columns.push({ date, round, kept: false, ...(date < today ? { past: true as const } : {}) });
  for (const p of report.pets) addPet(q, pets, p, { problems: chart.problems, unmatched: m.unmatched });
  const day = m.entries.filter((e) => e.date === date);
  addDoses(m, draftDoses(deps, report, day, deps.clock.now(), kept), false);
  return undefined;
}

/**
 * The doses given if needed (issue 50, a fresh look: a dose given from 💊 Give if needed… was missing
 * from the paper): each row of a medication the plan gives only if needed has a cell at every round,
 * never struck, so one given on paper can be signed; each dose given is in the cell of the round it
 * followed on its day (before the first round: the first), with who, when and why.
 */
function addIfNeeded(
  pets: Map<string, ChartPet>,
  columns: ChartColumn[],
  doses: PrnDose[],
  config: Deps["config"],
): void {
  const tz = config.timezone;
  for (const pet of pets.values()) {
    for (const row of pet.rows) {
      if (row.plan?.kind.kind !== "as_needed") continue;
      for (const c of columns) {
        if (!inHouseAtRound(pet, roundInstant(config, c.date, c.round))) continue;
        const key = cellKey(c.date, c.round, row.item);
        if (!pet.cells[key]) pet.cells[key] = { kind: "if_needed", given: [] };
      }
    }
  }
  for (const d of doses) {
    const pet = pets.get(`${d.bookingId}|${d.petId}`);
    if (!pet) continue;
    if (!pet.rows.some((r) => r.item === d.item)) rowOf(pet, d.item);
    const date = localDate(d.givenAt, tz);
    const at = Date.parse(d.givenAt);
    const mine = columns.filter((c) => c.date === date);
    const round =
      mine.filter((c) => roundInstant(config, date, c.round) <= at).at(-1)?.round ?? mine[0]?.round;
    if (!round) continue;
    const key = cellKey(date, round, d.item);
    const cell = pet.cells[key];
    const given = { initials: initialsOf(giverNameOf(d)), givenAt: d.givenAt, reason: d.reason };
    if (cell?.kind === "if_needed") cell.given.push(given);
    else if (!cell || cell.kind === "not_due") pet.cells[key] = { kind: "if_needed", given: [given] };
  }
}
