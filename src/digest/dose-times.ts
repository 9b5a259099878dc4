/**
 * What the bot runs beside the round posts (issue 35, issue 38), wired once: the dose times' job,
 * which posts the nudges and the late and missed replies (src/digest/dose-alerts.ts) when
 * ROUNDS_CHANNEL is set, each late or missed reply drawing the round's post again through `draw`
 * (the listeners' SheetRedraw, which taps use too), then the round's other copies (`drawCopies`); and what follows each committed round entry
 * (`afterEntry`): those replies edited from the record (src/digest/dose-alert-editor.ts), and the
 * welfare flags meals open (src/digest/welfare-meals.ts).
 */
import type { Sheet } from "../answers/sheets.ts";
import type { BotBase } from "../deps.ts";
import type { Round } from "../domain/care.ts";
import { DoseAlertEditor } from "./dose-alert-editor.ts";
import { redrawRoundPost } from "./dose-alert-slack.ts";
import { DoseAlertJob } from "./dose-alerts.ts";
import { PostClaims } from "./post-claims.ts";
import { roundPost, type ScheduledPost } from "./posts.ts";
import type { DigestSlack } from "./slack.ts";
import { WelfareMealWatch } from "./welfare-meals.ts";

type Draw = (
  sheet: Sheet,
  index: number,
  ref: { channel: string; ts: string; threadTs?: string },
) => Promise<unknown>;

export function doseTimes(
  base: BotBase,
  slack: DigestSlack,
  o: {
    posts: readonly ScheduledPost[];
    draw: Draw;
    /** The round's copies besides the channel post (a DM's "Show the round", a /rounds answer), drawn after it. */
    drawCopies?: (date: string, round: Round) => Promise<unknown>;
  },
): {
  job: DoseAlertJob | undefined;
  afterEntry: { changed(date: string, round: Round): Promise<void> } | undefined;
} {
  const channel = base.config.rounds.channel;
  // The round posts' claims, read to know when a round's post is being made (the replies wait for it).
  const claims = new PostClaims(base.record);
  const job = channel
    ? new DoseAlertJob({
        deps: base,
        slack,
        channel,
        roundPostMaking: async (date, round, now) => {
          const post = o.posts.find((p) => p.kind === roundPost(round));
          return (
            post !== undefined &&
            (await claims.standing({ date, kind: post.kind, channel: post.channel }, now)) !== undefined
          );
        },
        redrawRound: async (date, round) => {
          try {
            await redrawRoundPost(
              { slack, channel, date, round, timezone: base.config.timezone, now: base.clock.now() },
              base,
              o.draw,
            );
          } finally {
            await o.drawCopies?.(date, round);
          }
        },
      })
    : undefined;
  const editor = channel ? new DoseAlertEditor(base, slack) : undefined;
  const meals = base.config.welfare.rounds.length ? new WelfareMealWatch(base, slack, o.posts) : undefined;
  const afterEntry =
    editor || meals
      ? {
          changed: (date: string, round: Round) =>
            Promise.all([editor?.changed(date, round), meals?.changed(date, round)]).then(() => undefined),
        }
      : undefined;
  return { job, afterEntry };
}
