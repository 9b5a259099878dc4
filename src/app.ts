/**
 * The Slack app: Bolt in Socket Mode (SLACK_APP_TOKEN set) or HTTP mode (POST /slack/events on
 * PORT), with GET /healthz and GET /readyz in both, and every listener registered.
 */
import type { ServerResponse } from "node:http";
import { App } from "@slack/bolt";
import { boltLogger } from "./bolt-logger.ts";
import type { SlackSettings } from "./config.ts";
import type { Deps } from "./deps.ts";
import { DigestJob, type DigestJobOptions } from "./digest/job.ts";
import { type DigestSchedule, startDigestSchedule } from "./digest/schedule.ts";
import { webClientSlack } from "./digest/slack.ts";
import type { StatusReport } from "./kennel/client.ts";
import { Access, InFlight } from "./listeners/access.ts";
import { register as registerActions } from "./listeners/actions/index.ts";
import { register as registerCommands } from "./listeners/commands/index.ts";
import { register as registerEvents } from "./listeners/events/index.ts";
import type { BotDeps } from "./listeners/runner.ts";

export interface Bot {
  app: App;
  deps: BotDeps;
  mode: "socket" | "http";
  /** The morning post's job, when DIGEST_CHANNEL is set. */
  digest: DigestJob | undefined;
  /** Starts listening; resolves with the HTTP port actually bound. */
  start(): Promise<number>;
  /** Stops taking commands, finishes those in flight (at most `graceMs`), then closes. */
  stop(graceMs?: number): Promise<void>;
}

export interface BotOptions {
  slack: SlackSettings;
  /** Overrides for the morning post's job (tests: a fake sleep, a short settle). */
  digest?: Partial<Pick<DigestJobOptions, "sleep" | "settleMs">>;
  /** Defaults for tests: a shorter "Looking up…" delay, say. */
  loadingAfterMs?: number;
  /** Readiness checks are cached this long. Default 10 s. */
  readyCacheMs?: number;
}

/** Retries of Slack Web API calls: quick, so every command gets its answer within seconds. */
export const SLACK_RETRY = { retries: 2, factor: 2, minTimeout: 250, maxTimeout: 2_000 };

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  res.end(JSON.stringify(body));
}

export function createBot(base: Deps, options: BotOptions): Bot {
  const deps: BotDeps = {
    ...base,
    access: new Access(base.config.allowedChannels, base.clock, base.log),
    inflight: new InFlight(),
    loadingAfterMs: options.loadingAfterMs ?? 1500,
  };
  const { slack } = options;
  const mode = slack.appToken ? "socket" : "http";
  let ready: { at: number; report: StatusReport } | undefined;
  const readyCacheMs = options.readyCacheMs ?? 10_000;
  const customRoutes = [
    {
      path: "/healthz",
      method: ["GET"],
      handler: (_req: unknown, res: ServerResponse) =>
        json(res, 200, { status: "ok", draining: deps.inflight.draining }),
    },
    {
      path: "/readyz",
      method: ["GET"],
      handler: (_req: unknown, res: ServerResponse) => {
        const now = Date.now();
        const answer = (report: StatusReport) =>
          json(res, report.state === "ok" && !deps.inflight.draining ? 200 : 503, {
            state: deps.inflight.draining ? "stopping" : report.state,
            message: report.error?.message,
            requestId: report.requestId,
          });
        if (ready && now - ready.at < readyCacheMs) return answer(ready.report);
        deps.kennel.checkStatus().then(
          (report) => {
            ready = { at: Date.now(), report };
            answer(report);
          },
          () => json(res, 503, { state: "unreachable" }),
        );
      },
    },
  ];
  const common = {
    token: slack.botToken,
    logger: boltLogger(base.log),
    clientOptions: {
      ...(slack.apiUrl ? { slackApiUrl: slack.apiUrl } : {}),
      // The WebClient's default is ten retries over about 30 minutes and no timeout: a command would
      // wait that long for users.info. Two quick retries and 10 s a call; rate limits (429) are
      // still waited out as Slack asks.
      retryConfig: SLACK_RETRY,
      timeout: 10_000,
    },
    customRoutes,
  };
  const app =
    mode === "socket"
      ? new App({
          ...common,
          socketMode: true,
          appToken: slack.appToken,
          installerOptions: { port: base.config.port },
        })
      : new App({ ...common, signingSecret: slack.signingSecret as string, port: base.config.port });
  registerCommands(app, deps);
  registerActions(app, deps);
  registerEvents(app, deps);
  app.error(async (error) => {
    deps.log.error({ err: String((error as Error)?.message ?? error) }, "Bolt reported an error");
  });

  const digestSettings = base.config.digest;
  const digest = digestSettings
    ? new DigestJob({
        deps: base,
        slack: webClientSlack(app.client),
        settings: digestSettings,
        ...options.digest,
      })
    : undefined;
  let schedule: DigestSchedule | undefined;

  let boundPort = base.config.port;
  return {
    app,
    deps,
    mode,
    digest,
    async start() {
      const server = (await app.start(base.config.port)) as unknown;
      const address = (server as { address?: () => unknown } | undefined)?.address?.();
      if (address && typeof address === "object" && "port" in address) {
        boundPort = Number((address as { port: number }).port);
      }
      if (digest && digestSettings?.schedule) {
        schedule = startDigestSchedule({
          job: digest,
          settings: digestSettings,
          timezone: base.config.timezone,
          clock: base.clock,
          log: base.log,
        });
      }
      return boundPort;
    },
    async stop(graceMs = 25_000) {
      // Stop taking commands first (anything that still arrives is told to try again), then let
      // the work in flight finish: its answers go to Slack's response_url, not through our server.
      deps.inflight.draining = true;
      schedule?.stop();
      digest?.stop();
      const stopped = app.stop().catch((error: unknown) => {
        deps.log.warn({ err: String((error as Error)?.message ?? error) }, "receiver did not stop cleanly");
      });
      const finished = await deps.inflight.drain(graceMs);
      if (!finished) deps.log.warn({ inFlight: deps.inflight.size }, "stopping with work still in flight");
      await stopped;
    },
  };
}
