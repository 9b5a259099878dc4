/**
 * The preview's bot (the real one, in HTTP mode, over the sandbox and the Slack stand-in); what Slack
 * sends it when the person at the page clicks a button (block_actions, on the Home tab or on a
 * message), built as Slack builds it (inside a modal: src/preview/modal-desk.ts); and what that
 * person sees of the stand-in.
 */
import { type Bot, createBot } from "../app.ts";
import { type Config, loadConfig } from "../config.ts";
import type { Clock } from "../deps.ts";
import { createKennelClient } from "../kennel/client.ts";
import type { Logger } from "../log.ts";
import { recordKennel } from "../record/kennel.ts";
import { type TemporaryRecord, temporaryRecord } from "../record/open.ts";
import type { Sandbox } from "../sandbox/server.ts";
import { channelPacer } from "../slack/pace.ts";
import { addDays } from "../time.ts";
import { seedCustody, seedDiscrepancy } from "./custody-seed.ts";
import { seedDoses } from "./dose-seed.ts";
import { type KennelClock, PREVIEW_STARTS_AT } from "./kennel-clock.ts";
import { seedPlans } from "./plan-seed.ts";
import { createSlackStandIn, type SlackStandIn, type TimelineEntry } from "./slack-standin.ts";
import { postWelfare, seedWelfareHistory } from "./welfare-seed.ts";

/** Posts the preview's own Slack takes at once, in a channel, and the bot sends without waiting. */
const PREVIEW_POST_BURST = 10_000;

/**
 * This computer's own Slack: its posts are not paced (a long round's parts, the seeded morning's posts
 * and the welfare check show at once, and the preview starts seconds sooner), and each message is
 * stamped on the kennel's clock the bot runs on (issue 45: one clock), not the computer's.
 */
export const previewSlackStandIn = (teamId: string, botUserId: string, clock: Clock): SlackStandIn =>
  createSlackStandIn({
    teamId,
    botUserId,
    limits: { postBurst: PREVIEW_POST_BURST },
    stampNow: () => clock.now().getTime(),
  });

/**
 * The bot the preview talks to: its settings the preview's own (the sandbox's key, a signing secret
 * of its own, the stand-in as Slack, DIGEST_CHANNEL, ROUNDS_CHANNEL and WELFARE_CHANNEL the page's
 * channel), its clock the preview's kennel clock (src/preview/kennel-clock.ts), and a care record in
 * a temporary folder. Before its jobs start, the kennel's day is written up to 12:20 on that clock:
 * the care plans confirmed at 07:00 (src/preview/plan-seed.ts), the morning and midday rounds posted
 * and recorded (src/preview/dose-seed.ts); then the clock reads 13:00, the bot starts (its jobs post
 * the plans to confirm and the late and missed replies) and a welfare check is posted
 * (src/preview/welfare-seed.ts). Answers at `url` (Slack's signed requests).
 */
export async function startPreviewBot(o: {
  sandbox: Sandbox;
  timezone: string;
  secret: string;
  slackApiUrl: string;
  channel: string;
  log: Logger;
  clock: KennelClock;
}): Promise<{ bot: Bot; record: TemporaryRecord; url: string }> {
  const config = loadConfig({
    KENNEL_API_KEY: o.sandbox.keys.main,
    KENNEL_API_BASE_URL: o.sandbox.url,
    KENNEL_TIMEZONE: o.timezone,
    SLACK_BOT_TOKEN: "xoxb-preview-0000-local",
    SLACK_SIGNING_SECRET: o.secret,
    SLACK_API_URL: o.slackApiUrl,
    PORT: "0",
    DIGEST_CHANNEL: o.channel,
    // The daily welfare check in the page's channel too (issue 38), one seeded with a flagged pet.
    WELFARE_CHANNEL: o.channel,
    // The round posts too, so the dose times' late and missed replies come in their threads (issue 35).
    ROUNDS_CHANNEL: o.channel,
  });
  // The sandbox's awkward records (a pet whose allergies are not text, say) are the preview's on
  // purpose, to show each case kept exact: the client's notes on them are not news to the person at
  // the page, so they are said only when more is asked (LOG_LEVEL info or debug).
  const kennelLog = o.log.isLevelEnabled("info") ? o.log : o.log.child({}, { level: "error" });
  const kennel = createKennelClient(config.kennel as NonNullable<Config["kennel"]>, { log: kennelLog });
  const { clock } = o;
  // The clock starts two evenings back: the welfare checks of those evenings come first.
  clock.setTo("18:00", addDays(clock.today, -2));
  // Claimed for the sandbox's kennel API, as the bot claims its own: the terminal's commands in the
  // preview's folder (src/preview/folder-state.ts) read it as the record of the same kennel.
  const record = temporaryRecord(clock, "kennel-desk-preview-", recordKennel(config));
  const deps = { kennel, log: o.log, config, clock, record: record.store };
  // One bot, one Slack stand-in: no other replica's copy of a scheduled post to wait for after posting it.
  const bot = createBot(deps, {
    slack: config.slack as NonNullable<Config["slack"]>,
    digest: { settleMs: 0 },
    // Its server (the stand-in's requests, its own /healthz) is this computer's alone, as the page's.
    host: "127.0.0.1",
    // The preview's stand-in takes posts at once (src/preview/server.ts): no wait between them.
    pace: channelPacer({ burst: PREVIEW_POST_BURST }),
  });
  await seedWelfareHistory(deps, clock);
  clock.setTo("07:00");
  await seedPlans(deps);
  // The medicines counted in before the morning round; after it, one counted short (issue 49).
  const counted = await seedCustody(deps, clock);
  await seedDoses(deps, bot, clock);
  await seedDiscrepancy(deps, clock, counted);
  clock.setTo(PREVIEW_STARTS_AT);
  const port = await bot.start();
  await postWelfare(deps, bot);
  return { bot, record, url: `http://127.0.0.1:${port}/slack/events` };
}

/** What the person sees: the channel (their own ephemerals only), the app's DM, their Home tab. */
export function visibleIn(slack: SlackStandIn, channel: string, user: string) {
  const mine = (m: TimelineEntry) => !m.ephemeral || m.user === user || m.user === undefined;
  return {
    version: slack.version,
    channel: slack.timeline.filter((m) => m.channel === channel && mine(m)),
    // The app's DM: posted to the person's id, or to the DM conversations.open named (a file shared there).
    dm: slack.timeline.filter((m) => m.channel === user || m.channel === `D${user}`),
    home: slack.views.get(user),
  };
}

/** A click on the Home tab, as Slack sends it: a view container, no channel, no response_url. */
export function homeClick(
  common: Record<string, unknown>,
  viewId: string,
  blocks: unknown,
  teamId: string,
): Record<string, unknown> {
  return {
    ...common,
    container: { type: "view", view_id: viewId },
    view: { id: viewId, type: "home", blocks, team_id: teamId },
  };
}

/** A click on a message: its container and channel, the message as it is now, and a response_url. */
export function messageClick(
  common: Record<string, unknown>,
  message: TimelineEntry,
  channelName: string,
  responseUrl: string,
): Record<string, unknown> {
  return {
    ...common,
    container: {
      type: "message",
      message_ts: message.ts,
      channel_id: message.channel,
      is_ephemeral: message.ephemeral,
    },
    channel: { id: message.channel, name: channelName },
    // Slack sends the message clicked, as it is now (the care record redraws it).
    ...(message.ephemeral
      ? {}
      : {
          message: {
            type: "message",
            ts: message.ts,
            ...(message.thread_ts ? { thread_ts: message.thread_ts } : {}),
            text: message.text,
            blocks: message.blocks,
          },
        }),
    response_url: responseUrl,
  };
}

/**
 * What the page clicked, as Slack sends the action: a button with its value, or a radio button
 * chosen (a care plan form's question, issue 44) with its option.
 */
export function pageAction(body: Record<string, unknown>, actionId: string): Record<string, unknown> {
  const picked = body.selected as { value?: unknown; text?: unknown } | undefined;
  return {
    type: picked ? "radio_buttons" : "button",
    action_id: actionId,
    block_id: typeof body.blockId === "string" && body.blockId ? body.blockId : "b",
    ...(typeof body.text === "string" ? { text: { type: "plain_text", text: body.text } } : {}),
    ...(picked
      ? { selected_option: { value: String(picked.value ?? ""), text: picked.text } }
      : { value: String(body.value ?? "") }),
  };
}
