/**
 * "🖨 Chart" on a round post (its day) and on Home (today), through the pipeline
 * (src/listeners/interaction.ts): a read, so acknowledged at once. The day's medication chart on
 * paper (src/answers/chart.ts chartOf, the page `kennel-desk chart` writes) goes to Slack as an HTML
 * file (files.uploadV2: files.getUploadURLExternal, the bytes to its upload_url, then
 * files.completeUploadExternal) shared in the tapper's messages with the app (conversations.open),
 * never in the channel. Any failure (the kennel API, the care record, Slack refusing the file) is
 * told to the tapper privately, in words, with the API's request id when there is one.
 */
import type { App, webApi } from "@slack/bolt";
import { chartedPets, chartOf } from "../../answers/chart.ts";
import { describeFailure } from "../../answers/failure.ts";
import { chartButton } from "../../blocks/buttons.ts";
import { failureText } from "../../blocks/notice.ts";
import { type DigestSlack, webClientSlack } from "../../digest/slack.ts";
import { pageSlack } from "../../slack/app-link.ts";
import { chartPage } from "../../text/chart-html.ts";
import { localDate } from "../../time.ts";
import {
  chartFailedWords,
  chartFileName,
  chartFileTitle,
  chartFileWords,
  chartNothingWords,
  chartSentWords,
  nothingToChartWords,
} from "../../words/chart.ts";
import type { BotDeps } from "../bot-deps.ts";
import { nothingToFind, onTap } from "../interaction.ts";

/**
 * The day's chart, made and shared with `user` alone, in their messages with the app; or, with no
 * pet to chart, nothing sent and the words why (as `kennel-desk chart` writes no file).
 */
async function sendChart(
  deps: BotDeps,
  slack: DigestSlack,
  client: webApi.WebClient,
  user: string,
  date: string,
): Promise<string | undefined> {
  const chart = await chartOf(deps, { from: date, days: 1 });
  const pets = chartedPets(chart);
  if (pets === 0) return nothingToChartWords({ dates: chart.dates, pets: chart.pets.map((p) => p.name) });
  // Each page's QR code opens Kennel Desk here: the app and workspace Slack named at start.
  const page = chartPage(chart, deps.config, deps.clock.now(), await pageSlack(() => slack.self()));
  const im = await client.conversations.open({ users: user });
  const channel = im.channel?.id;
  if (!channel) throw new Error("conversations.open named no conversation");
  await client.files.uploadV2({
    channel_id: channel,
    file: Buffer.from(page, "utf8"),
    filename: chartFileName(date),
    title: chartFileTitle(date),
    initial_comment: chartFileWords(date, pets, chart.problems.length),
  });
  return undefined;
}

/** `slack`: who the bot is in Slack (learned once, shared with the scheduled posts); else asked here. */
export function registerChart(app: App, deps: BotDeps, slack?: DigestSlack): void {
  let self = slack;
  onTap(app, deps, {
    button: chartButton,
    what: "a chart button",
    reads: true,
    home: true,
    locate: nothingToFind,
    run: async (t) => {
      const date = t.ids.date ?? localDate(deps.clock.now(), deps.config.timezone);
      try {
        self ??= webClientSlack(t.client, { log: deps.log });
        const nothing = await sendChart(deps, self, t.client, t.who.userId, date);
        // Nothing to print: said where it was tapped. From a channel, where the file went; from
        // Home, the file is in the app's Messages tab itself.
        if (nothing) await t.tell(chartNothingWords(nothing));
        else if (t.where.c) await t.tell(chartSentWords(date));
      } catch (error) {
        const f = describeFailure(error);
        deps.log.warn(
          { failure: f, err: String((error as Error)?.message ?? error) },
          "the chart was not sent",
        );
        await t.tell(failureText({ ...f, what: `${chartFailedWords(date)} ${f.what}` }));
      }
    },
  });
}
