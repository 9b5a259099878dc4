/** The shared shape of /arrivals and /departures: a date, then the day's list for the channel. */
import { dayAnswer } from "../../answers/day.ts";
import type { DayKind } from "../../blocks/day-list.ts";
import { noticeMessage } from "../../blocks/misc.ts";
import { esc } from "../../blocks/mrkdwn.ts";
import { parseDay } from "../../dates.ts";
import type { BotDeps } from "../bot-deps.ts";
import { slashCommand } from "./slash-command.ts";

export function dayCommand(deps: BotDeps, kind: DayKind) {
  return slashCommand(deps, (text) => {
    const day = parseDay(text, deps.clock.now(), deps.config.timezone);
    // A bad date is answered to the asker only, with no API call.
    if (!day.ok)
      return { visibility: "ephemeral", work: async () => [noticeMessage(`⚠️ ${esc(day.message)}`)] };
    return { visibility: "in_channel", work: async () => (await dayAnswer(deps, kind, day.date)).messages };
  });
}
