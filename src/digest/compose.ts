/**
 * What each scheduled post says, from the kennel API: the day's departures or arrivals (every
 * booking and every pet's care), a round's sheet, or tomorrow's check. One function per kind of
 * post, all drawn by the same renderers as the commands.
 */
import { dayReport } from "../answers/day.ts";
import { roundRecord, roundReport } from "../answers/rounds.ts";
import { tomorrowCheck } from "../answers/today.ts";
import { digestMessages } from "../blocks/digest.ts";
import { roundMessages } from "../blocks/rounds.ts";
import type { Threaded } from "../blocks/thread.ts";
import { tomorrowMessages } from "../blocks/tomorrow.ts";
import type { Deps } from "../deps.ts";
import type { Round } from "../domain/care.ts";
import { addDays } from "../time.ts";
import type { PostMessages } from "./posts.ts";
import { composeRoundCheck, isCheckKind } from "./round-check.ts";

/** The kinds of scheduled post: a day list, a round's sheet, or tomorrow's check. */
export type PostKind = "departures" | "arrivals" | `rounds:${Round}` | "tomorrow" | `check:${Round}`;

export function isPostKind(kind: string): kind is PostKind {
  return /^(departures|arrivals|tomorrow|(rounds|check):(morning|midday|evening))$/.test(kind);
}

export async function composePost(
  deps: Deps,
  kind: PostKind,
  date: string,
  lateAt?: string,
): Promise<Threaded | PostMessages> {
  if (kind === "departures" || kind === "arrivals") {
    return digestMessages(
      await dayReport(deps, kind, date, { wholeDay: true }),
      deps.config.timezone,
      lateAt,
    );
  }
  if (kind === "tomorrow") {
    return tomorrowMessages(await tomorrowCheck(deps, addDays(date, 1)), deps.config.timezone, lateAt);
  }
  if (isCheckKind(kind)) return composeRoundCheck(deps, kind, date);
  const round = kind.slice(7) as Round;
  const report = await roundReport(deps, round, date);
  return roundMessages(report, lateAt, await roundRecord(deps, round, date));
}
