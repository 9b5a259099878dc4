/** The shared shape of /arrivals and /departures: a date, then the day's list for the channel. */
import type { AllMiddlewareArgs, SlackCommandMiddlewareArgs } from "@slack/bolt";
import { dayAnswer } from "../../answers/day.ts";
import type { DayKind } from "../../blocks/day-list.ts";
import { noticeMessage } from "../../blocks/misc.ts";
import { esc } from "../../blocks/mrkdwn.ts";
import { parseDay } from "../../dates.ts";
import { type BotDeps, run } from "../runner.ts";

export function dayCommand(deps: BotDeps, kind: DayKind) {
  return async ({ command, ack, respond, client }: SlackCommandMiddlewareArgs & AllMiddlewareArgs) => {
    await ack();
    const day = parseDay(command.text ?? "", deps.clock.now(), deps.config.timezone);
    await run({
      deps,
      respond,
      client,
      userId: command.user_id,
      channelId: command.channel_id,
      label: command.command,
      // A bad date is answered to the asker only, with no API call.
      visibility: day.ok ? "in_channel" : "ephemeral",
      showLoading: true,
      work: async () =>
        day.ok ? (await dayAnswer(deps, kind, day.date)).messages : [noticeMessage(`⚠️ ${esc(day.message)}`)],
    });
  };
}
