/**
 * The bot's work that runs beside the commands: the scheduled posts, the dose times' replies, the
 * as-needed doses' follow-ups, today's care read into the cache, the channels' guests checked and the
 * care record's retention. Built with the bot, begun once it has started (src/app.ts).
 */
import type { App } from "@slack/bolt";
import { warmTodaysCare } from "../answers/today.ts";
import type { BotBase } from "../deps.ts";
import type { DoseAlertJob } from "../digest/dose-alerts.ts";
import { doseTimes } from "../digest/dose-times.ts";
import { DigestJob, type DigestJobOptions } from "../digest/job.ts";
import { scheduledPosts } from "../digest/posts.ts";
import { botFollowUps, type PrnFollowUpOptions, type PrnFollowUps } from "../digest/prn-follow-up.ts";
import { type RetentionJob, startRetention } from "../digest/retention.ts";
import { type DigestSchedule, startDigestSchedule } from "../digest/schedule.ts";
import type { DigestSlack } from "../digest/slack.ts";
import { asBulk } from "../kennel/limiter.ts";
import type { Access } from "../listeners/access.ts";
import type { BotDeps } from "../listeners/bot-deps.ts";
import type { SheetRedraw } from "../listeners/record-round.ts";

export interface BackgroundOptions {
  /** Overrides for the morning post's job (tests: a fake sleep, a short settle). */
  digest?: Partial<Pick<DigestJobOptions, "sleep" | "settleMs">>;
  /** Overrides for the as-needed doses' follow-ups (tests: a fake sleep). */
  followUps?: Partial<Pick<PrnFollowUpOptions, "sleep" | "tickMs">>;
  /** Read today's care records into the cache at start and with the 07:00 post. Default true (tests: off, to count calls). */
  warmCare?: boolean;
  /** Once each reading of today's care is over (the bot: give back the memory the burst left behind). */
  afterWarm?: () => unknown;
}

/** The jobs built with the bot; none runs before `startBackground`, and `stopBackground` stops them all. */
export interface Jobs {
  digest: DigestJob | undefined;
  doseAlerts: DoseAlertJob | undefined;
  followUps: PrnFollowUps;
  /** Today's care records into the cache (never throws), then what comes after it. */
  warm: () => void;
  warmCare: boolean;
  /** Begun by `startBackground`. */
  schedule?: DigestSchedule;
  retention?: RetentionJob;
}

/** The scheduled posts' job, the dose times' and the follow-ups, built; the round entries' check and the follow-ups set in `deps`. */
export function backgroundJobs(
  base: BotBase,
  deps: BotDeps,
  slack: { client: App["client"]; digest: DigestSlack; sheets: SheetRedraw },
  options: BackgroundOptions,
): Jobs {
  const warm = () =>
    void asBulk(() => warmTodaysCare(base))
      .catch(() => undefined)
      .then(() => options.afterWarm?.());
  const posts = scheduledPosts(base.config); // the 07:00 post, the round posts, tomorrow's check…
  const digest =
    posts.length > 0
      ? new DigestJob({
          deps: base,
          slack: slack.digest,
          settings: { posts },
          // The 07:00 post's run also reads today's care records into the cache.
          onPost: (kind) => {
            if (kind === "departures" && options.warmCare !== false) warm();
          },
          ...options.digest,
        })
      : undefined;
  // The dose times' replies; after each round entry, those edited and the welfare flags meals open.
  const { job: doseAlerts, afterEntry } = doseTimes(base, slack.digest, {
    posts,
    draw: (sheet, index, ref) => slack.sheets.redraw(slack.client, sheet, index, ref),
    drawCopies: (date, round) => slack.sheets.redrawCopies(slack.client, date, round),
  });
  if (afterEntry) deps.roundCheck = afterEntry;
  const followUps = botFollowUps(base, slack.client, admitsNow(deps.access, slack.client), options.followUps);
  deps.prnFollowUps = followUps;
  return { digest, doseAlerts, followUps, warm, warmCare: options.warmCare !== false };
}

/**
 * Whether a giver may still be told of the kennel's pets, for a follow-up: kennel data in a DM, so
 * only to one the access check admits, asked of Slack now (nothing waits on a follow-up; a giver made
 * a guest since, whose user_change the bot missed, is refused). The DM with the app is the person's
 * own, as the Home tab: ALLOWED_CHANNELS does not apply. Slack not answering is "unknown", not a refusal.
 */
export function admitsNow(access: Access, client: App["client"]): PrnFollowUpOptions["admits"] {
  return async (user) => {
    const result = await access.check(client, user, undefined, { home: true, fresh: true });
    if (result.ok) return "admitted";
    return result.unconfirmed ? "unknown" : "refused";
  };
}

/** After start: the channels' guests checked, the care cache warmed, the schedules and retention begun. */
export function startBackground(
  base: BotBase,
  deps: BotDeps,
  client: App["client"],
  jobs: Jobs,
  auth: { team_id?: string; enterprise_id?: string },
): void {
  const { digest, doseAlerts, followUps, warm } = jobs;
  // Guests in the posts' channels: logged and said in /kennel status; in the background, never holding up start-up.
  const workspace = auth.team_id ? { teamId: auth.team_id, enterpriseId: auth.enterprise_id } : undefined;
  deps.channelGuests?.check(client, workspace).catch((error: unknown) => {
    base.log.warn({ err: String((error as Error)?.message ?? error) }, "could not check the posts' channels");
  });
  // Today's care into the cache (first answers cost one call) once a restart's first taps are answered.
  if (jobs.warmCare) void deps.inflight.whenQuiet(1_000, 15_000).then(() => deps.inflight.draining || warm());
  if (digest && base.config.scheduledPosts && !deps.inflight.draining) {
    jobs.schedule = startDigestSchedule({
      job: digest,
      timezone: base.config.timezone,
      clock: base.clock,
      log: base.log,
      welfare: base.config.welfare,
    });
  }
  if (doseAlerts && base.config.scheduledPosts && !deps.inflight.draining) void doseAlerts.start();
  if (!deps.inflight.draining) followUps.start();
  // The care record's retention: daily, first at the next RETENTION_TIME (never at start-up).
  jobs.retention = startRetention({
    store: base.record,
    days: base.config.recordRetentionDays,
    timezone: base.config.timezone,
    clock: base.clock,
    log: base.log,
  });
}

/** Every job stopped; settles when the dose times' job has (undefined without one). */
export function stopBackground(jobs: Jobs): Promise<void> | undefined {
  jobs.schedule?.stop();
  jobs.retention?.stop();
  jobs.digest?.stop();
  const alertsStopped = jobs.doseAlerts?.stop();
  jobs.followUps.stop();
  return alertsStopped;
}
