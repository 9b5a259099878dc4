#!/usr/bin/env node
/**
 * The command line: `kennel-desk <command>`. Reads the environment once, here, and passes it on.
 * Exit codes: 0 OK / found, 1 not OK / not found, 2 invalid settings or usage, 3 API failure.
 */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { webApi } from "@slack/bolt";
import { dayAnswer } from "./answers/day.ts";
import { bookingsSearchAnswer } from "./answers/kennel.ts";
import { bookingAnswer, customerAnswer, petAnswer } from "./answers/records.ts";
import { SLACK_RETRY } from "./app.ts";
import { messageToText } from "./blocks/terminal.ts";
import type { Message } from "./blocks/types.ts";
import { boltLogger } from "./bolt-logger.ts";
import {
  type Config,
  ConfigError,
  type KennelSettings,
  loadConfig,
  requireKennel,
  secretValues,
} from "./config.ts";
import { parseBookingsQuery, parseDay } from "./dates.ts";
import { type Deps, systemClock } from "./deps.ts";
import { composeDigest } from "./digest/compose.ts";
import { DigestJob } from "./digest/job.ts";
import { webClientSlack } from "./digest/slack.ts";
import { createKennelClient } from "./kennel/client.ts";
import { isKennelError, NotFoundError } from "./kennel/errors.ts";
import type { Booking } from "./kennel/schemas.ts";
import { describeStatus } from "./kennel/status.ts";
import { createLogger, type Logger, scrubSecrets } from "./log.ts";
import { createMcpServer } from "./mcp/server.ts";
import { runSandboxCommand } from "./sandbox/command.ts";
import { isIsoDate, localDate, localDateTime } from "./time.ts";

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
  arrivals [DATE] [--page N]        The day's arrivals, as the bot shows them (DATE: today, tomorrow,
  departures [DATE] [--page N]      friday, +2, 2026-12-24, 24 Dec…)
  booking REF|ID                    One booking
  pet NAME|ID [--page N]            A pet's care summary, or the pets matching NAME
  customer QUERY|ID [--page N]      A customer (name, email, phone or id); --history: every booking
  bookings [FROM] [TO] [status:…] [type:…] [customer:ID] [TEXT] [--page N]
                                    Search bookings
             Every card command takes --json (the Block Kit payload instead of text).
             Exit 0 found, 1 not found, 2 invalid settings or input, 3 kennel API failure.
  status     Check the kennel API: up, key accepted, right address. Exit 0 when OK, 1 otherwise.
  digest     The morning post, now: [--date YYYY-MM-DD] (default today) [--dry-run] (print the Block Kit
             JSON and text, post nothing). Posts at most once per day and kind, like the scheduler.
             Exit 0 posted or already there, 1 Slack refused, 2 invalid settings, 3 API failure.
  mcp        The assistant connector: a Model Context Protocol server on standard input and output,
             with the eleven read-only tools (see the README, "The assistant connector").
  sandbox    Serve a local stand-in kennel API with synthetic data on 127.0.0.1.
             [--port 4010] [--seed N] [--customers N] [--bookings N] [--timezone ZONE] [--today YYYY-MM-DD]
             [--write-env [FILE]] (set its KENNEL_* lines in FILE, default .env, keeping the rest)
             Faults (off by default): [--latency MS|MIN-MAX] [--error-rate 0..1] [--rate-limit-rate 0..1]
             [--retry-after S] [--hang-rate 0..1] [--malformed-rate 0..1] [--corrupt-rate 0..1]
             [--wrong-address] [--growing-totals]
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
  const secrets = secretValues(deps.env);
  const log = createLogger({ level: config.logLevel, secrets });
  switch (command) {
    case "status":
      return status(rest, config, deps, log);
    case "sandbox":
      return sandbox(rest, config, deps);
    case "mcp":
      return mcp(config, deps, log);
    case "arrivals":
    case "departures":
    case "booking":
    case "pet":
    case "customer":
    case "bookings":
      return cards(command, rest, config, deps, log);
    case "digest":
      return digest(rest, config, deps, log);
    default:
      io.stderr.write(`Unknown command "${command}".\n\n${USAGE}`);
      return 2;
  }
}

/** The kennel API's settings, or undefined after saying on standard error what to set. */
function kennelSettings(config: Config, deps: CliDeps): KennelSettings | undefined {
  try {
    return requireKennel(config, deps.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    deps.io.stderr.write(`${error.message}\n`);
    return undefined;
  }
}

async function status(args: string[], config: Config, deps: CliDeps, log: Logger): Promise<number> {
  const { values } = parseArgs({ args, options: { json: { type: "boolean" } }, strict: true });
  const settings = kennelSettings(config, deps);
  if (!settings) return 2;
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

async function digest(args: string[], config: Config, deps: CliDeps, log: Logger): Promise<number> {
  const { io } = deps;
  let values: { date?: string | undefined; "dry-run"?: boolean | undefined };
  try {
    values = parseArgs({
      args,
      strict: true,
      options: { date: { type: "string" }, "dry-run": { type: "boolean" } },
    }).values;
  } catch (error) {
    return usageError(io, (error as Error).message);
  }
  if (values.date !== undefined && !isIsoDate(values.date)) {
    return usageError(io, `--date must be a real date written YYYY-MM-DD, not "${values.date}".`);
  }
  const problems: ConfigError["problems"] = [];
  let settings: ReturnType<typeof requireKennel> | undefined;
  try {
    settings = requireKennel(config, deps.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    problems.push(...error.problems);
  }
  const dryRun = values["dry-run"] === true;
  if (!dryRun && !config.slackBotToken) {
    problems.push({
      variable: "SLACK_BOT_TOKEN",
      problem: "is not set.",
      fix: "Set the Bot User OAuth Token (xoxb-…), or use --dry-run to only print the post.",
    });
  }
  if (!dryRun && !config.digest) {
    problems.push({
      variable: "DIGEST_CHANNEL",
      problem: "is not set.",
      fix: "Set the channel id (C0123ABCD) where the morning post goes, or use --dry-run.",
    });
  }
  if (problems.length || !settings) {
    io.stderr.write(`${new ConfigError(problems).message}\n`);
    return 2;
  }
  const kennel = createKennelClient(settings, { log, fetch: deps.fetch });
  const base = { kennel, log, config, clock: systemClock };
  const date = values.date ?? localDate(systemClock.now(), config.timezone);
  const kinds = config.digest?.kinds ?? ["departures"];
  try {
    if (dryRun) {
      const posts = [];
      for (const kind of kinds) posts.push({ kind, date, ...(await composeDigest(base, kind, date)) });
      io.stdout.write(`${JSON.stringify(posts, null, 2)}\n`);
      return 0;
    }
    const digestSettings = config.digest as NonNullable<Config["digest"]>;
    const client = new webApi.WebClient(config.slackBotToken, {
      ...(config.slackApiUrl ? { slackApiUrl: config.slackApiUrl } : {}),
      logger: boltLogger(log),
      retryConfig: SLACK_RETRY,
      timeout: 10_000,
    });
    const job = new DigestJob({ deps: base, slack: webClientSlack(client), settings: digestSettings });
    const outcome = await job.runDay(date, { retry: false });
    for (const [kind, result] of Object.entries(outcome.kinds)) {
      const line =
        result?.result === "posted"
          ? `Posted the ${kind} for ${date} in ${digestSettings.channel}${result.replies ? ` (${result.replies} thread replies)` : ""}.`
          : result?.result === "already-posted"
            ? `The ${kind} for ${date} were already posted in ${digestSettings.channel}; nothing more posted.`
            : result?.result === "duplicate-removed"
              ? `Another instance posted the ${kind} for ${date} first; this copy was removed.`
              : `The ${kind} for ${date}: ${result?.result}.`;
      io.stdout.write(`${line}\n`);
    }
    return 0;
  } catch (error) {
    if (isKennelError(error)) {
      io.stderr.write(`${error.describe()}\n`);
      return 3;
    }
    const slackError = (error as { data?: { error?: string } }).data?.error;
    if (slackError) {
      const hint =
        slackError === "not_in_channel" || slackError === "channel_not_found"
          ? " Invite the bot to the channel (/invite @Kennel Desk) and check DIGEST_CHANNEL."
          : slackError === "invalid_auth" || slackError === "not_authed"
            ? " Check SLACK_BOT_TOKEN."
            : slackError === "missing_scope"
              ? " Reinstall the app from manifest.yml (it needs chat:write and channels:history)."
              : "";
      io.stderr.write(`Slack refused the post: ${slackError}.${hint}\n`);
      return 1;
    }
    throw error;
  }
}

async function cards(
  command: string,
  args: string[],
  config: Config,
  deps: CliDeps,
  log: Logger,
): Promise<number> {
  const { io } = deps;
  let parsed: {
    values: { json?: boolean | undefined; page?: string | undefined; history?: boolean | undefined };
    positionals: string[];
  };
  try {
    parsed = parseArgs({
      args,
      strict: true,
      allowPositionals: true,
      options: { json: { type: "boolean" }, page: { type: "string" }, history: { type: "boolean" } },
    });
  } catch (error) {
    return usageError(io, (error as Error).message);
  }
  const { values, positionals } = parsed;
  const text = positionals.join(" ").trim();
  const page = values.page === undefined ? 1 : Number(values.page);
  if (!Number.isInteger(page) || page < 1)
    return usageError(io, `--page must be a whole number of 1 or more, not "${values.page}".`);
  const settings = kennelSettings(config, deps);
  if (!settings) return 2;
  const kennel = createKennelClient(settings, { log, fetch: deps.fetch });
  const base = { kennel, log, config, clock: systemClock };
  const need = (what: string) =>
    usageError(
      io,
      `${command} needs ${what}, for example: kennel-desk ${command} ${what === "a reference or id" ? "HP-7K2M9Q" : "Biscuit"}`,
    );
  let messages: Message[];
  try {
    switch (command) {
      case "arrivals":
      case "departures": {
        const day = parseDay(text, systemClock.now(), config.timezone);
        if (!day.ok) return usageError(io, day.message);
        messages = (await dayAnswer(base, command, day.date, page)).messages;
        break;
      }
      case "booking":
        if (!text) return need("a reference or id");
        messages = await bookingAnswer(base, text);
        break;
      case "pet":
        if (!text) return need("a name or id");
        messages = await petAnswer(base, text, page);
        break;
      case "customer":
        if (!text) return need("a name, email, phone or id");
        if (values.history) return history(text, base, io, values.json === true);
        messages = await customerAnswer(base, text, page);
        break;
      default: {
        const q = parseBookingsQuery(text, systemClock.now(), config.timezone);
        if (!q.ok) return usageError(io, q.message);
        messages = await bookingsSearchAnswer(base, text, page);
      }
    }
  } catch (error) {
    if (error instanceof NotFoundError) {
      io.stderr.write(`${error.describe()}\n`);
      return 1;
    }
    if (isKennelError(error)) {
      io.stderr.write(`${error.describe()}\n`);
      return 3;
    }
    throw error;
  }
  if (values.json) io.stdout.write(`${JSON.stringify(messages, null, 2)}\n`);
  else {
    const color = (io.stdout as { isTTY?: boolean }).isTTY === true;
    const more = messages.some((m) =>
      m.blocks.some((b) => b.type === "actions" && b.elements.some((e) => /next$/.test(e.action_id))),
    );
    const hint = more ? `\n(more: add --page ${page + 1})` : "";
    io.stdout.write(`${messages.map((m) => messageToText(m, { color })).join("\n\n")}${hint}\n`);
  }
  return 0;
}

/** A customer's whole booking history, every page, with progress on standard error in a terminal. */
async function history(query: string, deps: Deps, io: CliIo, json: boolean): Promise<number> {
  let customerId: number;
  if (/^\d{1,9}$/.test(query)) customerId = Number(query);
  else {
    const found = await deps.kennel.listCustomers({ search: query }, { pageSize: 10 });
    if (found.data.totalRecords === 0)
      throw new NotFoundError(`customer matching “${query}”`, { requestId: found.requestId });
    if (found.data.totalRecords > 1) {
      const names = found.data.items.map(
        (c) => `  ${c.customerId}  ${[c.firstname, c.secondname].filter(Boolean).join(" ")}`,
      );
      io.stderr.write(
        `${found.data.totalRecords} customers match “${query}”; give the id:\n${names.join("\n")}\n`,
      );
      return 2;
    }
    customerId = found.data.items[0]?.customerId as number;
  }
  const all: Booking[] = [];
  const progress = io.stderr.isTTY === true;
  for await (const p of deps.kennel.iterateCustomerBookings(customerId, {}, 100)) {
    all.push(...p.data.items);
    if (progress)
      io.stderr.write(`\rReading the booking history: page ${p.data.page} of ${p.data.totalPages}…`);
  }
  if (progress) io.stderr.write("\r\x1b[K");
  if (json) {
    io.stdout.write(`${JSON.stringify(all, null, 2)}\n`);
    return 0;
  }
  const tz = deps.config.timezone;
  const lines = all.map((b) =>
    [
      b.reference ?? `#${b.bookingId}`,
      b.status ?? "",
      `${localDateTime(b.checkInDate, tz)} → ${localDateTime(b.checkOutDate, tz)}`,
      b.petNames ?? "",
      b.roomName ?? "",
      b.bookingPaid === false ? "UNPAID" : b.bookingPaid ? "paid" : "",
    ].join("  "),
  );
  io.stdout.write(`Booking history of customer ${customerId}: ${all.length} bookings\n${lines.join("\n")}\n`);
  return 0;
}

async function mcp(config: Config, deps: CliDeps, log: Logger): Promise<number> {
  const settings = kennelSettings(config, deps);
  if (!settings) return 2;
  // Standard output is the protocol's: logs go to standard error only (createLogger's default).
  const kennel = createKennelClient(settings, { log, fetch: deps.fetch });
  const server = createMcpServer({ kennel, log, config, clock: systemClock });
  const transport = new StdioServerTransport();
  await server.connect(transport);
  // Count requests in flight, so that when standard input ends every answer is still written.
  let pending = 0;
  type Receive = NonNullable<typeof transport.onmessage>;
  const receive = transport.onmessage as Receive | undefined;
  transport.onmessage = ((...args: Parameters<Receive>) => {
    const [message] = args;
    if ("id" in message && "method" in message) pending++;
    receive?.(...args);
  }) as Receive;
  const send = transport.send.bind(transport);
  transport.send = async (...args: Parameters<typeof send>) => {
    const [message] = args;
    if ("id" in message && !("method" in message)) pending = Math.max(0, pending - 1);
    return send(...args);
  };
  log.info({ baseUrl: settings.baseUrl.href }, "assistant connector ready on standard input and output");
  await new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once("end", () => resolve());
  });
  const until = Date.now() + 60_000;
  while (pending > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
  await server.close();
  return 0;
}

function usageError(io: CliIo, message: string): number {
  io.stderr.write(`${message}\nRun "kennel-desk help" for the options.\n`);
  return 2;
}

async function sandbox(args: string[], config: Config, deps: CliDeps): Promise<number> {
  return runSandboxCommand(args, { io: deps.io, timezone: config.timezone });
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
