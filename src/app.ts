/**
 * The Slack app: Bolt in Socket Mode (SLACK_APP_TOKEN set) or HTTP mode (POST /slack/events on
 * PORT), with GET /healthz and GET /readyz in both, and every listener registered. Start-up checks
 * the bot token (auth.test) before anything listens, so "listening" is never logged for a token
 * Slack refuses.
 */
import { App } from "@slack/bolt";
import { apiStatus } from "./answers/kennel.ts";
import { warmTodaysRecord } from "./answers/sheets.ts";
import { warmTodaysCare } from "./answers/today.ts";
import { boltLogger } from "./bolt-logger.ts";
import { allowedChannelsWarnings, ownChannels, type SlackSettings } from "./config.ts";
import type { BotBase } from "./deps.ts";
import type { DoseAlertJob } from "./digest/dose-alerts.ts";
import { doseTimes } from "./digest/dose-times.ts";
import { DigestJob, type DigestJobOptions } from "./digest/job.ts";
import { scheduledPosts } from "./digest/posts.ts";
import { botFollowUps, type PrnFollowUpOptions } from "./digest/prn-follow-up.ts";
import { type RetentionJob, startRetention } from "./digest/retention.ts";
import { type DigestSchedule, startDigestSchedule } from "./digest/schedule.ts";
import { type AuthTestAnswer, webClientSlack } from "./digest/slack.ts";
import type { StatusReport } from "./kennel/client.ts";
import { asAnswer, asBulk } from "./kennel/limiter.ts";
import { staffAccess } from "./listeners/access.ts";
import { register as registerActions } from "./listeners/actions/index.ts";
import type { BotDeps } from "./listeners/bot-deps.ts";
import { ChannelGuests } from "./listeners/channel-guests.ts";
import { register as registerCommands } from "./listeners/commands/index.ts";
import { register as registerEvents } from "./listeners/events/index.ts";
import { InFlight } from "./listeners/in-flight.ts";
import { SheetRedraw } from "./listeners/record-round.ts";
import { rehearseTap } from "./listeners/rehearse.ts";
import { storeHealth } from "./record/health.ts";
import { describeSlackLink, SlackConnection } from "./slack/connection.ts";
import { handleEachEventOnce } from "./slack/dedupe.ts";
import { SlackHttpReceiver } from "./slack/http-receiver.ts";
import { type Answer, type BotServer, startBotServer } from "./slack/http-server.ts";
import { channelPacer, type Pacer } from "./slack/pace.ts";
import { sealFor } from "./slack/seal.ts";
import { SocketModeReceiver, type SocketModeSettings } from "./slack/socket-mode.ts";
import { type SlackStartError, slackStartError } from "./slack/start-problem.ts";
import { webClientOptions } from "./slack/web-client.ts";

export interface Bot {
  app: App;
  deps: BotDeps;
  mode: "socket" | "http";
  /** Where the HTTP server listens: 127.0.0.1 (or HEALTH_HOST) in Socket Mode; undefined: every interface. */
  host: string | undefined;
  /** The link to Slack: connected, reconnecting since when, the last error. */
  connection: SlackConnection;
  /** Settles when Slack refuses for good while running (Socket Mode turned off, token revoked). */
  fatal: Promise<SlackStartError>;
  /** The morning post's job, when DIGEST_CHANNEL is set. */
  digest: DigestJob | undefined;
  /** The dose times' nudges and late and missed replies, when ROUNDS_CHANNEL is set. */
  doseAlerts: DoseAlertJob | undefined;
  /**
   * Checks the bot token, binds PORT, and (Socket Mode) connects; resolves with the HTTP port
   * bound. Rejects with a SlackStartError (words and exit code) when Slack refuses or the port is
   * taken.
   */
  start(): Promise<number>;
  /** Stops taking commands, finishes those in flight (at most `graceMs`), then closes. */
  stop(graceMs?: number): Promise<void>;
}

export interface BotOptions {
  slack: SlackSettings;
  /** Overrides for the morning post's job (tests: a fake sleep, a short settle). */
  digest?: Partial<Pick<DigestJobOptions, "sleep" | "settleMs">>;
  /** Overrides for the as-needed doses' follow-ups (tests: a fake sleep). */
  followUps?: Partial<Pick<PrnFollowUpOptions, "sleep" | "tickMs">>;
  /** Read today's care records into the cache at start and with the 07:00 post. Default true (tests: off, to count calls). */
  warmCare?: boolean;
  /** Once each reading of today's care is over (the bot: give back the memory the burst left behind). */
  afterWarm?: () => unknown;
  /** Defaults for tests: a shorter "Looking up…" delay, say. */
  loadingAfterMs?: number;
  /** Slack's pace per channel (default: three at once, then one a second; the preview's stand-in: no wait). */
  pace?: Pacer;
  /** Readiness checks of the kennel API are cached this long. Default 10 s. */
  readyCacheMs?: number;
  /** Where its HTTP server listens, in either mode (the preview's bot: 127.0.0.1 alone). Default below. */
  host?: string;
  /** Socket Mode timings (tests: a short backoff and ping timeout). */
  socket?: Partial<
    Pick<
      SocketModeSettings,
      | "backoff"
      | "clientPingTimeoutMs"
      | "serverPingTimeoutMs"
      | "closingGraceMs"
      | "connectTimeoutMs"
      | "stableAfterMs"
    >
  >;
}

export function createBot(base: BotBase, options: BotOptions): Bot {
  const { slack } = options;
  const mode = slack.appToken ? "socket" : "http";
  const connection = new SlackConnection(mode, base.clock, base.log);
  const inflight = new InFlight();
  // Staff seen before known from the store; each commit's name followed up (src/listeners/access.ts).
  const { access, record } = staffAccess(base, ownChannels(base.config), inflight);
  const deps: BotDeps = {
    ...base,
    // Slack's pace per channel: the scheduled posts and the answers posted as a thread.
    pace: options.pace ?? channelPacer(),
    record,
    access,
    inflight,
    seal: sealFor(slack),
    loadingAfterMs: options.loadingAfterMs ?? 1500,
    slack: connection,
    channelGuests: new ChannelGuests(base.config, base.log, access),
  };
  // Bolt's own lines are quiet (debug) until the bot has started: a failed start is one line of its own.
  let starting = true;
  const quietWhileStarting = () => starting;
  const clientOptions = webClientOptions({ apiUrl: slack.apiUrl, log: base.log, quiet: quietWhileStarting });
  let onFatal: (error: SlackStartError) => void = () => undefined;
  const fatal = new Promise<SlackStartError>((resolve) => {
    onFatal = resolve;
  });
  const socket =
    mode === "socket"
      ? new SocketModeReceiver({
          appToken: slack.appToken as string,
          clientOptions: { ...(slack.apiUrl ? { slackApiUrl: slack.apiUrl } : {}), timeout: 10_000 },
          log: base.log,
          connection,
          onFatal: (error) => onFatal(error),
          ...options.socket,
        })
      : undefined;
  const http =
    mode === "http"
      ? new SlackHttpReceiver({
          signingSecret: slack.signingSecret as string,
          logger: boltLogger(base.log, { quiet: quietWhileStarting }),
        })
      : undefined;
  const app = new App({
    token: slack.botToken,
    receiver: (socket ?? http) as NonNullable<typeof socket | typeof http>,
    logger: boltLogger(base.log, { quiet: quietWhileStarting }),
    clientOptions,
    // auth.test runs in start(), where a refusal becomes words and an exit code.
    deferInitialization: true,
  });
  let self: AuthTestAnswer | undefined; // auth.test's answer at start: the posts count only the bot's own
  const digestSlack = webClientSlack(app.client, { log: base.log, auth: () => self, pace: deps.pace });
  const sheetRedraw = new SheetRedraw(deps, digestSlack); // the taps' and the dose times' job's alike
  for (const warning of allowedChannelsWarnings(base.config)) base.log.warn(warning);
  // Each Slack request an answer of its own: the API's slots shared fairly (src/kennel/limiter.ts).
  app.use(({ next }) => asAnswer(() => next()));
  app.use(handleEachEventOnce(base.log));
  registerCommands(app, deps);
  registerActions(app, deps, sheetRedraw, digestSlack);
  registerEvents(app, deps);
  app.error(async (error) => {
    deps.log.error({ err: String((error as Error)?.message ?? error) }, "Bolt reported an error");
  });

  let ready: { at: number; report: StatusReport } | undefined;
  const readyCacheMs = options.readyCacheMs ?? 10_000;
  const kennelReport = async (): Promise<StatusReport | undefined> => {
    if (ready && Date.now() - ready.at < readyCacheMs) return ready.report;
    try {
      const report = await apiStatus(deps.kennel);
      ready = { at: Date.now(), report };
      return report;
    } catch {
      return undefined;
    }
  };
  // /readyz: which part is not ready, in words and by name, never a path, a host or an error's text.
  const readiness = async (): Promise<Answer> => {
    const [report, store] = await Promise.all([kennelReport(), storeHealth(deps.record)]);
    const { lastError: _details, ...link } = connection.snapshot();
    const kennel = { state: report?.state ?? "unreachable", requestId: report?.requestId };
    const draining = deps.inflight.draining;
    const notReady = [
      ...(draining ? ["stopping"] : []),
      ...(link.connected ? [] : ["slack"]),
      ...(kennel.state === "ok" ? [] : ["kennel_api"]),
      ...(store.ok ? [] : ["care_record"]),
    ];
    const words = [
      draining ? "stopping: finishing the commands in flight" : "",
      link.connected ? "" : `Slack: ${describeSlackLink(link)}`,
      kennel.state === "ok" ? "" : `the kennel API: ${kennel.state.replace("_", " ")}`,
      store.ok ? "" : "the care record: cannot be used now",
    ].filter(Boolean);
    const state = draining
      ? "stopping"
      : !link.connected
        ? `slack_${link.state}`
        : kennel.state !== "ok" || store.ok
          ? kennel.state
          : "store_unavailable";
    return {
      status: notReady.length === 0 ? 200 : 503,
      body: {
        state,
        notReady,
        message: words.length ? `Not ready: ${words.join("; ")}.` : undefined,
        requestId: kennel.requestId,
        kennel,
        slack: link,
        store: { ok: store.ok, engine: store.engine },
      },
    };
  };

  /** Today's care records into the cache (never throws), then what comes after it. */
  const warm = () =>
    void asBulk(() => warmTodaysCare(base))
      .catch(() => undefined)
      .then(() => options.afterWarm?.());
  const posts = scheduledPosts(base.config); // the 07:00 post, the round posts, tomorrow's check…
  const digest =
    posts.length > 0
      ? new DigestJob({
          deps: base,
          slack: digestSlack,
          settings: { posts },
          // The 07:00 post's run also reads today's care records into the cache.
          onPost: (kind) => {
            if (kind === "departures" && options.warmCare !== false) warm();
          },
          ...options.digest,
        })
      : undefined;
  // The dose times' replies; after each round entry, those edited and the welfare flags meals open.
  const { job: doseAlerts, afterEntry } = doseTimes(base, digestSlack, {
    posts,
    draw: (sheet, index, ref) => sheetRedraw.redraw(app.client, sheet, index, ref),
  });
  if (afterEntry) deps.roundCheck = afterEntry;
  const followUps = botFollowUps(base, app.client, options.followUps);
  deps.prnFollowUps = followUps;
  let schedule: DigestSchedule | undefined;
  let retention: RetentionJob | undefined;
  let server: BotServer | undefined;
  // Socket Mode: this computer's alone unless HEALTH_HOST says otherwise (0.0.0.0 in a container). HTTP
  // mode takes Slack's requests: every interface. The preview's bot says 127.0.0.1 (`options.host`).
  const host = options.host ?? (mode === "socket" ? (base.config.healthHost ?? "127.0.0.1") : undefined);

  /** After start: the channels' guests checked, the care cache warmed, the schedules and retention begun. */
  const startBackground = (auth: { team_id?: string; enterprise_id?: string }) => {
    // Guests in the posts' channels: logged and said in /kennel status; in the background, never holding up start-up.
    const workspace = auth.team_id ? { teamId: auth.team_id, enterpriseId: auth.enterprise_id } : undefined;
    deps.channelGuests?.check(app.client, workspace).catch((error: unknown) => {
      base.log.warn(
        { err: String((error as Error)?.message ?? error) },
        "could not check the posts' channels",
      );
    });
    // Today's care into the cache (first answers cost one call) once a restart's first taps are answered.
    if (options.warmCare !== false)
      void deps.inflight.whenQuiet(1_000, 15_000).then(() => deps.inflight.draining || warm());
    if (digest && base.config.scheduledPosts && !deps.inflight.draining) {
      schedule = startDigestSchedule({
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
    retention = startRetention({
      store: base.record,
      days: base.config.recordRetentionDays,
      timezone: base.config.timezone,
      clock: base.clock,
      log: base.log,
    });
  };

  return {
    app,
    deps,
    mode,
    host,
    connection,
    fatal,
    digest,
    doseAlerts,
    async start() {
      let auth: { team_id?: string; enterprise_id?: string } & AuthTestAnswer;
      try {
        auth = (await app.client.auth.test()) as typeof auth;
        await app.init();
      } catch (error) {
        throw slackStartError(error, "bot", { atStart: true, apiUrl: slack.apiUrl });
      }
      self = auth;
      await warmTodaysRecord(base); // today's sheets read before a first tap can come (issue 48)
      await rehearseTap(deps, sheetRedraw); // and a tap's path run once, so it is compiled
      if (auth.team_id) deps.access.setWorkspace({ teamId: auth.team_id, enterpriseId: auth.enterprise_id });
      server = await startBotServer({
        port: base.config.port,
        host,
        log: base.log,
        health: () => ({
          status: 200,
          body: { status: "ok", draining: deps.inflight.draining, slack: connection.state },
        }),
        ready: readiness,
        slackEvents: http ? (req, res, raw, body) => http.handle(req, res, raw, body) : undefined,
      });
      if (socket) {
        try {
          await socket.start();
        } catch (error) {
          await server.close();
          throw error;
        }
      } else {
        connection.connectedNow();
      }
      starting = false;
      startBackground(auth);
      return server.port;
    },
    async stop(graceMs = 25_000) {
      // Stop taking commands first (anything that still arrives is told to try again), then let
      // the work in flight finish: its answers go to Slack's response_url, not through our server.
      deps.inflight.draining = true;
      schedule?.stop();
      retention?.stop();
      digest?.stop();
      const alertsStopped = doseAlerts?.stop();
      followUps.stop();
      const stopped = Promise.all([socket?.stop(), server?.close()]).catch((error: unknown) => {
        deps.log.warn({ err: String((error as Error)?.message ?? error) }, "receiver did not stop cleanly");
      });
      const finished = await deps.inflight.drain(graceMs);
      if (!finished) deps.log.warn({ inFlight: deps.inflight.size }, "stopping with work still in flight");
      await Promise.all([stopped, alertsStopped]);
      connection.stopped();
    },
  };
}
