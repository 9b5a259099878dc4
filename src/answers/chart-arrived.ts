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
import { ROUNDS } from "../domain/care.ts";
import type { OwedRound } from "../domain/obligations.ts";
import { dueOfOwed, owedPetKey } from "../domain/obligations.ts";
import { isMedicationItem } from "../domain/record.ts";
import { addDays, localDate } from "../time.ts";
import { addKeptPet, plansOf } from "./chart-kept.ts";
import { addPet, type Making, roundInstant, rowOf, wanted } from "./chart-parts.ts";
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
  const later = await owedRounds(deps, { from: addDays(first, 1), to: addDays(days.at(-1) as string, 1) });
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
  markArrivedAfter(m, days);
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

/** Every pet of the chart that came on one of `days` after its last round kept: that day's cells say so. */
function markArrivedAfter(m: Making, days: string[]): void {
  const tz = m.deps.config.timezone;
  for (const pet of m.pets.values()) {
    const date = days.find((d) => cameAfter(pet.checkIn, d, roundInstant(m.deps.config, d, LAST), tz));
    if (date) pet.arrivedAfter = date;
  }
}
