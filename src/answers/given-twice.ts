/**
 * A drug its confirmed plan gives at one round a day, or owed once a day by its words (plan not
 * confirmed), given at two rounds of one day (src/domain/given-twice.ts): read for the day's review,
 * `record audit` and the stay's record, the plans read only for a drug given at two rounds by its
 * confirmed plan. A plan that cannot be read says nothing.
 */
import type { Deps } from "../deps.ts";
import { type GivenTwice, givenTwice, plansToRead } from "../domain/given-twice.ts";
import type { OwedRound } from "../domain/obligations.ts";
import type { Entry } from "../record/types.ts";
import { planVersion } from "./plans.ts";

export type { GivenTwice };

/** Each such drug of the kept rounds `owed`, from their days' `entries` (read with their paper marks). */
export async function givenTwiceOf(
  deps: Pick<Deps, "record">,
  owed: readonly OwedRound[],
  entries: readonly Entry[],
): Promise<GivenTwice[]> {
  const ids = plansToRead(owed, entries);
  const plans = new Map(
    await Promise.all(
      ids.map(async (id) => [id, await planVersion(deps, id).catch(() => undefined)] as const),
    ),
  );
  return givenTwice(owed, entries, (plan, item) => plans.get(plan)?.plan.items.find((i) => i.key === item));
}
