/**
 * Why each dose recorded where no round asked it was not asked (export kind `round_not_asked`:
 * src/answers/doses.ts notAsked), read from the rounds' sheets as the record kept them when it was
 * recorded (src/domain/not-asked.ts): the words its sheet's form said beside it ("not due this
 * round by its confirmed plan (not one of its days: Mon, Wed, Fri)"), never the kennel API's nor
 * the plan's answer now. The sheets are read only when there is such a dose.
 */
import type { Deps } from "../deps.ts";
import { type NotAskedWhy, notAskedWhy } from "../domain/not-asked.ts";
import type { OwedDose } from "../domain/obligations.ts";
import { codeOrder } from "../words/order.ts";
import { notAsked } from "./doses.ts";
import { keptSheets } from "./sheets.ts";

export type { NotAskedWhy };

/** Of `doses`, each recorded where its round did not ask it: why, by its current entry's id. */
export async function notAskedWhys(
  deps: Pick<Deps, "record">,
  doses: readonly OwedDose[],
): Promise<Map<number, NotAskedWhy>> {
  const entries = doses.flatMap((d) => (d.entry && notAsked(d) ? [d.entry] : []));
  const store = deps.record;
  if (entries.length === 0 || !store) return new Map();
  // Only their days' sheets (a stay's few, never every day of it).
  const dates = [...new Set(entries.map((e) => e.date))].sort(codeOrder);
  // Each day's sheets whole (a long one joined from its parts), oldest first, each with its place in the chain.
  const placed = (await Promise.all(dates.map((date) => keptSheets({ record: store }, { date })))).flat();
  return new Map(entries.map((e) => [e.id, notAskedWhy(placed, e)]));
}
