/**
 * A pet that came on a chart's day after that day's last round was kept: no kept round asked anything
 * of it, so the rounds alone give it no page, and the paper would say nothing of it. The chart takes
 * the stays in house that day too: as the care record knows them (a round kept after that day's last,
 * the next morning's, lists the pet with its stay as the kennel API said then), or, when the record
 * has no round kept after it, as the kennel API answers now (the day's last round read again: every
 * stay still in house then, later arrivals included). Each such pet gets its page: its days, its
 * medications as its plan says them, and that day's cells "arrived after the last round", never struck
 * as if nothing were said.
 */
import { medicationsFor, ROUNDS, type Round } from "../domain/care.ts";
import { cellKey } from "../domain/chart.ts";
import type { OwedRound } from "../domain/obligations.ts";
import { dueOfOwed, owedPetKey } from "../domain/obligations.ts";
import { itemOnRound } from "../domain/plan/schedule.ts";
import { isMedicationItem } from "../domain/record.ts";
import { addDays, localDate } from "../time.ts";
import { addKeptPet, plansOf } from "./chart-kept.ts";
import {
  addPet,
  type ChartPet,
  type ChartRow,
  type Making,
  roundInstant,
  rowOf,
  wanted,
} from "./chart-parts.ts";
import { doseSettings } from "./doses.ts";
import { owedRounds } from "./obligations.ts";
import { roundReport } from "./rounds.ts";

/** The day's last round: the chart's columns of a day are in this order. */
const LAST = ROUNDS[ROUNDS.length - 1] as (typeof ROUNDS)[number];

/** The kennel API's failure while reading a day's stays, and the days it leaves unread. */
export interface ArrivalsUnread {
  error: unknown;
  dates: string[];
}

/** Did the stay come on `date` after the day's last round (`lastAt`, ms)? */
const cameAfter = (checkIn: string | undefined, date: string, lastAt: number, tz: string) =>
  checkIn !== undefined && Date.parse(checkIn) > lastAt && localDate(checkIn, tz) === date;

/**
 * The chart's days whose last round was kept, each given the pets that came after it (see above);
 * `down`: the kennel API failed already for this chart, so it is not asked again. Returns the days
 * it could not read, with the failure, to be said in the chart's foot.
 */
export async function addArrivedAfter(
  m: Making,
  down: { error: unknown } | undefined,
): Promise<ArrivalsUnread | undefined> {
  const { deps, chart } = m;
  const days = chart.dates.filter((d) =>
    chart.columns.some((c) => c.date === d && c.round === LAST && c.kept),
  );
  if (days.length === 0) return undefined;
  const first = days[0] as string;
  const kept = await owedRounds(deps, { from: first, to: addDays(days.at(-1) as string, 1) });
  const later = kept.filter((r) => r.date > first);
  // The pets a kept round of the day itself listed (arriving later, its cells say so): a round asked of them.
  const listed = new Set(
    kept.filter((r) => days.includes(r.date)).flatMap((r) => r.pets.map((p) => `${r.date}|${owedPetKey(p)}`)),
  );
  let unread: ArrivalsUnread | undefined = down ? { error: down.error, dates: [] } : undefined;
  for (const date of days) {
    const next = later.filter((r) => r.date === addDays(date, 1));
    // The record's answer when it kept a round after that day's last; the kennel API's only when not.
    if (next.length) await fromRecord(m, date, next);
    // The next day's rounds not read: the chart says a pet on them alone has no page (chartUnreadWords).
    else if (chart.columns.some((c) => c.date === addDays(date, 1) && c.unread)) continue;
    else if (unread) unread.dates.push(date);
    else {
      const failed = await fromKennel(m, date);
      if (failed) unread = { error: failed.error, dates: [date] };
    }
  }
  markArrivedAfter(m, days, listed);
  return unread?.dates.length ? unread : undefined;
}

/**
 * The pets of the rounds kept the next day whose stay came on `date` after its last round, as the
 * record keeps them: their name, room, booking and stay, the plan's version those rounds worked from,
 * and their medications as those rounds asked them.
 */
async function fromRecord(m: Making, date: string, next: OwedRound[]): Promise<void> {
  const tz = m.deps.config.timezone;
  const lastAt = roundInstant(m.deps.config, date, LAST);
  for (const [id, version] of await plansOf(m.deps, next)) if (!m.plans.has(id)) m.plans.set(id, version);
  for (const owed of next)
    for (const p of owed.pets) {
      if (m.pets.has(owedPetKey(p)) || !wanted(m.q, p.room, p.petId)) continue;
      if (!cameAfter(p.checkIn ?? p.arrived ?? p.arrivesAt, date, lastAt, tz)) continue;
      addKeptPet(m, owed, p);
      const pet = m.pets.get(owedPetKey(p));
      if (!pet) continue;
      pet.checkIn ??= p.arrivesAt;
      for (const i of p.items) if (isMedicationItem(i.item)) rowOf(pet, i.item).due ??= dueOfOwed(i);
    }
}

/**
 * The stays of `date` still in house at its last round, as the kennel API answers now, whose pets
 * came after that round: each with its care, plan and stay, as a round not kept charts them. The
 * failure, when the API could not be read.
 */
async function fromKennel(m: Making, date: string): Promise<{ error: unknown } | undefined> {
  const { deps, chart } = m;
  const lastAt = roundInstant(deps.config, date, LAST);
  let report: Awaited<ReturnType<typeof roundReport>>;
  try {
    report = await roundReport(deps, LAST, date, { keepPlans: false });
  } catch (error) {
    return { error };
  }
  chart.requestId ??= report.requestId;
  for (const p of report.pets) {
    const key = `${p.booking.bookingId}|${p.pet?.pet.petId}`;
    if (m.pets.has(key) || !cameAfter(p.booking.checkInDate, date, lastAt, deps.config.timezone)) continue;
    addPet(m.q, m.pets, p, { problems: chart.problems, unmatched: m.unmatched });
  }
  return undefined;
}

/**
 * Every pet of the chart that came on one of `days` after its last round kept: that day's cells say
 * so. Not a pet a kept round of that day `listed` ("date|booking|pet"): kept before it came, that round
 * asked of it ("arrives 19:00, after this round"), and "arrived after the last round" would contradict it.
 */
function markArrivedAfter(m: Making, days: string[], listed: Set<string>): void {
  const tz = m.deps.config.timezone;
  for (const [key, pet] of m.pets) {
    const date = days.find((d) => cameAfter(pet.checkIn, d, roundInstant(m.deps.config, d, LAST), tz));
    if (date && !listed.has(`${date}|${key}`)) pet.arrivedAfter = date;
  }
}

/**
 * Is the row due at this round: its plan's reading names the round, or it is due there on another
 * day of the pet's chart (a cell to sign or read)?
 */
const dueAtRound = (pet: ChartPet, row: ChartRow, round: string) =>
  Boolean(row.plan?.when.rounds.some((r) => r.round === round)) ||
  Object.entries(pet.cells).some(
    ([k, c]) => k.endsWith(`|${round}|${row.item}`) && c.kind !== "not_due" && c.kind !== "if_needed",
  );

/**
 * Does the round's sheet print the row's dose by its own reading of the words (src/domain/plan/
 * round.ts: where a dose left to a person is due)? From the pet's care when read; else as the plan
 * and the chart's other days say (dueAtRound).
 */
function printedAt(pet: ChartPet, row: ChartRow, round: Round, date: string): boolean {
  const meds = pet.care?.medications;
  if (!meds) return dueAtRound(pet, row, round);
  return medicationsFor(meds, round, { words: true, date }).some(
    (m) => `med:${m.medication.n}` === row.item && m.due,
  );
}

/**
 * The rounds of a pet's arrival day whose dose's window closed before it came (src/domain/plan/
 * schedule.ts `arrives_after_round`): never struck as nothing due, their cells ask the owner. A dose
 * left to a person is asked where the round's sheet prints it (printedAt).
 */
export function markArrivesAfter(m: Making): void {
  const { config } = m.deps;
  for (const pet of m.pets.values()) {
    const arrival = pet.checkIn;
    if (!arrival) continue;
    const date = localDate(arrival, config.timezone);
    const stay = {
      arrival,
      departure: undefined,
      timeZone: config.timezone,
      roundTimes: config.rounds.times,
      doses: doseSettings(m.deps),
    };
    for (const c of m.chart.columns) {
      if (c.date !== date || c.unread || roundInstant(config, date, c.round) >= Date.parse(arrival)) continue;
      for (const row of pet.rows) {
        const key = cellKey(date, c.round, row.item);
        const cell = pet.cells[key];
        if (!row.plan || (cell && cell.kind !== "not_due")) continue;
        const on = itemOnRound(row.plan, date, c.round, stay);
        if (on.status !== "not_due" || on.why !== "arrives_after_round") continue;
        if (on.check && !printedAt(pet, row, c.round, c.date)) continue;
        pet.cells[key] = { kind: "not_due", arrives: arrival };
      }
    }
  }
}
