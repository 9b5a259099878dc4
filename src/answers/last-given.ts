/**
 * A sheet's every-other-day doses with when the record last has each given (src/domain/last-given.ts),
 * read once per draw: one read of the days before the sheet's, and none at all for a sheet with no
 * such line. Its entries are read with their paper marks (a dose entered from the paper chart names
 * who gave it as the paper does).
 */
import type { Deps } from "../deps.ts";
import {
  everyOtherDayKeys,
  type LastGivenMap,
  lastGivenOf,
  lastGivenRange,
  type PetByDays,
} from "../domain/last-given.ts";
import { markedEntries } from "./paper-marks.ts";

/** The sheet's every-other-day doses (of `pets`) with their last given; undefined when it has none. */
export async function readLastGiven(
  deps: Pick<Deps, "record">,
  date: string,
  pets: readonly PetByDays[],
): Promise<LastGivenMap | undefined> {
  const keys = everyOtherDayKeys(pets);
  if (keys.length === 0 || !deps.record) return undefined;
  return lastGivenOf(keys, await markedEntries(deps, lastGivenRange(date)), date);
}
