/**
 * When a dose recorded after its window was given (issue 35), for the record's tap and forms: the
 * question a form asks (which doses, when their window closed, now in the kennel's zone), and the
 * answer checked before anything is written (src/answers/late-entry.ts). Only a dose given or
 * refused after its window closed keeps the time said; inside its window, an entry's time is when
 * it was recorded.
 */
import {
  type ClosedDose,
  closedDoses,
  givenAtRefusal,
  givenDefault,
  givenInstant,
  repeatedHourOf,
  stayTimesOf,
} from "../answers/late-entry.ts";
import type { Sheet, SheetPet } from "../answers/sheets.ts";
import type { Given } from "../blocks/record-form.ts";
import { GIVEN_AT, GIVEN_WHICH, type TimeQuestion } from "../blocks/record-modal.ts";
import type { ItemKey, Outcome } from "../record/types.ts";
import type { BotDeps } from "./bot-deps.ts";

/** The booking's check-in is looked up for at most this long before the form is answered. */
const ARRIVAL_WAIT_MS = 1_200;

/** The question for these closed doses, or none when no window has closed. */
export function timeQuestion(deps: BotDeps, closed: ClosedDose[]): TimeQuestion | undefined {
  if (closed.length === 0) return undefined;
  const closedAt = closed.map((c) => c.window.closesAt).sort()[0] as string;
  const repeated = repeatedHourOf(deps, closed);
  return {
    labels: closed.map((c) => c.item.label),
    closedAt,
    ...givenDefault(deps),
    timezone: deps.config.timezone,
    ...(repeated ? { repeated } : {}),
  };
}

/** Outcomes that happened at a time (a dose given, or offered and refused). */
const TIMED: ReadonlySet<Outcome> = new Set(["given", "refused"]);

/**
 * The time a form said, checked for the items it writes: each item given or refused after its
 * window closed keeps it; or the words for the form's field at fault when it cannot stand (the
 * time, or which of an hour that came twice).
 */
export async function checkGiven(
  deps: BotDeps,
  sheet: Sheet,
  pet: SheetPet,
  given: Given | undefined,
  writes: Array<{ item: ItemKey; outcome: Outcome }>,
): Promise<{ ok: true; givenAt: Map<ItemKey, string> } | { ok: false; errors: Record<string, string> }> {
  const givenAt = new Map<ItemKey, string>();
  if (!given) return { ok: true, givenAt };
  const now = deps.clock.now();
  const timed = writes.filter((w) => TIMED.has(w.outcome)).map((w) => w.item);
  const closed = closedDoses(deps, sheet, pet, now, timed);
  if (closed.length === 0) return { ok: true, givenAt };
  const read = givenInstant(given, deps.config.timezone);
  // Which of the hour that came twice is asked beside the time (the form asks it on such days).
  const asked = repeatedHourOf(deps, closed) !== undefined;
  if (!read.ok)
    return { ok: false, errors: { [read.field === "which" && asked ? GIVEN_WHICH : GIVEN_AT]: read.error } };
  const instant = read.at;
  let timer: NodeJS.Timeout | undefined;
  const stay = await Promise.race([
    stayTimesOf(deps, pet),
    new Promise<{ arrival: string | undefined }>((resolve) => {
      timer = setTimeout(() => resolve({ arrival: pet.arrivesAt }), ARRIVAL_WAIT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  const refusal = givenAtRefusal(instant, {
    now,
    ...stay,
    closed,
    timezone: deps.config.timezone,
    petName: pet.name,
  });
  if (refusal) return { ok: false, errors: { [GIVEN_AT]: refusal } };
  for (const c of closed) givenAt.set(c.item.item, instant);
  return { ok: true, givenAt };
}
