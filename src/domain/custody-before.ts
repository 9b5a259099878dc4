/** Whether a dose came before its medicine was counted in (src/domain/custody.ts register). */
import { codeOrder } from "../words/order.ts";

/** A dose before the medicine's first counting in: in that minute, or earlier; undefined: not before. */
export const beforeIn = (at: string, countedIn: string | undefined) =>
  countedIn === undefined || codeOrder(at, countedIn) >= 0
    ? undefined
    : at.slice(0, 16) === countedIn.slice(0, 16)
      ? ("same_minute" as const)
      : ("earlier" as const);
