#!/usr/bin/env node
/**
 * The composition root: read the settings once, build the logger, the kennel client and the bot,
 * start, and stop cleanly on SIGTERM or SIGINT.
 */
import { existsSync } from "node:fs";
import { createBot } from "./app.ts";
import { ConfigError, loadConfig, requireKennel, requireSlack, secretValues } from "./config.ts";
import { systemClock } from "./deps.ts";
import { createKennelClient } from "./kennel/client.ts";
import { createLogger, scrubSecrets } from "./log.ts";

export async function main(env: Record<string, string | undefined>): Promise<number> {
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
      process.stderr.write(
        `${error.message}\n\nSee the README, "Connecting to Slack", for where each value is.\n`,
      );
      return 2;
    }
    throw error;
  }
  const log = createLogger({ level: config.logLevel, secrets: secretValues(env) });
  // Signals first: a stop that arrives during start-up still finishes the commands in flight.
  const stopRequested = new Promise<string>((resolve) => {
    process.once("SIGTERM", () => resolve("SIGTERM"));
    process.once("SIGINT", () => resolve("SIGINT"));
  });
  const kennel = createKennelClient(kennelSettings, { log });
  const bot = createBot({ kennel, log, config, clock: systemClock }, { slack });
  const port = await bot.start();
  log.info(
    { mode: bot.mode, port, kennelApi: kennelSettings.baseUrl.href, timezone: config.timezone },
    bot.mode === "socket"
      ? `Kennel Desk is running in Socket Mode; health checks on http://localhost:${port}/healthz`
      : `Kennel Desk is listening for Slack on http://localhost:${port}/slack/events`,
  );
  // A first look at the kennel API, in the background: a problem is logged, not fatal.
  void kennel.checkStatus().then((status) => {
    if (status.state !== "ok") {
      log.warn(
        { state: status.state, requestId: status.requestId },
        `kennel API: ${status.error?.message ?? status.state}`,
      );
    }
  });
  const signal = await stopRequested;
  log.info({ signal }, "stopping: finishing the commands in flight");
  await bot.stop();
  log.info("stopped");
  return 0;
}

if (import.meta.main) {
  if (existsSync(".env")) process.loadEnvFile(".env");
  main(process.env).then(
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
