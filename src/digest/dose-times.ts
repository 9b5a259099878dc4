/**
 * The dose times' replies as the bot runs them (issue 35), when ROUNDS_CHANNEL is set: the job
 * that posts the nudges and the late and missed replies (src/digest/dose-alerts.ts), each late or
 * missed reply drawing the round's post again through `draw` (the listeners' SheetRedraw, which
 * taps use too), and the editor that follows the record (src/digest/dose-alert-editor.ts).
 */
import type { Sheet } from "../answers/sheets.ts";
import type { BotBase } from "../deps.ts";
import { DoseAlertEditor } from "./dose-alert-editor.ts";
import { redrawRoundPost } from "./dose-alert-slack.ts";
import { DoseAlertJob, type DoseAlertJobOptions } from "./dose-alerts.ts";
import type { DigestSlack } from "./slack.ts";

export function doseTimes(
  base: BotBase,
  slack: DigestSlack,
  draw: (
    sheet: Sheet,
    index: number,
    ref: { channel: string; ts: string; threadTs?: string },
  ) => Promise<unknown>,
  options: Partial<Pick<DoseAlertJobOptions, "sleep" | "takeOverAfterMs">> = {},
): { job: DoseAlertJob; editor: DoseAlertEditor } | undefined {
  const channel = base.config.rounds.channel;
  if (!channel) return undefined;
  const job = new DoseAlertJob({
    deps: base,
    slack,
    channel,
    redrawRound: (date, round) =>
      redrawRoundPost(
        { slack, channel, date, round, timezone: base.config.timezone, now: base.clock.now() },
        base,
        draw,
      ),
    ...options,
  });
  return { job, editor: new DoseAlertEditor(base, slack) };
}
