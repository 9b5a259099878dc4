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
import { addDays } from "../time.ts";
import type { PostMessages } from "./posts.ts";
import { type PostKind, roundOfPost } from "./posts.ts";
import { composeRoundCheck, isCheckKind } from "./round-check.ts";

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
  const round = roundOfPost(kind);
  if (!round) throw new Error(`Nothing composes the "${kind}" post.`);
  const report = await roundReport(deps, round, date);
  return roundMessages(report, lateAt, await roundRecord(deps, round, date));
}
