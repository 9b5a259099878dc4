/** Which pets are off their food (src/domain/off-food.ts), from the care record's last few days. */
import type { Deps } from "../deps.ts";
import type { Round } from "../domain/care.ts";
import { type OffFoodPet, offFoodPets } from "../domain/off-food.ts";
import { addDays } from "../time.ts";
import { describeFailure } from "./failure.ts";

/** How far back a run of meals is read: three days of three meals is more than any flag needs to show. */
const DAYS_BACK = 3;

/**
 * The pets off their food as of a date (and, for a round's sheet, before that round); undefined when
 * Kennel Desk keeps no record or it cannot be read (logged; the surfaces show no flag then).
 */
export async function offFood(
  deps: Deps,
  date: string,
  before?: Round,
): Promise<Map<string, OffFoodPet> | undefined> {
  if (!deps.record) return undefined;
  try {
    const entries = await deps.record.entries({ from: addDays(date, -DAYS_BACK), to: date });
    return offFoodPets(entries, before ? { date, round: before } : undefined);
  } catch (error) {
    deps.log.warn(
      { failure: describeFailure(error) },
      "the care record could not be read for the off-food flags",
    );
    return undefined;
  }
}
