/**
 * The Slack app: Bolt in Socket Mode (SLACK_APP_TOKEN set) or HTTP mode (POST /slack/events on
 * PORT), with GET /healthz and GET /readyz in both, and every listener registered. Start-up checks
 * the bot token (auth.test) before anything listens, so "listening" is never logged for a token
 * Slack refuses.
 */
import { App } from "@slack/bolt";
import { warmTodaysRecord } from "./answers/sheets.ts";
import {
  type BackgroundOptions,
  backgroundJobs,
  type Jobs,
  startBackground,
  stopBackground,
} from "./app/background.ts";
import { healthAnswer, readinessAnswer } from "./app/health.ts";
import { boltLogger } from "./bolt-logger.ts";
import { allowedChannelsWarnings, ownChannels, type SlackSettings } from "./config.ts";
import type { BotBase } from "./deps.ts";
import type { DoseAlertJob } from "./digest/dose-alerts.ts";
import type { DigestJob } from "./digest/job.ts";
import { type AuthTestAnswer, type DigestSlack, webClientSlack } from "./digest/slack.ts";
import { asAnswer } from "./kennel/limiter.ts";
import { staffAccess } from "./listeners/access.ts";
import { register as registerActions } from "./listeners/actions/index.ts";
import type { BotDeps } from "./listeners/bot-deps.ts";
import { ChannelGuests } from "./listeners/channel-guests.ts";
import { register as registerCommands } from "./listeners/commands/index.ts";
import { register as registerEvents } from "./listeners/events/index.ts";
import { HomeTabs } from "./listeners/home-tabs.ts";
import { InFlight } from "./listeners/in-flight.ts";
import { SheetRedraw } from "./listeners/record-round.ts";
import { rehearseTap } from "./listeners/rehearse.ts";
import { SlackConnection } from "./slack/connection.ts";
import { handleEachEventOnce } from "./slack/dedupe.ts";
import { SlackHttpReceiver } from "./slack/http-receiver.ts";
import { type BotServer, startBotServer } from "./slack/http-server.ts";
import { channelPacer, type Pacer } from "./slack/pace.ts";
import { sealFor } from "./slack/seal.ts";
import { SocketModeReceiver, type SocketModeSettings } from "./slack/socket-mode.ts";
import { refuseWhileStarting, StartGate } from "./slack/start-gate.ts";
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

/** The bot's options; the background jobs' (a fake sleep, no warm-up) in src/app/background.ts. */
export interface BotOptions extends BackgroundOptions {
  slack: SlackSettings;
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

/** Builds the bot (its deps, Bolt's app, the listeners, the background jobs); nothing runs before `start()`. */
export function createBot(base: BotBase, options: BotOptions): Bot {
  const mode = options.slack.appToken ? "socket" : "http";
  const connection = new SlackConnection(mode, base.clock, base.log);
  const deps = botDeps(base, options, connection);
  const bolt = boltApp(base, options, connection);
  const { app } = bolt;
  const running: Running = {};
  const digestSlack = webClientSlack(app.client, {
    log: base.log,
    auth: () => running.self,
    pace: deps.pace,
  });
  const sheetRedraw = new SheetRedraw(deps, digestSlack); // the taps' and the dose times' job's alike
  for (const warning of allowedChannelsWarnings(base.config)) base.log.warn(warning);
  registerListeners(app, deps, sheetRedraw, digestSlack);
  const ready = readinessAnswer(deps, connection, options.readyCacheMs ?? 10_000);
  const jobs = backgroundJobs(
    base,
    deps,
    { client: app.client, digest: digestSlack, sheets: sheetRedraw },
    options,
  );
  // Socket Mode: this computer's alone unless HEALTH_HOST says otherwise (0.0.0.0 in a container). HTTP
  // mode takes Slack's requests: every interface. The preview's bot says 127.0.0.1 (`options.host`).
  const host = options.host ?? (mode === "socket" ? (base.config.healthHost ?? "127.0.0.1") : undefined);
  const opened = new StartGate();
  const parts: Parts = {
    base,
    options,
    deps,
    connection,
    bolt,
    sheetRedraw,
    ready,
    jobs,
    host,
    running,
    opened,
  };
  return {
    app,
    deps,
    mode,
    host,
    connection,
    fatal: bolt.fatal,
    digest: jobs.digest,
    doseAlerts: jobs.doseAlerts,
    start: () => startBot(parts),
    stop: (graceMs = 25_000) => stopBot(parts, graceMs),
  };
}

/** What the bot's start sets: auth.test's answer (the posts count only the bot's own) and its HTTP server. */
interface Running {
  self?: AuthTestAnswer;
  server?: BotServer;
}

/** What createBot builds, for the bot's start and stop. */
interface Parts {
  base: BotBase;
  options: BotOptions;
  deps: BotDeps;
  connection: SlackConnection;
  bolt: Bolt;
  sheetRedraw: SheetRedraw;
  ready: ReturnType<typeof readinessAnswer>;
  jobs: Jobs;
  host: string | undefined;
  running: Running;
  /** Slack's requests wait here until the token is checked and today's sheets are read. */
  opened: StartGate;
}

/** The listeners' deps: the base's, with Slack's pace, the staff's access, the work in flight, the link to Slack. */
function botDeps(base: BotBase, options: BotOptions, connection: SlackConnection): BotDeps {
  const inflight = new InFlight();
  // Staff seen before known from the store; each commit's name followed up (src/listeners/access.ts).
  const { access, record } = staffAccess(base, ownChannels(base.config), inflight);
  return {
    ...base,
    // Slack's pace per channel: the scheduled posts and the answers posted as a thread.
    pace: options.pace ?? channelPacer(),
    record,
    access,
    inflight,
    seal: sealFor(options.slack),
    loadingAfterMs: options.loadingAfterMs ?? 1500,
    slack: connection,
    channelGuests: new ChannelGuests(base.config, base.log, access),
    home: new HomeTabs(),
  };
}

/** Bolt's app and its receiver (Socket Mode or HTTP). */
interface Bolt {
  app: App;
  socket: SocketModeReceiver | undefined;
  http: SlackHttpReceiver | undefined;
  /** Settles when Slack refuses for good while running. */
  fatal: Promise<SlackStartError>;
  /** The start is over: Bolt's own lines at their own level from now on. */
  started(): void;
}

/** Builds Bolt's app on a Socket Mode receiver (SLACK_APP_TOKEN set) or an HTTP one; auth.test deferred to the start. */
function boltApp(base: BotBase, options: BotOptions, connection: SlackConnection): Bolt {
  const { slack } = options;
  // Bolt's own lines are quiet (debug) until the bot has started: a failed start is one line of its own.
  let starting = true;
  const quietWhileStarting = () => starting;
  const clientOptions = webClientOptions({ apiUrl: slack.apiUrl, log: base.log, quiet: quietWhileStarting });
  let onFatal: (error: SlackStartError) => void = () => undefined;
  const fatal = new Promise<SlackStartError>((resolve) => {
    onFatal = resolve;
  });
  const socket = slack.appToken
    ? new SocketModeReceiver({
        appToken: slack.appToken,
        clientOptions: { ...(slack.apiUrl ? { slackApiUrl: slack.apiUrl } : {}), timeout: 10_000 },
        log: base.log,
        connection,
        onFatal: (error) => onFatal(error),
        ...options.socket,
      })
    : undefined;
  const http = socket
    ? undefined
    : new SlackHttpReceiver({
        signingSecret: slack.signingSecret as string,
        logger: boltLogger(base.log, { quiet: quietWhileStarting }),
      });
  const app = new App({
    token: slack.botToken,
    receiver: (socket ?? http) as NonNullable<typeof socket | typeof http>,
    logger: boltLogger(base.log, { quiet: quietWhileStarting }),
    clientOptions,
    // auth.test runs in start(), where a refusal becomes words and an exit code.
    deferInitialization: true,
  });
  return {
    app,
    socket,
    http,
    fatal,
    started: () => {
      starting = false;
    },
  };
}

/** Bolt's middleware (each request an answer of its own, each event once), every listener, and its error log. */
function registerListeners(
  app: App,
  deps: BotDeps,
  sheetRedraw: SheetRedraw,
  digestSlack: DigestSlack,
): void {
  // Each Slack request an answer of its own: the API's slots shared fairly (src/kennel/limiter.ts).
  app.use(({ next }) => asAnswer(() => next()));
  app.use(handleEachEventOnce(deps.log));
  registerCommands(app, deps);
  registerActions(app, deps, sheetRedraw, digestSlack);
  registerEvents(app, deps);
  app.error(async (error) => {
    deps.log.error({ err: String((error as Error)?.message ?? error) }, "Bolt reported an error");
  });
}

/**
 * Asks Slack to check the bot token and binds PORT while it answers (as a bare Bolt app listens with
 * its auth.test in flight): /healthz answers from then on, /readyz says Slack is not connected yet,
 * and Slack's own requests wait (`p.opened`) until the token is checked and today's sheets are read.
 * Then (Socket Mode) connects and begins the background work; resolves with the HTTP port bound.
 */
async function startBot(p: Parts): Promise<number> {
  const { app, socket } = p.bolt;
  // The token checked once for us (the workspace, the bot's own ids) and once by Bolt's init
  // (tokenVerificationEnabled), side by side: one round trip to Slack at start, not two.
  const checked = Promise.all([app.client.auth.test(), app.init()]);
  checked.catch(() => undefined); // said below, once the port is bound (or could not be)
  const server = await listen(p);
  p.running.server = server;
  let auth: { team_id?: string; enterprise_id?: string } & AuthTestAnswer;
  try {
    [auth] = (await checked) as [typeof auth, unknown];
  } catch (error) {
    await server.close();
    p.opened.refuse();
    throw slackStartError(error, "bot", { atStart: true, apiUrl: p.options.slack.apiUrl });
  }
  p.running.self = auth;
  await warmTodaysRecord(p.base); // today's sheets read before a first tap is handled (issue 48)
  await rehearseTap(p.deps, p.sheetRedraw); // and a tap's path run once, so it is compiled
  if (auth.team_id) p.deps.access.setWorkspace({ teamId: auth.team_id, enterpriseId: auth.enterprise_id });
  p.opened.open();
  if (socket) {
    try {
      await socket.start();
    } catch (error) {
      await server.close();
      throw error;
    }
  } else {
    p.connection.connectedNow();
  }
  p.bolt.started();
  startBackground(p.base, p.deps, app.client, p.jobs, auth);
  return server.port;
}

/** The bot's HTTP server on PORT: /healthz, /readyz and (HTTP mode) Slack's events, once `p.opened`. */
function listen(p: Parts): Promise<BotServer> {
  const { http } = p.bolt;
  return startBotServer({
    port: p.base.config.port,
    host: p.host,
    log: p.base.log,
    health: healthAnswer(p.deps, p.connection),
    ready: p.ready,
    slackEvents: http
      ? (req, res, raw, body, arrivedAt) =>
          p.opened.through(
            () => http.handle(req, res, raw, body, arrivedAt),
            () => refuseWhileStarting(res),
          )
      : undefined,
  });
}

/** Stops taking commands and the background jobs, finishes the work in flight (at most `graceMs`), then closes. */
async function stopBot(p: Parts, graceMs: number): Promise<void> {
  const { deps } = p;
  // Stop taking commands first (anything that still arrives is told to try again), then let
  // the work in flight finish: its answers go to Slack's response_url, not through our server.
  deps.inflight.draining = true;
  const alertsStopped = stopBackground(p.jobs);
  const stopped = Promise.all([p.bolt.socket?.stop(), p.running.server?.close()]).catch((error: unknown) => {
    deps.log.warn({ err: String((error as Error)?.message ?? error) }, "receiver did not stop cleanly");
  });
  const finished = await deps.inflight.drain(graceMs);
  if (!finished) deps.log.warn({ inFlight: deps.inflight.size }, "stopping with work still in flight");
  await Promise.all([stopped, alertsStopped]);
  p.connection.stopped();
}
