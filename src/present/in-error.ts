/**
 * An entry put right as recorded in error (the wrong pet, the wrong dose) on the day's record: no
 * outcome, its own line ("Apoquel 16 mg: recorded in error: wrong pet · Sam 13:05") under its slot,
 * the entry it struck under it.
 */
import type { Entry } from "../record/types.ts";
import { inErrorSaid } from "../words/record.ts";
import { type Line, line, toned, whole } from "./doc.ts";

/** An entry recorded in error that stands: nothing recorded for its slot since. */
export const standsInError = (e: Entry): boolean => e.outcome === "in_error" && e.supersededBy === undefined;

/** "Apoquel 16 mg: recorded in error: wrong pet · Sam 13:05" (`what`: the item as the line names it). */
export const inErrorDayLine = (e: Entry, timezone: string, what: string): Line =>
  line(`${what}: `, toned("warn", whole(inErrorSaid(e, timezone))));
