/**
 * When the record last has a dose given that a round sheet prints "every other day: was it given
 * yesterday? check the record" (a `some_days` line, src/domain/sheet-days.ts): read from the entries
 * of the stay's previous days (any round, the last LAST_GIVEN_DAYS days, current entries only: a
 * correction supersedes), so the sheet says it beside the line in place of sending the carer to look.
 */

import type { Entry } from "../record/types.ts";
import { addDays } from "../time.ts";
import type { Round } from "./care.ts";
import { giverOf } from "./giver.ts";
import type { ByDaysItem } from "./record.ts";

/** How many days back the sheet looks for a dose given. */
export const LAST_GIVEN_DAYS = 7;

/** A dose recorded given: when (given, else recorded: ISO 8601), at which round, by whom. */
interface LastGiven {
  at: string;
  round: Round;
  who: string;
}

/** Each every-other-day dose of a sheet, by `lastGivenKey`: its last given, or null (none in the days read). */
export type LastGivenMap = ReadonlyMap<string, LastGiven | null>;

/** The key of a pet's dose of one slot: "bookingId|petId|item". */
export const lastGivenKey = (bookingId: number, petId: number, item: string): string =>
  `${bookingId}|${petId}|${item}`;

/** A pet on a sheet, with the doses it prints not due by their days' words. */
export interface PetByDays {
  bookingId: number;
  petId: number;
  byDays?: readonly ByDaysItem[] | undefined;
}

/** The sheet's every-other-day medication doses (`some_days`; never the meal), by `lastGivenKey`. */
export function everyOtherDayKeys(pets: readonly PetByDays[]): string[] {
  return pets.flatMap((p) =>
    (p.byDays ?? [])
      .filter((d) => d.days === "some_days" && d.item.startsWith("med:"))
      .map((d) => lastGivenKey(p.bookingId, p.petId, d.item)),
  );
}

/**
 * The days read for a sheet's `date` (YYYY-MM-DD): the last LAST_GIVEN_DAYS and the sheet's own (a dose
 * given at an earlier round today, or at this one, is its last: never "not recorded" beside its ✅).
 */
export const lastGivenRange = (date: string): { from: string; to: string } => ({
  from: addDays(date, -LAST_GIVEN_DAYS),
  to: date,
});

/**
 * Each of `keys` with the latest current entry that has it given among `entries` (the days before
 * the sheet's `date`, any round), or null: who gave it as the paper names them for a dose entered
 * from the paper chart.
 */
export function lastGivenOf(keys: readonly string[], entries: readonly Entry[], date: string): LastGivenMap {
  const out = new Map<string, LastGiven | null>(keys.map((k) => [k, null]));
  const { from, to } = lastGivenRange(date);
  for (const e of entries) {
    const key = lastGivenKey(e.bookingId, e.petId, e.item);
    if (!out.has(key) || e.outcome !== "given" || e.supersededBy !== undefined) continue;
    if (e.date < from || e.date > to) continue;
    const at = e.givenAt ?? e.recordedAt;
    const last = out.get(key);
    if (last && Date.parse(last.at) >= Date.parse(at)) continue;
    out.set(key, { at, round: e.round, who: giverOf(e) });
  }
  return out;
}
