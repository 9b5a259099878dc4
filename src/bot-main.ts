/**
 * The composition root: read the settings once, build the logger, the kennel client and the bot,
 * start, and stop cleanly on SIGTERM or SIGINT; the preview (src/preview-main.ts) when nothing is set.
 * Started by src/main.ts (`node dist/main.js`), once it has checked the Node.js version.
 */
import { apiStatus } from "./answers/kennel.ts";
import { type Bot, createBot } from "./app.ts";
import {
  ConfigError,
  loadConfig,
  missingSlack,
  requireKennel,
  requireSlack,
  secretValues,
  settingsNotices,
  timezoneNotice,
} from "./config.ts";
import { systemClock } from "./deps.ts";
import { createKennelClient, type KennelClient } from "./kennel/client.ts";
import { createLogger, type Logger, scrubSecrets } from "./log.ts";
import { preview, wantsPreview } from "./preview-main.ts";
import { saveCompileCache } from "./process/compile-cache.ts";
import { loadEnvFile } from "./process/env-file.ts";
import { installProcessGuards } from "./process/guards.ts";
import { releaseIdleMemory, watchMemory } from "./process/memory.ts";
import { stopWithParent } from "./process/parent.ts";
import { StoreError } from "./record/errors.ts";
import { DataFolderError } from "./record/folder.ts";
import { recordKennel } from "./record/kennel.ts";
import { openCareRecord } from "./record/open.ts";
import { SlackStartError } from "./slack/start-problem.ts";
import { adoptProcessZone } from "./time.ts";

type Env = Record<string, string | undefined>;
type Config = ReturnType<typeof loadConfig>;
type CareRecord = Awaited<ReturnType<typeof openCareRecord>>;

/** The bot's settings, each part read and checked. */
interface Settings {
  config: Config;
  slack: ReturnType<typeof requireSlack>;
  kennelSettings: ReturnType<typeof requireKennel>;
}

/** The options `npm start -- …` takes: `--production` never the preview; `--setup` the preview and its setup page whatever .env holds. */
const OPTIONS = ["--production", "--setup"];

/** The port the preview listens on with these settings (.env's included): PORT, or 3000. */
const previewPort = (env: Env): number =>
  /^\d{1,5}$/.test(env.PORT?.trim() ?? "") ? Number(env.PORT) : 3000;

/** How to connect Slack when .env holds only the kennel's lines: the setup page, which keeps them. */
export function connectSlackHint(port: number): string {
  return `No Slack setting is set yet. Connect Slack on the setup page: run npm start -- --setup and open http://localhost:${port}/setup (it keeps the kennel's lines in .env, checks Slack's as you paste them, and starts Kennel Desk as your bot). Or add the Slack lines to .env by hand (docs/connecting.md).`;
}

/**
 * `guard`: the process is the bot's own: install the process-wide handlers for uncaught errors
 * (src/process/guards.ts) and take the kennel's zone as the process's (src/time.ts
 * adoptProcessZone: its offsets without an Intl formatter); off when main runs inside a test
 * process. `shell`: the environment without the .env file's lines (what the setup page's "Start
 * Kennel Desk now" reads the saved file under); default `env`.
 */
export async function main(env: Env, argv: string[] = [], guard = false, shell: Env = env): Promise<number> {
  const wrongOptions = optionsProblem(argv);
  if (wrongOptions) {
    process.stderr.write(wrongOptions);
    return 2;
  }
  if (wantsPreview(env, argv)) {
    const next = await preview(env, argv, shell);
    return typeof next === "number" ? next : main(next.env, next.argv, guard);
  }
  const settings = readSettings(env);
  if (typeof settings === "number") return settings;
  const { log, stopRequested } = takeProcess(settings.config, env, guard);
  const record = await openRecord(settings.config, log);
  if (typeof record === "number") return record;
  const { bot, kennel } = buildBot(settings, env, log, record);
  const started = await startBot(bot, record, log);
  if (started.exitCode !== undefined) return started.exitCode;
  logRunning(bot, started.port, settings, record, log);
  // What later bursts of work leave behind is given back too, once they are over (or grow past a ceiling).
  watchMemory();
  saveCompileCache(); // the code compiled so far, for the next start (src/process/compile-cache.ts)
  firstLookAtKennel(bot, kennel, log);
  return runUntilStopped(bot, record, log, stopRequested);
}

/** The words for options that cannot start anything (to stderr), or undefined. */
function optionsProblem(argv: string[]): string | undefined {
  // A mistyped option must not quietly start the preview in place of the bot (a typo in a service unit).
  const unknown = argv.filter((a) => !OPTIONS.includes(a));
  if (unknown.length > 0) {
    return `Kennel Desk: unknown option ${JSON.stringify(unknown[0]).slice(0, 60)}. The options are --production (never the preview) and --setup (the preview's setup page, keeping .env's lines).\n`;
  }
  if (argv.includes("--production") && argv.includes("--setup")) {
    return "Kennel Desk: --production (never the preview) and --setup (the preview's setup page) cannot go together.\n";
  }
  return undefined;
}

/** The bot's settings, or exit code 2 once every problem with them is said. */
function readSettings(env: Env): Settings | number {
  try {
    const config = loadConfig(env);
    const problems: ConfigError["problems"] = [];
    for (const need of [() => requireSlack(config, env), () => requireKennel(config, env)]) {
      try {
        need();
      } catch (error) {
        if (error instanceof ConfigError) problems.push(...error.problems);
        else throw error;
      }
    }
    if (problems.length) throw new ConfigError(problems);
    return { config, slack: requireSlack(config, env), kennelSettings: requireKennel(config, env) };
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(settingsProblem(error, env));
      return 2;
    }
    throw error;
  }
}

/** What stops the start in the settings, in words: every problem at once, and where each value is. */
function settingsProblem(error: ConfigError, env: Env): string {
  // Every problem at once: the settings that could not be read, and the Slack ones not set at all.
  const named = new Set(error.problems.map((p) => p.variable));
  const all = [...error.problems, ...missingSlack(env).filter((p) => !named.has(p.variable))];
  // Only kennel settings (as `npm run sandbox:env` or the setup page's kennel part writes them):
  // the setup page that fills in Slack's is the preview's. Say how to reach it, at the port it
  // will listen on (PORT as npm start reads it, .env's included).
  const noSlack = !["SLACK_BOT_TOKEN", "SLACK_APP_TOKEN", "SLACK_SIGNING_SECRET"].some((k) => env[k]?.trim());
  const setupPage = noSlack ? `\n${connectSlackHint(previewPort(env))}\n` : "";
  return `${new ConfigError(all).message}\n\nSee docs/connecting.md and docs/configuration.md for where each value is.\n${setupPage}`;
}

/**
 * The process made the bot's: the kennel's zone and the uncaught errors' handlers (`guard`), the
 * logger, the stop signals; the settings' notices logged.
 */
function takeProcess(
  config: Config,
  env: Env,
  guard: boolean,
): { log: Logger; stopRequested: Promise<string> } {
  if (guard) adoptProcessZone(config.timezone);
  const log = createLogger({ level: config.logLevel, secrets: secretValues(env) });
  if (guard) installProcessGuards(process, log);
  // Signals first: a stop that arrives during start-up still finishes the commands in flight.
  const stopRequested = new Promise<string>((resolve) => {
    process.once("SIGTERM", () => resolve("SIGTERM"));
    process.once("SIGINT", () => resolve("SIGINT"));
  });
  const zoneNote = timezoneNotice(config);
  if (zoneNote) log.warn(zoneNote);
  for (const note of settingsNotices(config, env)) log.warn(note);
  return { log, stopRequested };
}

/**
 * The care record, before Slack: a schema newer than this version stops the start, in one line
 * (exit code 2); a store that is down (or a data folder that will not last) is said, and the bot
 * starts anyway.
 */
async function openRecord(config: Config, log: Logger): Promise<CareRecord | number> {
  let record: CareRecord;
  try {
    // The store going out of use is logged once, and its coming back once: at start and whenever after.
    record = await openCareRecord(config.record, systemClock, recordKennel(config), {
      onState: (problem) => logStoreState(log, config.record.engine, problem),
    });
  } catch (error) {
    if (error instanceof StoreError) {
      process.stderr.write(`Kennel Desk will not start: ${error.describe()}\n`);
      return 2;
    }
    if (error instanceof DataFolderError) {
      process.stderr.write(`Kennel Desk will not start: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  if (record.folderNotice) log.warn(record.folderNotice);
  if (record.folderWarning) log.warn(record.folderWarning);
  return record;
}

/** The care record out of use (said once, with where and why), or back in use (once). */
function logStoreState(log: Logger, engine: string, problem: StoreError | undefined): void {
  if (problem) {
    log.error(
      { store: engine, problem: problem.problem },
      `The care record cannot be used now: ${problem.describe()} Commands keep answering; a tap is told to try again.`,
    );
  } else log.info({ store: engine }, "The care record can be used again: taps are recorded.");
}

/** The kennel API's client and the bot over it and the care record (not started). */
function buildBot(
  settings: Settings,
  env: Env,
  log: Logger,
  record: CareRecord,
): { bot: Bot; kennel: KennelClient } {
  const { config } = settings;
  const kennel = createKennelClient(settings.kennelSettings, {
    log,
    secrets: secretValues(env),
    keepRaw: config.rawResponses,
  });
  const bot = createBot(
    { kennel, log, config, clock: systemClock, record: record.store },
    // After each burst of reading today's care (at start, with the 07:00 post): memory given back.
    { slack: settings.slack, afterWarm: releaseIdleMemory },
  );
  return { bot, kennel };
}

/** Starts the bot: the port it listens on, or (Slack refused it, said; the record closed) the exit code. */
async function startBot(
  bot: Bot,
  record: CareRecord,
  log: Logger,
): Promise<{ port: number; exitCode?: undefined } | { exitCode: number }> {
  try {
    // auth.test, then the port, then (Socket Mode) the first connection: nothing says "running"
    // or "listening" before Slack accepted the token.
    return { port: await bot.start() };
  } catch (error) {
    await record.store.close();
    if (error instanceof SlackStartError) {
      process.stderr.write(`Kennel Desk could not start. ${error.message}\n${error.fix}\n`);
      log.debug({ code: error.code, exitCode: error.exitCode }, "start-up refused");
      return { exitCode: error.exitCode };
    }
    throw error;
  }
}

/** The one line that says the bot runs: its mode, and where Slack (or the health checks) reach it. */
function logRunning(bot: Bot, port: number, settings: Settings, record: CareRecord, log: Logger): void {
  log.info(
    {
      mode: bot.mode,
      port,
      kennelApi: settings.kennelSettings.baseUrl.href,
      timezone: settings.config.timezone,
      careRecord: record.where,
    },
    bot.mode === "socket"
      ? `Kennel Desk is running in Socket Mode; health checks on http://${urlHost(bot.host)}:${port}/healthz${bot.host === "127.0.0.1" ? " (this computer only; HEALTH_HOST=0.0.0.0 opens them to a container's platform)" : ""}`
      : `Kennel Desk is listening for Slack on http://localhost:${port}/slack/events`,
  );
}

/** A listening address as a URL's host: loopback and wildcards as localhost, an IPv6 address in brackets. */
function urlHost(host: string | undefined): string {
  if (!host || ["0.0.0.0", "::", "127.0.0.1", "::1"].includes(host)) return "localhost";
  return host.includes(":") ? `[${host}]` : host;
}

/** A first look at the kennel API, in the background: a problem is logged. */
function firstLookAtKennel(bot: Bot, kennel: KennelClient, log: Logger): void {
  // A first look at the kennel API once a restart's first taps are answered (its client's first
  // request loads ky and Node's fetch, which a restart's first tap waited on): a problem is logged.
  void bot.deps.inflight
    .whenQuiet(1_000, 15_000)
    .then(async () => {
      if (bot.deps.inflight.draining) return;
      const status = await apiStatus(kennel);
      if (status.state !== "ok") {
        log.warn(
          { state: status.state, requestId: status.requestId },
          `kennel API: ${status.error?.message ?? status.state}`,
        );
      }
    })
    .catch(() => undefined);
}

/** Runs until a signal (a clean stop: 0) or Slack refusing for good (its exit code); the bot stopped, the record closed. */
async function runUntilStopped(
  bot: Bot,
  record: CareRecord,
  log: Logger,
  stopRequested: Promise<string>,
): Promise<number> {
  const outcome = await Promise.race([
    stopRequested.then((signal) => ({ signal, fatal: undefined })),
    bot.fatal.then((fatal) => ({ signal: undefined, fatal })),
  ]);
  if (outcome.fatal) {
    // Slack refused for good (Socket Mode turned off, the app token revoked): retrying cannot help.
    process.stderr.write(`Kennel Desk stopped. ${outcome.fatal.message}\n${outcome.fatal.fix}\n`);
    await bot.stop(5_000);
    await record.store.close();
    return outcome.fatal.exitCode;
  }
  const signal = outcome.signal;
  log.info({ signal }, "stopping: finishing the commands in flight");
  await bot.stop();
  await record.store.close();
  log.info("stopped");
  return 0;
}

/** The bot as a program: its .env file, its arguments, its exit code. */
export function start(): void {
  // The environment as npm start was given it: the file's lines fill in only what it does not set.
  const shell = { ...process.env };
  const unreadable = loadEnvFile("bot");
  if (unreadable !== undefined) {
    process.exitCode = unreadable;
    return;
  }
  stopWithParent(process.env);
  main(process.env, process.argv.slice(2), true, shell).then(
    (code) => {
      process.exitCode = code;
      // Bolt's sockets and timers may linger; the work is done.
      setTimeout(() => process.exit(code), 200).unref();
    },
    (error: unknown) => {
      process.stderr.write(
        `Kennel Desk stopped on an unexpected error: ${scrubSecrets(String((error as Error)?.message ?? error), secretValues(process.env))}\n`,
      );
      process.exitCode = 1;
    },
  );
}
