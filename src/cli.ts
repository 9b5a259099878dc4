#!/usr/bin/env node
/**
 * The command line: `kennel-desk <command>`. Reads the environment once, here, and passes it on.
 * Exit codes: 0 OK / found, 1 not OK / not found, 2 invalid settings or usage, 3 API failure.
 */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { type Config, ConfigError, loadConfig, requireKennel } from "./config.ts";
import { createKennelClient } from "./kennel/client.ts";
import { describeStatus } from "./kennel/status.ts";
import { createLogger, type Logger, scrubSecrets } from "./log.ts";

export interface CliIo {
  stdout: { write(s: string): unknown };
  stderr: { write(s: string): unknown; isTTY?: boolean };
}

export interface CliDeps {
  env: Record<string, string | undefined>;
  io: CliIo;
  fetch?: typeof fetch;
}

const USAGE = `Kennel Desk: the kennel's day in Slack.

Usage: kennel-desk <command> [options]

Commands:
  status     Check the kennel API: up, key accepted, right address. Exit 0 when OK, 1 otherwise.
  help       Show this text.

Settings come from the environment (and a .env file when run through npm); see the README.
`;

export async function runCli(argv: string[], deps: CliDeps): Promise<number> {
  const [command, ...rest] = argv;
  const { io } = deps;
  if (!command || command === "help" || command === "--help" || command === "-h") {
    io.stdout.write(USAGE);
    return command ? 0 : 2;
  }
  let config: Config;
  try {
    config = loadConfig(deps.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      io.stderr.write(`${error.message}\n`);
      return 2;
    }
    throw error;
  }
  const secrets = [deps.env.KENNEL_API_KEY ?? ""];
  const log = createLogger({ level: config.logLevel, secrets });
  switch (command) {
    case "status":
      return status(rest, config, deps, log);
    default:
      io.stderr.write(`Unknown command "${command}".\n\n${USAGE}`);
      return 2;
  }
}

async function status(args: string[], config: Config, deps: CliDeps, log: Logger): Promise<number> {
  const { values } = parseArgs({ args, options: { json: { type: "boolean" } }, strict: true });
  let settings: ReturnType<typeof requireKennel>;
  try {
    settings = requireKennel(config, deps.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      deps.io.stderr.write(`${error.message}\n`);
      return 2;
    }
    throw error;
  }
  const client = createKennelClient(settings, { log, fetch: deps.fetch });
  const report = await client.checkStatus();
  const words = describeStatus(report);
  if (values.json) {
    deps.io.stdout.write(
      `${JSON.stringify({ state: report.state, ok: words.ok, baseUrl: report.baseUrl, requestId: report.requestId, durationMs: report.durationMs, message: words.headline, detail: words.detail, action: words.action }, null, 2)}\n`,
    );
  } else {
    const lines = [
      `${words.ok ? "OK" : "NOT OK"}: ${words.headline}`,
      words.detail ? `  What happened: ${words.detail}` : undefined,
      words.ok ? undefined : `  What to do: ${words.action}`,
      `  Address: ${report.baseUrl}`,
      `  Request id: ${report.requestId ?? "none"}`,
      `  Answered in: ${report.durationMs} ms`,
    ];
    deps.io.stdout.write(`${lines.filter((l) => l !== undefined).join("\n")}\n`);
  }
  return words.ok ? 0 : 1;
}

if (import.meta.main) {
  // A .env file in the working folder fills in what the real environment does not set.
  if (existsSync(".env")) process.loadEnvFile(".env");
  runCli(process.argv.slice(2), {
    env: process.env,
    io: { stdout: process.stdout, stderr: process.stderr },
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(
        `Kennel Desk stopped on an unexpected error: ${scrubSecrets(String((error as Error)?.message ?? error), [process.env.KENNEL_API_KEY ?? ""])}\n`,
      );
      process.exitCode = 3;
    },
  );
}
