/**
 * The preview's start, when nothing is set (or `--setup`): its servers over the sandbox and Slack's
 * stand-in, until Ctrl+C or the setup page's "Start Kennel Desk now", which hands the settings it
 * saved back to src/bot-main.ts to start the bot with.
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parseEnv } from "node:util";
import { ConfigError, loadConfig, secretValues } from "./config.ts";
import { createLogger } from "./log.ts";
import { terminalLog } from "./log-lines.ts";
import { saveCompileCache } from "./process/compile-cache.ts";

type Env = Record<string, string | undefined>;

/** Settings that mean "this is meant to be a real installation": any of them turns the preview off. */
const REAL_SETTINGS = [
  "KENNEL_API_KEY",
  "KENNEL_API_BASE_URL",
  "SLACK_BOT_TOKEN",
  "SLACK_APP_TOKEN",
  "SLACK_SIGNING_SECRET",
];

export function wantsPreview(env: Env, argv: string[]): boolean {
  if (argv.includes("--production")) return false;
  return argv.includes("--setup") || REAL_SETTINGS.every((k) => !env[k]?.trim());
}

/** The settings the setup page saved, and the options, to start the bot with. */
interface BotNext {
  env: Env;
  argv: string[];
}

/**
 * Runs the preview until a stop (resolves with the exit code) or the setup page's "Start Kennel Desk
 * now" (resolves with the settings it saved, for the bot).
 */
export async function preview(env: Env, argv: string[], shell: Env): Promise<number | BotNext> {
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
  const running = await startPreviewServers(config, log, envFile, shell, () => startBot(), argv);
  if (typeof running === "number") return running;
  saveCompileCache(); // what the preview compiled, for its next start (src/process/compile-cache.ts)
  process.stdout.write(banner(env, running.url));
  const next = await Promise.race([
    stopRequested.then(() => "stop" as const),
    botRequested.then(() => "bot" as const),
  ]);
  await running.close();
  if (next === "stop") return 0;
  return savedSettings(envFile, argv, shell);
}

/** The preview's servers on PORT (loaded only now); exit code 2, said, when the port is taken. */
async function startPreviewServers(
  config: ReturnType<typeof loadConfig>,
  log: ReturnType<typeof createLogger>,
  envFile: string,
  shell: Env,
  onStartBot: () => void,
  argv: string[],
): Promise<number | { url: string; close(): Promise<unknown> }> {
  // Loaded only here: a real installation never loads the preview (nor its sandbox).
  const { startPreview } = await import("./preview/server.ts");
  try {
    return await startPreview({
      port: config.port,
      timezone: config.timezone,
      dateOrder: config.dateOrder,
      log,
      slackApiUrl: config.slackApiUrl,
      envFile,
      stateFolder: dirname(envFile),
      onStartBot,
      environment: shell,
    });
  } catch (error) {
    if ((error as { code?: string }).code === "EADDRINUSE") {
      process.stderr.write(
        `Port ${config.port} is already in use. Set PORT to another port, for example ${npmStartAgain(config.port, argv)}.\n`,
      );
      return 2;
    }
    throw error;
  }
}

/** "PORT=3001 npm start -- --setup": another port, the arguments as typed kept. */
function npmStartAgain(port: number, argv: string[]): string {
  const args = argv.filter((a) => /^--?[\w-]+$/.test(a));
  return `PORT=${port === 3001 ? 3002 : 3001} npm start${args.length ? ` -- ${args.join(" ")}` : ""}`;
}

/** What the preview says once it listens: what it is, where to open it, how to connect Slack. */
function banner(env: Env, url: string): string {
  return [
    "",
    REAL_SETTINGS.some((k) => env[k]?.trim())
      ? "  Kennel Desk: PREVIEW and its setup page (--setup: the settings in .env are kept for the page; nothing here connects to Slack or to a real kennel)."
      : "  Kennel Desk: PREVIEW (no settings found, so nothing connects to Slack or to a real kennel).",
    "",
    `  Open ${url} and type /arrivals, /departures tomorrow, /pet Biscuit, /kennel help …`,
    "  The answers are the bot's real Block Kit messages, over synthetic data from the local sandbox.",
    "",
    `  To connect your Slack workspace and your kennel, open ${url}/setup: it checks each`,
    "  token and key as you paste it, writes .env, and starts Kennel Desk as your bot.",
    "  Press Ctrl+C to stop.",
    "",
  ].join("\n");
}

/** The settings the setup page saved, for the bot; exit code 2, said, when they are still the preview's. */
function savedSettings(envFile: string, argv: string[], shell: Env): number | BotNext {
  // As a fresh `npm start` would read them: the environment first, then the file just saved (not
  // the lines the old file had at start, which `env` holds too: a port changed on the page wins).
  const saved = { ...(parseEnv(readFileSync(envFile, "utf8")) as Record<string, string>), ...shell };
  const asBot = argv.filter((a) => a !== "--setup");
  if (wantsPreview(saved, asBot)) {
    process.stderr.write(`Kennel Desk: ${envFile} holds no Slack or kennel settings; nothing to start.\n`);
    return 2;
  }
  process.stdout.write(`\n  Settings saved in ${envFile}: Kennel Desk now starts as your bot.\n\n`);
  return { env: saved, argv: asBot };
}
