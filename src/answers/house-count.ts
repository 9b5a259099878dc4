/**
 * A count of the house that says what it counts (issue 45): the pets in house that day, here now
 * (today), and on the last round's sheet kept today, as its obligation counted them, with who
 * arrived, went home or is still to arrive since. Home and the in-house list read it; the stays come
 * from the answer already made (no second API call), the sheet from the record.
 */
import type { Deps } from "../deps.ts";
import type { Round } from "../domain/care.ts";
import { type HouseCount, houseCountOf, type SheetKept, type StayCount } from "../domain/house.ts";
import { localDate, zonedInstant } from "../time.ts";
import { describeFailure } from "./failure.ts";
import { keptObligations } from "./obligation-parts.ts";

const ORDER: Record<Round, number> = { morning: 0, midday: 1, evening: 2 };

/** The last round kept on `date` with its counts (a round kept before they were, none). */
async function lastSheet(deps: Deps, date: string): Promise<SheetKept | undefined> {
  if (!deps.record) return undefined;
  try {
    // Each round's obligation as first written (src/answers/obligations.ts reads them the same way).
    const kept = await keptObligations(deps.record, { date });
    const last = kept
      .filter((o, i) => kept.findIndex((k) => k.body.round === o.body.round) === i)
      .sort((a, b) => ORDER[a.body.round] - ORDER[b.body.round])
      .at(-1)?.body;
    if (!last) return undefined;
    const time = deps.config.rounds.times[last.round];
    const at = zonedInstant(date, time, deps.config.timezone).getTime();
    return { time, pets: last.counts.onSheet, bookings: last.bookings, at };
  } catch (error) {
    // The record unreadable: the count says the house now and that day, without the sheet.
    deps.log.warn({ err: describeFailure(error) }, "the kept round not read for the house count");
    return undefined;
  }
}

export async function houseCount(deps: Deps, date: string, stays: readonly StayCount[]): Promise<HouseCount> {
  const today = date === localDate(deps.clock.now(), deps.config.timezone);
  const sheet = today ? await lastSheet(deps, date) : undefined;
  return houseCountOf(stays, { today, sheet, now: deps.clock.now().getTime() });
}
