/**
 * The composition root: read the settings once, build the logger, the kennel client and the bot,
 * start, and stop cleanly on SIGTERM or SIGINT. Started by src/main.ts (`node dist/main.js`), once it
 * has checked the Node.js version.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parseEnv } from "node:util";
import { apiStatus } from "./answers/kennel.ts";
import { createBot } from "./app.ts";
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
import { createKennelClient } from "./kennel/client.ts";
import { createLogger, scrubSecrets } from "./log.ts";
import { terminalLog } from "./log-lines.ts";
import { saveCompileCache } from "./process/compile-cache.ts";
import { installProcessGuards } from "./process/guards.ts";
import { releaseIdleMemory, watchMemory } from "./process/memory.ts";
import { stopWithParent } from "./process/parent.ts";
import { StoreError } from "./record/errors.ts";
import { DataFolderError } from "./record/folder.ts";
import { recordKennel } from "./record/kennel.ts";
import { openCareRecord } from "./record/open.ts";
import { SlackStartError } from "./slack/start-problem.ts";
import { adoptProcessZone } from "./time.ts";

/** Settings that mean "this is meant to be a real installation": any of them turns the preview off. */
const REAL_SETTINGS = [
  "KENNEL_API_KEY",
  "KENNEL_API_BASE_URL",
  "SLACK_BOT_TOKEN",
  "SLACK_APP_TOKEN",
  "SLACK_SIGNING_SECRET",
];

/** The options `npm start -- …` takes: `--production` never the preview; `--setup` the preview and its setup page whatever .env holds. */
const OPTIONS = ["--production", "--setup"];

export function wantsPreview(env: Record<string, string | undefined>, argv: string[]): boolean {
  if (argv.includes("--production")) return false;
  return argv.includes("--setup") || REAL_SETTINGS.every((k) => !env[k]?.trim());
}

/** The port the preview listens on with these settings (.env's included): PORT, or 3000. */
const previewPort = (env: Record<string, string | undefined>): number =>
  /^\d{1,5}$/.test(env.PORT?.trim() ?? "") ? Number(env.PORT) : 3000;

/** How to connect Slack when .env holds only the kennel's lines: the setup page, which keeps them. */
export function connectSlackHint(port: number): string {
  return `No Slack setting is set yet. Connect Slack on the setup page: run npm start -- --setup and open http://localhost:${port}/setup (it keeps the kennel's lines in .env, checks Slack's as you paste them, and starts Kennel Desk as your bot). Or add the Slack lines to .env by hand (docs/connecting.md).`;
}

async function preview(
  env: Record<string, string | undefined>,
  argv: string[],
  guard: boolean,
  shell: Record<string, string | undefined>,
): Promise<number> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    throw error;
  }
  // The preview is a person's, in a terminal or its log file: readable lines, never raw JSON.
  const log = createLogger({
    level: env.LOG_LEVEL ? config.logLevel : "warn",
    secrets: secretValues(env),
    ...(process.stderr.isTTY ? {} : { destination: terminalLog(process.stderr), pretty: false }),
  });
  const stopRequested = new Promise<void>((resolve) => {
    process.once("SIGTERM", () => resolve());
    process.once("SIGINT", () => resolve());
  });
  // The setup page's "Start Kennel Desk now", after it saved the settings.
  let startBot = () => {};
  const botRequested = new Promise<void>((resolve) => {
    startBot = resolve;
  });
  const envFile = resolve(".env");
  // Loaded only here: a real installation never loads the preview (nor its sandbox).
  const { startPreview } = await import("./preview/server.ts");
  let running: Awaited<ReturnType<typeof startPreview>>;
  try {
    running = await startPreview({
      port: config.port,
      timezone: config.timezone,
      dateOrder: config.dateOrder,
      log,
      slackApiUrl: config.slackApiUrl,
      envFile,
      stateFolder: dirname(envFile),
      onStartBot: () => startBot(),
      environment: shell,
    });
  } catch (error) {
    if ((error as { code?: string }).code === "EADDRINUSE") {
      process.stderr.write(
        `Port ${config.port} is already in use. Set PORT to another port, for example PORT=3001 npm start.\n`,
      );
      return 2;
    }
    throw error;
  }
  saveCompileCache(); // what the preview compiled, for its next start (src/process/compile-cache.ts)
  process.stdout.write(
    [
      "",
      REAL_SETTINGS.some((k) => env[k]?.trim())
        ? "  Kennel Desk: PREVIEW and its setup page (--setup: the settings in .env are kept for the page; nothing here connects to Slack or to a real kennel)."
        : "  Kennel Desk: PREVIEW (no settings found, so nothing connects to Slack or to a real kennel).",
      "",
      `  Open ${running.url} and type /arrivals, /departures tomorrow, /pet Biscuit, /kennel help …`,
      "  The answers are the bot's real Block Kit messages, over synthetic data from the local sandbox.",
      "",
      `  To connect your Slack workspace and your kennel, open ${running.url}/setup: it checks each`,
      "  token and key as you paste it, writes .env, and starts Kennel Desk as your bot.",
      "  Press Ctrl+C to stop.",
      "",
    ].join("\n"),
  );
  const next = await Promise.race([
    stopRequested.then(() => "stop" as const),
    botRequested.then(() => "bot" as const),
  ]);
  await running.close();
  if (next === "stop") return 0;
  // As a fresh `npm start` would read them: the environment first, then the file just saved (not
  // the lines the old file had at start, which `env` holds too: a port changed on the page wins).
  const saved = { ...(parseEnv(readFileSync(envFile, "utf8")) as Record<string, string>), ...shell };
  const asBot = argv.filter((a) => a !== "--setup");
  if (wantsPreview(saved, asBot)) {
    process.stderr.write(`Kennel Desk: ${envFile} holds no Slack or kennel settings; nothing to start.\n`);
    return 2;
  }
  process.stdout.write(`\n  Settings saved in ${envFile}: Kennel Desk now starts as your bot.\n\n`);
  return main(saved, asBot, guard);
}

/** A listening address as a URL's host: loopback and wildcards as localhost, an IPv6 address in brackets. */
function urlHost(host: string | undefined): string {
  if (!host || ["0.0.0.0", "::", "127.0.0.1", "::1"].includes(host)) return "localhost";
  return host.includes(":") ? `[${host}]` : host;
}

/**
 * `guard`: the process is the bot's own: install the process-wide handlers for uncaught errors
 * (src/process/guards.ts) and take the kennel's zone as the process's (src/time.ts
 * adoptProcessZone: its offsets without an Intl formatter); off when main runs inside a test
 * process. `shell`: the environment without the .env file's lines (what the setup page's "Start
 * Kennel Desk now" reads the saved file under); default `env`.
 */
export async function main(
  env: Record<string, string | undefined>,
  argv: string[] = [],
  guard = false,
  shell: Record<string, string | undefined> = env,
): Promise<number> {
  // A mistyped option must not quietly start the preview in place of the bot (a typo in a service unit).
  const unknown = argv.filter((a) => !OPTIONS.includes(a));
  if (unknown.length > 0) {
    process.stderr.write(
      `Kennel Desk: unknown option ${JSON.stringify(unknown[0]).slice(0, 60)}. The options are --production (never the preview) and --setup (the preview's setup page, keeping .env's lines).\n`,
    );
    return 2;
  }
  if (argv.includes("--production") && argv.includes("--setup")) {
    process.stderr.write(
      "Kennel Desk: --production (never the preview) and --setup (the preview's setup page) cannot go together.\n",
    );
    return 2;
  }
  if (wantsPreview(env, argv)) return preview(env, argv, guard, shell);
  let config: ReturnType<typeof loadConfig>;
  let slack: ReturnType<typeof requireSlack>;
  let kennelSettings: ReturnType<typeof requireKennel>;
  try {
    config = loadConfig(env);
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
    slack = requireSlack(config, env);
    kennelSettings = requireKennel(config, env);
  } catch (error) {
    if (error instanceof ConfigError) {
      // Every problem at once: the settings that could not be read, and the Slack ones not set at all.
      const named = new Set(error.problems.map((p) => p.variable));
      const all = [...error.problems, ...missingSlack(env).filter((p) => !named.has(p.variable))];
      // Only kennel settings (as `npm run sandbox:env` or the setup page's kennel part writes them):
      // the setup page that fills in Slack's is the preview's. Say how to reach it, at the port it
      // will listen on (PORT as npm start reads it, .env's included).
      const noSlack = !["SLACK_BOT_TOKEN", "SLACK_APP_TOKEN", "SLACK_SIGNING_SECRET"].some((k) =>
        env[k]?.trim(),
      );
      const setupPage = noSlack ? `\n${connectSlackHint(previewPort(env))}\n` : "";
      process.stderr.write(
        `${new ConfigError(all).message}\n\nSee docs/connecting.md and docs/configuration.md for where each value is.\n${setupPage}`,
      );
      return 2;
    }
    throw error;
  }
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
  // The care record, before Slack: a schema newer than this version stops the start, in one line;
  // a store that is down (or a data folder that will not last) is said, and the bot starts anyway.
  let record: Awaited<ReturnType<typeof openCareRecord>>;
  try {
    record = await openCareRecord(config.record, systemClock, recordKennel(config));
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
  if (record.problem) {
    log.error(
      { store: record.store.engine, problem: record.problem.problem },
      `The care record cannot be used now: ${record.problem.describe()} Commands keep answering; a tap is told to try again.`,
    );
  }
  const kennel = createKennelClient(kennelSettings, {
    log,
    secrets: secretValues(env),
    keepRaw: config.rawResponses,
  });
  const bot = createBot(
    { kennel, log, config, clock: systemClock, record: record.store },
    // After each burst of reading today's care (at start, with the 07:00 post): memory given back.
    { slack, afterWarm: releaseIdleMemory },
  );
  let port: number;
  try {
    // auth.test, then the port, then (Socket Mode) the first connection: nothing says "running"
    // or "listening" before Slack accepted the token.
    port = await bot.start();
  } catch (error) {
    await record.store.close();
    if (error instanceof SlackStartError) {
      process.stderr.write(`Kennel Desk could not start. ${error.message}\n${error.fix}\n`);
      log.debug({ code: error.code, exitCode: error.exitCode }, "start-up refused");
      return error.exitCode;
    }
    throw error;
  }
  log.info(
    {
      mode: bot.mode,
      port,
      kennelApi: kennelSettings.baseUrl.href,
      timezone: config.timezone,
      careRecord: record.where,
    },
    bot.mode === "socket"
      ? `Kennel Desk is running in Socket Mode; health checks on http://${urlHost(bot.host)}:${port}/healthz${bot.host === "127.0.0.1" ? " (this computer only; HEALTH_HOST=0.0.0.0 opens them to a container's platform)" : ""}`
      : `Kennel Desk is listening for Slack on http://localhost:${port}/slack/events`,
  );
  // What later bursts of work leave behind is given back too, once they are over (or grow past a ceiling).
  watchMemory();
  saveCompileCache(); // the code compiled so far, for the next start (src/process/compile-cache.ts)
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
  if (existsSync(".env")) process.loadEnvFile(".env");
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
